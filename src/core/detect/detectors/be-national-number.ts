import type { DetectedSpan, Detector } from '../types';
import { mod97 } from './checksums';
import { withNoBreakSpaces } from './no-break-spaces';

// Birth date YY MM DD, a counter of three digits, a key of two: `85.07.30-033.28` as the eID
// card prints it, compact, or with spaces, dots or dashes between the parts. Not inside a
// longer number or word, nor a decimal. The look-behinds follow the first digit (as in
// `fr-nir.ts`).
const CANDIDATE =
  /(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[.,]\d)(\d)[ .]?(\d{2})[ .]?(\d{2})[ .-]?(\d{3})[ .-]?(\d{2})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
const NOT_DIGIT = /\D/g;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const BE_NATIONAL_NUMBER_PATTERNS: readonly RegExp[] = [CANDIDATE, NOT_DIGIT];

/**
 * Whether eleven digits are a valid Belgian national number (Rijksregisternummer, numéro
 * national): a month of 00-12 (or 20-32 and 40-52 for a BIS number), a day of 00-31, a counter
 * of 001-999, and a key of 97 − (the first nine digits mod 97), or, for a birth from 2000 on,
 * 97 − (`2` and the first nine digits mod 97), when that year has come. The definition (as
 * python-stdnum's `be/nn.py` reads it) checks only the date parts and the key; counter 000
 * stays refused, as nothing shows that it is issued.
 *
 * @example
 * isValidBelgianNationalNumber('93051822361'); // true
 */
export function isValidBelgianNationalNumber(digits: string): boolean {
  if (digits.length !== 11) return false;
  const month = Number(digits.slice(2, 4)) % 20;
  const bis = Number(digits.slice(2, 4)) >= 20;
  const day = Number(digits.slice(4, 6));
  const counter = Number(digits.slice(6, 9));
  if (month > 12 || (bis && Number(digits.slice(2, 4)) > 52) || day > 31) return false;
  if (counter === 0) return false;
  const key = Number(digits.slice(9));
  const body = digits.slice(0, 9);
  if (key === 97 - mod97(body)) return true;
  // The key of a birth from 2000 on, for a year that has already come.
  return (
    2000 + Number(digits.slice(0, 2)) <= new Date().getFullYear() && key === 97 - mod97(`2${body}`)
  );
}

/**
 * Finds Belgian national numbers (Rijksregisternummer, numéro national, also the INSZ/NISS of
 * social security), written `85.07.30-033.28`, compact or grouped, with their date parts and
 * mod-97 key verified (births from 2000 with the `2` prefix). A birth date and a key that both
 * hold are specific enough without a word naming it: score 1, so that it also wins over a
 * phone number read from the same digits. `canonical` is the eleven digits.
 *
 * @example
 * beNationalNumberDetector().detect('Rijksregisternummer: 93.05.18-223.61');
 * // [{ start: 21, end: 36, label: 'BE_NATIONAL_NUMBER', canonical: '93051822361', score: 1, ... }]
 */
export function beNationalNumberDetector(): Detector {
  return {
    name: 'be-national-number',
    labels: ['BE_NATIONAL_NUMBER'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(NOT_DIGIT, '');
        if (!isValidBelgianNationalNumber(digits)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'BE_NATIONAL_NUMBER',
          canonical: digits,
          score: 1,
        });
      }
      return spans;
    }),
  };
}
