import type { DetectedSpan, Detector } from '../types';
import { iso7064Mod11_10 } from './checksums';
import { contextBefore, withNamedRuns } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// Eleven digits, the first not 0: compact, or grouped 2-3-3-3 as the Bundeszentralamt für
// Steuern prints it (`12 345 678 901`), with one separator style. Not inside a longer number
// or word, nor a decimal. The look-behinds follow the first digit (as in `fr-nir.ts`).
const CANDIDATE =
  /([1-9])(?<![0-9A-Za-z_][1-9])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][1-9])(?<!\d[.,][1-9])(\d)([ .-]?)(\d{3})\3(\d{3})\3(\d{3})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Words that name it: Steuer-ID, Steuer-IdNr., (steuerliche) Identifikationsnummer, IdNr, TIN.
const CONTEXT =
  /(?<![a-z])(?:steuer[-_ ]?id(?:nr)?|steuer[-_ ]?identifikationsnummer|identifikationsnummer|id[-_ .]?nr|tin|tax[-_ ]?id|tax identification number)(?![a-z])/i;
const NAMES = new RegExp(CONTEXT.source, 'gi');
// After a word naming it, the eleven digits in any grouping: one space, dot, slash or dash
// between any two (`1123456789 0`, `659/299/7048/9`).
const NAMED_RUN = /(?<![\p{L}\p{N}_]|\d[ ./-])[1-9](?:[ ./-]?\d){10}(?![\p{L}\p{N}_]|[ ./-]\d)/u;
const NOT_DIGIT = /\D/g;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const DE_TAX_ID_PATTERNS: readonly RegExp[] = [
  CANDIDATE,
  CONTEXT,
  NAMES,
  NAMED_RUN,
  NOT_DIGIT,
];

/**
 * Whether eleven digits are a valid Steuer-IdNr. (steuerliche Identifikationsnummer): the first
 * digit is not 0; among the first ten, one digit appears twice or three times (three times
 * not all in a row) and every other at most once; the last is their ISO 7064 MOD 11,10 check
 * digit.
 *
 * @example
 * isValidGermanTaxId('12345678995'); // true
 */
export function isValidGermanTaxId(digits: string): boolean {
  if (digits.length !== 11 || digits.charCodeAt(0) === 48) return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    counts[d]!++;
  }
  let repeated = -1;
  for (let d = 0; d < 10; d++) {
    if (counts[d]! < 2) continue;
    if (repeated !== -1 || counts[d]! > 3) return false;
    repeated = d;
  }
  if (repeated === -1) return false;
  if (counts[repeated] === 3 && digits.slice(0, 10).includes(String(repeated).repeat(3))) {
    return false;
  }
  return iso7064Mod11_10(digits.slice(0, 10)) === digits.charCodeAt(10) - 48;
}

/**
 * Finds German tax identification numbers (Steuer-IdNr.), compact or grouped `12 345 678 901`,
 * with their digit rule and check digit verified. About 1 in 300 random eleven-digit numbers
 * (not starting with 0) passes both, so no word is required; a word that names it
 * (`Steuer-ID`, `IdNr`, `Identifikationsnummer`, `TIN`) raises the score from 0.9 to 1.
 * Right after such a word, the digits are read in any grouping (`IdNr. 1123456789 0`).
 * `canonical` is the eleven digits.
 *
 * @example
 * deTaxIdDetector().detect('Steuer-ID: 12 345 678 995');
 * // [{ start: 11, end: 25, label: 'DE_TAX_ID', canonical: '12345678995', score: 1, ... }]
 */
export function deTaxIdDetector(): Detector {
  return {
    name: 'de-tax-id',
    labels: ['DE_TAX_ID'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(NOT_DIGIT, '');
        if (!isValidGermanTaxId(digits)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'DE_TAX_ID',
          canonical: digits,
          score: contextBefore(text, m.index, CONTEXT) ? 1 : 0.9,
        });
      }
      return withNamedRuns(text, spans, NAMES, NAMED_RUN, 'DE_TAX_ID', isValidGermanTaxId);
    }),
  };
}
