import { describe, expect, it } from 'vitest';
import { isValidBsn, nlBsnDetector } from '../../../../src/core/detect/detectors/nl-bsn';
import { canonicals, found } from './helpers';

const bsn = nlBsnDetector();

describe('nlBsnDetector', () => {
  it('validates the 11-test and refuses all zeros', () => {
    // privacynieuws.nl, "Wie gebruiken uw burgerservicenummer": the fictitious 249566758.
    expect(isValidBsn('249566758')).toBe(true);
    expect(isValidBsn('111222333')).toBe(true);
    expect(isValidBsn('111222334')).toBe(false);
    expect(isValidBsn('000000000')).toBe(false);
  });

  it('finds a BSN after a word that names it, in the usual spellings', () => {
    expect(found(bsn, 'Mijn BSN is 111222333.')).toEqual(['111222333']);
    expect(found(bsn, 'burgerservicenummer: 111 222 333')).toEqual(['111 222 333']);
    expect(found(bsn, 'Sofinummer 111.222.333')).toEqual(['111.222.333']);
    expect(found(bsn, '{"bsn": "111-222-333"}')).toEqual(['111-222-333']);
    expect(found(bsn, 'citizen service number 123456782')).toEqual(['123456782']);
    expect(canonicals(bsn, 'BSN 111 222 333')).toEqual(['111222333']);
  });

  it('finds the document form 1234.56.782 without a word, a bare nine-digit run only with one', () => {
    expect(found(bsn, 'Nummer 1234.56.782 op de pas')).toEqual(['1234.56.782']);
    // One random nine-digit number in eleven passes the 11-test: alone, it is not a BSN.
    expect(found(bsn, 'Order 123456782 shipped')).toEqual([]);
    expect(found(bsn, 'Bel 612 345 678')).toEqual([]);
  });

  it('refuses a wrong 11-test, a longer number and a decimal', () => {
    expect(found(bsn, 'BSN 111222334')).toEqual([]);
    expect(found(bsn, 'BSN 1112223330')).toEqual([]);
    expect(found(bsn, 'BSN 111222333.5')).toEqual([]);
    expect(found(bsn, 'BSN NL111222333')).toEqual([]);
  });

  it('reads eight digits after a word as a BSN without its leading zero, padded for the 11-test', () => {
    // 012345672 passes the 11-test (computed: 9·0 + 8·1 + … + 2·7 − 2 = 110).
    expect(found(bsn, 'BSN: 12345672')).toEqual(['12345672']);
    expect(canonicals(bsn, 'BSN: 12345672')).toEqual(['012345672']);
    expect(found(bsn, '{"bsn": 12345672}')).toEqual(['12345672']);
    expect(found(bsn, 'Burgerservicenummer 12345672.')).toEqual(['12345672']);
  });

  it('needs the word, the 11-test and a whole compact number for eight digits', () => {
    expect(found(bsn, 'Order 12345672 shipped')).toEqual([]);
    expect(found(bsn, 'BSN 12345678')).toEqual([]);
    expect(found(bsn, 'BSN 1234567')).toEqual([]);
    expect(found(bsn, 'BSN 12345672.5')).toEqual([]);
    expect(found(bsn, 'BSN NL12345672')).toEqual([]);
    // The eight digits of a Dutch mobile number after its `06`, however it is grouped.
    expect(found(bsn, 'BSN 111222333, tel 06-12345672')).toEqual(['111222333']);
    expect(found(bsn, 'BSN 111222333, tel 06 12345672')).toEqual(['111222333']);
    expect(found(bsn, 'BSN 111222333, tel (06) 12345672')).toEqual(['111222333']);
  });
});
