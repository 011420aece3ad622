import type { DetectedSpan, Detector } from '../types';
import { mod97 } from './checksums';
import { withNoBreakSpaces } from './no-break-spaces';

// Sex, year, month, department (2A/2B for Corsica), commune, order, key; single spaces or dots
// may separate the parts (`1 85 05 78 006 084 36`). Another number may follow after a space
// (`… 084 36 06 12 34 56 78`, the key tells where the NIR ends), not after a dot (`36.5`).
// The look-behind follows the first digit
// (`([1-478])(?<![…][1-478])` is `(?<![…])([1-478])`) so that it is tested at digits only, its
// ASCII part first (as in `credit-card.ts`).
const CANDIDATE =
  /([1-478])(?<![0-9A-Za-z_][1-478])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][1-478])[ .]?(\d{2})[ .]?(0[1-9]|1[0-2]|[2-9]\d)[ .]?(\d{2}|2[AaBb])[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{2})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|\.\d)/gu;
const SEPARATORS = /[ .]/g;
const THIRTEEN_DIGITS = /^\d{13}$/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const FR_NIR_PATTERNS: readonly RegExp[] = [CANDIDATE, SEPARATORS, THIRTEEN_DIGITS];

/**
 * Whether a compact NIR (15 characters) has the right key: 97 − (first 13 digits mod 97), with
 * Corsica's 2A read as 19 and 2B as 18.
 *
 * @example
 * isValidNir('185057800608436'); // true
 */
export function isValidNir(nir: string): boolean {
  if (nir.length !== 15) return false;
  const dept = nir.slice(5, 7).toUpperCase();
  const body =
    dept === '2A'
      ? `${nir.slice(0, 5)}19${nir.slice(7, 13)}`
      : dept === '2B'
        ? `${nir.slice(0, 5)}18${nir.slice(7, 13)}`
        : nir.slice(0, 13);
  if (!THIRTEEN_DIGITS.test(body)) return false;
  const key = Number(nir.slice(13));
  return key === 97 - mod97(body);
}

/**
 * Finds French social security numbers (NIR, "numéro de sécurité sociale"), compact or
 * spaced, with their key checked. `canonical` is the 15 characters, upper case.
 *
 * @example
 * frNirDetector().detect('N° SS : 1 85 05 78 006 084 36');
 * // [{ start: 8, end: 29, label: 'FR_NIR', canonical: '185057800608436', score: 1, ... }]
 */
export function frNirDetector(): Detector {
  return {
    name: 'fr-nir',
    labels: ['FR_NIR'],
    // Grouped with no-break spaces, the value is the same.
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const compact = m[0].replace(SEPARATORS, '').toUpperCase();
        if (!isValidNir(compact)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'FR_NIR',
          canonical: compact,
          score: 1,
        });
      }
      return spans;
    }),
  };
}
