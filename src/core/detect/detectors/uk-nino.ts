import type { DetectedSpan, Detector } from '../types';
import { contextBefore } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// Two prefix letters (D, F, I, Q, U, V never; O never second), six digits, a suffix A-D:
// `AB123456C`, `AB 12 34 56 C`, `AB 123456 C`, `AB-12-34-56-C`. Not inside a longer word or
// number: the look-behinds follow the first letter, ASCII first (as in `fr-nir.ts`).
const CANDIDATE =
  /([A-CEGHJ-PR-TW-Za-ceghj-pr-tw-z])(?<![0-9A-Za-z_][A-Za-z])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][A-Za-z])([A-CEGHJ-NPR-TW-Za-ceghj-npr-tw-z])([ -]?)(\d{2})[ -]?(\d{2})[ -]?(\d{2})([ -]?)([A-Da-d])(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])/gu;
// Words that name it.
const CONTEXT =
  /(?<![a-z])(?:nino|ni[-_ ](?:number|no)|national[-_ ]insurance|insurance[-_ ]number)(?![a-z])/i;
/** Prefixes HMRC does not allocate. */
const UNALLOCATED = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);
const SHAPE = /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const UK_NINO_PATTERNS: readonly RegExp[] = [CANDIDATE, CONTEXT, SHAPE];

/**
 * Whether a compact National Insurance number (`AB123456C`, any case) is one HMRC can
 * allocate. A NINO has no check digit: it is valid when its prefix uses allowed letters (not
 * D, F, I, Q, U or V; not O second), is not one of the unallocated prefixes (BG, GB, KN, NK,
 * NT, TN, ZZ), six digits follow and the suffix is A, B, C or D.
 *
 * @example
 * isValidNino('AB123456C'); // true
 * isValidNino('QQ123456C'); // false: the prefix of specimen numbers
 */
export function isValidNino(value: string): boolean {
  const v = value.toUpperCase();
  return SHAPE.test(v) && !UNALLOCATED.has(v.slice(0, 2));
}

/**
 * Finds UK National Insurance numbers by their format and HMRC's allocation rules (a NINO
 * has no check digit), compact or grouped. Letters in capitals, or all in lower case when
 * written compact (`ab123456c`) or after a word that names it; that word (`NINO`, `NI
 * number`, `National Insurance`) raises the score from 0.9 to 1. `canonical` is the nine
 * characters, upper case.
 *
 * @example
 * ukNinoDetector().detect('NI number: AB 12 34 56 C');
 * // [{ start: 11, end: 24, label: 'UK_NINO', canonical: 'AB123456C', score: 1, ... }]
 */
export function ukNinoDetector(): Detector {
  return {
    name: 'uk-nino',
    labels: ['UK_NINO'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const letters = `${m[1]}${m[2]}${m[8]}`;
        const upper = letters.toUpperCase();
        const compact = `${m[1]}${m[2]}${m[4]}${m[5]}${m[6]}${m[8]}`.toUpperCase();
        if (!isValidNino(compact)) continue;
        const named = contextBefore(text, m.index, CONTEXT);
        if (letters !== upper) {
          const spaced = m[0].length !== 9;
          if (letters !== letters.toLowerCase() || (spaced && !named)) continue;
        }
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'UK_NINO',
          canonical: compact,
          score: named ? 1 : 0.9,
        });
      }
      return spans;
    }),
  };
}
