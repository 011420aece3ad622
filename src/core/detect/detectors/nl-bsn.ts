import type { DetectedSpan, Detector } from '../types';
import { elfproef } from './checksums';
import { contextBefore } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// Nine digits: compact, `1234.56.782` (the form of Dutch documents), or three groups of three
// joined by one separator style. Not inside a longer number or word, nor a decimal. The
// look-behinds follow the first digit so that they are tested at digits only, ASCII first
// (as in `fr-nir.ts`).
const CANDIDATE =
  /(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[.,]\d)(?:(\d{3})\.(\d{2})\.(\d{3})|(\d{2})([ .-]?)(\d{3})\6(\d{3}))(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Eight digits, compact: a BSN whose leading zero was dropped (stored as a number, a
// spreadsheet cell). Read only after a word that names it. Not the tail of a grouped number
// (`06-12345678`, `06 12345678`, `(06) 12345678`: Dutch mobile numbers), nor a decimal.
const EIGHT_DIGITS =
  /(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[ ./,-]\d)(?<!\) ?\d)\d{7}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Words that name a BSN (NL, EN), or a JSON key / label spelling them.
const CONTEXT =
  /(?<![a-z])(?:bsn|burgerservice[-_ ]?nummer|sofi[-_ ]?nummer|sofi[-_ ]?nr|citizen[-_ ]service[-_ ]number)(?![a-z])/i;
const NOT_DIGIT = /\D/g;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const NL_BSN_PATTERNS: readonly RegExp[] = [CANDIDATE, EIGHT_DIGITS, CONTEXT, NOT_DIGIT];

/**
 * Whether nine digits are a valid BSN (burgerservicenummer): the 11-test ("elfproef") holds
 * and the number is not all zeros.
 *
 * @example
 * isValidBsn('111222333'); // true
 */
export function isValidBsn(digits: string): boolean {
  return digits !== '000000000' && elfproef(digits);
}

/**
 * Finds Dutch citizen service numbers (BSN) whose 11-test holds. About one random nine-digit
 * number in eleven passes that test, so a BSN counts only after a word that names it (`BSN`,
 * `burgerservicenummer`, `sofinummer`, `citizen service number`, within 48 characters before),
 * except in the form of Dutch documents, `1234.56.782`, which nothing else is written as.
 * After such a word, eight compact digits are a BSN written without its leading zero
 * (`BSN 12345672`), read padded with one zero for the 11-test. `canonical` is the nine digits
 * (`012345672` for `12345672`).
 *
 * @example
 * nlBsnDetector().detect('Mijn BSN is 111222333.');
 * // [{ start: 12, end: 21, label: 'NL_BSN', canonical: '111222333', score: 1, ... }]
 * nlBsnDetector().detect('BSN: 12345672');
 * // [{ start: 5, end: 13, label: 'NL_BSN', canonical: '012345672', score: 1, ... }]
 */
export function nlBsnDetector(): Detector {
  return {
    name: 'nl-bsn',
    labels: ['NL_BSN'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(NOT_DIGIT, '');
        if (!isValidBsn(digits)) continue;
        const named = contextBefore(text, m.index, CONTEXT);
        const documentForm = m[2] !== undefined;
        if (!named && !documentForm) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'NL_BSN',
          canonical: digits,
          score: named ? 1 : 0.9,
        });
      }
      EIGHT_DIGITS.lastIndex = 0;
      for (let m = EIGHT_DIGITS.exec(text); m; m = EIGHT_DIGITS.exec(text)) {
        const digits = `0${m[0]}`;
        if (!isValidBsn(digits) || !contextBefore(text, m.index, CONTEXT)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'NL_BSN',
          canonical: digits,
          score: 1,
        });
      }
      return spans.sort((a, b) => a.start - b.start);
    }),
  };
}
