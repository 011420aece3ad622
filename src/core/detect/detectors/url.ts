import type { DetectedSpan, Detector } from '../types';

// A scheme or `www.`, then anything up to whitespace or a quote, bounded to 2048 characters.
const CANDIDATE =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_@.])(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'`\u0000-\u001f\u3000-\u303f\uff01-\uff5e]{2,2048}/giu;
const TRAILING = /[.,;:!?'"*_~]/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const URL_PATTERNS: readonly RegExp[] = [CANDIDATE, TRAILING];

/**
 * Finds URLs starting with `http://`, `https://`, `ftp://` or `www.`. Trailing sentence
 * punctuation and unbalanced closing brackets are left out. Off by default: URLs identify a
 * person only when they carry one (`/users/jean.dupont`), so turn it on with
 * `defaultDetectors({ labels: [...DEFAULT_LABELS, 'URL'] })`.
 *
 * @example
 * urlDetector().detect('Voir https://exemple.fr/a?b=1.');
 * // [{ start: 5, end: 29, label: 'URL', score: 0.9, ... }]
 */
export function urlDetector(): Detector {
  return {
    name: 'url',
    labels: ['URL'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        let end = m.index + m[0].length;
        for (;;) {
          const last = text[end - 1]!;
          if (TRAILING.test(last)) end--;
          else if (last === ')' && unbalanced(text, m.index, end, '(', ')')) end--;
          else if (last === ']' && unbalanced(text, m.index, end, '[', ']')) end--;
          else break;
        }
        if (end - m.index > 8) spans.push({ start: m.index, end, label: 'URL', score: 0.9 });
      }
      return spans;
    },
  };
}

function unbalanced(
  text: string,
  start: number,
  end: number,
  open: string,
  close: string,
): boolean {
  let depth = 0;
  for (let i = start; i < end; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close) depth--;
  }
  return depth < 0;
}
