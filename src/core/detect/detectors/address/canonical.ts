import {
  canonicalStreetWord,
  spellingsOf,
  streetSuffixOf,
  suffixSpellingsOf,
} from './street-words';
import { wordKey } from './word-key';

// The identity of an address in the vault, and the other spellings under which a known one
// may come back (for the sweep of known values).

/** Markers before a house number, left out of the identity (`Via Roma n. 1` is `Via Roma 1`). */
const NUMBER_MARKS = new Set(['n', 'nº', 'n°', 'no', 'nr', 'num', 'numero']);
/** Letters after a house number, glued in the identity (`12 bis` is `12bis`). */
const NUMBER_SUFFIXES = new Set(['bis', 'ter', 'quater', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
const DIGITS = /^[0-9]{1,5}$/;
const PREFIXED_POSTCODE = /^[a-z]{1,2}-([0-9]{4,5})$/;
const UK_COMPACT = /^([a-z]{1,2}[0-9][a-z0-9]?)([0-9][a-z]{2})$/;
const NL_LETTERS = /^[a-z]{2}$/;
const LETTER_HYPHEN = /(\p{L})-(?=\p{L})/gu;
const BRACKETS = /[()[\]]/g;
const SEPARATORS = /[\s,;]{1,64}/u;
const DASHES = new Set(['-', '–', '—', '|', '/']);

/** One word of the identity: a street word in its canonical spelling, dots left out. */
function canonicalWord(token: string): string {
  const dot = token.endsWith('.');
  const bare = dot ? token.slice(0, -1) : token;
  const word = canonicalStreetWord(bare, dot);
  if (word) return word;
  const suffix = streetSuffixOf(bare, dot);
  if (suffix) return bare.slice(0, bare.length - suffixLength(bare, suffix.key)) + suffix.canonical;
  return bare.replace(/\./g, '');
}
const suffixLength = (word: string, suffix: string) => (word.endsWith(suffix) ? suffix.length : 0);

/**
 * The canonical form of an address: lower case, no accents, `ß` as `ss`, blanks and line
 * breaks as one space, no commas or semicolons, street words in one spelling (`r.`, `rue`;
 * `Str.`, `Straße`; `Av.`, `Avenue`, `Avda.`; `St`, `Street`), `12 bis` as `12bis`, number
 * markers (`n.`, `Nr.`) and country prefixes of postcodes (`F-`) left out. Two spellings of one
 * address share one token.
 *
 * @example
 * canonicalizeAddress('12, r. des Lilas\n69003 LYON'); // '12 rue des lilas 69003 lyon'
 * canonicalizeAddress('Hauptstr. 5'); // 'hauptstrasse 5'
 */
export function canonicalizeAddress(value: string): string {
  const raw = wordKey(value.normalize('NFC'))
    // `Victor-Hugo` is `Victor Hugo`; `(RM)` is `RM`.
    .replace(LETTER_HYPHEN, '$1 ')
    .replace(BRACKETS, ' ')
    .split(SEPARATORS)
    .filter((t) => t.length > 0 && !DASHES.has(t));
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i]!;
    const next = raw[i + 1];
    if (NUMBER_MARKS.has(token.replace(/\.$/, '')) && next !== undefined && /^[0-9]/.test(next))
      continue;
    const prefixed = PREFIXED_POSTCODE.exec(token);
    if (prefixed) {
      out.push(prefixed[1]!);
      continue;
    }
    const uk = UK_COMPACT.exec(token);
    if (uk) {
      out.push(uk[1]!, uk[2]!);
      continue;
    }
    const word = canonicalWord(token);
    const last = out[out.length - 1];
    if (last !== undefined && DIGITS.test(last) && NUMBER_SUFFIXES.has(word)) {
      out[out.length - 1] = last + word;
    } else if (last !== undefined && /^[0-9]{4}$/.test(last) && NL_LETTERS.test(word) && i > 0) {
      // `1012 AB` and `1012AB` (NL)
      out[out.length - 1] = last + word;
    } else if (last !== undefined && word.length === 1 && /^[a-z]$/.test(last)) {
      // `P. O. Box`, `B. P.`: letters written apart.
      out[out.length - 1] = last + word;
    } else out.push(word);
  }
  return out.join(' ');
}

/** Most spellings the sweep looks for per known address. */
const MAX_SPELLINGS = 16;
const POSTCODE_TOKEN = /^[0-9]{4,5}(?:[a-z]{2})?$/;
const NUMBER_TOKEN = /^[0-9]/;
const DIRECTIONS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw']);

/** Where the street word is in `tokens`, and its other spellings (whole word or compound). */
function streetWordIn(tokens: readonly string[]): { at: number; spellings: string[] } {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const whole = spellingsOf(t);
    if (whole.length > 0) return { at: i, spellings: whole.map(wordKey).filter((s) => s !== t) };
    const suffix = streetSuffixOf(t, false);
    if (suffix && t.endsWith(suffix.canonical)) {
      const base = t.slice(0, t.length - suffix.canonical.length);
      const spellings = suffixSpellingsOf(suffix.canonical).map((s) => base + wordKey(s));
      return { at: i, spellings: spellings.filter((s) => s !== t) };
    }
  }
  return { at: -1, spellings: [] };
}

/**
 * Other spellings of the address whose canonical form is `canonical`, as people write it: each
 * street word in its other spellings (`rue`, `r.`; `strasse`, `str.`; `avenue`, `av.`, `ave`),
 * with commas where people put them (after the street line, before the postcode), and the
 * street line alone (house number and street, without postcode and city). At most 16.
 *
 * @example
 * addressSpellings('12 rue des lilas 69003 lyon');
 * // ['12 rue des lilas, 69003 lyon', '12 r. des lilas 69003 lyon', …, '12 rue des lilas', …]
 */
export function addressSpellings(canonical: string): string[] {
  const tokens = canonical.split(' ');
  const { at, spellings } = streetWordIn(tokens);
  // The postcode: the first number of four or five digits (two letters too, NL) after the
  // street word that a word (its city) follows.
  let postcode = -1;
  for (let i = Math.max(1, at + 1); i < tokens.length - 1 && postcode < 0; i++) {
    if (POSTCODE_TOKEN.test(tokens[i]!) && !NUMBER_TOKEN.test(tokens[i + 1]!)) postcode = i;
  }
  // Where the street line ends when the city follows it without a postcode first (UK, US):
  // after the street word closing it, or after the house number after the name.
  let lineEnd = postcode;
  if (lineEnd < 0 && at >= 0) {
    let k = at + 1;
    while (k < tokens.length && !NUMBER_TOKEN.test(tokens[k]!) && at > 0) k++;
    lineEnd = at === 0 || k >= tokens.length ? -1 : k + 1;
    // `1600 pennsylvania avenue nw`: the number first, the line ends with the street word (and
    // a direction after it).
    if (at > 0 && NUMBER_TOKEN.test(tokens[0]!))
      lineEnd = DIRECTIONS.has(tokens[at + 1] ?? '') ? at + 2 : at + 1;
    if (lineEnd >= tokens.length) lineEnd = -1;
  }
  // Where people put commas: after the street line, after a house number that comes first
  // (`12, rue des Lilas`), before one that comes after the name (`Via Roma, 1`).
  const commas: number[] = [];
  if (lineEnd > 0) commas.push(lineEnd);
  if (at === 1 && NUMBER_TOKEN.test(tokens[0]!)) commas.push(1);
  const after = tokens.findIndex((t, i) => i > at && at >= 0 && NUMBER_TOKEN.test(t));
  if (at === 0 && after > 1 && after !== lineEnd) commas.push(after);
  const forms = (list: readonly string[]) => {
    const out: string[] = [];
    for (let mask = 0; mask < 1 << commas.length; mask++) {
      out.push(
        list
          .map((t, i) => (commas.some((c, k) => c === i + 1 && mask & (1 << k)) ? `${t},` : t))
          .join(' '),
      );
    }
    return out;
  };
  const variants: string[] = [];
  const add = (s: string) => {
    if (s !== canonical && !variants.includes(s) && variants.length < MAX_SPELLINGS)
      variants.push(s);
  };
  const swapped = (list: readonly string[], spelling: string) =>
    list.map((t, i) => (i === at ? spelling : t));
  // The street line alone, with its street word: `12 lyon` alone is no address.
  const line = lineEnd > 0 && at >= 0 && at < lineEnd ? tokens.slice(0, lineEnd) : undefined;
  // As written first, then in the other spellings of its street word (the list is capped).
  for (const s of forms(tokens)) add(s);
  if (line) add(line.join(' '));
  for (const spelling of spellings) {
    for (const s of forms(swapped(tokens, spelling))) add(s);
    if (line) add(swapped(line, spelling).join(' '));
  }
  return variants;
}

/** The regexes of this file, for the ReDoS shape test. */
export const ADDRESS_CANONICAL_PATTERNS: readonly RegExp[] = [
  DIGITS,
  PREFIXED_POSTCODE,
  UK_COMPACT,
  NL_LETTERS,
  POSTCODE_TOKEN,
  NUMBER_TOKEN,
  LETTER_HYPHEN,
  BRACKETS,
  SEPARATORS,
];
