import { describe, expect, it } from 'vitest';
import { ibanDetector, isValidIban } from '../../../../src/core/detect/detectors/iban';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { canonicals, found } from './helpers';

const iban = ibanDetector();

describe('ibanDetector', () => {
  it.each([
    'FR76 3000 6000 0112 3456 7890 189',
    'DE89 3704 0044 0532 0130 00',
    'GB29 NWBK 6016 1331 9268 19',
    'ES91 2100 0418 4502 0005 1332',
    'IT60 X054 2811 1010 0000 0123 456',
    'BE68 5390 0754 7034',
    'CH93 0076 2011 6238 5295 7',
    'NL91 ABNA 0417 1643 00',
    'LU28 0019 4006 4475 0000',
    'AT61 1904 3002 3457 3201',
    'PT50 0002 0123 1234 5678 9015 4',
    'NO93 8601 1117 947',
    'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  ])('finds %s spaced and compact', (value) => {
    expect(found(iban, `IBAN : ${value}.`)).toEqual([value]);
    const compact = value.replace(/ /g, '');
    expect(found(iban, `iban=${compact}`)).toEqual([compact]);
    expect(canonicals(iban, compact.toLowerCase())).toEqual([compact]);
  });

  it('stops at the country length when words follow', () => {
    expect(found(iban, 'FR76 3000 6000 0112 3456 7890 189 merci')).toEqual([
      'FR76 3000 6000 0112 3456 7890 189',
    ]);
  });

  it('reads a space between the country code and the check digits', () => {
    // `FR 76 3000 …` was not read: `76 3000 6000 0112` would reach the model.
    expect(found(iban, 'IBAN : FR 76 3000 6000 0112 3456 7890 189.')).toEqual([
      'FR 76 3000 6000 0112 3456 7890 189',
    ]);
    expect(found(iban, 'de 12 3456 7890 1234 5678 90')).toEqual([]); // mod-97 fails
  });

  it('finds two IBANs in a row', () => {
    expect(found(iban, 'GB29 NWBK 6016 1331 9268 19 DE89370400440532013000')).toEqual([
      'GB29 NWBK 6016 1331 9268 19',
      'DE89370400440532013000',
    ]);
  });

  it('has exact offsets next to accents and emoji', () => {
    const text = 'Virement 🏦 éàFR7630006000011234567890189ü';
    expect(found(iban, text)).toEqual([]); // glued to letters on both sides
    const ok = 'Virement 🏦 FR7630006000011234567890189 ✅';
    const [span] = iban.detect(ok) as unknown as { start: number; end: number }[];
    expect(ok.slice(span!.start, span!.end)).toBe('FR7630006000011234567890189');
  });

  it('finds an IBAN whose check fails whole, less sure (mistyped)', () => {
    // Masked whole or not at all: its digits were read as a phone number (`3456 7890 188`)
    // and the rest of it left in clear.
    const spans = iban.detect('IBAN FR76 3000 6000 0112 3456 7890 188 merci') as DetectedSpan[];
    expect(spans.map((s) => [s.value, s.canonical, s.score])).toEqual([
      ['FR76 3000 6000 0112 3456 7890 188', 'FR7630006000011234567890188', 0.5],
    ]);
    expect(found(iban, 'DE89 3704 0044 0532 0130 01')).toEqual(['DE89 3704 0044 0532 0130 01']);
  });

  it('refuses bad checksums out of shape, wrong lengths and unknown countries', () => {
    // A failed check needs capitals and the country's BBAN structure (DE: 18 digits).
    expect(found(iban, 'fr76 3000 6000 0112 3456 7890 188')).toEqual([]);
    expect(found(iban, 'DE89 3704 0044 0532 0130 0A')).toEqual([]);
    expect(found(iban, 'de 12 rue de la Paix et du Marechal Foch')).toEqual([]);
    expect(found(iban, 'DE89 3704 0044 0532 0130')).toEqual([]);
    expect(found(iban, 'ZZ12 3456 7890 1234 5678')).toEqual([]);
    expect(isValidIban('GB29NWBK60161331926818')).toBe(false);
  });
});
