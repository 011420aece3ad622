import type { DetectedSpan, Detector } from '../types';
import { mod97 } from './checksums';
import { hasBbanStructure, IBAN_FORMAT_PATTERNS } from './iban-formats';
import { withNoBreakSpaces } from './no-break-spaces';

/**
 * IBAN length per country (SWIFT IBAN registry): all SEPA countries and the other countries
 * that issue IBANs.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

// Country code, check digits (a space between them is seen too: `FR 76 3000…`), then letters
// and digits optionally split by single spaces or dashes. Bounded: at most 34 more characters
// are read from a start. The look-behind follows the country code and check digits
// (`[A-Za-z]{2} ?\d{2}(?<![…][A-Za-z]{2} ?\d{2})` is `(?<![…])[A-Za-z]{2} ?\d{2}`: read back,
// the digits, space and letters just matched can only be read one way) so that it is tested
// where they stand only, not at every letter of the text.
const CANDIDATE =
  /[A-Za-z]{2} ?\d{2}(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][A-Za-z]{2} ?\d{2})(?:[ -]?[A-Za-z0-9]){10,34}/gu;
const ALNUM = /[A-Za-z0-9]/;
const WORD_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const IBAN_PATTERNS: readonly RegExp[] = [
  CANDIDATE,
  ALNUM,
  WORD_CHAR,
  ...IBAN_FORMAT_PATTERNS,
];

/**
 * Whether a compact IBAN (no spaces) has its country's length and a valid mod-97 check.
 *
 * @example
 * isValidIban('FR7630006000011234567890189'); // true
 */
export function isValidIban(compactIban: string): boolean {
  const iban = compactIban.toUpperCase();
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/**
 * Finds IBANs, spaced (`FR76 3000 6000 0112 3456 7890 189`) or not, lower or upper case,
 * checked against the country's length and mod-97. `canonical` is upper case without spaces.
 * One that fails mod-97 but has its country's length and BBAN structure, in capitals (a SEPA
 * IBAN mistyped), is found too, whole, with score 0.5.
 *
 * @example
 * ibanDetector().detect('IBAN: DE89 3704 0044 0532 0130 00');
 * // [{ start: 6, end: 33, label: 'IBAN', canonical: 'DE89370400440532013000', score: 1, ... }]
 */
export function ibanDetector(): Detector {
  return {
    name: 'iban',
    labels: ['IBAN'],
    // Grouped with no-break spaces, the value is the same.
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      let m = CANDIDATE.exec(text);
      while (m) {
        const span = ibanAt(text, m.index, m[0]);
        if (span) spans.push(span);
        // The candidate may have run into the next IBAN; resume right after this one.
        CANDIDATE.lastIndex = span ? span.end : m.index + 1;
        m = CANDIDATE.exec(text);
      }
      return spans;
    }),
  };
}

function ibanAt(text: string, start: number, run: string): DetectedSpan | undefined {
  const length = IBAN_LENGTHS[run.slice(0, 2).toUpperCase()];
  if (length === undefined) return undefined;
  // Take exactly `length` letters and digits: the candidate may run on into the next word.
  let compact = '';
  let i = 0;
  while (i < run.length && compact.length < length) {
    const ch = run[i]!;
    if (ALNUM.test(ch)) compact += ch;
    i++;
  }
  if (compact.length < length) return undefined;
  const end = start + i;
  if (end < text.length && WORD_CHAR.test(text[end]!)) return undefined;
  const valid = isValidIban(compact);
  if (!valid && !mistyped(compact)) return undefined;
  return {
    start,
    end,
    label: 'IBAN',
    value: text.slice(start, end),
    canonical: compact.toUpperCase(),
    // A mistyped one (its check fails) is masked whole, less sure.
    score: valid ? 1 : 0.5,
  };
}

/**
 * Whether a compact IBAN of its country's length that fails mod-97 is one mistyped: written
 * in capitals, with its country's BBAN structure (`iban-formats.ts`). Masked whole, none of
 * it is read as another value (a phone number in its digits) and the rest left in clear.
 */
function mistyped(compact: string): boolean {
  return compact === compact.toUpperCase() && hasBbanStructure(compact) === true;
}
