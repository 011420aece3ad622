import { describe, expect, it } from 'vitest';
import {
  dniLetter,
  elfproef,
  fiscalCodeCheck,
  gs1CheckDigit,
  iso7064Mod11_10,
} from '../../../../src/core/detect/detectors/checksums';

// Published sample numbers (facts, not text): where each comes from is named next to it.
describe('the check digits of national identifiers, against published examples', () => {
  it('Spanish DNI/NIE letter: mod 23', () => {
    // The Ministerio del Interior's example (as casacochecurro.com, "Cómo se asigna la letra
    // del DNI", quotes it): 12345678, remainder 14, letter Z.
    expect(dniLetter('12345678')).toBe('Z');
    // An NIE reads X as 0: X1234567 is 01234567, remainder 19, letter L.
    expect(dniLetter('01234567')).toBe('L');
    expect(dniLetter('12a45678')).toBe('');
  });

  it('Italian codice fiscale check letter: odd/even tables mod 26', () => {
    // calcolatori.net, "Come si legge il Codice Fiscale?": Rossi Mario, born in Rome on
    // 1 January 1980, RSS MRA 80A01 H501 U.
    expect(fiscalCodeCheck('RSSMRA80A01H501')).toBe('U');
    expect(fiscalCodeCheck('MRTMTT25D09F205')).toBe('Z');
    expect(fiscalCodeCheck('rssmra80a01h501')).toBe('');
  });

  it('German Steuer-IdNr.: ISO 7064 MOD 11,10', () => {
    // kryptografie.de, "Steuer-Identifikationsnummer Prüfziffer": 12345678995 (check 5).
    expect(iso7064Mod11_10('1234567899')).toBe(5);
    // The algorithm as the BGBl. 1993 I p. 736 (Anlage 3 ZMDV) states it for the VAT id,
    // checked on a rest of 10 giving 0: every ten-digit body has one digit in 0-9.
    for (const body of ['0000000000', '9999999999', '1000000000']) {
      expect(iso7064Mod11_10(body)).toBeGreaterThanOrEqual(0);
      expect(iso7064Mod11_10(body)).toBeLessThanOrEqual(9);
    }
  });

  it('Swiss AHV number: the EAN-13 check digit', () => {
    // sozialversicherungsnummer.ch, "Aufbau der neuen AHV-Nummer": 756.9217.0769.85 (sum 125,
    // check digit 5).
    expect(gs1CheckDigit('756921707698')).toBe(5);
    expect(gs1CheckDigit('756123456789')).toBe(7);
    // A GS1 product code: 4006381333931 (Wikipedia, "International Article Number").
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });

  it('Dutch BSN: the elfproef', () => {
    // privacynieuws.nl, "Wie gebruiken uw burgerservicenummer": the fictitious BSN 249566758
    // (weighted sum 220 = 20 × 11).
    expect(elfproef('249566758')).toBe(true);
    expect(elfproef('249566757')).toBe(false);
    expect(elfproef('111222333')).toBe(true);
    expect(elfproef('123456782')).toBe(true);
    expect(elfproef('123456789')).toBe(false);
    expect(elfproef('12345678')).toBe(false);
  });
});
