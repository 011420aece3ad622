import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError, PiiDetectionError } from '../errors';
import type { PiiEventListener } from '../events';
import { type AllowRule, compileAllow, type DenyRule, denyDetector } from './allow-deny';
import { outsideMergedNamespace } from './merged-canonical';
import { resolveCrossing, resolveOverlaps } from './resolve-overlaps';
import type { DetectContext, DetectedSpan, Detector, PiiSpan } from './types';
import { LABEL_PATTERN } from './types';

export interface DetectionOptions {
  detectors: readonly Detector[];
  /** Values never masked. */
  allow?: readonly AllowRule[];
  /** Text always masked. */
  deny?: readonly DenyRule[];
  /** Receives a `detector-timing` event for each detector run on each text. */
  onEvent?: PiiEventListener;
}

const DETECTION_KEYS = {
  detectors: { required: 'an array of detectors, e.g. defaultDetectors()' },
  allow: 'optional',
  deny: 'optional',
  onEvent: 'optional',
} as const satisfies OptionKeys<DetectionOptions>;

/** What the detectors found in a text, overlaps resolved. */
export interface Detection {
  /** Non-overlapping spans sorted by start. */
  spans: PiiSpan[];
  /**
   * Spans that lost to an overlapping one but reach past the kept spans, sorted by start:
   * `run` merges them with the spans they overlap, so that none of their text stays in clear.
   */
  crossing: PiiSpan[];
}

/**
 * A compiled detection pipeline: `run(text)` returns non-overlapping spans sorted by start,
 * where a span that reaches past the one that beat it is masked with it (one span over both).
 */
export interface DetectionPipeline {
  run(text: string): Promise<PiiSpan[]>;
  /** The spans kept and those that cross them, apart (`anonymize` sweeps the kept ones first). */
  detect(text: string): Promise<Detection>;
  /** True when a value is on the allow list. */
  isAllowed(value: string): boolean;
}

// Labels already checked: a detector returns the same few labels thousands of times.
const checkedLabels = new Set<string>();

function isNewValidLabel(label: string): boolean {
  if (!LABEL_PATTERN.test(label)) return false;
  if (checkedLabels.size < 1024) checkedLabels.add(label);
  return true;
}

function checkSpan(raw: DetectedSpan, text: string, detector: string): PiiSpan {
  const { start, end, label } = raw ?? ({} as DetectedSpan);
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end > text.length ||
    start >= end
  ) {
    throw new PiiDetectionError(
      `Detector "${detector}" returned an out-of-range span [${String(start)}, ${String(end)}) for a text of ${text.length} UTF-16 code units`,
      { detector },
    );
  }
  if (typeof label !== 'string' || !(checkedLabels.has(label) || isNewValidLabel(label))) {
    throw new PiiDetectionError(
      `Detector "${detector}" returned the invalid label ${JSON.stringify(label)} (labels match [A-Z][A-Z0-9_]*)`,
      { detector },
    );
  }
  const value = text.slice(start, end);
  if (raw.value !== undefined && raw.value !== value) {
    throw new PiiDetectionError(
      `Detector "${detector}" returned a value that does not match text.slice(start, end) at [${start}, ${end}); offsets must be UTF-16 code units`,
      { detector },
    );
  }
  const score = raw.score ?? 1;
  if (typeof score !== 'number' || Number.isNaN(score)) {
    throw new PiiDetectionError(`Detector "${detector}" returned a non-numeric score`, {
      detector,
    });
  }
  const span: PiiSpan = { start, end, label, value, score, detector };
  if (raw.canonical !== undefined) span.canonical = outsideMergedNamespace(raw.canonical);
  return span;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

function detectorFailure(detector: Detector, error: unknown): PiiDetectionError {
  // A detector that fails with its own PiiDetectionError has said what went wrong, in words
  // chosen to hold none of the text (an LLM detector's provider errors carry the request).
  if (error instanceof PiiDetectionError && error.detector === detector.name) return error;
  return new PiiDetectionError(
    `Detector "${detector.name}" failed: ${(error as Error)?.message ?? String(error)}`,
    { cause: error, detector: detector.name },
  );
}

/** `detector.detect(text, context)`, with a synchronous throw as a `PiiDetectionError`. */
function callDetector(
  detector: Detector,
  text: string,
  context: DetectContext,
): ReturnType<Detector['detect']> {
  try {
    return detector.detect(text, context);
  } catch (error) {
    throw detectorFailure(detector, error);
  }
}

/**
 * A detector's spans, checked (offsets, label, value, score) and completed; a
 * `PiiDetectionError` naming the detector where one is invalid.
 */
export function checkedSpans(detector: Detector, raw: unknown, text: string): PiiSpan[] {
  if (!Array.isArray(raw)) {
    throw new PiiDetectionError(`Detector "${detector.name}" did not return an array`, {
      detector: detector.name,
    });
  }
  return raw.map((span: DetectedSpan) => checkSpan(span, text, detector.name));
}

/**
 * Compiles detectors, allow and deny lists into one pipeline. Every detector runs on the whole
 * text (in parallel when async); a detector that throws or returns an invalid span fails the
 * call with `PiiDetectionError`: nothing is skipped silently.
 */
export function createDetectionPipeline(options: DetectionOptions): DetectionPipeline {
  checkOptions('createDetectionPipeline', options, DETECTION_KEYS);
  if (
    !Array.isArray(options.detectors) ||
    options.detectors.some((d) => !d || typeof d.detect !== 'function' || !d.name)
  ) {
    throw new PiiConfigError(
      'createDetectionPipeline: `detectors` must be an array of { name, detect(text) } objects.',
    );
  }
  const deny = denyDetector(options.deny ?? []);
  const detectors = deny ? [deny, ...options.detectors] : [...options.detectors];
  const order = new Map(detectors.map((d, i) => [d.name, i]));
  const isAllowed = compileAllow(options.allow);
  const { onEvent } = options;
  const context: DetectContext = { emit: onEvent ?? (() => {}) };
  // Without a listener, nothing is timed: `timed` is the identity.
  const timed = onEvent
    ? (detector: Detector, started: number, spans: PiiSpan[]) => {
        onEvent({
          type: 'detector-timing',
          detector: detector.name,
          ms: performance.now() - started,
          spans: spans.length,
        });
        return spans;
      }
    : (_detector: Detector, _started: number, spans: PiiSpan[]) => spans;

  const found = async (text: string): Promise<PiiSpan[]> => {
    if (text.length === 0 || detectors.length === 0) return [];
    // Synchronous detectors are called in turn and need no promise; asynchronous ones have
    // all started before any is awaited, so they still run in parallel.
    const results: (PiiSpan[] | Promise<PiiSpan[]>)[] = [];
    let pending = false;
    try {
      for (const detector of detectors) {
        const started = onEvent ? performance.now() : 0;
        const raw = callDetector(detector, text, context);
        if (isThenable(raw)) {
          pending = true;
          results.push(
            Promise.resolve(raw).then(
              (spans) => timed(detector, started, checkedSpans(detector, spans, text)),
              (error: unknown) => {
                throw detectorFailure(detector, error);
              },
            ),
          );
        } else results.push(timed(detector, started, checkedSpans(detector, raw, text)));
      }
    } catch (error) {
      // Detectors already started settle unobserved: their outcome no longer matters.
      for (const r of results) if (isThenable(r)) r.catch(() => {});
      throw error;
    }
    const lists = pending ? await Promise.all(results) : (results as PiiSpan[][]);
    const spans: PiiSpan[] = [];
    for (const list of lists) {
      for (const span of list) {
        if (span.detector !== 'deny' && isAllowed(span.value)) continue;
        spans.push(span);
      }
    }
    return spans;
  };
  return {
    isAllowed,
    async run(text) {
      // A span reaching past the one that beat it is masked with it, never left half in clear.
      return resolveOverlaps(await found(text), order, { mergeCrossingIn: text });
    },
    async detect(text) {
      const { kept, crossing } = resolveCrossing(await found(text), order);
      return { spans: kept, crossing };
    },
  };
}
