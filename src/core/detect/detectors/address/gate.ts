import { NAME_PARTICLES } from './name-words';
import { PO_BOX_LAST_WORDS } from './po-boxes';
import {
  LEAD,
  LEAD_FIRST,
  STREET_WORD_TABLES,
  streetSuffixOf,
  streetWordPositions,
  TAIL_AFTER,
} from './street-words';
import { isBlank, isLetter, isUpperLetter } from './tokens';
import { ukShapeEnds } from './uk-shape';
import { FLOOR_WORDS, UNIT_WORDS } from './units';
import { wordKey } from './word-key';

// The test every run of digits takes before a token is read: from the characters around it,
// whether an address can hold it. Most numbers of a text (amounts, times, dates, versions,
// phone groups, identifiers) fail it at once.

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Lower-case words an address may write right after its number (`12 rue`, `3e étage`, `12 bis`). */
const LOWER_AFTER = new Set<string>(['bis', 'ter', 'quater']);
/** Lower-case words an address may write right before its number (`box 12`, `nº 5`). */
const LOWER_BEFORE = new Set<string>(['n', 'no', 'nr', 'num', 'nº']);
/** Strong street words that open a name (`calle mayor 10`: two words before the number). */
const STRONG_LEADS = new Set<string>();
/** Street words that close a name with the number after them (`berliner straße 120`). */
const TAIL_AFTER_WORDS = new Set<string>();
for (const table of STREET_WORD_TABLES) {
  for (const row of table.rows) {
    for (const spelling of [row.word, ...(row.short ?? [])]) {
      const key = spelling.replace(/\.$/, '');
      const { strong, weak } = streetWordPositions(key, true);
      if ((strong | weak) & LEAD_FIRST) LOWER_AFTER.add(key);
      if (strong & LEAD) STRONG_LEADS.add(key);
      if (strong & TAIL_AFTER) TAIL_AFTER_WORDS.add(key);
    }
  }
}
for (const w of UNIT_WORDS) LOWER_AFTER.add(w);
for (const w of FLOOR_WORDS) LOWER_AFTER.add(w);
for (const w of PO_BOX_LAST_WORDS) LOWER_BEFORE.add(w);

/** Whether an English ordinal (`5th`, `42nd`) starts at `i`. */
function ordinalAt(text: string, i: number): boolean {
  let k = i;
  while (k < text.length && k - i < 4 && isDigit(text.charCodeAt(k))) k++;
  const two = text.slice(k, k + 2).toLowerCase();
  return (
    (two === 'st' || two === 'nd' || two === 'rd' || two === 'th') &&
    !isLetter(text.charCodeAt(k + 2))
  );
}

/** Whether four or five digits, a blank and a capital start at `i` (`75008 PARIS`, `1012 AB`). */
function postcodeAt(text: string, i: number): boolean {
  let k = i;
  while (k < text.length && k - i < 6 && isDigit(text.charCodeAt(k))) k++;
  return (
    k - i >= 4 && k - i <= 5 && isBlank(text.charCodeAt(k)) && isUpperLetter(text.charCodeAt(k + 1))
  );
}

/** Longest word the gate reads (longer ones are read by the tokens, if ever). */
const MAX_GATE_WORD = 24;

/** The key of the word `[from, to)` (lower case, no accents). */
function keyOf(text: string, from: number, to: number): string {
  for (let i = from; i < to; i++)
    if (text.charCodeAt(i) > 127) return wordKey(text.slice(from, to));
  return text.slice(from, to).toLowerCase();
}

/** Letters glued to a house number (`12a`, `221B`, `12bis`) or to a Dutch postcode (`1012AB`). */
const NUMBER_SUFFIXES = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'bis', 'ter', 'quater']);

/** Where the word ending right before `end` starts (letters and inner `'`/`-`), or `end`. */
function wordStartBefore(text: string, end: number): number {
  let k = end;
  while (k > 0 && end - k < MAX_GATE_WORD) {
    const c = text.charCodeAt(k - 1);
    if (isLetter(c)) k--;
    else if ((c === 45 || c === 39) && k < end && isLetter(text.charCodeAt(k - 2))) k--;
    else break;
  }
  return k;
}

/** Where the word starting at `start` ends (letters and inner `'`/`-`), or `start`. */
function wordEndAfter(text: string, start: number): number {
  let k = start;
  while (k < text.length && k - start < MAX_GATE_WORD) {
    const c = text.charCodeAt(k);
    if (isLetter(c)) k++;
    else if ((c === 45 || c === 39) && isLetter(text.charCodeAt(k + 1))) k++;
    else break;
  }
  return k;
}

/** The index before `i` over at most three blanks, dots, `°` (and one comma), going back. */
function backOverBlanks(text: string, i: number): number {
  let k = i;
  let comma = false;
  for (let hops = 0; k > 0 && hops < 3; hops++) {
    const c = text.charCodeAt(k - 1);
    if (c === 44 && !comma) comma = true;
    else if (!(isBlank(c) || c === 46 || c === 0xb0 || c === 0xba)) break;
    k--;
  }
  return k;
}

/**
 * Whether the run of digits `[s, e)` may be a house number, a postcode or a box number, from
 * the characters around it: not an amount, a time, a date, a phone group or a version; a
 * capitalised word, a street, unit or box word, or a UK outward code next to it.
 */
export function mayHoldAddress(text: string, s: number, e: number): boolean {
  const digits = e - s;
  const before = s > 0 ? text.charCodeAt(s - 1) : 0;
  // `+33 …`, `#123`, `$12`, `€12`, `£12`: a phone, an order, an amount.
  if (before === 43 || before === 35 || before === 36 || before === 0x20ac || before === 0xa3)
    return false;
  // Glued after capitals: a UK outward code (`SW1A 1AA`, `M1 1AE`).
  if (isLetter(before)) {
    if (digits > 2 || !isUpperLetter(before)) return false;
    const letters = isUpperLetter(text.charCodeAt(s - 2)) ? s - 2 : s - 1;
    return !isLetter(text.charCodeAt(letters - 1)) && ukShapeEnds(text, letters).length > 0;
  }
  if (digits > 6 || (text.charCodeAt(s) === 48 && digits !== 4 && digits !== 5)) return false;
  const after = text.charCodeAt(e);
  // `10:30`, `2.4.1`, `50%`, `12,5`: a time, a version, a share, a decimal.
  if (
    after === 58 ||
    after === 37 ||
    ((after === 46 || after === 44) && isDigit(text.charCodeAt(e + 1)))
  ) {
    return false;
  }
  // The word after: glued letters (`12bis`, `221B`, `1012AB`), or after blanks and one comma.
  let a = e;
  while (a < text.length && a - e < 8 && isLetter(text.charCodeAt(a))) a++;
  if (a > e) {
    // `14h`, `3rd`, `2a01:`, `11T10`: a time, an ordinal, hex, a date.
    const c = text.charCodeAt(a);
    if (isDigit(c) || c === 58) return false;
    const suffix = keyOf(text, e, a);
    if (
      !NUMBER_SUFFIXES.has(suffix) &&
      !(digits === 4 && a - e === 2 && isUpperLetter(text.charCodeAt(e)))
    ) {
      return false;
    }
    return true;
  }
  // A range or pair (`2-4 av. Foch`, `12/14`): the word after its second number.
  if (
    a === e &&
    (after === 45 || after === 47 || after === 0x2013) &&
    isDigit(text.charCodeAt(e + 1))
  ) {
    a = e + 1;
    while (a < text.length && a - e < 7 && isDigit(text.charCodeAt(a))) a++;
    if (a < text.length && isLetter(text.charCodeAt(a)) && !isLetter(text.charCodeAt(a + 1))) a++;
  }
  let k = a;
  let hops = 0;
  while (
    k < text.length &&
    hops < 3 &&
    (isBlank(text.charCodeAt(k)) || (text.charCodeAt(k) === 44 && hops === 0))
  ) {
    k++;
    hops++;
  }
  const next = text.charCodeAt(k);
  // Another group of digits right after: a phone or a code, unless a box is written so
  // (`Postfach 10 12 34`) or it is a range (`12-14`, `5/7`).
  // (`350 5th Avenue`: an ordinal is a street's name.)
  const nextIsDigit =
    isDigit(next) && k === a + 1 && isBlank(text.charCodeAt(a)) && !ordinalAt(text, k);
  if (isDigit(next) && ordinalAt(text, k)) return true;
  if (isLetter(next)) {
    if (isUpperLetter(next)) return true;
    if (LOWER_AFTER.has(keyOf(text, k, wordEndAfter(text, k)))) return true;
  }
  // The word before, over blanks, a comma, `n°`'s marks.
  const b = backOverBlanks(text, s);
  if (
    b === s &&
    before !== 0 &&
    !isBlank(before) &&
    before !== 45 &&
    before !== 47 &&
    before !== 40
  )
    return false;
  const start = wordStartBefore(text, b);
  if (start === b) return false;
  if (isUpperLetter(text.charCodeAt(start)))
    return !nextIsDigit || digits <= 2 || postcodeAt(text, k);
  const word = keyOf(text, start, b);
  if (LOWER_BEFORE.has(word)) return true;
  if (nextIsDigit) return false;
  // `hauptstraße 5`, `kerkstraat 12` (lower case)
  if (streetSuffixOf(word, text.charCodeAt(b) === 46) !== undefined) return true;
  // `berliner straße 120` (lower case)
  if (TAIL_AFTER_WORDS.has(word)) return true;
  // `calle mayor 10`, `calle del prado, 33`: a strong street word before the name's word (and
  // up to two particles).
  let end = start;
  for (let words = 0; words < 3; words++) {
    const b2 = backOverBlanks(text, end);
    if (b2 === end) return false;
    const start2 = wordStartBefore(text, b2);
    if (start2 === b2) return false;
    const key = keyOf(text, start2, b2);
    if (STRONG_LEADS.has(key)) return true;
    if (!NAME_PARTICLES.has(key)) return false;
    end = start2;
  }
  return false;
}
