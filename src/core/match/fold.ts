/**
 * The folded view in which known values are searched: lower case (where it keeps length),
 * whitespace runs as one space, typographic apostrophes as `'`, `ß` as `ss`; optionally a single
 * separator between two digits dropped (`06 12` → `0612`). Computed one code unit at a time, so a scan
 * needs no folded copy of the text.
 */

export const SPACE = 32;
const APOSTROPHE = 39;

// Folded code + 1 per code unit, filled on first sight (0: not computed yet).
const lowerTable = new Uint16Array(65536);
const COMBINING_MARK = /^\p{M}$/u;

/**
 * The folded form of one UTF-16 code unit: lower case, without diacritics (`É` → `e`, so that
 * `Elodie Muller` finds `Élodie Müller`), full-width forms as ASCII (`ｊ` → `j`), typographic
 * apostrophes as `'`. A code unit whose lower case has another length is kept as it is, so
 * offsets stay exact.
 */
export function foldCode(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  const known = lowerTable[c]!;
  if (known !== 0) return known - 1;
  let folded = c;
  if (c === 0x2019 || c === 0x02bc || c === 0xff07) folded = APOSTROPHE;
  else {
    // Full-width ASCII (U+FF01..U+FF5E) is ASCII shifted by 0xFEE0.
    const base =
      c >= 0xff01 && c <= 0xff5e ? String.fromCharCode(c - 0xfee0) : String.fromCharCode(c);
    const lower = base.toLowerCase();
    if (lower.length === 1) {
      // Diacritics: the first unit of the canonical decomposition, when the rest are marks.
      const parts = lower.normalize('NFD');
      folded =
        parts.length > 1 && [...parts.slice(1)].every((m) => COMBINING_MARK.test(m))
          ? parts.charCodeAt(0)
          : lower.charCodeAt(0);
    }
  }
  // 0xffff folds to itself and cannot be stored as 0xffff + 1; it is simply recomputed.
  if (folded < 0xffff) lowerTable[c] = folded + 1;
  return folded;
}

// 1: left out of the view, 2: kept, 0: not computed yet.
const invisibleTable = new Uint8Array(65536);

/**
 * Code units that change nothing a reader sees: combining marks (an NFD `é` is `e` + U+0301),
 * soft hyphens, zero-width spaces and joiners, word joiners, byte-order marks. They are left
 * out of the view, so `jean\u200b.dupont@exemple.fr` is still the known address.
 */
export function isInvisibleCode(c: number): boolean {
  if (c < 0xad) return false;
  let known = invisibleTable[c]!;
  if (known === 0) {
    known =
      c === 0xad ||
      (c >= 0x200b && c <= 0x200d) ||
      c === 0x2060 ||
      c === 0xfeff ||
      COMBINING_MARK.test(String.fromCharCode(c))
        ? 1
        : 2;
    invisibleTable[c] = known;
  }
  return known === 1;
}

/** JavaScript's `\s` by code unit, except U+FEFF (invisible, see `isInvisibleCode`). */
export function isSpaceCode(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

export const isDigitCode = (c: number) => c >= 48 && c <= 57;

/**
 * `/`, U+00A0 and U+202F: between two digit runs they may join two numbers (`tel/fax`,
 * `06 12 34 56 78\u00a001 23 45 67 89`), where a space or a dot groups one. Read so by the
 * phone detector and by the sweep's digit view alike.
 */
export const isNumberJoinCode = (c: number) => c === 47 || c === 0xa0 || c === 0x202f;

const isDigitSeparator = (c: number) => c === 46 || c === 45 || c === 47 || isSpaceCode(c);

/**
 * Whether the code unit at `i` is left out of the view: an invisible one, a whitespace that
 * follows another whitespace, or (with `joinDigits`) a single separator between two digits.
 */
export function skippedInView(text: string, i: number, joinDigits: boolean): boolean {
  const c = text.charCodeAt(i);
  if (isInvisibleCode(c)) return true;
  if (
    joinDigits &&
    i > 0 &&
    isDigitSeparator(c) &&
    isDigitCode(text.charCodeAt(i - 1)) &&
    isDigitCode(text.charCodeAt(i + 1))
  ) {
    return true;
  }
  // A whitespace run is one space: its first character stands for it. (A separator dropped
  // between digits is followed by a digit, never by whitespace.)
  return i > 0 && isSpaceCode(c) && isSpaceCode(text.charCodeAt(i - 1));
}

export const LOWER_S = 115;
export const SHARP_S = 0xdf;

/**
 * Whether `text` is printable ASCII with no whitespace run and (with `joinDigits`) no single
 * separator between two digits: its folded view is then its lower case, unit for unit.
 */
function foldsToLowerCase(text: string, joinDigits: boolean): boolean {
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126 || (c === SPACE && previous === SPACE)) return false;
    if (
      joinDigits &&
      (c === SPACE || c === 45 || c === 46 || c === 47) &&
      isDigitCode(previous) &&
      isDigitCode(text.charCodeAt(i + 1))
    ) {
      return false;
    }
    previous = c;
  }
  return true;
}

/** The folded view of a whole string (for patterns). */
export function foldString(text: string, joinDigits = false): string {
  if (foldsToLowerCase(text, joinDigits)) return text.toLowerCase();
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (skippedInView(text, i, joinDigits)) continue;
    const c = text.charCodeAt(i);
    const code = isSpaceCode(c) ? SPACE : foldCode(c);
    // `ß` is read as the `ss` that writes it in capitals (`WEISS` for `Weiß`).
    if (code === SHARP_S) codes.push(LOWER_S, LOWER_S);
    else codes.push(code);
  }
  // Chunks keep `fromCharCode`'s argument list short for long strings.
  let out = '';
  for (let i = 0; i < codes.length; i += 8192)
    out += String.fromCharCode(...codes.slice(i, i + 8192));
  return out;
}

const WORD = /[\p{L}\p{N}]/u;
// Scripts written without spaces between words: no word boundary to respect there.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// 1: word, 2: not a word, 0: not computed yet.
const wordTable = new Uint8Array(65536);

/** A letter or digit of a script that separates words with spaces. */
export function isWordCode(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  if (c >= 0xd800 && c <= 0xdfff) return false;
  let known = wordTable[c]!;
  if (known === 0) {
    const ch = String.fromCharCode(c);
    known = WORD.test(ch) && !UNSPACED.test(ch) ? 1 : 2;
    wordTable[c] = known;
  }
  return known === 1;
}
