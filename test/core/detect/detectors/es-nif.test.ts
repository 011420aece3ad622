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
});
