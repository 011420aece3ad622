import type { DetectedSpan, Detector } from '../types';
import { dniLetter } from './checksums';
import { contextBefore } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// A DNI, eight digits (`12345678`, `12.345.678`, `12 345 678`), or an NIE, X/Y/Z and seven
// digits (`X1234567`, `X-1234567`), then the control letter, glued or after a dash or a space.
// Not inside a longer word or number.
// The look-behinds follow the first character so that they are tested there only, ASCII
// first (as in `fr-nir.ts`).
const CANDIDATE =
  /(?:([XYZxyz])(?<![0-9A-Za-z_][XYZxyz])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][XYZxyz])[ .-]?(\d{7})|(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[.,]\d)(\d)([ .]?)(\d{3})\5(\d{3}))([ -]?)([A-Za-z])(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Words that name it: DNI, NIE, NIF (with dots too), documento (nacional) de identidad.
const CONTEXT =
  /(?<![a-z])(?:d\.?n\.?i|n\.?i\.?e|n\.?i\.?f|documento|identidad|tarjeta de residencia)(?![a-z])/i;
const NIE_DIGIT: Readonly<Record<string, string>> = { X: '0', Y: '1', Z: '2' };

/** Exported for the ReDoS shape test: every regex of this detector. */
export const ES_NIF_PATTERNS: readonly RegExp[] = [CANDIDATE, CONTEXT];

/**
 * Whether a compact Spanish DNI (`12345678Z`) or NIE (`X1234567L`) has the right control
 * letter: the number (the NIE's X/Y/Z read as 0/1/2) mod 23 in `TRWAGMYFPDXBNJZSQVHLCKE`.
 * Case is ignored.
 *
 * @example
 * isValidSpanishNif('12345678Z'); // true
 * isValidSpanishNif('X1234567L'); // true
 */
export function isValidSpanishNif(value: string): boolean {
  const v = value.toUpperCase();
  if (v.length !== 9) return false;
  const number = (NIE_DIGIT[v[0]!] ?? v[0]!) + v.slice(1, 8);
  return dniLetter(number) === v[8];
}

/**
 * Finds Spanish personal tax numbers: the DNI (`12345678Z`, `12.345.678-Z`) and the NIE of
 * foreigners (`X1234567L`, `X-1234567-L`), with the control letter verified, in either case.
 * A lower-case letter after a space needs a word that names the number before it (`y` is
 * also "and"); such a word (`DNI`, `NIE`, `NIF`) raises the score from 0.9 to 1. `canonical`
 * is the nine characters, upper case.
 *
 * @example
 * esNifDetector().detect('DNI: 12345678-Z');
 * // [{ start: 5, end: 15, label: 'ES_NIF', canonical: '12345678Z', score: 1, ... }]
 */
export function esNifDetector(): Detector {
  return {
    name: 'es-nif',
    labels: ['ES_NIF'],
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
        const letter = m[9]!;
        const compact = (
          m[1] !== undefined ? `${m[1]}${m[2]}${letter}` : `${m[3]}${m[4]}${m[6]}${m[7]}${letter}`
        ).toUpperCase();
        if (!isValidSpanishNif(compact)) continue;
        const named = contextBefore(text, m.index, CONTEXT);
        if (!named && m[8] === ' ' && letter !== letter.toUpperCase()) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'ES_NIF',
          canonical: compact,
          score: named ? 1 : 0.9,
        });
      }
      return spans;
    }),
  };
}
