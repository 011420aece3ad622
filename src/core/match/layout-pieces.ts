/**
 * What layout does to a value that a reader still sees whole, undone as pieces of a text
 * (`edited-view.ts`): invisible characters inside it (a soft hyphen, a zero-width joiner),
 * full-width or other-script digits (`０６ １２ ３４`), a hard wrap that cuts it (an address
 * after `@` or at a hyphen, an IBAN across a line break, a key wrapped at a column), a folded
 * vCard line. Each kind is a rule of its own; every rule reads a bounded stretch of text around
 * the character it starts at, so finding them all is linear.
 */
import type { Piece } from './edited-view';
import { KNOWN_TLDS } from './obfuscated-emails';

// --- invisible characters --------------------------------------------------------------------

/**
 * Characters that show nothing: the soft hyphen, the Mongolian vowel separator, zero-width
 * space, non-joiner and joiner, the directional marks and embeddings, the word joiner and the
 * invisible operators, and a byte order mark inside a text (the one that starts a file is left:
 * it stands before no value).
 */
const INVISIBLE_CHARS =
  '\\u00ad\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
export const INVISIBLE = new RegExp(`[${INVISIBLE_CHARS}]`, 'g');

/** The invisible characters of `text` from `from` on, each a piece that reads as nothing. */
function invisiblePieces(text: string, out: Piece[], from = 0): void {
  INVISIBLE.lastIndex = from;
  for (let m = INVISIBLE.exec(text); m; m = INVISIBLE.exec(text)) {
    if (m.index === 0 && text.charCodeAt(0) === 0xfeff) continue;
    out.push({ from: m.index, to: m.index + 1, decoded: '' });
  }
}

// --- full-width forms and digits of other scripts ---------------------------------------------

/**
 * The zero of each run of ten decimal digits besides ASCII's, in the Basic Multilingual Plane
 * (Unicode `Nd`): full-width, Arabic-Indic, Extended Arabic-Indic, NKo, Devanagari, Bengali,
 * Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar,
 * Khmer, Mongolian.
 */
export const DIGIT_ZEROS: readonly number[] = [
  0xff10, 0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6,
  0x0d66, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0, 0x1810,
];

/** The ASCII digit a code unit writes in another script, or -1. */
function foreignDigit(c: number): number {
  if (c < 0x0660) return -1;
  for (const zero of DIGIT_ZEROS) if (c >= zero && c < zero + 10) return c - zero;
  return -1;
}

/** The ASCII character of a full-width form (`ｊ`, `＠`, `０`) or an ideographic space; or -1. */
const asciiOfWide = (c: number) =>
  c >= 0xff01 && c <= 0xff5e ? c - 0xfee0 : c === 0x3000 ? 32 : -1;

/** The fewest digits a run of full-width or other-script digits must hold to be a value. */
const MIN_FOREIGN_DIGITS = 6;

/** A code unit as a regex escape (`\\uff10`). */
const escaped = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;

/** The characters a run of `WIDE_RUN` starts with: full-width forms, other scripts' digits. */
const FOREIGN_ZEROS = DIGIT_ZEROS.filter((zero) => zero !== 0xff10);
const WIDE_START = `\\uff01-\\uff5e${FOREIGN_ZEROS.map((z) => `${escaped(z)}-${escaped(z + 9)}`).join('')}`;

// A run of characters that may write a value in full width or in another script's digits.
const WIDE_RUN = new RegExp(`[${WIDE_START}][${WIDE_START}\\u3000 0-9A-Za-z@.+_()-]{0,200}`, 'g');

/**
 * Full-width runs that hold an address (a full-width `＠`) or enough digits to be a number, and
 * runs of another script's digits, from `from` on: each such character as its ASCII form.
 * Full-width punctuation in prose (`，`, `（`) and short numbers (`２０２４年`) are left alone.
 */
function widePieces(text: string, out: Piece[], from = 0): void {
  WIDE_RUN.lastIndex = from;
  for (let m = WIDE_RUN.exec(text); m; m = WIDE_RUN.exec(text)) {
    const run = m[0];
    let digits = 0;
    let address = false;
    for (let k = 0; k < run.length; k++) {
      const c = run.charCodeAt(k);
      if ((c >= 48 && c <= 57) || foreignDigit(c) >= 0) digits++;
      else if (c === 0xff20 || c === 64) address = true;
    }
    if (digits < MIN_FOREIGN_DIGITS && !address) continue;
    for (let k = 0; k < run.length; k++) {
      const c = run.charCodeAt(k);
      const digit = foreignDigit(c);
      const ascii = digit >= 0 ? 48 + digit : asciiOfWide(c);
      if (ascii < 0) continue;
      out.push({ from: m.index + k, to: m.index + k + 1, decoded: String.fromCharCode(ascii) });
    }
  }
}

/**
 * Every character that starts a piece of `invisiblePieces` or `widePieces` (a run of
 * `WIDE_RUN` starts with a full-width form or a digit of another script), and more: the other
 * scripts' digits as one range, from the lowest to the highest (a class of a few ranges scans
 * several times faster than one of twenty). One fast pass finds the first such character, and
 * neither finder can find anything before it. Most texts hold none, and then neither runs.
 */
const FOREIGN_DIGIT_SPAN = `${escaped(Math.min(...FOREIGN_ZEROS))}-${escaped(Math.max(...FOREIGN_ZEROS) + 9)}`;
const INVISIBLE_OR_WIDE = new RegExp(`[${INVISIBLE_CHARS}\\uff01-\\uff5e${FOREIGN_DIGIT_SPAN}]`);

// --- hard wraps ------------------------------------------------------------------------------

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** A character of an e-mail address's local part or domain (ASCII). */
const isAddressChar = (c: number) =>
  isAlnum(c) || c === 46 || c === 45 || c === 95 || c === 43 || c === 37;
/** A character of a key or token (`sk-proj-…`, `ghp_…`). */
const isKeyChar = (c: number) => isAlnum(c) || c === 45 || c === 95;
const isIndent = (c: number) => c === 32 || c === 9;

/** An e-mail local part is at most 64 characters, a domain 255. */
const MAX_LOCAL = 64;
const MAX_DOMAIN = 255;

/** Whether the address characters around a line break (`left` ends, `right` starts) hold `@`. */
function addressAround(text: string, left: number, right: number): boolean {
  for (let k = left - 1; k >= 0 && left - k <= MAX_LOCAL + 1; k--) {
    const c = text.charCodeAt(k);
    if (c === 64) return true;
    if (!isAddressChar(c)) break;
  }
  for (let k = right; k < text.length && k - right <= MAX_DOMAIN + 1; k++) {
    const c = text.charCodeAt(k);
    if (c === 64) return true;
    if (!isAddressChar(c)) break;
  }
  return false;
}

/**
 * Digits and groups in the groups of letters and digits split by single spaces that `from`
 * ends (an IBAN, a card or a phone number is written so; `49.90` in a CSV row is one group).
 */
function groupsBefore(text: string, from: number): { digits: number; groups: number } {
  let digits = 0;
  let groups = 1;
  for (let k = from - 1; k >= 0 && from - k <= 40; k--) {
    const c = text.charCodeAt(k);
    if (isDigit(c)) digits++;
    else if (isAlnum(c)) continue;
    else if (c === 32 && k > 0 && isAlnum(text.charCodeAt(k - 1))) groups++;
    else break;
  }
  return { digits, groups };
}

/** Digits in the groups that start at `from` (see `groupsBefore`). */
function digitsAfter(text: string, from: number): number {
  let digits = 0;
  for (let k = from; k < text.length && k - from < 40; k++) {
    const c = text.charCodeAt(k);
    if (isDigit(c)) digits++;
    else if (isAlnum(c)) continue;
    else if (c === 32 && isAlnum(text.charCodeAt(k + 1))) continue;
    else break;
  }
  return digits;
}

const isLowerOrDigit = (c: number) => isDigit(c) || (c >= 97 && c <= 122);

/** Whether the domain that ends at `end` (before a dot) ends with a known top-level domain. */
function endsWithTld(text: string, end: number): boolean {
  let k = end;
  while (k > 0 && end - k < 24 && isAlnum(text.charCodeAt(k - 1))) k--;
  return text.charCodeAt(k - 1) === 46 && KNOWN_TLDS.has(text.slice(k, end).toLowerCase());
}

/** Where the line holding `at` starts. */
function lineStart(text: string, at: number): number {
  const newline = text.lastIndexOf('\n', at - 1);
  return newline + 1;
}

/**
 * Whether a key or token that ends a long line goes on at the start of the next one: the line
 * ends with a run of key characters (16 or more, with a `-` or `_` as key formats have: base64
 * lines and hashes have none) on a line of 60 or more (wrapped at a column); the next line
 * starts, unindented, with key characters that end there or end a quoted value (not a command
 * or a variable name: `node server.js`, `NEXT_KEY=`).
 */
function keyGoesOn(text: string, left: number, right: number): boolean {
  let k = left;
  let separator = false;
  while (k > 0 && isKeyChar(text.charCodeAt(k - 1)) && left - k < 256) {
    k--;
    const c = text.charCodeAt(k);
    if (c === 45 || c === 95) separator = true;
  }
  if (left - k < 16 || !separator || left - lineStart(text, left) < 60) return false;
  let r = right;
  while (r < text.length && isKeyChar(text.charCodeAt(r)) && r - right < 256) r++;
  if (r === right) return false;
  // The rest of the key ends its line, or a quoted or listed value.
  return r === text.length || KEY_END.has(text.charCodeAt(r));
}

/** What may follow the rest of a wrapped key: the end of its line, or of a quoted value. */
const KEY_END = new Set([10, 13, 34, 39, 41, 93, 125, 96]);

/** A rule for a line break: whether it cuts a value, and what stands for it once undone. */
interface WrapRule {
  name: string;
  /** `left`: where the line's text ends (before `\r\n`); `right`: where the next line's starts. */
  cuts(text: string, left: number, right: number): boolean;
  joint: '' | ' ';
}

/** The rules, tried in order; the first that holds undoes the break. */
export const WRAP_RULES: readonly WrapRule[] = [
  {
    name: 'an address cut after its @',
    cuts: (t, l, r) =>
      t.charCodeAt(l - 1) === 64 && isAddressChar(t.charCodeAt(l - 2)) && isAlnum(t.charCodeAt(r)),
    joint: '',
  },
  {
    name: 'an address cut before its @',
    cuts: (t, l, r) =>
      t.charCodeAt(r) === 64 && isAddressChar(t.charCodeAt(l - 1)) && isAlnum(t.charCodeAt(r + 1)),
    joint: '',
  },
  {
    // Not a full stop after a whole address (`…@example.com.` then a new line): the domain
    // before the dot must not end with a top-level domain already, and the next line goes on
    // in lower case, as addresses are written.
    name: 'an address cut at a hyphen or a dot',
    cuts: (t, l, r) => {
      const c = t.charCodeAt(l - 1);
      return (
        (c === 45 || c === 46) &&
        isAlnum(t.charCodeAt(l - 2)) &&
        isLowerOrDigit(t.charCodeAt(r)) &&
        addressAround(t, l, r) &&
        !(c === 46 && endsWithTld(t, l - 1))
      );
    },
    joint: '',
  },
  {
    // An IBAN, a card or a phone number whose groups go on over a line break.
    name: 'digit groups across a line break',
    cuts: (t, l, r) => {
      if (!isDigit(t.charCodeAt(l - 1)) || !isDigit(t.charCodeAt(r))) return false;
      const before = groupsBefore(t, l);
      const after = digitsAfter(t, r);
      return before.groups >= 2 && before.digits >= 4 && after >= 2 && before.digits + after >= 9;
    },
    joint: ' ',
  },
  {
    name: 'a key wrapped at a column',
    cuts: (t, l, r) => r === l + (t.charCodeAt(l) === 13 ? 2 : 1) && keyGoesOn(t, l, r),
    joint: '',
  },
];

/**
 * Whether a line break may cut a value at all, from the characters around it: the rules' own
 * first tests, so that the lines of prose (a letter or a full stop, then a capital) cost two
 * reads each.
 */
function mayCut(text: string, left: number, right: number, lineLength: number): boolean {
  const l = text.charCodeAt(left - 1);
  const r = text.charCodeAt(right);
  return (
    l === 64 ||
    r === 64 ||
    ((l === 45 || l === 46) && isLowerOrDigit(r)) ||
    (isDigit(l) && isDigit(r)) ||
    (lineLength >= 60 && isKeyChar(l) && isKeyChar(r))
  );
}

function wrapPieces(text: string, out: Piece[]): void {
  let lineStart = 0;
  for (let n = text.indexOf('\n'); n !== -1; lineStart = n + 1, n = text.indexOf('\n', n + 1)) {
    const left = n > 0 && text.charCodeAt(n - 1) === 13 ? n - 1 : n;
    let right = n + 1;
    while (right < text.length && right - n <= 64 && isIndent(text.charCodeAt(right))) right++;
    if (left === 0 || right >= text.length || !mayCut(text, left, right, left - lineStart))
      continue;
    for (const rule of WRAP_RULES) {
      if (!rule.cuts(text, left, right)) continue;
      out.push({ from: left, to: right, decoded: rule.joint });
      break;
    }
  }
}

// --- folded vCard and iCalendar lines ----------------------------------------------------------

const FOLDING_FORMAT = /BEGIN:(?:VCARD|VCALENDAR)/i;
const FOLD = /\r?\n[ \t]/g;

/** In a vCard or an iCalendar file, a line break then one blank continues the line (RFC 6350). */
function foldPieces(text: string, out: Piece[]): void {
  if (!FOLDING_FORMAT.test(text)) return;
  FOLD.lastIndex = 0;
  for (let m = FOLD.exec(text); m; m = FOLD.exec(text)) {
    out.push({ from: m.index, to: m.index + m[0].length, decoded: '' });
  }
}

// --- all of them -----------------------------------------------------------------------------

/** The kinds of layout piece, each found by a finder of its own. */
export type LayoutKind = 'invisible' | 'wide' | 'wrap' | 'fold';

/**
 * The finders of layout pieces, by kind (spelled-out addresses are added by
 * `layout-reading.ts`). Each reads the whole text when called alone; `findLayoutPieces`
 * runs them all with one pass for the two that look for rare characters.
 */
export const LAYOUT_FINDERS: Readonly<Record<LayoutKind, (text: string, out: Piece[]) => void>> = {
  invisible: (text, out) => invisiblePieces(text, out),
  wide: (text, out) => widePieces(text, out),
  wrap: wrapPieces,
  fold: foldPieces,
};

/**
 * Adds the layout pieces of `text` of every kind to `out` (unsorted, possibly overlapping:
 * see `disjointPieces`).
 *
 * @example
 * const out: Piece[] = [];
 * findLayoutPieces('jean\u00ad.dupont@\nexemple.fr', out);
 * // [{ from: 4, to: 5, decoded: '' }, { from: 13, to: 14, decoded: '' }]
 */
export function findLayoutPieces(text: string, out: Piece[]): void {
  const first = text.search(INVISIBLE_OR_WIDE);
  if (first >= 0) {
    invisiblePieces(text, out, first);
    widePieces(text, out, first);
  }
  wrapPieces(text, out);
  foldPieces(text, out);
}

/** `pieces` sorted, without those that overlap one before them. */
export function disjointPieces(pieces: Piece[]): Piece[] {
  pieces.sort((a, b) => a.from - b.from || a.to - b.to);
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (!last || p.from >= last.to) out.push(p);
  }
  return out;
}

/** Exported for the ReDoS shape test: every regex of this file. */
export const LAYOUT_PATTERNS: readonly RegExp[] = [
  INVISIBLE,
  INVISIBLE_OR_WIDE,
  WIDE_RUN,
  FOLDING_FORMAT,
  FOLD,
];
