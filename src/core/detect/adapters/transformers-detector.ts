import { checkOptions, type OptionKeys } from '../../check-options';
import { PiiConfigError, PiiDetectionError } from '../../errors';
import type { DetectedSpan, Detector } from '../types';
import { checkLabel, checkName, checkNumber } from './adapter-options';
import { nerEntities, type TokenClassificationItem } from './ner-entities';
import { DEFAULT_NER_LABEL_MAP } from './ner-labels';

export type { TokenClassificationItem } from './ner-entities';

/**
 * A token-classification pipeline, typed by its shape so that this package needs no import of
 * `@huggingface/transformers`: what `await pipeline('token-classification', model)` returns
 * (a function of the text), or any function that answers in the same format (a Python
 * service's grouped entities).
 */
export type TokenClassificationPipeline = (
  text: string,
) => Promise<readonly TokenClassificationItem[] | readonly (readonly TokenClassificationItem[])[]>;

export interface TransformersDetectorOptions {
  pipeline: TokenClassificationPipeline;
  /**
   * The model's entity types (without `B-`/`I-`, any case) to labels, merged over
   * `DEFAULT_NER_LABEL_MAP` (`PER`, `PERS`, `PERSON` → `PERSON`); `null` turns a type off. Types
   * that map to nothing are not masked. `NER_LABELS` maps the usual ones (`LOC`, `ORG`,
   * `MISC`, `DATE`…).
   */
  labelMap?: Readonly<Record<string, string | null>>;
  /** Entities with a lower score (the mean of their pieces') are left out. Default 0: all. */
  minScore?: number;
  /** Default `transformers`. */
  name?: string;
}

const WHERE = 'transformersDetector';

const TRANSFORMERS_DETECTOR_KEYS = {
  pipeline: {
    required: "a token-classification pipeline, await pipeline('token-classification', modelPath)",
  },
  labelMap: 'optional',
  minScore: 'optional',
  name: 'optional',
} as const satisfies OptionKeys<TransformersDetectorOptions>;

/** The label map with keys as the entities are read: upper case, no `B-`/`I-` prefix. */
function labelMapOf(given: TransformersDetectorOptions['labelMap']): Map<string, string> {
  if (
    given !== undefined &&
    (given === null || typeof given !== 'object' || Array.isArray(given))
  ) {
    throw new PiiConfigError(`${WHERE}: \`labelMap\` must be an object, e.g. { LOC: 'LOCATION' }.`);
  }
  const map = new Map<string, string | null>();
  for (const [type, label] of [
    ...Object.entries(DEFAULT_NER_LABEL_MAP),
    ...Object.entries(given ?? {}),
  ]) {
    const key = type.replace(/^[BIESLU]-/i, '').toUpperCase();
    map.set(key, label === null ? null : checkLabel(label, `${WHERE}: labelMap.${type}`));
  }
  return new Map([...map].filter((e): e is [string, string] => e[1] !== null));
}

/**
 * Runs a Hugging Face token-classification (NER) model through transformers.js, on the app's
 * own model files: the library downloads nothing, and `@huggingface/transformers` is an
 * optional peer that the app installs and loads. Reads grouped and per-token outputs
 * (`B-`/`I-` tags, `##` and `▁` word pieces, with or without offsets) and finds every entity
 * again in the text at UTF-16 offsets. Only names are masked unless `labelMap` says more.
 * An error of the pipeline, or an output that cannot be read, fails closed with
 * `PiiDetectionError`.
 *
 * Encoder models read at most 512 tokens: wrap the detector in `chunkedDetector` for long
 * texts.
 *
 * @example
 * import { env, pipeline } from '@huggingface/transformers';
 * import { chunkedDetector, createPii, defaultDetectors, transformersDetector } from 'ai-sdk-pii';
 *
 * env.allowRemoteModels = false; // never download: read the model from disk
 * env.localModelPath = './models';
 * const ner = await pipeline('token-classification', 'Xenova/bert-base-multilingual-cased-ner-hrl');
 * const pii = createPii({
 *   detectors: [
 *     ...defaultDetectors(),
 *     chunkedDetector(transformersDetector({ pipeline: ner, minScore: 0.6 }), { size: 1000, overlap: 100 }),
 *   ],
 * });
 */
export function transformersDetector(options: TransformersDetectorOptions): Detector {
  checkOptions(WHERE, options, TRANSFORMERS_DETECTOR_KEYS);
  if (typeof options.pipeline !== 'function') {
    throw new PiiConfigError(
      `${WHERE}: \`pipeline\` must be a token-classification pipeline: await pipeline('token-classification', modelPath).`,
    );
  }
  const { pipeline } = options;
  const name = checkName(options.name ?? 'transformers', WHERE);
  const minScore = checkNumber(options.minScore ?? 0, `${WHERE}: \`minScore\``, { min: 0, max: 1 });
  const labels = labelMapOf(options.labelMap);
  const fail: (message: string, cause?: unknown) => never = (message, cause) => {
    throw new PiiDetectionError(`Detector "${name}" (transformers.js): ${message}`, {
      detector: name,
      cause,
    });
  };
  return {
    name,
    labels: [...new Set(labels.values())],
    async detect(text) {
      let output: unknown;
      try {
        output = await pipeline(text);
      } catch (error) {
        fail(`the pipeline failed: ${(error as Error)?.message ?? String(error)}`, error);
      }
      // One text in: one list out, sometimes wrapped as a batch of one.
      if (Array.isArray(output) && output.length === 1 && Array.isArray(output[0]))
        output = output[0];
      if (!Array.isArray(output)) fail('the pipeline did not return an array of entities');
      const spans: DetectedSpan[] = [];
      for (const entity of nerEntities(text, output as unknown[], fail)) {
        const label = labels.get(entity.type);
        if (label === undefined || entity.score < minScore) continue;
        spans.push({
          start: entity.start,
          end: entity.end,
          label,
          score: Math.min(1, entity.score),
        });
      }
      return spans;
    },
  };
}
