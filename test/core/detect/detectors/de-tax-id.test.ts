import { describe, expect, it } from 'vitest';
import { iso7064Mod11_10 } from '../../../../src/core/detect/detectors/checksums';
import {
  deTaxIdDetector,
  isValidGermanTaxId,
} from '../../../../src/core/detect/detectors/de-tax-id';
import { canonicals, found } from './helpers';

const taxId = deTaxIdDetector();
const withCheck = (body: string) => `${body}${iso7064Mod11_10(body)}`;

describe('deTaxIdDetector', () => {
  it('validates the check digit and the digit-repetition rule', () => {
    // kryptografie.de, "Steuer-Identifikationsnummer Prüfziffer": 12345678995.
    expect(isValidGermanTaxId('12345678995')).toBe(true);
    expect(isValidGermanTaxId('12345678994')).toBe(false);
    // No digit repeated, or two repeated, or a leading 0: not issued.
    expect(isValidGermanTaxId(withCheck('1234567890'))).toBe(false);
    expect(isValidGermanTaxId(withCheck('1123456788'))).toBe(false);
    expect(isValidGermanTaxId(withCheck('0234567899'))).toBe(false);
    // A digit three times (issued since 2016), but not three in a row.
    expect(isValidGermanTaxId(withCheck('1214567893'))).toBe(true);
    expect(isValidGermanTaxId(withCheck('1114567893'))).toBe(false);
    expect(isValidGermanTaxId(withCheck('1212121234'))).toBe(false);
  });

  it('finds it compact and grouped as the BZSt prints it', () => {
    expect(found(taxId, 'Steuer-ID: 12 345 678 995')).toEqual(['12 345 678 995']);
    expect(found(taxId, 'IdNr. 12345678995')).toEqual(['12345678995']);
    expect(found(taxId, 'Identifikationsnummer 12.345.678.995')).toEqual(['12.345.678.995']);
    expect(found(taxId, 'TIN 12-345-678-995')).toEqual(['12-345-678-995']);
    expect(canonicals(taxId, '12 345 678 995')).toEqual(['12345678995']);
  });

  it('scores a bare number lower than one after a word that names it', () => {
    const [named] = taxId.detect('Steuer-ID 12345678995') as unknown as { score: number }[];
    const [bare] = taxId.detect('Nummer 12345678995') as unknown as { score: number }[];
    expect(named!.score).toBe(1);
    expect(bare!.score).toBeLessThan(1);
  });

  it('refuses mixed separators, a longer number and a decimal', () => {
    expect(found(taxId, '12 345.678 995')).toEqual([]);
    expect(found(taxId, '123456789950')).toEqual([]);
    expect(found(taxId, '12345678995,5')).toEqual([]);
    expect(found(taxId, 'DE12345678995')).toEqual([]);
  });
});
