import { checkOptions, type OptionKeys } from '../../check-options';
import { PiiConfigError } from '../../errors';
import { checkedSpans } from '../detect-spans';
import { resolveOverlaps } from '../resolve-overlaps';
import { textWindows } from '../text-windows';
import type { DetectedSpan, Detector, PiiSpan } from '../types';
import { checkName, checkNumber } from './adapter-options';

export interface ChunkedDetectorOptions {
  /** The most UTF-16 code units one window holds. */
  size: number;
  /**
   * How many code units two windows share, at least: longer than the longest value to find, so
   * that a value cut by the end of a window is whole in the next one. Less than `size / 2`.
   */
  overlap: number;
  /** Default: the detector's own name (its spans and timings are reported under it). */
  name?: string;
}

const WHERE = 'chunkedDetector';

const CHUNKED_DETECTOR_KEYS = {
  size: { required: 'the most UTF-16 code units one window holds, e.g. 1000' },
  overlap: { required: 'how many code units two windows share, longer than any value, e.g. 100' },
  name: 'optional',
} as const satisfies OptionKeys<ChunkedDetectorOptions>;

/**
 * Runs a detector over a long text in overlapping windows, one after the other: for models
 * that read a bounded input (an NER encoder reads 512 tokens, an LLM has a context and gets
 * slower with length). Each window's spans are checked like any detector's, then moved to the
 * text's offsets and merged by the pipeline's overlap resolution: a value that two windows
 * find is one span, a value cut by a window's end is found whole in the next one (given an
 * `overlap` longer than it), and readings that cross are masked together. A text no longer
 * than `size` is given to the detector as it is.
 *
 * The detector's time is reported like any detector's (`createPii({ onEvent })`,
 * `detector-timing`); the events it emits itself are passed on.
 *
 * @example
 * import { chunkedDetector, createPii, transformersDetector } from 'ai-sdk-pii';
 * const ner = chunkedDetector(transformersDetector({ pipeline }), { size: 1000, overlap: 100 });
 * const pii = createPii({ detectors: [ner], onEvent: (e) => console.log(e.detector, e.ms) });
 */
export function chunkedDetector(detector: Detector, options: ChunkedDetectorOptions): Detector {
  if (!detector || typeof detector.detect !== 'function' || !detector.name) {
    throw new PiiConfigError(
      `${WHERE}: the first argument must be a detector { name, detect(text) }.`,
    );
  }
  checkOptions(WHERE, options, CHUNKED_DETECTOR_KEYS);
  const size = checkNumber(options.size, `${WHERE}: \`size\``, { min: 2, integer: true });
  const overlap = checkNumber(options.overlap, `${WHERE}: \`overlap\``, {
    min: 0,
    max: Math.floor((size - 1) / 2),
    integer: true,
  });
  const name = checkName(options.name ?? detector.name, WHERE);
  return {
    name,
    ...(detector.labels ? { labels: detector.labels } : {}),
    async detect(text, context) {
      if (text.length <= size) return detector.detect(text, context);
      const spans: PiiSpan[] = [];
      for (const { start, end } of textWindows(text, size, overlap)) {
        const window = text.slice(start, end);
        const raw = await detector.detect(window, context);
        // Checked against the window, where the detector's offsets point; the canonical forms
        // go on as the detector gave them (the pipeline reads them once, as for any detector).
        checkedSpans(detector, raw, window).forEach((span, i) => {
          spans.push({
            ...span,
            start: span.start + start,
            end: span.end + start,
            canonical: raw[i]!.canonical,
          });
        });
      }
      return resolveOverlaps(spans, new Map(), { mergeCrossingIn: text }).map((s) => {
        const span: DetectedSpan = { start: s.start, end: s.end, label: s.label, score: s.score };
        if (s.canonical !== undefined) span.canonical = s.canonical;
        return span;
      });
    },
  };
}
