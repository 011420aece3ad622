import type { DetectedSpan, Detector } from '../types';
import { luhn } from './checksums';

// Nine digits, bare or as `732 829 320`, not followed by more digit groups (a SIRET).
const CANDIDATE =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_.,-])\d{3}([ .]?)\d{3}\1\d{3}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[ .,]\d)/gu;
const SEPARATORS = /[ .]/g;
const CONTEXT = /(?:siren|rcs|r\.c\.s\.|immatricul|registre)[^\n]{0,25}$/i;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const FR_SIREN_PATTERNS: readonly RegExp[] = [CANDIDATE, SEPARATORS, CONTEXT];

/**
 * Finds French company numbers (SIREN, 9 digits, Luhn-checked). One nine-digit number in ten
 * passes Luhn by chance, so a number without `SIREN`/`RCS` before it scores lower. Off by
 * default (a company number is not personal data, except for sole traders).
 *
 * @example
 * frSirenDetector().detect('SIREN 732 829 320');
 * // [{ start: 6, end: 17, label: 'FR_SIREN', canonical: '732829320', score: 0.95, ... }]
 */
export function frSirenDetector(): Detector {
  return {
    name: 'fr-siren',
    labels: ['FR_SIREN'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(SEPARATORS, '');
        if (!luhn(digits) || digits === '000000000') continue;
        const context = CONTEXT.test(text.slice(Math.max(0, m.index - 30), m.index));
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'FR_SIREN',
          canonical: digits,
          score: context ? 0.95 : 0.7,
        });
      }
      return spans;
    },
  };
}
