import { describe, expect, it } from 'vitest';
import { addressDetector } from '../../../../../src/core/detect/detectors/address';
import { POSTCODE_FORMATS } from '../../../../../src/core/detect/detectors/address/postcodes';
import { found } from '../helpers';

const address = addressDetector();
const valid = (country: string, code: string) =>
  POSTCODE_FORMATS.find((f) => f.country === country)!.valid(code);

describe("ADDRESS: each country's postcode format, checked", () => {
  it('accepts the codes each postal service issues, and refuses those it does not', () => {
    // La Poste: departments 01-95, overseas 971-978 and 980-989.
    expect(
      valid('FR', '69003') && valid('FR', '20000') && valid('FR', '97400') && valid('FR', '98000'),
    ).toBe(true);
    expect(valid('FR', '00123') || valid('FR', '96000') || valid('FR', '99000')).toBe(false);
    // Deutsche Post: 01001-99998.
    expect(valid('DE', '01067') && valid('DE', '99998')).toBe(true);
    expect(valid('DE', '00999')).toBe(false);
    // Correos: provinces 01-52.
    expect(valid('ES', '28013') && valid('ES', '52001')).toBe(true);
    expect(valid('ES', '53001') || valid('ES', '00123')).toBe(false);
    // Poste Italiane: 00010-98168.
    expect(valid('IT', '00184') && valid('IT', '98168')).toBe(true);
    expect(valid('IT', '99000')).toBe(false);
    // bpost 1000-9992, Swiss Post 1000-9658.
    expect(valid('BE', '1000') && valid('CH', '8001')).toBe(true);
    expect(valid('BE', '0999') || valid('CH', '9700')).toBe(false);
    // PostNL: four digits and two letters, not SA, SD or SS.
    expect(valid('NL', '1012AB')).toBe(true);
    expect(valid('NL', '1012SA') || valid('NL', '0999AB')).toBe(false);
    // Royal Mail: the letters each place of the code may hold.
    for (const code of ['SW1A2AA', 'NW16XE', 'M11AE', 'EC1A1BB', 'CF101EP', 'GIR0AA'])
      expect(valid('GB', code), code).toBe(true);
    for (const code of ['QW1A2AA', 'SW1A2CA', 'M11IE', 'SO7874N'])
      expect(valid('GB', code), code).toBe(false);
    // USPS: 00501-99950.
    expect(valid('US', '02108') && valid('US', '99950')).toBe(true);
    expect(valid('US', '00100')).toBe(false);
  });

  it('reads a postcode and city after a street only when the code is valid', () => {
    expect(found(address, '12 rue des Lilas, 69003 Lyon')).toEqual([
      '12 rue des Lilas, 69003 Lyon',
    ]);
    // 00005 is a code of none of the countries: the street alone.
    expect(found(address, '12 rue des Lilas, 00005 Lyon')).toEqual(['12 rue des Lilas']);
    // 96xxx is no French code (but a German one), 53xxx no Spanish one (but an Italian one).
    const french = addressDetector({ countries: ['FR'] });
    expect(found(french, '12 rue des Lilas, 96003 Lyon')).toEqual(['12 rue des Lilas']);
    const spanish = addressDetector({ countries: ['ES'] });
    expect(found(spanish, 'Calle Mayor 10, 53013 Madrid')).toEqual(['Calle Mayor 10']);
    expect(found(address, '10 Downing Street, London SW1A 2CA')).toEqual(['10 Downing Street']);
  });

  it('reads a US ZIP code only after a state', () => {
    expect(found(address, '123 Main St, Springfield, IL 62704')).toEqual([
      '123 Main St, Springfield, IL 62704',
    ]);
    // No state: the street and its city, not the number after them.
    expect(found(address, '123 Main St, Springfield, XY 62704')).toEqual([
      '123 Main St, Springfield',
    ]);
    expect(found(addressDetector({ countries: ['US'] }), 'Springfield 62704')).toEqual([]);
  });

  it('reads a country prefix before the code with that country only', () => {
    expect(found(address, 'Hauptstraße 5, D-10115 Berlin')).toEqual([
      'Hauptstraße 5, D-10115 Berlin',
    ]);
    // `CH-` takes a Swiss code: five digits are none.
    expect(found(address, 'Bahnhofstrasse 1, CH-80011 Zürich')).toEqual(['Bahnhofstrasse 1']);
  });

  it('refuses a country it has no format for, rather than reading none', () => {
    expect(() => addressDetector({ countries: ['JP' as never] })).toThrow(
      /`countries` must be an array/,
    );
    expect(() => addressDetector({ countries: 'FR' as never })).toThrow(
      /`countries` must be an array/,
    );
  });

  it('reads only the postcode formats of the countries it is given', () => {
    const french = addressDetector({ countries: ['FR'] });
    expect(found(french, 'Kerkstraat 12, 1012 AB Amsterdam')).toEqual(['Kerkstraat 12']);
    expect(found(french, '12 rue des Lilas, 69003 Lyon')).toEqual(['12 rue des Lilas, 69003 Lyon']);
  });
});
