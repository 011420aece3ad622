// Splits a text into words (offsets and a shape per word, no strings) for the person detector.
import { PARTICLE_KEYS } from '../person-names/lexicon';
import {
  C_LOWER,
  C_MARK,
  C_UPPER,
  C_WIDE,
  C_WORD,
  classAt,
  classOf,
  isApostrophe,
  unitClass,
} from './chars';
import {
  FOLD_DROP,
  FOLD_SLOW,
  foldUnit,
  HASH_SEED,
  hashKey,
  MAX_CODE_LENGTH,
  mixCode,
  mixHash,
  NO_CODE,
} from './keys';

// Words are bounded, so the scan is linear: at most 40 code points per part and 4 joins.
const MAX_PART = 40;
const MAX_JOINS = 4;

/** Shape of a word: `jean`. */
export const S_LOWER = 0;
/** Shape of a word: `Jean`, `McDonald`, `Jean-Pierre`, `Jean-de`. */
export const S_CAP = 1;
/** Shape of a word: `JEAN`, `JEAN-PIERRE`. */
export const S_UPPER = 2;
/** Shape of a word: one capital letter, `J`. */
export const S_INITIAL = 3;
/** Shape of a word: any other capitalised word (`JeAn`, `Jean-pierre`). */
export const S_OTHER = 4;

/**
 * Marks a hash not computed yet. A key whose hash is 0 is hashed again on each use: that costs
 * time only.
 */
export const NO_HASH = 0;

/**
 * The words of the text being read: offsets, shapes, and room for what the detector later
 * computes per word. One table serves every call (detection is synchronous), so a call
 * allocates nothing per word.
 */
export class TokenTable {
  /** Offset of the first code unit of each word. */
  start = new Int32Array(1024);
  /** Offset after the last code unit of each word. */
  end = new Int32Array(1024);
  /** `S_…` shape of each word. */
  shape = new Uint8Array(1024);
  /** Hash of each word's key (see `hashKey`), or `NO_HASH` when not computed yet. */
  hash = new Int32Array(1024);
  /** Code of each word's key (see `codeOfKey`), or `NO_CODE` (none, or not computed yet). */
  code = new Float64Array(1024);
  /** Flags of each word, filled by the detector (0: not computed yet). */
  flags = new Int32Array(1024);

  /**
   * Hash of the key of word `i` of `text` (see `hashKey`), computed on first need with the
   * code of the key (see `codeOfKey`).
   */
  hashOf(text: string, i: number): number {
    let hash = this.hash[i]!;
    if (hash !== NO_HASH) return hash;
    const from = this.start[i]!;
    const to = this.end[i]!;
    hash = HASH_SEED;
    let code = 0;
    let size = 0;
    for (let k = from; k < to; k++) {
      const unit = text.charCodeAt(k);
      const folded = unit < 128 ? (isAsciiLetter(unit) ? unit | 32 : unit) : foldUnit(unit);
      if (folded === FOLD_DROP) continue;
      if (folded === FOLD_SLOW) {
        hash = hashKey(text, from, to);
        code = NO_CODE;
        break;
      }
      hash = mixHash(hash, folded);
      if (code !== NO_CODE) {
        code =
          folded >= 97 && folded <= 122 && ++size <= MAX_CODE_LENGTH
            ? mixCode(code, folded)
            : NO_CODE;
      }
    }
    this.hash[i] = hash;
    this.code[i] = size === 0 ? NO_CODE : code;
    return hash;
  }

  /** Writes word `n`, with more room first when the table is full. */
  put(n: number, start: number, end: number, shape: number, hash: number, code: number): void {
    if (n === this.start.length) this.grow();
    this.start[n] = start;
    this.end[n] = end;
    this.shape[n] = shape;
    this.hash[n] = hash;
    this.code[n] = code;
  }

  /** Doubles the room, keeping the words read so far. */
  grow(): void {
    const size = this.start.length * 2;
    const start = new Int32Array(size);
    start.set(this.start);
    const end = new Int32Array(size);
    end.set(this.end);
    const shape = new Uint8Array(size);
    shape.set(this.shape);
    const hash = new Int32Array(size);
    hash.set(this.hash);
    const code = new Float64Array(size);
    code.set(this.code);
    this.start = start;
    this.end = end;
    this.shape = shape;
    this.hash = hash;
    this.code = code;
    this.flags = new Int32Array(size);
  }
}

// French and Italian elision before a name: `d'Alice`, `l'Anna`, `qu'Hélène`.
const ELISIONS: ReadonlySet<string> = new Set([
  'c',
  'd',
  'j',
  'l',
  'm',
  'n',
  's',
  't',
  'qu',
  'jusqu',
  'lorsqu',
  'puisqu',
  'dell',
  'nell',
  'sull',
]);
// `McDonald`, `DiCaprio`, `FitzGerald`.
const CAP_PREFIXES = ['Mc', 'Mac', 'Di', 'De', 'Da', 'Le', 'La', 'Van', 'Von', 'Fitz'];

/** Whether `[from, to)` holds lower-case letters and marks only, `min` to `max` code points. */
function lowerRun(text: string, from: number, to: number, min: number, max: number): boolean {
  let points = 0;
  for (let i = from; i < to; ) {
    const c = classAt(text, i);
    if ((c & (C_LOWER | C_MARK)) === 0) return false;
    i += c & C_WIDE ? 2 : 1;
    if (++points > max) return false;
  }
  return points >= min;
}

/**
 * One part of a capitalised word: `Jean`, `J`, or `McDonald` (a known prefix, a capital, lower
 * case letters).
 */
function isCapPart(text: string, from: number, to: number): boolean {
  const c = classAt(text, from);
  if ((c & C_UPPER) === 0) return false;
  const next = from + (c & C_WIDE ? 2 : 1);
  if (next === to) return true;
  if (lowerRun(text, next, to, 1, MAX_PART - 1)) return true;
  for (const prefix of CAP_PREFIXES) {
    const at = from + prefix.length;
    if (at >= to || !text.startsWith(prefix, from)) continue;
    const inner = classAt(text, at);
    if ((inner & C_UPPER) === 0) continue;
    if (lowerRun(text, at + (inner & C_WIDE ? 2 : 1), to, 1, 30)) return true;
  }
  return false;
}

// The parts of the word being read (at most `MAX_JOINS + 1`), and what they hold.
const partFrom = new Int32Array(MAX_JOINS + 1);
const partTo = new Int32Array(MAX_JOINS + 1);
const partInfo = new Uint8Array(MAX_JOINS + 1);
const P_UPPER_FIRST = 1; // starts with a capital
const P_REST_LOWER = 2; // the rest is lower case letters and marks only
const P_HAS_LOWER = 4; // holds a lower case letter

/** Reads the letters of part `p` from `i` (a letter), at most `MAX_PART` code points. */
function readPart(text: string, i: number, p: number): number {
  const length = text.length;
  partFrom[p] = i;
  let c = classOf(text, i);
  let info = c & C_UPPER ? P_UPPER_FIRST | P_REST_LOWER : P_REST_LOWER;
  if (c & C_LOWER) info |= P_HAS_LOWER;
  i += c & C_WIDE ? 2 : 1;
  let points = 1;
  // BMP letters below the surrogates, one code unit each, first.
  for (; i < length && points < MAX_PART; i++, points++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800) break;
    c = unitClass(code);
    if ((c & C_WORD) === 0) {
      partTo[p] = i;
      partInfo[p] = info;
      return i;
    }
    if (c & C_LOWER) info |= P_HAS_LOWER;
    else if ((c & C_MARK) === 0) info &= ~P_REST_LOWER;
  }
  for (; i < length && points < MAX_PART; points++) {
    c = classOf(text, i);
    if ((c & C_WORD) === 0) break;
    if (c & C_LOWER) info |= P_HAS_LOWER;
    else if ((c & C_MARK) === 0) info &= ~P_REST_LOWER;
    i += c & C_WIDE ? 2 : 1;
  }
  partTo[p] = i;
  partInfo[p] = info;
  return i;
}

/** Shape of the word made of parts `first` to `last`, from what `readPart` found. */
function shapeOfParts(text: string, first: number, last: number, size: number): number {
  if ((partInfo[first]! & P_UPPER_FIRST) === 0) return S_LOWER;
  if (size === 1) return S_INITIAL;
  let lower = 0;
  for (let p = first; p <= last; p++) lower |= partInfo[p]! & P_HAS_LOWER;
  if (lower === 0) return S_UPPER;
  for (let p = first; p <= last; p++) {
    const info = partInfo[p]!;
    if ((info & (P_UPPER_FIRST | P_REST_LOWER)) === (P_UPPER_FIRST | P_REST_LOWER)) continue;
    const from = partFrom[p]!;
    const to = partTo[p]!;
    if (!isCapPart(text, from, to) && !(p > first && PARTICLE_KEYS.has(text.slice(from, to)))) {
      return S_OTHER;
    }
  }
  return S_CAP;
}

/** Whether the code unit is an ASCII letter. */
function isAsciiLetter(code: number): boolean {
  return ((code | 32) - 97) >>> 0 < 26;
}

/** Shape of an ASCII word of letters only that starts with a capital, from what the scan saw. */
function capitalisedShape(
  text: string,
  from: number,
  to: number,
  hasLower: boolean,
  restLower: boolean,
): number {
  if (to - from === 1) return S_INITIAL;
  if (!hasLower) return S_UPPER;
  return restLower || isCapPart(text, from, to) ? S_CAP : S_OTHER;
}

/**
 * Splits the text into words and fills `table`; returns the count. A word is a run of letters
 * of alphabetic scripts and marks with at most 4 inner `'`, `’` or `-` joins; an elision
 * (`d'`) and a possessive (`'s`) are left out of the word.
 */
export function tokenize(text: string, table: TokenTable): number {
  const length = text.length;
  let n = 0;
  let i = 0;
  // The end of the last ASCII run that the fast path gave up on (too long, or joined to more
  // letters): the general path reads it alone, so that no position of it is read twice by the
  // fast path (a run of a million letters would be read a million / 40 times).
  let slowUntil = 0;
  while (i < length) {
    let code = text.charCodeAt(i);
    if (code < 128 && i >= slowUntil) {
      // Fast path: an ASCII word that ends on ASCII punctuation, a blank or the end of the text.
      if (!isAsciiLetter(code)) {
        i++;
        continue;
      }
      const from = i;
      let shape = S_LOWER;
      let hash = NO_HASH;
      let wordCode = NO_CODE;
      if (code >= 97) {
        // A lower case word: only its end matters (its key is hashed if ever looked up).
        for (i++; i < length; i++) {
          code = text.charCodeAt(i);
          if (!isAsciiLetter(code)) break;
        }
      } else {
        // A capitalised word: its shape, and its key (its lower case) hashed and coded on the way.
        let hasLower = false;
        let restLower = true;
        hash = mixHash(HASH_SEED, code | 32);
        wordCode = mixCode(0, code);
        for (i++; i < length; i++) {
          code = text.charCodeAt(i);
          if (code >= 97 && code <= 122) hasLower = true;
          else if (code >= 65 && code <= 90) restLower = false;
          else break;
          hash = mixHash(hash, code | 32);
          wordCode = mixCode(wordCode, code);
        }
        if (i - from > MAX_CODE_LENGTH) wordCode = NO_CODE;
        shape = capitalisedShape(text, from, i, hasLower, restLower);
      }
      if (i - from <= MAX_PART && (i === length || (code < 128 && code !== 39 && code !== 45))) {
        table.put(n++, from, i, shape, hash, wordCode);
        // The character after the word is ASCII and no letter: no word starts there.
        i++;
        continue;
      }
      // Longer, or joined to more letters: read again on the general path.
      slowUntil = i;
      i = from;
    } else {
      const c = classOf(text, i);
      if ((c & C_WORD) === 0) {
        i += c & C_WIDE ? 2 : 1;
        continue;
      }
    }
    const wordStart = i;
    i = readPart(text, i, 0);
    let last = 0;
    while (last < MAX_JOINS && i + 1 < length) {
      const join = text.charCodeAt(i);
      if ((join !== 39 && join !== 0x2019 && join !== 45) || (classOf(text, i + 1) & C_WORD) === 0)
        break;
      i = readPart(text, i + 1, ++last);
    }
    let first = 0;
    let start = wordStart;
    let end = i;
    const firstEnd = partTo[0]!;
    if (
      last > 0 &&
      firstEnd - wordStart <= 6 &&
      isApostrophe(text.charCodeAt(firstEnd)) &&
      partInfo[1]! & P_UPPER_FIRST &&
      ELISIONS.has(text.slice(wordStart, firstEnd))
    ) {
      first = 1;
      start = firstEnd + 1;
    }
    if (
      end - start >= 2 &&
      text.charCodeAt(end - 1) === 115 &&
      isApostrophe(text.charCodeAt(end - 2))
    ) {
      end -= 2;
      last--;
    }
    if (end === start) continue;
    table.put(n++, start, end, shapeOfParts(text, first, last, end - start), NO_HASH, NO_CODE);
  }
  return n;
}
