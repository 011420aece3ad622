import { checkOptions, type OptionKeys } from '../../check-options';
import { PiiConfigError } from '../../errors';
import type { DetectedSpan, Detector } from '../types';
import { ADDRESS_KEY_PATTERNS, addressesUnderKeys } from './address/address-keys';
import { ADDRESS_CANONICAL_PATTERNS } from './address/canonical';
import { FLAT_AND_FLOOR_PATTERNS } from './address/flat-and-floor';
import {
  ADDRESS_COUNTRIES,
  type AddressCountry,
  POSTCODE_FORMATS,
  POSTCODE_PATTERNS,
} from './address/postcodes';
import { SCANNER_PATTERNS, scanAddresses } from './address/scanner';
import { STREET_LINE_PATTERNS } from './address/street-line';

export interface AddressDetectorOptions {
  /**
   * Countries whose postcode formats are read (`FR`, `DE`, `ES`, `IT`, `GB`, `US`, `BE`, `CH`,
   * `NL`); default: all of them. Street words of every language are read whatever the countries.
   */
  countries?: readonly AddressCountry[];
}

const ADDRESS_DETECTOR_KEYS = {
  countries: 'optional',
} as const satisfies OptionKeys<AddressDetectorOptions>;

/**
 * Finds postal addresses (`ADDRESS`): a street with its house number, the number before or
 * after the name as each country writes it (`12 rue des Lilas`, `221B Baker Street`, `Via
 * Roma 1`, `Hauptstraße 5`, `Calle Mayor, 10`), with `bis`/`ter`/a letter, ranges, flats and
 * floors, and its postcode and city (`69003 Lyon`, `London SW1A 2AA`, `Springfield, IL
 * 62704`) on the same line or the next; a postcode and city alone where a field or a line
 * starts with them; post-office boxes (`PO Box 123`, `BP 45, 69003 Lyon`, `Postfach 10 12 34`);
 * the values of keys and labels that name an address (`"street": …`, `Anschrift: …`). Without
 * a number, a street, a city or a country named in prose is not an address (`Rue de Rivoli`,
 * `near Baker Street`, `in Lyon`). Throws `PiiConfigError` for an unknown option or country.
 *
 * @example
 * addressDetector().detect('Écrivez au 12 rue des Lilas, 69003 Lyon.');
 * // [{ start: 11, end: 39, label: 'ADDRESS', score: 0.95 }]
 */
export function addressDetector(options: AddressDetectorOptions = {}): Detector {
  checkOptions('addressDetector', options, ADDRESS_DETECTOR_KEYS);
  const given: unknown = options?.countries ?? ADDRESS_COUNTRIES;
  if (
    !Array.isArray(given) ||
    given.some((c) => !(ADDRESS_COUNTRIES as readonly unknown[]).includes(c))
  ) {
    throw new PiiConfigError(
      `addressDetector: \`countries\` must be an array of ${ADDRESS_COUNTRIES.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  const countries = new Set<string>(given as readonly AddressCountry[]);
  const formats = POSTCODE_FORMATS.filter((f) => countries.has(f.country));
  return {
    name: 'address',
    labels: ['ADDRESS'],
    detect(text) {
      const scanned = scanAddresses(text, formats);
      const keyed = text.includes(':') ? addressesUnderKeys(text) : [];
      return keyed.length === 0 ? scanned : merged(scanned, keyed);
    },
  };
}

/** The spans of both readings, a field's value winning over the spans inside it. */
function merged(scanned: DetectedSpan[], keyed: DetectedSpan[]): DetectedSpan[] {
  const out = keyed.slice();
  for (const s of scanned) {
    if (!keyed.some((k) => k.start < s.end && s.start < k.end)) out.push(s);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Every regex of the ADDRESS detector, for the ReDoS shape test. */
export const ADDRESS_PATTERNS: readonly RegExp[] = [
  ...ADDRESS_KEY_PATTERNS,
  ...ADDRESS_CANONICAL_PATTERNS,
  ...FLAT_AND_FLOOR_PATTERNS,
  ...POSTCODE_PATTERNS,
  ...SCANNER_PATTERNS,
  ...STREET_LINE_PATTERNS,
];
