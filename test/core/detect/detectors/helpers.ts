import type { Detector } from '../../../../src/core/detect/types';

/** Runs a sync detector and returns `[value, canonical?]` pairs, checking offsets on the way. */
export function found(detector: Detector, text: string): string[] {
  const spans = detector.detect(text);
  if (!Array.isArray(spans)) throw new Error('expected a synchronous detector');
  return spans.map((s) => {
    const value = text.slice(s.start, s.end);
    if (s.value !== undefined && s.value !== value) throw new Error(`value mismatch at ${s.start}`);
    return value;
  });
}

/** Canonical forms of the spans a detector returns. */
export function canonicals(detector: Detector, text: string): (string | undefined)[] {
  const spans = detector.detect(text);
  if (!Array.isArray(spans)) throw new Error('expected a synchronous detector');
  return spans.map((s) => s.canonical);
}
