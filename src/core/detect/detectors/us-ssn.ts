import type { DetectedSpan, Detector } from '../types';

// `123-45-6789` or `123 45 6789` (one separator style), not inside a longer number. The
// look-behinds test their ASCII part first (as in `credit-card.ts`).
const GROUPED =
  /(?<![0-9A-Za-z_-])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|-\d)/gu;
// Nine bare digits count only after a word that names an SSN. The look-behind follows the
// first digit (`(\d(?<![…]\d)\d{2})` is `(?<![…])(\d{3})`) so that it is tested at digits only.
const BARE =
  /(\d(?<![0-9A-Za-z_-]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_-]\d)\d{2})(\d{2})(\d{4})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])/gu;
const CONTEXT = /(?:ssn|social security(?: number| no\.?)?|ss#|soc\.? sec\.?)["'\s#:.=]{0,6}$/i;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const US_SSN_PATTERNS: readonly RegExp[] = [GROUPED, BARE, CONTEXT];

/**
 * Whether area, group and serial follow the SSA rules: no area 000, 666 or 900-999, no group
 * 00, no serial 0000.
 */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  return a !== 0 && a !== 666 && a < 900 && group !== '00' && serial !== '0000';
}

/**
 * Finds US Social Security numbers: `123-45-6789` and `123 45 6789` anywhere, nine bare
 * digits only after `SSN` or `social security`. `canonical` is the nine digits.
 *
 * @example
 * usSsnDetector().detect('SSN: 536-22-8174');
 * // [{ start: 5, end: 16, label: 'US_SSN', canonical: '536228174', score: 0.9, ... }]
 */
export function usSsnDetector(): Detector {
  return {
    name: 'us-ssn',
    labels: ['US_SSN'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      for (const [re, grouped] of [
        [GROUPED, true],
        [BARE, false],
      ] as const) {
        re.lastIndex = 0;
        for (let m = re.exec(text); m; m = re.exec(text)) {
          const area = m[1]!;
          const group = grouped ? m[3]! : m[2]!;
          const serial = grouped ? m[4]! : m[3]!;
          if (!isValidSsn(area, group, serial)) continue;
          const hasContext = CONTEXT.test(text.slice(Math.max(0, m.index - 30), m.index));
          if (!grouped && !hasContext) continue;
          spans.push({
            start: m.index,
            end: m.index + m[0].length,
            label: 'US_SSN',
            canonical: area + group + serial,
            score: hasContext ? 0.95 : 0.9,
          });
        }
      }
      return spans;
    },
  };
}
