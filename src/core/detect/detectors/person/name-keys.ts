// Keys whose value is a person's name, per language (`first_name`, `prénom`, `Nachname`), and
// the reading of such a value: a JSON pair in a text (`"last_name": "quarbet"`), or a string of a
// structured value that anonymize gives the detectors behind its key (`keyContext`).

import type { DetectedSpan } from '../../types';
import {
  IN_FIRST_NAMES,
  IN_NATIONALITIES,
  IN_ORGANISATIONS,
  IN_PARTICLES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_SURNAMES,
  KEY_FLAGS,
  nameKey,
} from '../person-names/lexicon';
import { JSON_KEY_BEFORE } from './context';
import { NO_NAME } from './tables';
import type { CueLanguage } from './titles';

/**
 * `name`: the key says its value is a name or a part of one; the value is a name whatever its
 * case. `ambiguous`: the key names files, products, tools and packages as often as people (bare
 * `name`, `nom`, `nombre`, `nome`, `display_name`); a value in lower case is a name only with 2
 * to 4 words, one of them a given or family name of the lists (`john quarbet`, not `dark mode`
 * nor `react-dom`); capitalised values are read by the scan, the key as their label.
 */
export type NameKeyKind = 'name' | 'ambiguous';

export interface NameKeyRow {
  lang: CueLanguage;
  kind: NameKeyKind;
  /** Keys as people write them; matched without case, accents, `_`, `-`, `.` or spaces. */
  keys: readonly string[];
}

const words = (list: string) => list.split(/\s*,\s*/).filter(Boolean);

export const NAME_KEYS: readonly NameKeyRow[] = [
  {
    lang: 'en',
    kind: 'name',
    keys: words(`full name, first name, last name, given name, family name, middle name, surname,
      contact name, customer name, client name`),
  },
  { lang: 'en', kind: 'ambiguous', keys: words('name, display name') },
  { lang: 'fr', kind: 'name', keys: words('prénom, nom de famille, nom complet') },
  { lang: 'fr', kind: 'ambiguous', keys: words('nom') },
  { lang: 'de', kind: 'name', keys: words('vorname, nachname, familienname') },
  { lang: 'es', kind: 'name', keys: words('apellido, apellidos, nombre completo') },
  // `nombre` is a number in French too.
  { lang: 'es', kind: 'ambiguous', keys: words('nombre') },
  { lang: 'it', kind: 'name', keys: words('cognome, nome completo') },
  { lang: 'it', kind: 'ambiguous', keys: words('nome') },
];

/** A key without case, accents or separators: `First_Name`, `firstName`, `first-name`. */
const compactKey = (key: string) => nameKey(key).replace(/[\s_.-]/g, '');

const KINDS: ReadonlyMap<string, NameKeyKind> = new Map(
  NAME_KEYS.flatMap((row) => row.keys.map((key) => [compactKey(key), row.kind] as const)),
);
const LONGEST_KEY = Math.max(...NAME_KEYS.flatMap((row) => row.keys.map((k) => k.length))) + 8;

/**
 * Whether `key` names a person (`NAME_KEYS`), and how surely.
 *
 * @example
 * nameKeyKind('firstName'); // 'name'
 * nameKeyKind('name'); // 'ambiguous'
 * nameKeyKind('filename'); // undefined
 */
export function nameKeyKind(key: string): NameKeyKind | undefined {
  if (key.length === 0 || key.length > LONGEST_KEY) return undefined;
  return KINDS.get(compactKey(key));
}

// 1 to 4 words of letters, joined by one space; inside a word, `-` or an apostrophe between
// letters (`montier-quarbet`, `d'orsay`). Bounded: linear on any value.
const NAME_SHAPE =
  /^[\p{L}\p{M}]{1,40}(?:['’-][\p{L}\p{M}]{1,40}){0,3}(?: [\p{L}\p{M}]{1,40}(?:['’-][\p{L}\p{M}]{1,40}){0,3}){0,3}$/u;
const NOT_A_NAME_WORD = IN_STOP_WORDS | IN_ORGANISATIONS | IN_PLACES | IN_NATIONALITIES;

/**
 * The value under a key of `kind`, `[start, end)` in `text`, as a name: a name's shape, no word
 * a common word, a firm's, a place's or a placeholder (`unknown`, `test`), and under an
 * `ambiguous` key, 2 words or more, one of the lists.
 */
function readsAsName(text: string, start: number, end: number, kind: NameKeyKind): boolean {
  const value = text.slice(start, end);
  if (!NAME_SHAPE.test(value) || NO_NAME.has(nameKey(value))) return false;
  const parts = value.split(' ');
  let listed = false;
  let particles = 0;
  for (const part of parts) {
    for (const word of part.split(/['’-]/)) {
      const flags = KEY_FLAGS.get(nameKey(word)) ?? 0;
      if (flags & IN_PARTICLES) {
        particles++;
        continue;
      }
      if (flags & NOT_A_NAME_WORD) return false;
      if (flags & (IN_FIRST_NAMES | IN_SURNAMES)) listed = true;
    }
  }
  // Particles alone (`de la`) are no name.
  if (particles === parts.length) return false;
  return kind === 'name' || (parts.length >= 2 && listed);
}

// A JSON (or Python) pair with a string value on one line, read from its `:`:
// `"first_name": "gwénola"`, `'Nachname': 'de montier'`. The key (a letter, then letters, digits,
// blanks, `_` `.` `-`) is looked up in `NAME_KEYS`; the value read by `readsAsName`.
const KEY = /^[\p{L}][\p{L}\p{M}\d _.-]{0,40}$/u;
const MAX_KEY = 41;
const MAX_VALUE = 200;

const isQuote = (code: number) => code === 34 || code === 39;
const isBlankCode = (code: number) => code === 32 || code === 9;

/** The value `[start, end)` of the pair whose `:` is at `colon`, or undefined. */
function pairAt(
  text: string,
  colon: number,
): { kind: NameKeyKind; start: number; end: number } | undefined {
  // Back over `[ \t]{0,2}` to the key's closing quote, then to its opening one.
  let k = colon - 1;
  for (let b = 0; b < 2 && k >= 0 && isBlankCode(text.charCodeAt(k)); b++) k--;
  if (k < 1 || !isQuote(text.charCodeAt(k))) return undefined;
  const quote = text.charCodeAt(k);
  const keyEnd = k;
  const floor = Math.max(0, keyEnd - MAX_KEY - 1);
  let open = keyEnd - 1;
  while (open >= floor && text.charCodeAt(open) !== quote) open--;
  if (open < floor || open === keyEnd - 1) return undefined;
  const key = text.slice(open + 1, keyEnd);
  if (!KEY.test(key)) return undefined;
  const kind = nameKeyKind(key);
  if (!kind) return undefined;
  // On over `[ \t]{0,3}` to the value's opening quote, then to its closing one.
  let v = colon + 1;
  for (let b = 0; b < 3 && v < text.length && isBlankCode(text.charCodeAt(v)); b++) v++;
  if (v >= text.length || !isQuote(text.charCodeAt(v))) return undefined;
  const valueQuote = text.charCodeAt(v);
  const start = v + 1;
  const ceiling = Math.min(text.length, start + MAX_VALUE + 1);
  let end = start;
  while (end < ceiling) {
    const code = text.charCodeAt(end);
    if (code === valueQuote || code === 92 || code === 10 || code === 13) break;
    end++;
  }
  if (end === start || end >= ceiling || text.charCodeAt(end) !== valueQuote) return undefined;
  return { kind, start, end };
}

/**
 * Adds to `spans` (the scan's, in the same text) the values under keys that name a person in
 * `text` (`NAME_KEYS`), as PERSON spans, but where the scan found the same range: a JSON or
 * Python pair written in a text, or a value of a structured one that anonymize detects behind
 * its key (`keyContext`). Reads the text only around its colons, a bounded stretch each.
 *
 * @example
 * const spans: DetectedSpan[] = [];
 * addNamesUnderKeys('{"first_name": "gwénola", "name": "react-dom"}', spans);
 * // spans: [{ start: 16, end: 23, label: 'PERSON', score: 0.9 }]
 */
export function addNamesUnderKeys(text: string, spans: DetectedSpan[]): void {
  let ranges: Set<string> | undefined;
  let added = false;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    const pair = pairAt(text, colon);
    if (!pair || !readsAsName(text, pair.start, pair.end, pair.kind)) continue;
    ranges ??= new Set(spans.map((s) => `${s.start}:${s.end}`));
    if (ranges.has(`${pair.start}:${pair.end}`)) continue;
    spans.push({ start: pair.start, end: pair.end, label: 'PERSON', score: 0.9 });
    added = true;
  }
  // In text order, as the scan gives them.
  if (added) spans.sort((a, b) => a.start - b.start);
}

/**
 * The text to read a value behind when it is the value of `key` in a structured value: the
 * key written as a JSON key (`"firstname": "`), for the keys that name a person (`NAME_KEYS`)
 * or announce one (the JSON key labels of `./labels`: `customer`, `Teilnehmer`); undefined for
 * other keys, whose values are read alone. The scan then reads the value as it reads the same
 * JSON in a text, the key as its label, and `namesUnderKeys` reads it (a closing quote after it).
 *
 * @example
 * keyContext('First-Name'); // '"firstname": "'
 * keyContext('filename'); // undefined
 */
export function keyContext(key: string): string | undefined {
  if (key.length === 0 || key.length > 64) return undefined;
  const compact = compactKey(key);
  if (!/^[\p{L}\d]{1,60}$/u.test(compact)) return undefined;
  const context = `"${compact}": "`;
  return KINDS.has(compact) || JSON_KEY_BEFORE.test(context) ? context : undefined;
}

/** The regexes of this file, for the ReDoS shape test. */
export const NAME_KEY_PATTERNS: readonly RegExp[] = [KEY, NAME_SHAPE];
