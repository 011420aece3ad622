import { wordKey } from './word-key';

// The tokens an address is read in, read one at a time from the text on either side of a
// number (never the whole text): words, numbers (with the letters glued after them, `12bis`,
// `221B`, `3º`), single punctuation marks and line breaks. Horizontal blanks only separate.

/**
 * What a token is. Strings, compared as literals where they are read: no imported constant
 * to look up per token.
 */
export type TokenKind = 'word' | 'number' | 'mark' | 'break';

export interface Token {
  kind: TokenKind;
  /** `[start, end)` in the text; a word's or number's dot after it is not inside. */
  start: number;
  end: number;
  /** Word: its key (`wordKey`); number: its digits; mark: the character; break: `\n`. */
  key: string;
  /** Word: its first letter is upper case. */
  upper: boolean;
  /** Word: two letters or more, all upper case. */
  caps: boolean;
  /** Word or number: a `.` right after it. */
  dot: boolean;
  /** Number: where its digits end (its glued letters follow, up to `end`). */
  digitsEnd: number;
  /** Number: the key of the letters glued after the digits (`bis`, `b`, `e`, `º`), or `''`. */
  suffix: string;
  /** A letter or digit right before `start` (a number inside `SW1A`, `v2`). */
  glued: boolean;
}

/** Slots of the token caches (a power of two). */
const CACHE = 64;

/** Longest word or number read (longer runs are cut: no address part is that long). */
const MAX_RUN = 40;

const isDigit = (c: number) => c >= 48 && c <= 57;

// Classes of code units, filled on first sight: a letter (of the Latin, Greek and Cyrillic
// scripts, a combining mark, `º`, `ª`), upper case, lower case, a mark.
const LETTER = 1;
const UPPER = 2;
const LOWER = 4;
const COMBINING = 8;
const KNOWN = 16;
const CLASSES = new Uint8Array(0x10000);
const LETTER_CHAR = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\u00aa\u00ba]$/u;
const UPPER_CHAR = /^\p{Lu}$/u;
const LOWER_CHAR = /^\p{Ll}$/u;
const MARK_CHAR = /^\p{M}$/u;

function classOf(c: number): number {
  let k = CLASSES[c]!;
  if (k === 0) {
    const ch = String.fromCharCode(c);
    k = KNOWN;
    if (LETTER_CHAR.test(ch)) k |= LETTER;
    if (UPPER_CHAR.test(ch)) k |= UPPER;
    if (LOWER_CHAR.test(ch)) k |= LOWER;
    if (MARK_CHAR.test(ch)) k |= COMBINING;
    CLASSES[c] = k;
  }
  return k;
}

/** A letter of the scripts addresses are written in, a combining mark, `º` or `ª`. */
export const isLetter = (c: number) =>
  c < 128 ? (c >= 97 && c <= 122) || (c >= 65 && c <= 90) : (classOf(c) & LETTER) !== 0;
/** An upper-case letter. */
export const isUpperLetter = (c: number) =>
  c < 128 ? c >= 65 && c <= 90 : (classOf(c) & UPPER) !== 0;
const isApostrophe = (c: number) => c === 39 || c === 0x2019;
const isHyphen = (c: number) => c === 45 || c === 0x2010 || c === 0x2011;

/** Blanks between tokens on one line: space, tab, no-break and thin spaces. */
export function isBlank(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 0xa0 ||
    c === 0x202f ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x3000
  );
}
const isBreak = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** A letter joins the word before it across `'`, `-` or a dot after one to three letters (`v.le`). */
function continuesWord(text: string, i: number, wordStart: number): boolean {
  const c = text.charCodeAt(i);
  if (!isApostrophe(c) && !isHyphen(c) && c !== 46) return false;
  if (!isLetter(text.charCodeAt(i + 1))) return false;
  if (c === 46) return i - wordStart <= 3 && isLetter(text.charCodeAt(i - 1));
  return true;
}

function wordToken(text: string, start: number, end: number): Token {
  let upper = false;
  let caps = true;
  let letters = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const cls =
      c < 128 ? (c >= 65 && c <= 90 ? UPPER : c >= 97 && c <= 122 ? LOWER : 0) : classOf(c);
    if ((cls & COMBINING) !== 0) continue;
    if (letters === 0) upper = (cls & UPPER) !== 0;
    if ((cls & LOWER) !== 0) caps = false;
    if ((cls & (UPPER | LOWER)) !== 0) letters++;
  }
  // `c/` (calle) is one word.
  let stop = end;
  if (end - start === 1 && (text.charCodeAt(start) | 32) === 99 && text.charCodeAt(end) === 47)
    stop++;
  return {
    kind: 'word',
    start,
    end: stop,
    key: wordKey(text.slice(start, stop)),
    upper,
    caps: caps && letters >= 2,
    dot: text.charCodeAt(stop) === 46,
    digitsEnd: stop,
    suffix: '',
    glued:
      start > 0 && (isDigit(text.charCodeAt(start - 1)) || isLetter(text.charCodeAt(start - 1))),
  };
}

function numberToken(text: string, start: number, digitsEnd: number, end: number): Token {
  return {
    kind: 'number',
    start,
    end,
    key: text.slice(start, digitsEnd),
    upper: false,
    caps: false,
    dot: text.charCodeAt(end) === 46,
    digitsEnd,
    suffix: end > digitsEnd ? wordKey(text.slice(digitsEnd, end)) : '',
    glued: start > 0 && isLetter(text.charCodeAt(start - 1)),
  };
}

function markToken(kind: TokenKind, start: number, end: number, key: string): Token {
  return {
    kind,
    start,
    end,
    key,
    upper: false,
    caps: false,
    dot: false,
    digitsEnd: end,
    suffix: '',
    glued: false,
  };
}

/**
 * The token that starts at `i` (a letter, digit, mark or break; not a blank), read forward.
 */
function readAt(text: string, i: number): Token {
  const c = text.charCodeAt(i);
  if (isDigit(c)) {
    let j = i + 1;
    while (j < text.length && j - i < MAX_RUN && isDigit(text.charCodeAt(j))) j++;
    const digitsEnd = j;
    while (j < text.length && j - digitsEnd < MAX_RUN && isLetter(text.charCodeAt(j))) j++;
    return numberToken(text, i, digitsEnd, j);
  }
  if (isLetter(c)) {
    let j = i + 1;
    while (j < text.length && j - i < MAX_RUN) {
      if (isLetter(text.charCodeAt(j))) j++;
      else if (continuesWord(text, j, i)) j += 2;
      else break;
    }
    return wordToken(text, i, j);
  }
  if (isBreak(c)) {
    const end = c === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
    return markToken('break', i, end, '\n');
  }
  return markToken('mark', i, i + 1, text[i]!);
}

/**
 * Tokens of one text, read on demand from any position and remembered by where they start,
 * so that the parsers walking around a number read each token once.
 */
export class TokenReader {
  // Direct-mapped caches by position: the parsers around one number ask for the same few
  // tokens again; a map of every token read would cost more than reading them.
  private readonly afterAt = new Int32Array(CACHE).fill(-1);
  private readonly afterToken: (Token | undefined)[] = new Array(CACHE);
  private readonly beforeAt = new Int32Array(CACHE).fill(-1);
  private readonly beforeToken: (Token | undefined)[] = new Array(CACHE);

  constructor(readonly text: string) {}

  /** The first token at or after `i` (blanks skipped), or undefined at the end of the text. */
  next(i: number): Token | undefined {
    const slot = i & (CACHE - 1);
    if (this.afterAt[slot] === i) return this.afterToken[slot];
    const { text } = this;
    let k = i;
    while (k < text.length && isBlank(text.charCodeAt(k))) k++;
    // A dot right after a word or number belongs to it (`Str.`, `17.`).
    if (text.charCodeAt(k) === 46 && k > 0 && k === i && this.dotBelongsBefore(k)) k++;
    while (k < text.length && isBlank(text.charCodeAt(k))) k++;
    const token = k < text.length ? readAt(text, k) : undefined;
    this.afterAt[slot] = i;
    this.afterToken[slot] = token;
    return token;
  }

  /** The token after `token` (its dot skipped). */
  following(token: Token): Token | undefined {
    return this.next(token.dot ? token.end + 1 : token.end);
  }

  /** The last token that ends at or before `i` (blanks and a word's dot skipped), or undefined. */
  previous(i: number): Token | undefined {
    const slot = i & (CACHE - 1);
    if (this.beforeAt[slot] === i) return this.beforeToken[slot];
    const { text } = this;
    let k = i - 1;
    while (k >= 0 && isBlank(text.charCodeAt(k))) k--;
    if (k >= 0 && text.charCodeAt(k) === 46 && k > 0 && this.dotBelongsBefore(k)) k--;
    const token = k >= 0 ? this.readEndingAt(k) : undefined;
    this.beforeAt[slot] = i;
    this.beforeToken[slot] = token;
    return token;
  }

  /** The token before `token`. */
  preceding(token: Token): Token | undefined {
    return this.previous(token.start);
  }

  /** Whether the dot at `k` ends the word or number before it (not a mark of its own). */
  private dotBelongsBefore(k: number): boolean {
    const c = this.text.charCodeAt(k - 1);
    return isLetter(c) || isDigit(c);
  }

  /** The token whose last character is at `k`, found by reading back to its start. */
  private readEndingAt(k: number): Token {
    const { text } = this;
    const c = text.charCodeAt(k);
    if (isLetter(c) || isDigit(c)) {
      // Back over the run of letters (with inner `'`, `-` and short dots) or digits and the
      // letters after them, then read it forward from its start: one reading, both ways.
      let s = k;
      const floor = Math.max(0, k - 2 * MAX_RUN);
      if (isLetter(c)) {
        while (s > floor) {
          const p = text.charCodeAt(s - 1);
          if (isLetter(p)) s--;
          else if ((isApostrophe(p) || isHyphen(p) || p === 46) && isLetter(text.charCodeAt(s - 2)))
            s -= 2;
          else break;
        }
        // Letters glued after digits are a number's (`12bis`).
        if (s > 0 && isDigit(text.charCodeAt(s - 1))) {
          s--;
          while (s > floor && isDigit(text.charCodeAt(s - 1))) s--;
        }
      } else {
        while (s > floor && isDigit(text.charCodeAt(s - 1))) s--;
      }
      // Forward from the start found, to the token that holds `k`.
      let token = readAt(text, s);
      while (token.end <= k) token = readAt(text, token.end);
      return token;
    }
    if (c === 10 && k > 0 && text.charCodeAt(k - 1) === 13)
      return markToken('break', k - 1, k + 1, '\n');
    // `C/` (calle) is one word, read from its letter.
    if (
      c === 47 &&
      k > 0 &&
      (text.charCodeAt(k - 1) | 32) === 99 &&
      (k < 2 || !isLetter(text.charCodeAt(k - 2)))
    ) {
      return readAt(text, k - 1);
    }
    return readAt(text, k);
  }
}
