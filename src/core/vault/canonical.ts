import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { addressSpellings, canonicalizeAddress } from '../detect/detectors/address/canonical';
import { PiiConfigError } from '../errors';

/** Maps a value to its identity within a label: values with one canonical form share a token. */
export type Canonicalizer = (value: string) => string;

const collapseSpaces = (s: string) => s.normalize('NFC').trim().replace(/\s+/gu, ' ');
const compact = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[\s.\-/]+/gu, '')
    .toUpperCase();

// Words of precomposed Latin letters joined by single spaces, apostrophes or hyphens: already
// in the form below but for case (NFC, no spacing to collapse, nothing to replace).
const PLAIN_NAME =
  /^[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+(?:[ '-][A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+)*$/;

/** Names: case, spacing, apostrophe and hyphen spacing do not make another person. */
export const canonicalizePerson: Canonicalizer = (v) =>
  PLAIN_NAME.test(v)
    ? v.toLowerCase()
    : collapseSpaces(v)
        .replace(/[\u2019\u02bc`´]/g, "'")
        .replace(/\s*-\s*/g, '-')
        .toLowerCase();

/** Countries tried, in order, for a national phone number with no country code. */
export const DEFAULT_PHONE_COUNTRIES = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH'] as const;

/**
 * Phones: E.164 when the number is valid, in international form or as a national number of
 * the first country in `countries` where it is valid; otherwise its digits.
 */
export function phoneCanonicalizer(
  countries: readonly string[] = DEFAULT_PHONE_COUNTRIES,
): Canonicalizer {
  if (!Array.isArray(countries) || countries.some((c) => typeof c !== 'string')) {
    throw new PiiConfigError(
      'phoneCanonicalizer(countries): `countries` must be an array of ISO country codes, e.g. ["FR", "BE"].',
    );
  }
  return (v) => {
    const intl = parsePhoneNumberFromString(v.replace(/^\s*00/, '+'));
    if (intl?.isValid()) return intl.number;
    for (const country of countries) {
      const parsed = parsePhoneNumberFromString(
        v,
        country as Parameters<typeof parsePhoneNumberFromString>[1],
      );
      if (parsed?.isValid()) return parsed.number;
    }
    const digits = v.replace(/[^\d+]/g, '');
    return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
  };
}

/** Canonicalisers of the built-in labels; any other label uses `canonicalizeDefault`. */
export const defaultCanonicalizers: Readonly<Record<string, Canonicalizer>> = {
  EMAIL: (v) => v.normalize('NFC').trim().toLowerCase(),
  PERSON: canonicalizePerson,
  PHONE: phoneCanonicalizer(),
  IBAN: compact,
  CREDIT_CARD: compact,
  US_SSN: compact,
  FR_NIR: compact,
  FR_SIRET: compact,
  FR_SIREN: compact,
  ES_NIF: compact,
  IT_FISCAL_CODE: compact,
  UK_NINO: compact,
  DE_TAX_ID: compact,
  NL_BSN: compact,
  BE_NATIONAL_NUMBER: compact,
  CH_AHV: compact,
  IP_ADDRESS: (v) => canonicalizeIp(v),
  ADDRESS: canonicalizeAddress,
};

/**
 * IP addresses: IPv4 as written; IPv6 in its RFC 5952 form (lower case, no leading zeros, the
 * longest run of zero groups as `::`), so `2001:0db8:0:0:0:0:0:1` is `2001:db8::1`.
 */
export function canonicalizeIp(value: string): string {
  const v = value.trim().toLowerCase();
  if (!v.includes(':')) return v;
  const [head = '', tail, ...rest] = v.split('::');
  if (rest.length > 0) return v;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let groups = parse(head);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) counts as two groups.
  const expand = (list: string[]) =>
    list.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const o = g.split('.').map(Number);
      if (o.length !== 4 || o.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) return [g];
      return [((o[0]! << 8) | o[1]!).toString(16), ((o[2]! << 8) | o[3]!).toString(16)];
    });
  groups = expand(groups);
  if (tail !== undefined) {
    const back = expand(parse(tail));
    const missing = 8 - groups.length - back.length;
    if (missing < 1) return v;
    groups = [...groups, ...Array<string>(missing).fill('0'), ...back];
  }
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return v;
  const short = groups.map((g) => g.replace(/^0+(?=.)/, ''));
  // The longest run of two or more zero groups (the first one on a tie) becomes `::`.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (short[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && short[j] === '0') j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best === -1) return short.join(':');
  return `${short.slice(0, best).join(':')}::${short.slice(best + bestLen).join(':')}`;
}

/** Other labels: Unicode NFC, spacing collapsed, case kept (API keys and URLs are case-sensitive). */
export const canonicalizeDefault: Canonicalizer = collapseSpaces;

/** Labels whose values are digit groups: the known-value sweep also matches them across separators. */
export const DIGIT_GROUP_LABELS: ReadonlySet<string> = new Set([
  'PHONE',
  'CREDIT_CARD',
  'IBAN',
  'US_SSN',
  'FR_NIR',
  'FR_SIRET',
  'FR_SIREN',
  'ES_NIF',
  'UK_NINO',
  'DE_TAX_ID',
  'NL_BSN',
  'BE_NATIONAL_NUMBER',
  'CH_AHV',
]);

/**
 * How identifiers with letters are also written: the digit view joins digits across one
 * separator, not a letter to a digit, so the letters' separators are spelled out
 * (`12345678-Z`, `X 1234567 L`, `AB 123456 C`, `RSS MRA 80A01 H501U`). Each returns nothing
 * for a canonical form of another length.
 */
const LETTER_SPELLINGS: Readonly<Record<string, (c: string) => string[]>> = {
  ES_NIF: (c) =>
    c.length !== 9
      ? []
      : /^[KLMXYZ]/.test(c)
        ? [
            `${c[0]}-${c.slice(1, 8)}-${c[8]}`,
            `${c[0]} ${c.slice(1, 8)} ${c[8]}`,
            `${c.slice(0, 8)}-${c[8]}`,
          ]
        : [`${c.slice(0, 8)}-${c[8]}`, `${c.slice(0, 8)} ${c[8]}`],
  // A NINO is known with its suffix (nine characters) or, when written without it, eight.
  UK_NINO: (c) =>
    c.length === 8
      ? [`${c.slice(0, 2)} ${c.slice(2)}`, `${c.slice(0, 2)}-${c.slice(2)}`]
      : c.length === 9
        ? [`${c.slice(0, 2)} ${c.slice(2, 8)} ${c[8]}`, `${c.slice(0, 2)}-${c.slice(2, 8)}-${c[8]}`]
        : [],
  IT_FISCAL_CODE: (c) =>
    c.length === 16 ? [`${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6, 11)} ${c.slice(11)}`] : [],
};

/**
 * Identifiers the detectors also read without their leading zeros (after a word naming them),
 * whose canonical form is padded: the sweep looks for the unpadded spelling too
 * (`1234567L` and `1234567-L` for `01234567L`, `12345672` for `012345672`).
 */
const UNPADDED_SPELLINGS: Readonly<Record<string, (c: string) => string[]>> = {
  ES_NIF: (c) => {
    const digits = /^0+([1-9]\d{4,6})([A-Z])$/.exec(c);
    return digits ? [`${digits[1]}${digits[2]}`, `${digits[1]}-${digits[2]}`] : [];
  },
  NL_BSN: (c) => (/^0\d{8}$/.test(c) ? [c.slice(1)] : []),
};

const phoneVariants = new Map<string, string[]>();

const NON_DIGITS = /\D/g;

/**
 * Other spellings under which a known value may come back: for an identifier with letters, its
 * separators between letters and digits (see `LETTER_SPELLINGS`); for a phone, its national format
 * (`06 12 34 56 78` for `+33612345678`), its digits without `+` or with `00`, and the digits of
 * its national format (`0612345678`); for an address, its street word's other spellings, its
 * commas and its street line alone (`addressSpellings`); for a DNI or BSN read without its
 * leading zeros, that spelling (`UNPADDED_SPELLINGS`). Used by the known-value sweep.
 */
export function spellingVariants(label: string, canonical: string): string[] {
  if (label === 'ADDRESS') return cachedAddressSpellings(canonical);
  const letters = LETTER_SPELLINGS[label];
  const unpadded = UNPADDED_SPELLINGS[label]?.(canonical) ?? [];
  if (letters) return [...letters(canonical), ...unpadded];
  if (unpadded.length > 0) return unpadded;
  if (label !== 'PHONE' || !canonical.startsWith('+')) return [];
  const cached = phoneVariants.get(canonical);
  if (cached) return cached;
  const parsed = parsePhoneNumberFromString(canonical);
  const digits = canonical.slice(1);
  // National and international formats, the bare digits a system may store (MSISDN, `00`), and
  // the national form's digits (`05321234567`): the sweep reads those as they are, next to
  // other digits too (`ID 05321234567 05321234567`). Not the national number without its
  // prefix: `612345678` of +33 6 12 34 56 78 is also the Spanish +34 612 34 56 78.
  const national = parsed?.isValid() ? parsed.formatNational() : '';
  const variants = parsed?.isValid()
    ? [
        national,
        parsed.formatInternational(),
        digits,
        `00${digits}`,
        national.replace(NON_DIGITS, ''),
      ]
    : [];
  // Matchers are rebuilt as vaults grow: formatting each known phone once is enough.
  if (phoneVariants.size >= 10_000) phoneVariants.delete(phoneVariants.keys().next().value!);
  phoneVariants.set(canonical, variants);
  return variants;
}

const addressVariants = new Map<string, string[]>();

/** `addressSpellings`, remembered: matchers are rebuilt as vaults grow. */
function cachedAddressSpellings(canonical: string): string[] {
  const cached = addressVariants.get(canonical);
  if (cached) return cached;
  const variants = addressSpellings(canonical);
  if (addressVariants.size >= 10_000) addressVariants.delete(addressVariants.keys().next().value!);
  addressVariants.set(canonical, variants);
  return variants;
}
