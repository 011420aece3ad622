// Character classes of the person detector, read per UTF-16 code unit from lazily filled tables
// rather than with a regex per character.

// A word is a run of letters of alphabetic scripts (and combining marks) with inner apostrophes
// and hyphens (`O'Brien`, `Jean-Pierre`). Chinese or Japanese letters end a word, so a name glued
// to them (`担当はOscar Lindqvistさん`) is its own word. These one-character regexes fill the
// class table on first sight of a character.
export const WORD_CHAR = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]$/u;
export const UPPER_CHAR = /^\p{Lu}$/u;
export const LOWER_CHAR = /^\p{Ll}$/u;
export const MARK_CHAR = /^\p{M}$/u;
export const EMAIL_LOCAL_CHAR = /^[\p{L}\p{N}._-]$/u;

// Character classes (bit flags) of one UTF-16 code unit, or of a surrogate pair.
/** A letter of the word class above. */
export const C_WORD = 1;
/** `\p{Lu}` */
export const C_UPPER = 2;
/** `\p{Ll}` */
export const C_LOWER = 4;
/** `\p{M}` */
export const C_MARK = 8;
/** A code unit allowed in an e-mail local part. */
export const C_EMAIL = 16;
/** A surrogate pair: two code units. */
export const C_WIDE = 32;
const C_KNOWN = 128;

function classify(ch: string): number {
  let c = C_KNOWN;
  if (WORD_CHAR.test(ch)) c |= C_WORD;
  if (UPPER_CHAR.test(ch)) c |= C_UPPER;
  if (LOWER_CHAR.test(ch)) c |= C_LOWER;
  if (MARK_CHAR.test(ch)) c |= C_MARK;
  if (ch.length === 1 && EMAIL_LOCAL_CHAR.test(ch)) c |= C_EMAIL;
  if (ch.length === 2) c |= C_WIDE;
  return c;
}

// Filled on first sight: at most 65,536 bytes, plus the few astral letters met.
const BMP_CLASS = new Uint8Array(0x10000);
const ASTRAL_CLASS = new Map<number, number>();
for (let code = 0; code < 128; code++) BMP_CLASS[code] = classify(String.fromCharCode(code));

/** Class of one code unit (a surrogate alone is no letter). */
export function unitClass(code: number): number {
  let c = BMP_CLASS[code]!;
  if (c === 0) {
    c = classify(String.fromCharCode(code));
    BMP_CLASS[code] = c;
  }
  return c;
}

/** Class of the code point at `i` (a lone surrogate is no letter); `C_WIDE` tells its width. */
export function classAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff || i + 1 >= text.length) return unitClass(code);
  const low = text.charCodeAt(i + 1);
  if (low < 0xdc00 || low > 0xdfff) return unitClass(code);
  const point = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  let c = ASTRAL_CLASS.get(point);
  if (c === undefined) {
    c = classify(String.fromCodePoint(point));
    ASTRAL_CLASS.set(point, c);
  }
  return c;
}

/** `classAt` with a fast path for the BMP below the surrogates. */
export function classOf(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800) {
    const c = BMP_CLASS[code]!;
    return c === 0 ? unitClass(code) : c;
  }
  return classAt(text, i);
}

/** `'` or `’` */
export function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019;
}

/** A space or a tab. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/** A space or a no-break space: what joins the words of a name. */
export function isSpaceOrNbsp(code: number): boolean {
  return code === 32 || code === 0xa0;
}

/** What `\s` matches. */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `.`, `!`, `?`, `:`, `;` and line breaks end a sentence. */
export function isSentenceEnd(code: number): boolean {
  return (
    code === 46 ||
    code === 33 ||
    code === 63 ||
    code === 10 ||
    code === 13 ||
    code === 58 ||
    code === 59
  );
}
