import type { DetectedSpan, Detector } from '../types';
import { luhn } from './checksums';

// Fourteen digits, bare or as `732 829 320 00074` (SIREN then the 5-digit establishment number).
const CANDIDATE =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_.,-])\d{3}([ .]?)\d{3}\1\d{3}\1\d{5}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[ .,]\d)/gu;
const SEPARATORS = /[ .]/g;
// La Poste's establishments do not follow Luhn: their digit sum is a multiple of 5.
const LA_POSTE = '356000000';

/** Exported for the ReDoS shape test: every regex of this detector. */
export const FR_SIRET_PATTERNS: readonly RegExp[] = [CANDIDATE, SEPARATORS];

/**
 * Whether a 14-digit SIRET is valid (Luhn, or La Poste's digit-sum rule).
 *
 * @example
 * isValidSiret('73282932000074'); // true
 */
export function isValidSiret(digits: string): boolean {
  if (digits.length !== 14) return false;
  if (digits.startsWith(LA_POSTE)) {
    let sum = 0;
    for (const d of digits) sum += Number(d);
    return sum % 5 === 0;
  }
  return luhn(digits) && luhn(digits.slice(0, 9));
}

/**
 * Finds French establishment numbers (SIRET, 14 digits), checked by Luhn on the SIRET and on its
 * SIREN. Off by default.
 *
 * @example
 * frSiretDetector().detect('SIRET : 732 829 320 00074');
 * // [{ start: 8, end: 25, label: 'FR_SIRET', canonical: '73282932000074', score: 1, ... }]
 */
export function frSiretDetector(): Detector {
  return {
    name: 'fr-siret',
    labels: ['FR_SIRET'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(SEPARATORS, '');
        if (!isValidSiret(digits)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'FR_SIRET',
          canonical: digits,
          score: 1,
        });
      }
      return spans;
    },
  };
}
