import type { DetectedSpan, Detector } from '../types';
import { gs1CheckDigit } from './checksums';
import { withNamedRuns } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// `756` (Switzerland's ISO 3166 code), then ten digits: compact or `756.1234.5678.97`, with one
// separator style. Not inside a longer number or word, nor a decimal. The look-behinds follow
// the `7` so that they are tested there only.
const CANDIDATE =
  /7(?<![0-9A-Za-z_]7)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]7)(?<!\d[.,]7)56([ .-]?)(\d{4})\1(\d{4})\1(\d{2})(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Words that name it (DE, FR, IT, EN): AHV-Nr., AHVN13, numéro AVS, numero AVS,
// Sozialversicherungsnummer, social security number.
const NAMES =
  /(?<![a-z])(?:ahv[-_ ]?(?:nr|nummer)|ahv(?:n13)?|avs|sozialversicherungs[-_ ]?nummer|social[-_ ]security[-_ ]number|num[eé]ro (?:avs|d'assur[eé] social)|numero (?:avs|di sicurezza sociale))(?![a-z])/gi;
// After such a word, the thirteen digits in any grouping: one space, dot or dash between any
// two (`75692170769 85`).
const NAMED_RUN =
  /(?<![\p{L}\p{N}_]|\d[ .-])7[ .-]?5[ .-]?6(?:[ .-]?\d){10}(?![\p{L}\p{N}_]|[ .-]\d)/u;
const NOT_DIGIT = /\D/g;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const CH_AHV_PATTERNS: readonly RegExp[] = [CANDIDATE, NAMES, NAMED_RUN, NOT_DIGIT];

/**
 * Whether thirteen digits are a valid Swiss AHV/AVS number (AHVN13): `756`, nine digits, and
 * the EAN-13 check digit.
 *
 * @example
 * isValidAhv('7561234567897'); // true
 */
export function isValidAhv(digits: string): boolean {
  return (
    digits.length === 13 &&
    digits.startsWith('756') &&
    gs1CheckDigit(digits.slice(0, 12)) === digits.charCodeAt(12) - 48
  );
}

/**
 * Finds Swiss social security numbers (AHV/AVS, `756.1234.5678.97`), compact or grouped, with
 * their EAN-13 check digit verified. `756` and the check digit are specific enough without a
 * word naming it (`AHV`, `AVS`): score 1, so that it also wins over a phone number read from
 * the same digits. Right after a word naming it, the digits are read in any grouping
 * (`AHV: 75692170769 85`). `canonical` is the 13 digits.
 *
 * @example
 * chAhvDetector().detect('AHV-Nr. 756.1234.5678.97');
 * // [{ start: 8, end: 24, label: 'CH_AHV', canonical: '7561234567897', score: 1, ... }]
 */
export function chAhvDetector(): Detector {
  return {
    name: 'ch-ahv',
    labels: ['CH_AHV'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const digits = m[0].replace(NOT_DIGIT, '');
        if (!isValidAhv(digits)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'CH_AHV',
          canonical: digits,
          score: 1,
        });
      }
      return withNamedRuns(text, spans, NAMES, NAMED_RUN, 'CH_AHV', isValidAhv);
    }),
  };
}
