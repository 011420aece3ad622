import { describe, expect, it } from 'vitest';
import { fiscalCodeCheck } from '../../../../src/core/detect/detectors/checksums';
import {
  isValidFiscalCode,
  itFiscalCodeDetector,
} from '../../../../src/core/detect/detectors/it-fiscal-code';
import { canonicals, found } from './helpers';

const cf = itFiscalCodeDetector();

describe('itFiscalCodeDetector', () => {
  it('validates the check letter and the day', () => {
    // calcolatori.net, "Come si legge il Codice Fiscale?": RSSMRA80A01H501U.
    expect(isValidFiscalCode('RSSMRA80A01H501U')).toBe(true);
    expect(isValidFiscalCode('MRTMTT25D09F205Z')).toBe(true);
    expect(isValidFiscalCode('mrtmtt25d09f205z')).toBe(true);
    expect(isValidFiscalCode('MRTMTT25D09F205A')).toBe(false);
    // Day 32 or 40: no one is born then (41-71 are women's days).
    const code = (first15: string) => `${first15}${fiscalCodeCheck(first15)}`;
    expect(isValidFiscalCode(code('RSSMRA80A32H501'))).toBe(false);
    expect(isValidFiscalCode(code('RSSMRA80A40H501'))).toBe(false);
    expect(isValidFiscalCode(code('RSSMRA80A41H501'))).toBe(true);
  });

  it('accepts omocodia: digits written as the letters LMNPQRSTUV', () => {
    // The last digit of the place code, 1, written M; then 0 of the day written L.
    const first = 'RSSMRA80A01H50M';
    expect(isValidFiscalCode(`${first}${fiscalCodeCheck(first)}`)).toBe(true);
    const second = 'RSSMRA80AL1H50M';
    expect(isValidFiscalCode(`${second}${fiscalCodeCheck(second)}`)).toBe(true);
    expect(found(cf, `CF ${second}${fiscalCodeCheck(second)}`)).toHaveLength(1);
  });

  it('finds it compact or spaced, in either case', () => {
    expect(found(cf, 'codice fiscale: MRTMTT25D09F205Z')).toEqual(['MRTMTT25D09F205Z']);
    expect(found(cf, 'il mio cf è mrtmtt25d09f205z')).toEqual(['mrtmtt25d09f205z']);
    expect(found(cf, 'CF MRT MTT 25D09 F205Z.')).toEqual(['MRT MTT 25D09 F205Z']);
    expect(canonicals(cf, 'mrtmtt25d09f205z')).toEqual(['MRTMTT25D09F205Z']);
  });

  it('refuses a wrong check letter and a longer token', () => {
    expect(found(cf, 'MRTMTT25D09F205A')).toEqual([]);
    expect(found(cf, 'XMRTMTT25D09F205Z')).toEqual([]);
    expect(found(cf, 'MRTMTT25D09F205Z1')).toEqual([]);
  });
});
