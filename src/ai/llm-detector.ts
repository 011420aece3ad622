import { generateText, jsonSchema, type LanguageModel, Output } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { type TextWindow, textWindows } from '../core/detect/text-windows';
import type { DetectedSpan, Detector } from '../core/detect/types';
import { LABEL_PATTERN } from '../core/detect/types';
import { PiiConfigError, PiiDetectionError } from '../core/errors';
import { describeFailure } from './llm-detector/describe-failure';
import { DEFAULT_LLM_LABELS, LLM_LABEL_DESCRIPTIONS } from './llm-detector/entity-labels';
import { fencedText, newFence } from './llm-detector/fence';
import { locateTexts, type ReportedText } from './llm-detector/locate-texts';
import { systemPrompt } from './llm-detector/system-prompt';

/** Something the detector tells without failing: none of it holds any of the text. */
export type LlmDetectorWarning =
  | {
      /** The model reported texts that are not in the input (made up, or rewritten): dropped. */
      type: 'unlocated-texts';
      detector: string;
      /** Distinct texts dropped. */
      count: number;
    }
  | {
      /** The model used labels that were not asked for: those entities were dropped. */
      type: 'unknown-labels';
      detector: string;
      count: number;
    }
  | {
      /**
       * With `failOpen: true`, calls to the model failed: the windows they covered went on
       * with only the other detectors' spans.
       */
      type: 'detection-failed';
      detector: string;
      error: PiiDetectionError;
      /** Windows of the text whose call failed, out of `windows`. */
      failed: number;
      windows: number;
    };

export interface LlmDetectorOptions {
  /**
   * The model that reads the text: **a local or trusted one**, since it receives the text in
   * clear (see docs/detectors.md, "LLM detector"). A model object (`createOpenAICompatible(…)
   * (id)`, `createOpenAI({ baseURL })(id)`…), not a string id: a string is resolved by the AI
   * SDK's global provider, by default the Vercel AI Gateway.
   */
  model: Exclude<LanguageModel, string>;
  /**
   * Labels to ask for, and the only ones kept (others are dropped and counted). A list of labels
   * (described to the model from a built-in table, or by their name), or a map from label to
   * the description the model reads. Default `['PERSON', 'EMAIL', 'PHONE', 'ADDRESS']`.
   */
  labels?: readonly string[] | Readonly<Record<string, string>>;
  /** More instructions, added at the end of the system prompt (e.g. what not to report). */
  instructions?: string;
  /** Longest window of the text sent in one call, in UTF-16 code units. Default 4000. */
  chunkSize?: number;
  /**
   * How much consecutive windows share, in code units: a value this long or shorter is whole in
   * one window. Less than half of `chunkSize`. Default 200 (or just under half of a smaller
   * `chunkSize`).
   */
  overlap?: number;
  /**
   * `false` (default): a failed or timed-out call fails the detection with `PiiDetectionError`,
   * so nothing goes to the main model. `true`: a `detection-failed` warning instead, and the
   * text goes on with the other detectors' spans only.
   */
  failOpen?: boolean;
  /** Retries of a call that failed with a retryable error (generateText's `maxRetries`). Default 2. */
  maxRetries?: number;
  /** The most one call may take, retries included, in milliseconds. Default 60,000. */
  timeoutMs?: number;
  /** Windows of one text read at the same time. Default 4. */
  concurrency?: number;
  /** Score of the spans (ties between overlapping spans of several detectors). Default 0.8. */
  score?: number;
  /** The detector's name (in errors and warnings). Default `'llm'`. */
  name?: string;
  /** Where warnings go. Default: `console.warn`, with a message that holds none of the text. */
  onWarning?: (warning: LlmDetectorWarning) => void;
}

/** A detector whose `detect` always answers with a promise. */
const LLM_DETECTOR_KEYS = {
  model: {
    required:
      'an AI SDK language model object that runs where the text may go, e.g. createOpenAI({ baseURL: "http://127.0.0.1:11434/v1" }).chat(id)',
  },
  labels: 'optional',
  instructions: 'optional',
  chunkSize: 'optional',
  overlap: 'optional',
  failOpen: 'optional',
  maxRetries: 'optional',
  timeoutMs: 'optional',
  concurrency: 'optional',
  score: 'optional',
  name: 'optional',
  onWarning: 'optional',
} as const satisfies OptionKeys<LlmDetectorOptions>;

export interface LlmDetector extends Detector {
  detect(text: string): Promise<readonly DetectedSpan[]>;
}

interface Answer {
  entities: { label: string; text: string }[];
}

const isEntity = (e: unknown): e is { label: string; text: string } =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { label?: unknown }).label === 'string' &&
  typeof (e as { text?: unknown }).text === 'string';

// The message is fixed: the AI SDK builds its error from it and from the value (the answer).
const notAnAnswer = () => ({
  success: false as const,
  error: new Error('The answer is not of the form {"entities": [{"label", "text"}]}'),
});

function answerSchema(labels: readonly string[]) {
  return jsonSchema<Answer>(
    {
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          items: {
            type: 'object',
            properties: { label: { type: 'string', enum: [...labels] }, text: { type: 'string' } },
            required: ['label', 'text'],
            additionalProperties: false,
          },
        },
      },
      required: ['entities'],
      additionalProperties: false,
    },
    {
      // Labels outside the list are read, then dropped and counted, rather than failing the call.
      validate: (value) => {
        const entities = (value as { entities?: unknown } | null)?.entities;
        if (!Array.isArray(entities) || !entities.every(isEntity)) return notAnAnswer();
        return { success: true, value: { entities } };
      },
    },
  );
}

const normalizeLabel = (label: string) =>
  label
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

function wholeNumber(value: number | undefined, fallback: number, what: string, min = 1) {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new PiiConfigError(`llmDetector: \`${what}\` must be a whole number, ${min} or more.`);
  }
  return n;
}

function labelList(labels: LlmDetectorOptions['labels']) {
  const list = Array.isArray(labels)
    ? labels.map((label: string) => ({ label, description: LLM_LABEL_DESCRIPTIONS[label] }))
    : labels && typeof labels === 'object'
      ? Object.entries(labels).map(([label, description]) => ({ label, description }))
      : [];
  if (list.length === 0 || list.some(({ label }) => !LABEL_PATTERN.test(String(label)))) {
    throw new PiiConfigError(
      'llmDetector: `labels` must name at least one label, each matching [A-Z][A-Z0-9_]*.',
    );
  }
  return list;
}

function defaultWarning(warning: LlmDetectorWarning): void {
  const from = `ai-sdk-pii: detector "${warning.detector}"`;
  if (warning.type === 'unlocated-texts') {
    console.warn(
      `${from}: the model reported ${warning.count} text(s) that are not in the input; they were dropped.`,
    );
  } else if (warning.type === 'unknown-labels') {
    console.warn(
      `${from}: the model used ${warning.count} label(s) that were not asked for; those entities were dropped.`,
    );
  } else {
    console.warn(
      `${from} failed open on ${warning.failed} of ${warning.windows} window(s): that text went on with the other detectors' spans only. ${warning.error.message}`,
    );
  }
}

/**
 * A detector that asks a language model, through the AI SDK's `generateText` with structured
 * output, which texts of the input are personal data, then finds each one in the input (every
 * occurrence; a text that is not there is dropped and counted). The input is fenced by a random
 * marker, and the system prompt tells the model that what is inside is data, not
 * instructions. Long inputs are read in overlapping windows. Failures and timeouts fail closed
 * with `PiiDetectionError` (or warn, with `failOpen: true`).
 *
 * **The model receives the text in clear**: use a local model, or one you trust with the data
 * (an OpenAI-compatible server on your machine or network: Ollama, LM Studio, vLLM).
 *
 * @example
 * import { createOpenAI } from '@ai-sdk/openai';
 * import { createPii, defaultDetectors, llmDetector } from 'ai-sdk-pii';
 *
 * // Ollama's OpenAI-compatible endpoint: the text never leaves the machine.
 * const ollama = createOpenAI({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'ollama' });
 * const pii = createPii({
 *   detectors: [...defaultDetectors(), llmDetector({ model: ollama.chat('qwen2.5:7b') })],
 * });
 */
export function llmDetector(options: LlmDetectorOptions): LlmDetector {
  checkOptions('llmDetector', options, LLM_DETECTOR_KEYS);
  const { model, instructions } = options;
  if (typeof model === 'string') {
    throw new PiiConfigError(
      'llmDetector: `model` must be a model object (e.g. createOpenAI({ baseURL })(id)), not a string id: a string is resolved by the AI SDK global provider, by default the Vercel AI Gateway, which would send the text off the machine.',
    );
  }
  if (!model || typeof (model as { doGenerate?: unknown }).doGenerate !== 'function') {
    throw new PiiConfigError('llmDetector: `model` must be an AI SDK language model.');
  }
  if (instructions !== undefined && typeof instructions !== 'string') {
    throw new PiiConfigError('llmDetector: `instructions` must be a string.');
  }
  const labels = labelList(options.labels ?? DEFAULT_LLM_LABELS);
  const allowed = new Set(labels.map((l) => l.label));
  const chunkSize = wholeNumber(options.chunkSize, 4000, 'chunkSize', 16);
  const overlap = wholeNumber(
    options.overlap,
    Math.min(200, Math.floor((chunkSize - 1) / 2)),
    'overlap',
    0,
  );
  if (overlap * 2 >= chunkSize) {
    throw new PiiConfigError('llmDetector: `overlap` must be less than half of `chunkSize`.');
  }
  const maxRetries = wholeNumber(options.maxRetries, 2, 'maxRetries', 0);
  const timeoutMs = wholeNumber(options.timeoutMs, 60_000, 'timeoutMs');
  const concurrency = wholeNumber(options.concurrency, 4, 'concurrency');
  const score = options.score ?? 0.8;
  if (typeof score !== 'number' || !(score >= 0 && score <= 1)) {
    throw new PiiConfigError('llmDetector: `score` must be a number in [0, 1].');
  }
  const failOpen = options.failOpen ?? false;
  if (typeof failOpen !== 'boolean') {
    throw new PiiConfigError('llmDetector: `failOpen` must be true or false.');
  }
  const name = options.name ?? 'llm';
  const warn = options.onWarning ?? defaultWarning;
  const system = systemPrompt(labels, instructions);
  const schema = answerSchema([...allowed]);

  const ask = async (text: string, window: TextWindow, abortSignal: AbortSignal) => {
    const part = text.slice(window.start, window.end);
    const result = await generateText({
      model,
      system,
      prompt: fencedText(part, newFence(part)),
      output: Output.object({
        schema,
        name: 'personal_data',
        description: 'The personal data found in the fenced text.',
      }),
      temperature: 0,
      maxRetries,
      timeout: timeoutMs,
      abortSignal,
      // The prompt is the text in clear: it must not reach a telemetry exporter either.
      experimental_telemetry: { isEnabled: false },
    });
    return result.output.entities;
  };

  return {
    name,
    labels: [...allowed],
    async detect(text) {
      if (!/\S/u.test(text)) return [];
      const windows = textWindows(text, chunkSize, overlap);
      const answers: { label: string; text: string }[][] = new Array(windows.length);
      const failures: { index: number; error: unknown }[] = [];
      const controller = new AbortController();
      let next = 0;
      const failure = (index: number, error: unknown) =>
        new PiiDetectionError(
          `LLM detector "${name}" failed on window ${index + 1} of ${windows.length} of the text: ${describeFailure(error, timeoutMs)}`,
          { detector: name },
        );
      const worker = async () => {
        while (next < windows.length && !controller.signal.aborted) {
          const index = next++;
          try {
            answers[index] = await ask(text, windows[index]!, controller.signal);
          } catch (error) {
            if (!failOpen) {
              // The other windows' calls are of no use any more.
              controller.abort();
              throw failure(index, error);
            }
            failures.push({ index, error });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, windows.length) }, worker));

      const reported: ReportedText[] = [];
      let unknownLabels = 0;
      answers.forEach((entities, index) => {
        for (const entity of entities ?? []) {
          const label = normalizeLabel(entity.label);
          if (!allowed.has(label)) unknownLabels++;
          else reported.push({ label, text: entity.text, window: windows[index]! });
        }
      });
      const { spans, unlocated } = locateTexts(text, reported);
      if (unknownLabels > 0) warn({ type: 'unknown-labels', detector: name, count: unknownLabels });
      if (unlocated > 0) warn({ type: 'unlocated-texts', detector: name, count: unlocated });
      if (failures.length > 0) {
        const first = failures.reduce((a, b) => (b.index < a.index ? b : a));
        warn({
          type: 'detection-failed',
          detector: name,
          error: failure(first.index, first.error),
          failed: failures.length,
          windows: windows.length,
        });
      }
      return spans.map((span): DetectedSpan => ({ ...span, score }));
    },
  };
}
