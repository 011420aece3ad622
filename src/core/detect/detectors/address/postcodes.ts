/**
 * The postcode formats of the countries the ADDRESS detector reads, with each one's checks.
 * Sources: La Poste (FR: department 01–95, overseas 971–978 and 980–989, Corsica in 20),
 * Deutsche Post (DE: 01001–99998), Correos (ES: province 01–52), Poste Italiane (IT:
 * 00010–98168), Royal Mail's PAF format (UK), USPS (US: ZIP 00501–99950 after a state), bpost
 * (BE: 1000–9992), Swiss Post (CH: 1000–9658), PostNL (NL: 1000–9999 and two letters, not SA,
 * SD or SS).
 */

/** Countries with a postcode format here. */
export const ADDRESS_COUNTRIES = ['FR', 'DE', 'ES', 'IT', 'GB', 'US', 'BE', 'CH', 'NL'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

/** How the postcode is written: digits, digits and two letters (NL), or the UK's own shape. */
export type PostcodeShape = 'digits5' | 'digits4' | 'digits4-letters' | 'uk';

export interface PostcodeFormat {
  country: AddressCountry;
  shape: PostcodeShape;
  /** Letters written before the code and a dash (`F-69003`, `CH-8001`), upper case. */
  prefixes: readonly string[];
  /** Whether `code` (digits only, or the UK code without its space) is one of the country's. */
  valid(code: string): boolean;
}

const between = (code: string, low: number, high: number) => {
  const n = Number(code);
  return n >= low && n <= high;
};

// Royal Mail: outward code A9, A99, A9A, AA9, AA99, AA9A; inward 9AA. The letters each place
// may hold (no Q, V, X first; no I, J, Z second; no C, I, K, M, O, V in the inward code).
// PostNL leaves SA, SD and SS unused.
const NL_UNUSED = /^[0-9]{4}(?:SA|SD|SS)$/;

const UK_CODE =
  /^(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2}$/;

export const POSTCODE_FORMATS: readonly PostcodeFormat[] = [
  {
    country: 'FR',
    shape: 'digits5',
    prefixes: ['F', 'FR'],
    valid: (c) => {
      const dept = Number(c.slice(0, 2));
      const three = Number(c.slice(0, 3));
      return (
        (dept >= 1 && dept <= 95) ||
        (three >= 971 && three <= 978) ||
        (three >= 980 && three <= 989)
      );
    },
  },
  { country: 'DE', shape: 'digits5', prefixes: ['D', 'DE'], valid: (c) => between(c, 1001, 99998) },
  {
    country: 'ES',
    shape: 'digits5',
    prefixes: ['E', 'ES'],
    valid: (c) => between(c.slice(0, 2), 1, 52) && !c.endsWith('000'),
  },
  { country: 'IT', shape: 'digits5', prefixes: ['I', 'IT'], valid: (c) => between(c, 10, 98168) },
  { country: 'US', shape: 'digits5', prefixes: [], valid: (c) => between(c, 501, 99950) },
  { country: 'BE', shape: 'digits4', prefixes: ['B', 'BE'], valid: (c) => between(c, 1000, 9992) },
  { country: 'CH', shape: 'digits4', prefixes: ['CH'], valid: (c) => between(c, 1000, 9658) },
  {
    country: 'NL',
    shape: 'digits4-letters',
    prefixes: ['NL'],
    valid: (c) => between(c.slice(0, 4), 1000, 9999) && !NL_UNUSED.test(c),
  },
  {
    country: 'GB',
    shape: 'uk',
    prefixes: ['GB', 'UK'],
    valid: (c) => c === 'GIR0AA' || UK_CODE.test(c),
  },
];

/** US state and territory codes (USPS), for `City, ST 12345`. */
export const US_STATES: ReadonlySet<string> = new Set(
  `AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ
   NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP AA AE AP`
    .trim()
    .split(/\s+/),
);

/** The regexes of this file, for the ReDoS shape test. */
export const POSTCODE_PATTERNS: readonly RegExp[] = [UK_CODE, NL_UNUSED];
