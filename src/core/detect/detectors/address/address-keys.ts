import type { DetectedSpan } from '../../types';
import { nameKey } from '../person-names/name-key';

// Keys and form labels whose value is a postal address (`"address": "…"`, `Adresse : …`,
// `Anschrift: …`), and the reading of such a value: a JSON (or Python) pair written in a text,
// a label at the start of a line, or the value of a structured one that anonymize gives the
// detectors behind its key (`addressKeyContext`).

/**
 * `address`: the key says its value is a postal address (`street`, `Anschrift`, `indirizzo`).
 * `ambiguous`: the key names e-mail, IP and wallet addresses as often (`address`, `adresse`,
 * `adres`, `dirección`): its value must read as a postal one (words and a number, no `@`, no
 * `://`, not a run of hex digits, dots or colons).
 */
export type AddressKeyKind = 'address' | 'ambiguous';

export interface AddressKeyRow {
  lang: 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl';
  kind: AddressKeyKind;
  /** Keys as people write them; matched without case, accents, `_`, `-`, `.` or blanks. */
  keys: readonly string[];
}

const words = (list: string) => list.split(/\s*,\s*/).filter(Boolean);

export const ADDRESS_KEYS: readonly AddressKeyRow[] = [
  {
    lang: 'en',
    kind: 'address',
    keys: words(`street, street address, street line, address line, address line 1, address line 2,
      address 1, address 2, billing address, shipping address, postal address, mailing address,
      home address, delivery address, residential address, physical address, full address`),
  },
  { lang: 'en', kind: 'ambiguous', keys: words('address, addr') },
  {
    lang: 'fr',
    kind: 'address',
    keys: words(`adresse postale, adresse de livraison, adresse de facturation, adresse complète,
      domicile, rue, voie, adresse du domicile`),
  },
  { lang: 'fr', kind: 'ambiguous', keys: words('adresse') },
  {
    lang: 'de',
    kind: 'address',
    keys: words(`anschrift, postanschrift, straße, strasse, straße und hausnummer, straße hausnummer,
      lieferadresse, rechnungsadresse, wohnadresse, privatadresse`),
  },
  {
    lang: 'es',
    kind: 'address',
    keys: words(`domicilio, calle, dirección postal, dirección de envío, dirección de facturación,
      dirección completa`),
  },
  { lang: 'es', kind: 'ambiguous', keys: words('dirección') },
  {
    lang: 'it',
    kind: 'address',
    keys: words(`indirizzo, residenza, recapito, indirizzo di spedizione, indirizzo di fatturazione,
      indirizzo completo`),
  },
  {
    lang: 'nl',
    kind: 'address',
    keys: words('straat, postadres, woonadres, bezorgadres, factuuradres'),
  },
  { lang: 'nl', kind: 'ambiguous', keys: words('adres') },
];

/** A key without case, accents or separators: `Street_Address`, `streetAddress`, `Straße`. */
const compactKey = (key: string) =>
  nameKey(key)
    .replace(/ß/g, 'ss')
    .replace(/[\s_.-]/g, '');

const KINDS: ReadonlyMap<string, AddressKeyKind> = new Map(
  ADDRESS_KEYS.flatMap((row) => row.keys.map((key) => [compactKey(key), row.kind] as const)),
);
const LONGEST_KEY = Math.max(...ADDRESS_KEYS.flatMap((row) => row.keys.map((k) => k.length))) + 8;
/** The last letters of the keys, lower case: a colon after another character names none. */
const LAST_LETTERS = new Set([...KINDS.keys()].map((k) => k.charCodeAt(k.length - 1)));
const endsLikeKey = (c: number) => LAST_LETTERS.has(c >= 65 && c <= 90 ? c + 32 : c);

/**
 * Whether `key` names a postal address (`ADDRESS_KEYS`), and how surely.
 *
 * @example
 * addressKeyKind('street_address'); // 'address'
 * addressKeyKind('address'); // 'ambiguous'
 * addressKeyKind('emailAddress'); // undefined
 */
export function addressKeyKind(key: string): AddressKeyKind | undefined {
  if (key.length === 0 || key.length > LONGEST_KEY) return undefined;
  return KINDS.get(compactKey(key));
}

// A value of an address: a digit (no house number, postcode or box: no address, see the
// rule for prose) and a word of two letters or more; under an ambiguous key, two words or more
// and nothing of an e-mail, a URL, an IP or a hex string.
const DIGIT = /[0-9]/;
const WORD = /\p{L}{2}/u;
const NOT_POSTAL = /@|:\/\/|^(?:0x)?[0-9a-f]{16,200}$|^[0-9a-f:.]{1,200}$/i;

/** Whether `value`, under a key of `kind`, reads as a postal address. */
export function readsAsAddress(value: string, kind: AddressKeyKind): boolean {
  if (!DIGIT.test(value) || !WORD.test(value)) return false;
  if (kind === 'address') return !value.includes('@');
  return !NOT_POSTAL.test(value) && value.trim().includes(' ');
}

const MAX_VALUE = 200;
const MAX_LABEL = 40;
const isQuote = (c: number) => c === 34 || c === 39;
const isBlankCode = (c: number) => c === 32 || c === 9 || c === 0xa0;
const isLineEnd = (c: number) => c === 10 || c === 13;
const LABEL = /^[\p{L}][\p{L}\p{M} _.'’-]{0,39}$/u;

/** The value's range with blanks and a final `.`, `,` or `;` left out, or undefined if empty. */
function trimmed(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  let s = start;
  let e = end;
  while (s < e && isBlankCode(text.charCodeAt(s))) s++;
  while (e > s && (isBlankCode(text.charCodeAt(e - 1)) || ',;.'.includes(text[e - 1]!))) e--;
  return e > s ? { start: s, end: e } : undefined;
}

/** The value of the pair or label whose `:` is at `colon`, and its key's kind, or undefined. */
function fieldAt(
  text: string,
  colon: number,
): { kind: AddressKeyKind; start: number; end: number } | undefined {
  let k = colon - 1;
  for (let b = 0; b < 2 && k >= 0 && isBlankCode(text.charCodeAt(k)); b++) k--;
  if (k < 0) return undefined;
  if (isQuote(text.charCodeAt(k))) {
    // `"street": "Hauptstraße 5"`
    if (k < 1 || !endsLikeKey(text.charCodeAt(k - 1))) return undefined;
    const quote = text.charCodeAt(k);
    const floor = Math.max(0, k - MAX_LABEL - 1);
    let open = k - 1;
    while (open >= floor && text.charCodeAt(open) !== quote) open--;
    if (open < floor) return undefined;
    const kind = addressKeyKind(text.slice(open + 1, k));
    if (!kind) return undefined;
    let v = colon + 1;
    for (let b = 0; b < 3 && v < text.length && isBlankCode(text.charCodeAt(v)); b++) v++;
    if (!isQuote(text.charCodeAt(v))) return undefined;
    const valueQuote = text.charCodeAt(v);
    const ceiling = Math.min(text.length, v + 1 + MAX_VALUE + 1);
    let end = v + 1;
    while (end < ceiling) {
      const c = text.charCodeAt(end);
      if (c === valueQuote || c === 92 || isLineEnd(c)) break;
      end++;
    }
    if (end >= ceiling || text.charCodeAt(end) !== valueQuote) return undefined;
    const range = trimmed(text, v + 1, end);
    return range && { kind, ...range };
  }
  // `Adresse : 12 rue des Lilas, 69003 Lyon` at the start of a line (after blanks, `-`, `*`).
  if (!endsLikeKey(text.charCodeAt(k))) return undefined;
  let lineStart = k;
  const floor = Math.max(0, k - MAX_LABEL);
  while (lineStart > floor && !isLineEnd(text.charCodeAt(lineStart - 1))) lineStart--;
  if (lineStart > 0 && !isLineEnd(text.charCodeAt(lineStart - 1))) return undefined;
  let labelStart = lineStart;
  while (
    labelStart < k &&
    (isBlankCode(text.charCodeAt(labelStart)) || '-*•>'.includes(text[labelStart]!))
  )
    labelStart++;
  const label = text.slice(labelStart, k + 1);
  if (!LABEL.test(label)) return undefined;
  const kind = addressKeyKind(label);
  if (!kind) return undefined;
  let end = colon + 1;
  const ceiling = Math.min(text.length, colon + 1 + MAX_VALUE);
  while (end < ceiling && !isLineEnd(text.charCodeAt(end))) end++;
  if (end === ceiling && end < text.length && !isLineEnd(text.charCodeAt(end))) return undefined;
  const range = trimmed(text, colon + 1, end);
  return range && { kind, ...range };
}

/**
 * The values under keys and labels that name a postal address in `text`, as ADDRESS spans: a
 * JSON or Python pair written in a text (`"street": "Hauptstraße 5"`), a label that starts a line
 * (`Anschrift: Unter den Linden 77`), or a value of a structured one that anonymize reads behind
 * its key (`addressKeyContext`). The whole value is the address (with its country, if written).
 * Reads the text only around its colons, a bounded stretch each.
 *
 * @example
 * addressesUnderKeys('{"street": "Hauptstraße 5", "email_address": "a@b.de"}');
 * // [{ start: 12, end: 25, label: 'ADDRESS', score: 0.9 }]
 */
export function addressesUnderKeys(text: string): DetectedSpan[] {
  const spans: DetectedSpan[] = [];
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    const field = fieldAt(text, colon);
    if (!field || !readsAsAddress(text.slice(field.start, field.end), field.kind)) continue;
    spans.push({ start: field.start, end: field.end, label: 'ADDRESS', score: 0.9 });
  }
  return spans;
}

/**
 * The text to read a value behind when it is the value of `key` in a structured value: the key
 * written as a JSON key (`"address": "`) for the keys that name a postal address; undefined for
 * other keys.
 *
 * @example
 * addressKeyContext('shippingAddress'); // '"shippingaddress": "'
 * addressKeyContext('ip_address'); // undefined
 */
export function addressKeyContext(key: string): string | undefined {
  if (key.length === 0 || key.length > 64) return undefined;
  const compact = compactKey(key);
  return KINDS.has(compact) ? `"${compact}": "` : undefined;
}

/** The regexes of this file, for the ReDoS shape test. */
export const ADDRESS_KEY_PATTERNS: readonly RegExp[] = [DIGIT, WORD, NOT_POSTAL, LABEL];
