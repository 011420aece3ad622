/**
 * The structure of the BBAN (the part after the country code and check digits) of the SEPA
 * countries' IBANs, from the SWIFT IBAN registry: `n` digits, `a` upper-case letters, `c`
 * either, with their counts. An IBAN whose mod-97 check fails but whose country, length and
 * BBAN structure hold is a mistyped IBAN: `ibanDetector` masks it whole (a lower score), so
 * that no part of it is read as another value and the rest left in clear.
 */
export const BBAN_FORMATS: Readonly<Record<string, string>> = {
  AD: '4n4n12c',
  AT: '5n11n',
  BE: '3n7n2n',
  BG: '4a4n2n8c',
  CH: '5n12c',
  CY: '3n5n16c',
  CZ: '4n6n10n',
  DE: '8n10n',
  DK: '4n9n1n',
  EE: '2n2n11n1n',
  ES: '4n4n1n1n10n',
  FI: '3n11n',
  FR: '5n5n11c2n',
  GB: '4a6n8n',
  GI: '4a15c',
  GR: '3n4n16c',
  HR: '7n10n',
  HU: '3n4n1n15n1n',
  IE: '4a6n8n',
  IS: '4n2n6n10n',
  IT: '1a5n5n12c',
  LI: '5n12c',
  LT: '5n11n',
  LU: '3n13c',
  LV: '4a13c',
  MC: '5n5n11c2n',
  MT: '4a5n18c',
  NL: '4a10n',
  NO: '4n6n1n',
  PL: '8n16n',
  PT: '4n4n11n2n',
  RO: '4a16c',
  SE: '3n16n1n',
  SI: '5n8n2n',
  SK: '4n6n10n',
  SM: '1a5n5n12c',
  VA: '3n15n',
};

const CLASSES: Readonly<Record<string, string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' };
const PARTS = /(\d{1,2})([nac])/g;

/** The BBAN pattern of each country of `BBAN_FORMATS`, built once. */
const PATTERNS = new Map(
  Object.entries(BBAN_FORMATS).map(([country, format]) => [
    country,
    new RegExp(
      `^${[...format.matchAll(PARTS)].map(([, n, c]) => `${CLASSES[c!]}{${n}}`).join('')}$`,
    ),
  ]),
);

/** Exported for the ReDoS shape test. */
export const IBAN_FORMAT_PATTERNS: readonly RegExp[] = [PARTS, ...PATTERNS.values()];

/**
 * Whether a compact IBAN (upper case, no spaces) has the BBAN structure of its country
 * (`undefined` for a country whose structure this table does not hold).
 *
 * @example
 * hasBbanStructure('FR7630006000011234567890188'); // true: the structure holds, whatever the check
 */
export function hasBbanStructure(compactIban: string): boolean | undefined {
  const pattern = PATTERNS.get(compactIban.slice(0, 2));
  return pattern?.test(compactIban.slice(4));
}

/** How long the BBAN of `format` is (`5n5n11c2n`: 23). */
export function bbanLength(format: string): number {
  let length = 0;
  for (const [, n] of format.matchAll(PARTS)) length += Number(n);
  return length;
}
