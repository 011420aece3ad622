import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max';
import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';
import { addressDetector } from './detectors/address';
import { ADDRESS_COUNTRIES, type AddressCountry } from './detectors/address/postcodes';
import { apiKeyDetector } from './detectors/api-key';
import { creditCardDetector } from './detectors/credit-card';
import { emailDetector } from './detectors/email';
import { frNirDetector } from './detectors/fr-nir';
import { frSirenDetector } from './detectors/fr-siren';
import { frSiretDetector } from './detectors/fr-siret';
import { ibanDetector } from './detectors/iban';
import { ipAddressDetector } from './detectors/ip-address';
import { personDetector } from './detectors/person';
import { DEFAULT_PHONE_COUNTRIES, phoneDetector } from './detectors/phone';
import { urlDetector } from './detectors/url';
import { usSsnDetector } from './detectors/us-ssn';
import { NATIONAL_ID_DETECTORS, NATIONAL_ID_LABELS } from './national-id-detectors';
import type { Detector } from './types';

/** Labels that `defaultDetectors()` turns on when `labels` is not given. */
export const DEFAULT_LABELS: readonly string[] = [
  'PERSON',
  'EMAIL',
  'ADDRESS',
  // Before PHONE: a run of digits that passes an identifier's checks and reads as a phone
  // number too, with the same score, is the identifier.
  ...NATIONAL_ID_LABELS,
  'PHONE',
  'CREDIT_CARD',
  'IBAN',
  'IP_ADDRESS',
  'US_SSN',
  'FR_NIR',
  'API_KEY',
];

/** Every label the built-in detectors can find (`URL`, `FR_SIRET`, `FR_SIREN` are off by default). */
export const BUILTIN_LABELS: readonly string[] = [...DEFAULT_LABELS, 'URL', 'FR_SIRET', 'FR_SIREN'];

export interface DefaultDetectorsOptions {
  /** Labels to detect; default {@link DEFAULT_LABELS}. Unknown labels throw `PiiConfigError`. */
  labels?: readonly string[];
  /**
   * BCP 47 locales of the conversations (`fr`, `en-US`, `de-CH`): their countries are tried, in
   * order, for phone numbers written without a country code. Default: FR, US, GB, DE, ES, IT, BE, CH.
   * An unknown region, or a language given alone that has no list of countries, throws
   * `PiiConfigError`. When `labels` is not given, they also pick the national identifiers: those
   * of each locale's region and of the countries of its language (`de-CH`: `CH_AHV`,
   * `DE_TAX_ID`); without `locales`, all of them. They pick the postcode formats of `ADDRESS`
   * the same way (its countries: FR, DE, ES, IT, GB, US, BE, CH, NL); a conversation in none of
   * them gets no `ADDRESS` detector unless `labels` names it.
   */
  locales?: readonly string[];
  /** Names the app already knows; passed to the PERSON detector. */
  knownNames?: readonly string[];
}

const DEFAULT_DETECTORS_KEYS = {
  labels: 'optional',
  locales: 'optional',
  knownNames: 'optional',
} as const satisfies OptionKeys<DefaultDetectorsOptions>;

// Countries where a language is mostly spoken, for locales given without a region.
const LANGUAGE_COUNTRIES: Readonly<Record<string, readonly CountryCode[]>> = {
  fr: ['FR', 'BE', 'CH', 'LU', 'CA'],
  en: ['US', 'GB', 'CA', 'IE', 'AU'],
  de: ['DE', 'AT', 'CH'],
  es: ['ES', 'MX', 'AR'],
  it: ['IT', 'CH'],
  nl: ['NL', 'BE'],
  pt: ['PT', 'BR'],
  pl: ['PL'],
  sv: ['SE'],
  da: ['DK'],
  nb: ['NO'],
  no: ['NO'],
  fi: ['FI'],
  cs: ['CZ'],
  sk: ['SK'],
  hu: ['HU'],
  ro: ['RO'],
  el: ['GR'],
  uk: ['UA'],
  ru: ['RU', 'KZ', 'BY'],
  tr: ['TR'],
  ar: ['SA', 'AE', 'EG', 'MA'],
  he: ['IL'],
  hi: ['IN'],
  zh: ['CN', 'TW', 'HK'],
  ja: ['JP'],
  ko: ['KR'],
  vi: ['VN'],
  th: ['TH'],
  id: ['ID'],
};

/**
 * The countries of `locales`, in order: a locale's region, or the countries of its language.
 * An unknown region or a language without a list throws: national numbers would otherwise be
 * read for no country, or for the defaults, and be left in clear.
 */
function countriesOf(locales: readonly string[]): CountryCode[] {
  const countries: CountryCode[] = [];
  for (const locale of locales) {
    const [language = '', region] = String(locale).split(/[-_]/);
    let list: readonly CountryCode[] | undefined;
    if (region) {
      const country = region.toUpperCase();
      if (!isSupportedCountry(country)) {
        throw new PiiConfigError(
          `defaultDetectors: locale "${locale}" has no region known to libphonenumber-js ("${region}"); use an ISO 3166 country, e.g. "fr-FR".`,
        );
      }
      list = [country as CountryCode];
    } else {
      list = LANGUAGE_COUNTRIES[language.toLowerCase()];
      if (!list) {
        throw new PiiConfigError(
          `defaultDetectors: locale "${locale}" gives no country for phone numbers; add its region, e.g. "${language}-XX" with your country's code.`,
        );
      }
    }
    for (const c of list) if (!countries.includes(c)) countries.push(c);
  }
  return countries.length ? countries : [...DEFAULT_PHONE_COUNTRIES];
}

/**
 * The countries whose national identifiers a conversation in `locales` may hold: each locale's
 * region and the countries of its language (`de-CH`: CH, and DE, AT, CH).
 */
function identifierCountries(locales: readonly string[]): Set<string> {
  const countries = new Set<string>();
  for (const locale of locales) {
    const [language = '', region] = String(locale).split(/[-_]/);
    if (region) countries.add(region.toUpperCase());
    for (const c of LANGUAGE_COUNTRIES[language.toLowerCase()] ?? []) countries.add(c);
  }
  return countries;
}

/** The countries of `locales` whose postcode formats `ADDRESS` reads (all when there are none). */
function addressCountries(locales: readonly string[] | undefined): AddressCountry[] | undefined {
  if (!locales) return undefined;
  const countries = identifierCountries(locales);
  const known = ADDRESS_COUNTRIES.filter((c) => countries.has(c));
  return known.length > 0 ? known : undefined;
}

function create(label: string, options: DefaultDetectorsOptions): Detector {
  const nationalId = NATIONAL_ID_DETECTORS[label];
  if (nationalId) return nationalId.create();
  switch (label) {
    case 'ADDRESS':
      return addressDetector({ countries: addressCountries(options.locales) });
    case 'PERSON':
      return personDetector({ knownNames: options.knownNames ?? [] });
    case 'EMAIL':
      return emailDetector();
    case 'PHONE': {
      const countries = options.locales ? countriesOf(options.locales) : DEFAULT_PHONE_COUNTRIES;
      return phoneDetector({ defaultCountries: countries });
    }
    case 'CREDIT_CARD':
      return creditCardDetector();
    case 'IBAN':
      return ibanDetector();
    case 'IP_ADDRESS':
      return ipAddressDetector();
    case 'US_SSN':
      return usSsnDetector();
    case 'FR_NIR':
      return frNirDetector();
    case 'API_KEY':
      return apiKeyDetector();
    case 'URL':
      return urlDetector();
    case 'FR_SIRET':
      return frSiretDetector();
    default:
      return frSirenDetector();
  }
}

/**
 * The built-in detectors: offline, no download, checksum-validated where a checksum exists.
 *
 * @example
 * const pii = createPii({ detectors: defaultDetectors() });
 * // A Swiss German conversation: CH and DE identifiers (CH_AHV, DE_TAX_ID), Swiss phones,
 * // Swiss and German postcodes (CH, DE) for ADDRESS.
 * defaultDetectors({ locales: ['de-CH'] });
 * // Only some labels, French and Swiss phone numbers first:
 * defaultDetectors({ labels: ['EMAIL', 'PHONE', 'IBAN', 'FR_SIRET'], locales: ['fr-FR', 'fr-CH'] });
 */
export function defaultDetectors(options: DefaultDetectorsOptions = {}): Detector[] {
  checkOptions('defaultDetectors', options, DEFAULT_DETECTORS_KEYS);
  let labels = options.labels ?? DEFAULT_LABELS;
  if (!options.labels && options.locales) {
    const countries = identifierCountries(options.locales);
    labels = labels.filter((label) => {
      if (label === 'ADDRESS') return ADDRESS_COUNTRIES.some((c) => countries.has(c));
      const nationalId = NATIONAL_ID_DETECTORS[label];
      return !nationalId || countries.has(nationalId.country);
    });
  }
  for (const label of labels) {
    if (!BUILTIN_LABELS.includes(label)) {
      throw new PiiConfigError(
        `defaultDetectors: unknown label "${label}". Built-in labels: ${BUILTIN_LABELS.join(', ')}; plug your own detector for others.`,
      );
    }
  }
  // Built-in order, whatever the order of `labels`, so ties between detectors stay stable.
  return BUILTIN_LABELS.filter((label) => labels.includes(label)).map((label) =>
    create(label, options),
  );
}
