import type { DetectedSpan, Detector } from '../types';
import { dniLetter } from './checksums';
import { contextBefore } from './national-id-context';
import { withNoBreakSpaces } from './no-break-spaces';

// A DNI, eight digits (`12345678`, `12.345.678`, `12 345 678`), or a letter and seven digits
// (`X1234567`, `X-1234567`): the NIE's X/Y/Z, or the K, L, M of the personal NIFs of people
// without DNI or NIE; then the control letter, glued or after a dash or a space. Not inside a
// longer word or number.
// The look-behinds follow the first character so that they are tested there only, ASCII
// first (as in `fr-nir.ts`).
const CANDIDATE =
  /(?:([KLMXYZklmxyz])(?<![0-9A-Za-z_][KLMXYZklmxyz])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_][KLMXYZklmxyz])[ .-]?(\d{7})|(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[.,]\d)(\d)([ .]?)(\d{3})\5(\d{3}))([ -]?)([A-Za-z])(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// A DNI written without its leading zeros: five to seven digits, compact or in thousands
// (`1234567`, `1.234.567`, `123.456`), then the control letter. Read only after a word that
// names it. Not the seven digits of an NIE or K/L/M NIF written `X-1234567-L` (a lone prefix
// letter and a separator before them), nor the tail of a grouped number (`12 345678`).
const SHORT_DNI =
  /(\d)(?<![0-9A-Za-z_]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]\d)(?<!\d[ .,-]\d)(?<!(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])[KLMXYZklmxyz][ .-]\d)(\.\d{3}\.\d{3}|\d{1,2}\.\d{3}|\d{4,6})([ -]?)([A-Za-z])(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|[.,]\d)/gu;
// Words that name it: DNI, NIE, NIF (with dots too), documento (nacional) de identidad.
const CONTEXT =
  /(?<![a-z])(?:d\.?n\.?i|n\.?i\.?e|n\.?i\.?f|documento|identidad|tarjeta de residencia)(?![a-z])/i;
const NOT_DIGIT = /\D/g;
/**
 * What the letter before seven digits stands for in the control: the NIE's X, Y, Z are 0, 1, 2;
 * the K, L, M of the personal NIFs count for nothing (the control is the seven digits').
 */
const PREFIX_DIGIT: Readonly<Record<string, string>> = {
  X: '0',
  Y: '1',
  Z: '2',
  K: '0',
  L: '0',
  M: '0',
};

/** Exported for the ReDoS shape test: every regex of this detector. */
export const ES_NIF_PATTERNS: readonly RegExp[] = [CANDIDATE, SHORT_DNI, CONTEXT, NOT_DIGIT];

/**
 * Whether a compact Spanish personal NIF has the right control letter: a DNI (`12345678Z`), an
 * NIE (`X1234567L`) or a K, L or M NIF (`K1234567L`: a Spaniard under 14 or resident abroad
 * without DNI, a foreigner without NIE; Orden EHA/451/2008). The control is the number mod 23
 * in `TRWAGMYFPDXBNJZSQVHLCKE`: the eight digits of a DNI, the NIE's seven after X/Y/Z read
 * as 0/1/2, the seven digits alone after K, L or M. Case is ignored.
 *
 * @example
 * isValidSpanishNif('12345678Z'); // true
 * isValidSpanishNif('X1234567L'); // true
 * isValidSpanishNif('M1234567L'); // true
 */
export function isValidSpanishNif(value: string): boolean {
  const v = value.toUpperCase();
  if (v.length !== 9) return false;
  const number = (PREFIX_DIGIT[v[0]!] ?? v[0]!) + v.slice(1, 8);
  return dniLetter(number) === v[8];
}

/**
 * Finds Spanish personal tax numbers: the DNI (`12345678Z`, `12.345.678-Z`), the NIE of
 * foreigners (`X1234567L`, `X-1234567-L`) and the K, L, M NIFs of people without either
 * (`K1234567L`, `M-1234567-L`), with the control letter verified, in either case. A lower-case
 * letter after a space needs a word that names the number before it (`y` is also "and"); such
 * a word (`DNI`, `NIE`, `NIF`) raises the score from 0.9 to 1. After such a word only, a DNI
 * written without its leading zeros (`DNI: 1234567L`, five to seven digits, compact or in
 * thousands, its letter glued, after a dash, or upper case after a space) is read padded with
 * zeros. `canonical` is the nine characters, upper case (`01234567L` for `1234567L`).
 *
 * @example
 * esNifDetector().detect('DNI: 12345678-Z');
 * // [{ start: 5, end: 15, label: 'ES_NIF', canonical: '12345678Z', score: 1, ... }]
 * esNifDetector().detect('DNI: 1234567L');
 * // [{ start: 5, end: 13, label: 'ES_NIF', canonical: '01234567L', score: 1, ... }]
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
      SHORT_DNI.lastIndex = 0;
      for (let m = SHORT_DNI.exec(text); m; m = SHORT_DNI.exec(text)) {
        const letter = m[4]!;
        // Without eight digits, the word is what makes it a DNI: a lower-case letter after a
        // space is a word of the sentence (`y`, `o`, `a`), not a control letter.
        if (m[3] === ' ' && letter !== letter.toUpperCase()) continue;
        const digits = `${m[1]}${m[2]}`.replace(NOT_DIGIT, '').padStart(8, '0');
        const compact = `${digits}${letter}`.toUpperCase();
        if (!isValidSpanishNif(compact) || !contextBefore(text, m.index, CONTEXT)) continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'ES_NIF',
          canonical: compact,
          score: 1,
        });
      }
      return spans.sort((a, b) => a.start - b.start);
    }),
  };
}
