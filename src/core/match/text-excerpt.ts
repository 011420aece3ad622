import type { PiiSpan } from '../detect/types';
import type { TextWindow } from './encoded-windows';
import { lastAtOrBefore } from './last-at-or-before';
import type { TextReading } from './text-reading';

/** What stands between two windows of an excerpt: a paragraph break, read as such. */
const JOINT = '\n\n';

/**
 * The windows of a text (in order, disjoint) joined into one text, so that detectors and the
 * sweep read them in one call however many there are. A span found across a joint has no
 * place in the original text and is dropped.
 *
 * @example
 * const reading = excerptReading('a b c d e', [{ start: 0, end: 1 }, { start: 8, end: 9 }]);
 * reading.text; // 'a\n\ne'
 */
export function excerptReading(text: string, windows: readonly TextWindow[]): TextReading {
  // Where each window starts in the excerpt.
  const at = new Int32Array(windows.length);
  const parts: string[] = [];
  let length = 0;
  windows.forEach((w, k) => {
    if (k > 0) length += JOINT.length;
    at[k] = length;
    parts.push(text.slice(w.start, w.end));
    length += w.end - w.start;
  });
  return {
    text: parts.join(JOINT),
    toOriginal(spans: readonly PiiSpan[]): PiiSpan[] {
      const out: PiiSpan[] = [];
      for (const span of spans) {
        // The last window starting at or before the span.
        const k = lastAtOrBefore(at, span.start);
        if (k < 0) continue;
        const w = windows[k]!;
        const shift = w.start - at[k]!;
        if (span.end + shift > w.end || span.start + shift < w.start) continue;
        out.push({ ...span, start: span.start + shift, end: span.end + shift });
      }
      return out;
    },
  };
}
