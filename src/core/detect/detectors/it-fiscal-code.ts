import type { DetectedSpan, Detector } from '../types';
import { fiscalCodeCheck } from './checksums';
import { withNoBreakSpaces } from './no-break-spaces';

// Surname (3 letters), name (3), year (2), month letter, day (2), place (a letter and 3), check
// letter: `RSSMRA80A01H501U`, in either case, compact or spaced between the parts
// (`RSS MRA 80A01 H501U`). A digit may be written as its omocodia letter (`0`-`9` as
// `LMNPQRSTUV`) when two people would share a code. Not inside a longer word or number: the
// look-behinds follow the first letter, ASCII first (as in `fr-nir.ts`).
const CANDIDATE =
  /([A-Za-z])(?<![0-9A-Za-z_][A-Za-z])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][A-Za-z])([A-Za-z]{2}) ?([A-Za-z]{3}) ?([0-9LMNPQRSTUVlmnpqrstuv]{2}[ABCDEHLMPRSTabcdehlmprst][0-9LMNPQRSTUVlmnpqrstuv]{2}) ?([A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}) ?([A-Za-z])(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])/gu;
const OMOCODIA = 'LMNPQRSTUV';

/** Exported for the ReDoS shape test: every regex of this detector. */
export const IT_FISCAL_CODE_PATTERNS: readonly RegExp[] = [CANDIDATE];

/** A digit of the code as written (`0`-`9` or its omocodia letter), as a number. */
function digitOf(c: string): number {
  const omocodic = OMOCODIA.indexOf(c);
  return omocodic >= 0 ? omocodic : c.charCodeAt(0) - 48;
}

/**
 * Whether a compact codice fiscale (16 characters, any case) is valid: its shape (omocodia
 * letters accepted in place of digits), a day of 1-31 (41-71 for women) and its check letter.
 *
 * @example
 * isValidFiscalCode('RSSMRA80A01H501U'); // true
 */
export function isValidFiscalCode(value: string): boolean {
  const v = value.toUpperCase();
  if (v.length !== 16) return false;
  const day = digitOf(v[9]!) * 10 + digitOf(v[10]!);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return fiscalCodeCheck(v.slice(0, 15)) === v[15];
}

/**
 * Finds Italian fiscal codes (codice fiscale), compact or spaced, in upper or lower case, with
 * the omocodia substitutions, the day and the check letter verified. `canonical` is the 16
 * characters, upper case.
 *
 * @example
 * itFiscalCodeDetector().detect('CF: RSSMRA80A01H501U');
 * // [{ start: 4, end: 20, label: 'IT_FISCAL_CODE', canonical: 'RSSMRA80A01H501U', score: 1, ... }]
 */
export function itFiscalCodeDetector(): Detector {
  return {
    name: 'it-fiscal-code',
    labels: ['IT_FISCAL_CODE'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const compact = `${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6]}`.toUpperCase();
        if (!isValidFiscalCode(compact)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'IT_FISCAL_CODE',
          canonical: compact,
          score: 1,
        });
      }
      return spans;
    }),
  };
}
