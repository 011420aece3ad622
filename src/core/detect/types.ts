import type { PiiEvent } from '../events';

/**
 * One span of personal data in a text. Offsets are UTF-16 code units (JavaScript's own):
 * `text.slice(start, end) === value`.
 */
export interface PiiSpan {
  start: number;
  end: number;
  /** `[A-Z][A-Z0-9_]*`, e.g. `EMAIL`, `PERSON`. */
  label: string;
  value: string;
  /** Confidence in [0, 1]; used to break ties between overlapping spans. */
  score: number;
  /**
   * Identity of the value within its label, when the detector knows it better than the
   * default canonicaliser (a phone detector gives E.164). Values with one canonical form share
   * one token.
   */
  canonical?: string;
  /** Name of the detector that found it (filled in by the pipeline). */
  detector?: string;
}

/** What a detector returns: `value` and `score` are optional (the pipeline fills them in). */
export type DetectedSpan = Omit<PiiSpan, 'value' | 'score' | 'detector'> & {
  value?: string;
  score?: number;
};

/**
 * What the pipeline gives a detector with each text (the second argument of `detect`):
 * `emit` reports an event through `createPii({ onEvent })`, and does nothing without it. A
 * detector that wraps others (`chunkedDetector`) passes it on.
 */
export interface DetectContext {
  emit(event: PiiEvent): void;
}

/**
 * A detector is a plain object. `detect` may be sync or async, so anything plugs in: regexes,
 * an NER model, an LLM, a Presidio server, a list of known values.
 *
 * @example
 * const employeeIds: Detector = {
 *   name: 'employee-id',
 *   detect: (text) => [...text.matchAll(/\bEMP-\d{6}\b/g)].map((m) => ({
 *     start: m.index, end: m.index + m[0].length, label: 'EMPLOYEE_ID',
 *   })),
 * };
 */
export interface Detector {
  name: string;
  /** Labels this detector may emit (informational; used by `defaultDetectors({ labels })`). */
  labels?: readonly string[];
  detect(
    text: string,
    context?: DetectContext,
  ): readonly DetectedSpan[] | Promise<readonly DetectedSpan[]>;
}

/** Labels are upper-case identifiers. */
export const LABEL_PATTERN = /^[A-Z][A-Z0-9_]*$/;
