import { describe, expect, it } from 'vitest';
import { esNifDetector, isValidSpanishNif } from '../../../../src/core/detect/detectors/es-nif';
import { canonicals, found } from './helpers';

const nif = esNifDetector();

describe('esNifDetector', () => {
  it('validates the control letter of a DNI and of an NIE', () => {
    // The Ministerio del Interior's example (quoted by casacochecurro.com, "Cómo se asigna la
    // letra del DNI"): 12345678Z. NIEs read X, Y, Z as 0, 1, 2.
    expect(isValidSpanishNif('12345678Z')).toBe(true);
    expect(isValidSpanishNif('12345678z')).toBe(true);
    expect(isValidSpanishNif('X1234567L')).toBe(true);
    expect(isValidSpanishNif('Y1234567X')).toBe(true);
    expect(isValidSpanishNif('Z1234567R')).toBe(true);
    expect(isValidSpanishNif('12345678A')).toBe(false);
    expect(isValidSpanishNif('W1234567L')).toBe(false);
  });

  it('finds DNIs and NIEs in the usual spellings, in either case', () => {
    expect(found(nif, 'DNI: 12345678-Z')).toEqual(['12345678-Z']);
    expect(found(nif, 'mi DNI es 12.345.678-Z')).toEqual(['12.345.678-Z']);
    expect(found(nif, 'NIF 12 345 678 Z')).toEqual(['12 345 678 Z']);
    expect(found(nif, 'dni 12345678z')).toEqual(['12345678z']);
    expect(found(nif, 'NIE X-1234567-L')).toEqual(['X-1234567-L']);
    expect(found(nif, 'x1234567l')).toEqual(['x1234567l']);
    expect(found(nif, 'Y 1234567 X')).toEqual(['Y 1234567 X']);
    expect(canonicals(nif, '12.345.678-z')).toEqual(['12345678Z']);
  });

  it('needs a word before a lower-case letter after a space (y is "and")', () => {
    // 12345678 → Z; 45678901 → G: `entre 12345678 y …` is no DNI unless its letter is `y`.
    expect(found(nif, 'entre 12345678 z y 3')).toEqual([]);
    expect(found(nif, 'DNI 12345678 z')).toEqual(['12345678 z']);
  });

  it('refuses a wrong letter, a longer word or number and a VAT prefix', () => {
    expect(found(nif, 'DNI 12345678-A')).toEqual([]);
    expect(found(nif, '12345678ZA')).toEqual([]);
    expect(found(nif, '912345678Z')).toEqual([]);
    expect(found(nif, 'ESX1234567L')).toEqual([]);
  });

  it('validates and finds the K, L and M personal NIFs with the DNI table on their seven digits', () => {
    // python-stdnum, tests/test_es_nif.doctest: L1111111G valid, L1111111C not. The others are
    // computed with the rule of Orden EHA/451/2008 (1234567 mod 23 = 19 → L; 7654321 → J).
    expect(isValidSpanishNif('L1111111G')).toBe(true);
    expect(isValidSpanishNif('L1111111C')).toBe(false);
    expect(isValidSpanishNif('K1234567L')).toBe(true);
    expect(isValidSpanishNif('m7654321j')).toBe(true);
    expect(found(nif, 'NIF K1234567L')).toEqual(['K1234567L']);
    expect(found(nif, 'L-1111111-G en el censo')).toEqual(['L-1111111-G']);
    expect(found(nif, 'M 7654321 J')).toEqual(['M 7654321 J']);
    expect(found(nif, 'm1234567l')).toEqual(['m1234567l']);
    expect(canonicals(nif, 'k-1234567-l')).toEqual(['K1234567L']);
  });

  it('refuses a K, L or M NIF with a wrong letter, glued to a word, or lower case after a space alone', () => {
    expect(found(nif, 'NIF K1234567A')).toEqual([]);
    expect(found(nif, 'NIF L-1111111-C')).toEqual([]);
    expect(found(nif, 'ESK1234567L')).toEqual([]);
    expect(found(nif, 'AK1234567L')).toEqual([]);
    // 1234567 → L: a lower-case `l` after a space needs the word, as for the NIE.
    expect(found(nif, 'm 1234567 l')).toEqual([]);
    expect(found(nif, 'NIF m 1234567 l')).toEqual(['m 1234567 l']);
  });

  it('reads a DNI without its leading zeros, padded, after a word that names it', () => {
    // 01234567 mod 23 = 19 → L; 00123456 → S; 00012345 → V (computed with the DNI rule).
    expect(found(nif, 'DNI: 1234567L')).toEqual(['1234567L']);
    expect(canonicals(nif, 'DNI: 1234567L')).toEqual(['01234567L']);
    expect(found(nif, 'documento de identidad 1.234.567-L.')).toEqual(['1.234.567-L']);
    expect(found(nif, 'NIF 123456-S')).toEqual(['123456-S']);
    expect(found(nif, 'dni 12345 V')).toEqual(['12345 V']);
    expect(canonicals(nif, 'NIF 12.345v')).toEqual(['00012345V']);
    expect(detectScore('DNI 1234567L')).toBe(1);
  });

  it('needs the word, the right letter and a whole number to read a DNI without leading zeros', () => {
    expect(found(nif, 'Ref. 1234567L')).toEqual([]);
    expect(found(nif, 'DNI 1234567A')).toEqual([]);
    expect(found(nif, 'DNI 1234L')).toEqual([]);
    // A lower-case letter after a space is a word of the sentence (`y`, `o`, `a`).
    expect(found(nif, 'DNI 1234567 l')).toEqual([]);
    // Not the tail of a grouped number (00345678 → B), nor the digits of an NIE whose letter is wrong for it.
    expect(found(nif, 'DNI 12 345678-B')).toEqual([]);
    expect(found(nif, 'NIE Y-1234567-L')).toEqual([]);
    expect(found(nif, 'NIE X-1234567-L')).toEqual(['X-1234567-L']);
    expect(found(nif, 'DNI 1234567LA')).toEqual([]);
    expect(found(nif, 'DNI 91234567L8')).toEqual([]);
  });
});

function detectScore(text: string): number | undefined {
  const spans = nif.detect(text);
  return Array.isArray(spans) ? spans[0]?.score : undefined;
}
