import { describe, expect, it } from 'vitest';
import {
  beNationalNumberDetector,
  isValidBelgianNationalNumber,
} from '../../../../src/core/detect/detectors/be-national-number';
import { canonicals, found } from './helpers';

const nn = beNationalNumberDetector();

describe('beNationalNumberDetector', () => {
  it('validates the mod-97 key, with the 2 prefix for births from 2000', () => {
    // viw-costablanca.com, "Over het hoe, wat en waarom van het rijksregisternummer": a man
    // born on 18 May 1993, 93051822361.
    expect(isValidBelgianNationalNumber('93051822361')).toBe(true);
    // mikhailian.mova.org/node/298: born on 16 April 1925, 25.04.16-123-47; on 16 April 2025,
    // 25.04.16-123-76 (the key of `2` and the nine digits).
    expect(isValidBelgianNationalNumber('25041612347')).toBe(true);
    expect(isValidBelgianNationalNumber('25041612376')).toBe(true);
    expect(isValidBelgianNationalNumber('25041612375')).toBe(false);
  });

  it('reads the key of a birth from 2000 on only for a year that has come', () => {
    // 99.00.00-999: keyed as a 1999 birth, valid; keyed as 2099 (`2` prefix), a birth to come.
    const key1900 = String(97 - (990000999 % 97)).padStart(2, '0');
    const key2000 = String(97 - (2990000999 % 97)).padStart(2, '0');
    expect(isValidBelgianNationalNumber(`990000999${key1900}`)).toBe(true);
    expect(isValidBelgianNationalNumber(`990000999${key2000}`)).toBe(false);
    // 10.00.00-999 keyed as 2010: a year that has come.
    expect(
      isValidBelgianNationalNumber(`100000999${String(97 - (2100000999 % 97)).padStart(2, '0')}`),
    ).toBe(true);
  });

  it('checks the date parts and the counter', () => {
    const keyed = (nine: string) => `${nine}${String(97 - (Number(nine) % 97)).padStart(2, '0')}`;
    // Unknown month and day (00), BIS numbers (month + 20 or + 40): issued.
    expect(isValidBelgianNationalNumber(keyed('850000033'))).toBe(true);
    expect(isValidBelgianNationalNumber(keyed('854730033'))).toBe(true);
    // Month 13, day 32, counter 000: not.
    expect(isValidBelgianNationalNumber(keyed('851330033'))).toBe(false);
    expect(isValidBelgianNationalNumber(keyed('850732033'))).toBe(false);
    expect(isValidBelgianNationalNumber(keyed('850730000'))).toBe(false);
  });

  it('finds it as the eID card prints it, compact and grouped', () => {
    expect(found(nn, 'Rijksregisternummer: 93.05.18-223.61')).toEqual(['93.05.18-223.61']);
    expect(found(nn, 'numéro national 93051822361')).toEqual(['93051822361']);
    expect(found(nn, 'NISS 930518 223 61')).toEqual(['930518 223 61']);
    expect(found(nn, 'INSZ 930518-223-61')).toEqual(['930518-223-61']);
    expect(canonicals(nn, '25.04.16-123-76')).toEqual(['25041612376']);
  });

  it('refuses a wrong key and longer numbers', () => {
    expect(found(nn, '93.05.18-223.62')).toEqual([]);
    expect(found(nn, '930518223610')).toEqual([]);
    expect(found(nn, 'BE93051822361')).toEqual([]);
  });

  it('allows the counter 999 (only date parts and key are checked), not 000', () => {
    const keyed = (nine: string) => `${nine}${String(97 - (Number(nine) % 97)).padStart(2, '0')}`;
    const last = keyed('850730999');
    expect(isValidBelgianNationalNumber(last)).toBe(true);
    expect(found(nn, `numéro national ${last.slice(0, 6)} 999 ${last.slice(9)}`)).toEqual([
      `${last.slice(0, 6)} 999 ${last.slice(9)}`,
    ]);
    expect(isValidBelgianNationalNumber(keyed('850730000'))).toBe(false);
    // A wrong key with counter 999 is still refused.
    const wrong = `850730999${String((Number(last.slice(9)) % 97) + 1).padStart(2, '0')}`;
    expect(isValidBelgianNationalNumber(wrong)).toBe(false);
  });
});
