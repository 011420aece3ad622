// Splits a text into the tokens the PERSON tagger reads: words (letters, with inner
// apostrophes and hyphens), single-letter initials with their period, numbers, and single
// punctuation marks. Offsets are UTF-16 code units. One linear pass; no regex per token.
import { C_UPPER, C_WIDE, C_WORD, classOf } from '../person/chars';

/** A word of letters: `Jean`, `O'Brien`, `Jean-Pierre`, `l'` (an elision ends a token). */
export const T_WORD = 0;
/** A capital letter and its period: `J.` */
export const T_INITIAL = 1;
/** A run of digits. */
export const T_NUMBER = 2;
/** One other visible character: punctuation, a symbol. */
export const T_PUNCT = 3;
/** A line break (one token for a run of them). */
export const T_BREAK = 4;
/** Letters joined to digits or underscores: `OPENAI_API_KEY`, `FR76`, `x86`. Never a name. */
export const T_IDENT = 5;

export interface TaggerTokens {
  count: number;
  start: Int32Array;
  end: Int32Array;
  kind: Uint8Array;
  /** 1 where a word or initial starts with a capital letter. */
  capitalised: Uint8Array;
}

// A word is bounded so that the scan stays linear whatever the input.
const MAX_WORD = 64;

/** Classes of ASCII code units: letters (1), capitals (2), digits (4), spaces (8). */
const ASCII = new Uint8Array(128);
for (let c = 0x41; c <= 0x5a; c++) ASCII[c] = 3;
for (let c = 0x61; c <= 0x7a; c++) ASCII[c] = 1;
for (let c = 0x30; c <= 0x39; c++) ASCII[c] = 4;
for (const c of [0x09, 0x0b, 0x0c, 0x20]) ASCII[c] = 8;

/** `C_WORD`, `C_UPPER` and `C_WIDE` of the code point at `i`, ASCII without a call. */
function letterClass(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) {
    const a = ASCII[c]!;
    return a & 1 ? (a & 2 ? C_WORD | C_UPPER : C_WORD) : 0;
  }
  return classOf(text, i);
}

function isLetterAt(text: string, i: number): boolean {
  return (letterClass(text, i) & C_WORD) !== 0;
}

function isDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 0x30 && c <= 0x39) || (c >= 0xff10 && c <= 0xff19);
}

const isApostrophe = (c: number) => c === 0x27 || c === 0x2019;
const isHyphen = (c: number) => c === 0x2d || c === 0x2010 || c === 0x2011;

/** Lower-case elisions of FR/IT that end a token at their apostrophe (`l'`, `d'`, `dell'`). */
const ELISIONS = new Set([
  'l',
  'd',
  'j',
  'm',
  'n',
  's',
  't',
  'c',
  'qu',
  'jusqu',
  'lorsqu',
  'puisqu',
  'quoiqu',
  'dell',
  'dall',
  'nell',
  'sull',
  'all',
  'un',
  'quell',
  'po',
  'tutt',
  'coll',
]);

function grow(tokens: TaggerTokens): void {
  const size = tokens.start.length * 2;
  const start = new Int32Array(size);
  const end = new Int32Array(size);
  const kind = new Uint8Array(size);
  const capitalised = new Uint8Array(size);
  start.set(tokens.start);
  end.set(tokens.end);
  kind.set(tokens.kind);
  capitalised.set(tokens.capitalised);
  tokens.start = start;
  tokens.end = end;
  tokens.kind = kind;
  tokens.capitalised = capitalised;
}

function push(tokens: TaggerTokens, start: number, end: number, kind: number, upper = 0): void {
  if (tokens.count === tokens.start.length) grow(tokens);
  tokens.start[tokens.count] = start;
  tokens.end[tokens.count] = end;
  tokens.kind[tokens.count] = kind;
  tokens.capitalised[tokens.count] = upper;
  tokens.count++;
}

/** Whether `'s` (or `’s`) at `j` ends a word: an English possessive. */
function isPossessiveAt(text: string, j: number): boolean {
  const s = text.charCodeAt(j + 1);
  return (s === 0x73 || s === 0x53) && (j + 2 >= text.length || !isLetterAt(text, j + 2));
}

/** Whether the last word `wordEnd` read joined digits or underscores (an identifier). */
let joinedIdentifier = false;

/** Where the word starting at `i` (a letter) ends. */
function wordEnd(text: string, i: number): number {
  let j = i;
  joinedIdentifier = false;
  const limit = Math.min(text.length, i + MAX_WORD);
  while (j < limit) {
    const cls = letterClass(text, j);
    if (cls & C_WORD) {
      j += cls & C_WIDE ? 2 : 1;
      continue;
    }
    const c = text.charCodeAt(j);
    // An inner apostrophe or hyphen joins letters: `O'Brien`, `Jean-Pierre`; a French or
    // Italian elision ends the token after its apostrophe (`l'homme` is `l'` `homme`), and an
    // English possessive is a token of its own (`Mensah` `'s`).
    if ((isApostrophe(c) || isHyphen(c)) && j + 1 < text.length && isLetterAt(text, j + 1)) {
      if (isApostrophe(c) && ELISIONS.has(text.slice(i, j).toLowerCase())) return j + 1;
      if (isApostrophe(c) && isPossessiveAt(text, j)) return j;
      j++;
      continue;
    }
    // An underscore or digits inside a word make an identifier (`OPENAI_API_KEY`, `x86`).
    if ((c === 0x5f || (c >= 0x30 && c <= 0x39)) && j > i) {
      joinedIdentifier = true;
      j++;
      continue;
    }
    break;
  }
  return j;
}

/**
 * The tokens of `text`, in a reusable table (pass the one from the previous call).
 *
 * @example
 * const t = tokenize('Dr. J. Dupont, 42 ans');
 * // words `Dr`, `J.` (an initial), `Dupont`; punctuation `.` `,`; number `42`; word `ans`
 */
export function tokenize(text: string, into?: TaggerTokens): TaggerTokens {
  // About one token per four code units in prose: room for most texts without growing.
  const room = (text.length >> 2) + 16;
  const tokens: TaggerTokens = into ?? {
    count: 0,
    start: new Int32Array(room),
    end: new Int32Array(room),
    kind: new Uint8Array(room),
    capitalised: new Uint8Array(room),
  };
  tokens.count = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) {
      const from = i;
      while (
        i < n &&
        (text.charCodeAt(i) === 0x0a || text.charCodeAt(i) === 0x0d || text.charCodeAt(i) === 0x20)
      )
        i++;
      push(tokens, from, i, T_BREAK);
      continue;
    }
    if (c < 128 && ASCII[c] === 8) {
      i++;
      continue;
    }
    if (
      c <= 0x20 ||
      c === 0xa0 ||
      c === 0x202f ||
      c === 0x2009 ||
      (c >= 0x200b && c <= 0x200d) ||
      c === 0xad ||
      c === 0xfeff
    ) {
      i++;
      continue;
    }
    const cls = letterClass(text, i);
    if (cls & C_WORD) {
      const end = wordEnd(text, i);
      const upper = cls & C_UPPER ? 1 : 0;
      // A capital letter alone followed by a period is an initial: `J.`
      if (end === i + 1 && text.charCodeAt(end) === 0x2e && upper) {
        push(tokens, i, end + 1, T_INITIAL, 1);
        i = end + 1;
      } else {
        push(tokens, i, end, joinedIdentifier ? T_IDENT : T_WORD, upper);
        i = end;
      }
      continue;
    }
    if (isApostrophe(c) && i > 0 && isLetterAt(text, i - 1) && isPossessiveAt(text, i)) {
      push(tokens, i, i + 2, T_WORD);
      i += 2;
      continue;
    }
    if (isDigitAt(text, i)) {
      const from = i;
      const limit = Math.min(n, i + MAX_WORD);
      while (i < limit && isDigitAt(text, i)) i++;
      push(tokens, from, i, T_NUMBER);
      continue;
    }
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
    push(tokens, i, i + width, T_PUNCT);
    i += width;
  }
  return tokens;
}
