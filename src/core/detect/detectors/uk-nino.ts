import type { DetectedSpan, Detector } from '../types';
import { contextBefore } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// Two prefix letters (D, F, I, Q, U, V never; O never second), six digits, a suffix A-D:
// `AB123456C`, `AB 12 34 56 C`, `AB 123456 C`, `AB-12-34-56-C`; the suffix may be missing
// (`AB 12 34 56`, some systems record a NINO without it), then the match ends after the
// digits, before a space and a word (`AB123456 and`). Not inside a longer word or number: the
// look-behinds follow the first letter, ASCII first (as in `fr-nir.ts`).
const CANDIDATE =
  /([A-CEGHJ-PR-TW-Za-ceghj-pr-tw-z])(?<![0-9A-Za-z_][A-Za-z])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][A-Za-z])([A-CEGHJ-NPR-TW-Za-ceghj-npr-tw-z])([ -]?)(\d{2})[ -]?(\d{2})[ -]?(\d{2})(?:([ -]?)([A-Da-d]))?(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])/gu;
// Words that name it.
const CONTEXT =
  /(?<![a-z])(?:nino|ni[-_ ](?:number|no)|national[-_ ]insurance|insurance[-_ ]number)(?![a-z])/i;
/** Prefixes HMRC does not allocate. */
const UNALLOCATED = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);
/** Prefix letters and six digits, without the suffix. */
const SHAPE = /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}$/;
const SUFFIX = /^[A-D]$/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const UK_NINO_PATTERNS: readonly RegExp[] = [CANDIDATE, CONTEXT, SHAPE, SUFFIX];

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
  return (
    value.length === 9 &&
    SUFFIX.test(value[8]!.toUpperCase()) &&
    isValidNinoWithoutSuffix(value.slice(0, 8))
  );
}

/**
 * Whether the first eight characters of a National Insurance number (`AB123456`, any case),
 * written without the suffix letter, are ones HMRC can allocate: the prefix and digit rules of
 * `isValidNino`.
 *
 * @example
 * isValidNinoWithoutSuffix('AB123456'); // true
 * isValidNinoWithoutSuffix('GB123456'); // false: an unallocated prefix
 */
export function isValidNinoWithoutSuffix(value: string): boolean {
  const v = value.toUpperCase();
  return SHAPE.test(v) && !UNALLOCATED.has(v.slice(0, 2));
}

/**
 * Finds UK National Insurance numbers by their format and HMRC's allocation rules (a NINO
 * has no check digit), compact or grouped. Letters in capitals, or all in lower case when
 * written compact (`ab123456c`) or after a word that names it; that word (`NINO`, `NI
 * number`, `National Insurance`) raises the score from 0.9 to 1. After such a word only, a
 * NINO without its suffix letter (`NI number: AB 12 34 56`) is read too, the span ending after
 * the digits. `canonical` is the nine characters, upper case (eight without a suffix).
 *
 * @example
 * ukNinoDetector().detect('NI number: AB 12 34 56 C');
 * // [{ start: 11, end: 24, label: 'UK_NINO', canonical: 'AB123456C', score: 1, ... }]
 * ukNinoDetector().detect('NINO: AB123456 and');
 * // [{ start: 6, end: 14, label: 'UK_NINO', canonical: 'AB123456', score: 1, ... }]
 */
export function ukNinoDetector(): Detector {
  return {
    name: 'uk-nino',
    labels: ['UK_NINO'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const eight = `${m[1]}${m[2]}${m[4]}${m[5]}${m[6]}`.toUpperCase();
        if (!isValidNinoWithoutSuffix(eight)) continue;
        const named = contextBefore(text, m.index, CONTEXT);
        const suffix = m[8];
        if (
          suffix !== undefined &&
          caseAllowed(`${m[1]}${m[2]}${suffix}`, m[0].length !== 9, named)
        ) {
          spans.push(span(m.index, m[0].length, `${eight}${suffix.toUpperCase()}`, named));
        } else if (named && (suffix === undefined || m[7] !== '')) {
          // No suffix, or a letter after a space that cannot be one (`AB123456 a`: a word):
          // the NINO without its suffix, after the word that names it.
          const length = m[0].length - (suffix === undefined ? 0 : m[7]!.length + 1);
          if (caseAllowed(`${m[1]}${m[2]}`, true, named))
            spans.push(span(m.index, length, eight, named));
        }
      }
      return spans;
    }),
  };
}

/**
 * Whether a NINO's letters are written in an allowed case: all capitals, or all lower case
 * when compact or after a naming word (mixed case is a word, not a NINO).
 */
function caseAllowed(letters: string, spaced: boolean, named: boolean): boolean {
  if (letters === letters.toUpperCase()) return true;
  return letters === letters.toLowerCase() && (!spaced || named);
}

function span(start: number, length: number, canonical: string, named: boolean): DetectedSpan {
  return { start, end: start + length, label: 'UK_NINO', canonical, score: named ? 1 : 0.9 };
}
