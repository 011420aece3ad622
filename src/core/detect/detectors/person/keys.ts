// Lookup keys of words (`nameKey`) hashed and compared straight from the text, without building
// the key string: most words the detector looks up are never kept.
import {
  FIRST_NAME_KEYS,
  IN_AMBIGUOUS,
  IN_EXTENDED_NAMES,
  IN_FIRST_NAMES,
  IN_SURNAMES,
  KEY_FLAGS,
  nameKey,
} from '../person-names/lexicon';
import { C_WORD, unitClass } from './chars';
import { PARTICLES_AFTER_GIVEN_NAME } from './particles';
import { RELATION_NOUNS, RELATION_VERBS } from './relations';
import { TITLE_TAIL_KEYS } from './titles';

// Flags of a word beyond its lists (the `IN_…` bits of the lexicon), a function of its key.
/** A given name (lists, known names, `Jean-Pierre`). */
export const FIRST = 1 << 10;
/** A family name (list or known names). */
export const SURNAME = 1 << 11;
/** `Saint-Jean`, `St-Louis`. */
export const SAINT = 1 << 12;
/** Set on every computed flags value, so that 0 means "not computed yet". */
export const COMPUTED = 1 << 13;
/**
 * A particle that joins a name only after a given name or a title (`./particles`): `Giuseppe Lo
 * Russo`, not `Antrag zur Prüfung`.
 */
export const KEY_LATE_PARTICLE = 1 << 14;
/** The key is `you` (`Thank you Anna`). */
export const KEY_YOU = 1 << 16;
/** The key is `thank`. */
export const KEY_THANK = 1 << 17;
/** The key is `buon` (`Buon dia Marco`). */
export const KEY_BUON = 1 << 18;
/** The key is `dia`. */
export const KEY_DIA = 1 << 19;
/** The key is `saint`, `st`, `san`… (`Saint-Jean`). */
export const KEY_SAINT = 1 << 20;
/** A street word that `de` may follow: `rue de Rivoli`, `avenue du Général Leclerc`. */
export const KEY_STREET = 1 << 21;
/** The end of a title after a dot (`./titles`): `sig.ra`, `dott.ssa`, `Dr.in`. */
export const KEY_TITLE_TAIL = 1 << 22;
/**
 * A relative or colleague, or the last word of a verb that names one (`./relations`): `my husband
 * Frank`, `my partner is Nora`.
 */
export const KEY_RELATION = 1 << 23;

const SAINT_PREFIXES: ReadonlySet<string> = new Set([
  'saint',
  'sainte',
  'st',
  'ste',
  'san',
  'santa',
  'sankt',
  'sao',
]);

const STREET_KEYS = `rue avenue av bd boulevard allee impasse quai chemin route strasse calle
  via viale corso avenida paseo street road`
  .split(/\s+/)
  .filter(Boolean);

const KEY_BITS: ReadonlyMap<string, number> = (() => {
  const bits = new Map<string, number>();
  const add = (key: string, bit: number) => bits.set(key, (bits.get(key) ?? 0) | bit);
  add('you', KEY_YOU);
  add('thank', KEY_THANK);
  add('buon', KEY_BUON);
  add('dia', KEY_DIA);
  for (const key of SAINT_PREFIXES) add(key, KEY_SAINT);
  for (const key of STREET_KEYS) add(key, KEY_STREET);
  for (const key of TITLE_TAIL_KEYS) add(key, KEY_TITLE_TAIL);
  for (const key of PARTICLES_AFTER_GIVEN_NAME) add(key, KEY_LATE_PARTICLE);
  for (const noun of RELATION_NOUNS) add(nameKey(noun), KEY_RELATION);
  // The word the tokenizer reads last: `is` of `'s name is`, `s'appelle`, `e` of `e'`.
  for (const verb of RELATION_VERBS) {
    add(nameKey(verb.split(' ').pop()!).replace(/'$/, ''), KEY_RELATION);
  }
  return bits;
})();

/** Flags of a key that is in the lists `lists` (`IN_…` bits), known names aside. */
export function wordFlags(key: string, lists: number): number {
  let flags = lists | COMPUTED;
  if (
    flags & (IN_FIRST_NAMES | IN_AMBIGUOUS | IN_EXTENDED_NAMES) ||
    (key.includes('-') && key.split('-').every((p) => FIRST_NAME_KEYS.has(p)))
  ) {
    flags |= FIRST;
  }
  if (flags & IN_SURNAMES) flags |= SURNAME;
  const dash = key.indexOf('-');
  if (dash > 0 && SAINT_PREFIXES.has(key.slice(0, dash))) flags |= SAINT;
  return flags;
}

// `nameKey` one code unit at a time. For the letters of words (Latin and Cyrillic scripts and
// marks) and e-mail characters below U+0080, the key of a string is the keys of its code units
// put together (checked in the tests), so a key can be hashed and compared from the text. Greek
// is left out (the lower case of `Σ` depends on what follows it), and so are other scripts and
// surrogates: a word with such a code unit takes the slow path, through `nameKey`.
const FOLD_UNKNOWN = 0;
/** The code unit has no key (a combining mark). */
export const FOLD_DROP = 0xfffe;
/** The key of a string holding this code unit is built with `nameKey`. */
export const FOLD_SLOW = 0xffff;
const FOLD = new Uint16Array(0x10000);
const GREEK = /\p{Script=Greek}/u;

function foldOf(code: number): number {
  const ch = String.fromCharCode(code);
  if (code < 128 || code === 0x2019) return nameKey(ch).charCodeAt(0);
  if ((unitClass(code) & C_WORD) === 0 || GREEK.test(ch)) return FOLD_SLOW;
  const key = nameKey(ch);
  if (key.length === 0) return FOLD_DROP;
  if (key.length > 1 || key.charCodeAt(0) >= FOLD_DROP) return FOLD_SLOW;
  return key.charCodeAt(0);
}

/**
 * The key of one code unit (its lower case without accents): a code unit, `FOLD_DROP` (a mark,
 * no key) or `FOLD_SLOW` (see above).
 */
export function foldUnit(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  let folded = FOLD[code]!;
  if (folded === FOLD_UNKNOWN) {
    folded = foldOf(code);
    FOLD[code] = folded;
  }
  return folded;
}

/** First value of the key hashes (FNV-1a). */
export const HASH_SEED = 0x811c9dc5 | 0;

/** Adds one code unit to a key hash. */
export function mixHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** Hash of a key string, continuing `seed`. */
export function hashString(key: string, seed: number = HASH_SEED): number {
  let hash = seed;
  for (let i = 0; i < key.length; i++) hash = mixHash(hash, key.charCodeAt(i));
  return hash;
}

/** Hash of `nameKey(text.slice(from, to))`, continuing `seed`. */
export function hashKey(text: string, from: number, to: number, seed: number = HASH_SEED): number {
  let hash = seed;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const folded = code < 128 ? (code >= 65 && code <= 90 ? code + 32 : code) : foldUnit(code);
    if (folded === FOLD_DROP) continue;
    if (folded === FOLD_SLOW) return hashString(nameKey(text.slice(from, to)), seed);
    hash = mixHash(hash, folded);
  }
  return hash;
}

/** Whether `nameKey(text.slice(from, to)) === key`. */
export function keyEquals(text: string, from: number, to: number, key: string): boolean {
  let k = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const folded = code < 128 ? (code >= 65 && code <= 90 ? code + 32 : code) : foldUnit(code);
    if (folded === FOLD_DROP) continue;
    if (folded === FOLD_SLOW) return nameKey(text.slice(from, to)) === key;
    if (key.charCodeAt(k) !== folded) return false;
    k++;
  }
  return k === key.length;
}

/**
 * Exact code of a key of 1 to 10 letters a–z (`jean`, `helene` for `Hélène`): 5 bits per letter,
 * which a double holds exactly. Two such keys are equal when their codes are; other keys have
 * `NO_CODE`.
 */
export const MAX_CODE_LENGTH = 10;
export const NO_CODE = -1;

/** Adds one letter (`A`–`Z` or `a`–`z`: the same) to a code. */
export function mixCode(code: number, letter: number): number {
  return code * 32 + (letter & 31);
}

/** Code of a key (see `MAX_CODE_LENGTH`). */
export function codeOfKey(key: string): number {
  if (key.length === 0 || key.length > MAX_CODE_LENGTH) return NO_CODE;
  let code = 0;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    if (unit < 97 || unit > 122) return NO_CODE;
    code = mixCode(code, unit);
  }
  return code;
}

// Every key of the lexicon in an open-addressing table, found by hash and checked against the
// text: this spares a substring, its key and a map lookup per word. Hash and flags of a slot sit
// side by side (flags 0: an empty slot), so that a probe reads one cache line. Twice as many
// slots as keys at least (about 10,000 with the generated given names): most words looked up
// are in no list, and a lookup that finds nothing probes until an empty slot.
const LEXICON_BITS = 15;
const LEXICON_MASK = (1 << LEXICON_BITS) - 1;
const lexiconSlots = new Int32Array(2 << LEXICON_BITS);
const lexiconKeys: string[] = new Array(1 << LEXICON_BITS).fill('');
const lexiconCodes = new Float64Array(1 << LEXICON_BITS);
let lexiconSize = 0;

function addToLexicon(key: string, flags: number): void {
  if (++lexiconSize > (1 << LEXICON_BITS) / 2) throw new Error('the PERSON lexicon is full');
  const hash = hashString(key);
  let slot = hash & LEXICON_MASK;
  while (lexiconSlots[2 * slot + 1] !== 0) slot = (slot + 1) & LEXICON_MASK;
  lexiconSlots[2 * slot] = hash;
  lexiconSlots[2 * slot + 1] = flags;
  lexiconKeys[slot] = key;
  lexiconCodes[slot] = codeOfKey(key);
}

const keyBitsOf = (key: string) => KEY_BITS.get(key) ?? 0;
for (const [key, lists] of KEY_FLAGS) addToLexicon(key, wordFlags(key, lists) | keyBitsOf(key));
for (const key of KEY_BITS.keys()) {
  if (!KEY_FLAGS.has(key)) addToLexicon(key, wordFlags(key, 0) | keyBitsOf(key));
}

/**
 * Flags of the word `[from, to)` whose key hashes to `hash`, known names aside: its lists and
 * the bits above. `code` is the code of its key (see `codeOfKey`), or `NO_CODE` (none, or not
 * known).
 */
export function lexiconFlagsOf(
  text: string,
  from: number,
  to: number,
  hash: number,
  code: number,
): number {
  for (let slot = hash & LEXICON_MASK; ; slot = (slot + 1) & LEXICON_MASK) {
    const flags = lexiconSlots[2 * slot + 1]!;
    if (flags === 0) break;
    if (
      lexiconSlots[2 * slot] === hash &&
      (code === NO_CODE
        ? keyEquals(text, from, to, lexiconKeys[slot]!)
        : lexiconCodes[slot] === code)
    ) {
      return flags;
    }
  }
  // Not in the lexicon: only a compound word (`Jean-Pierre`, `Saint-Jean`) may have flags. A
  // word with a code is made of letters.
  if (code === NO_CODE) {
    for (let i = from; i < to; i++)
      if (text.charCodeAt(i) === 45) return compoundFlags(text, from, to);
  }
  return COMPUTED;
}

/**
 * `wordFlags(nameKey(text.slice(from, to)), 0)` for a word with a `-`, from the lexicon flags of
 * its parts: a given name when every part is one, a saint's name after `Saint-`.
 */
function compoundFlags(text: string, from: number, to: number): number {
  let flags = COMPUTED | FIRST;
  let partFrom = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text.charCodeAt(i) !== 45) continue;
    const part = lexiconFlagsOf(text, partFrom, i, hashKey(text, partFrom, i), NO_CODE);
    if ((part & IN_FIRST_NAMES) === 0) flags &= ~FIRST;
    if (partFrom === from && part & KEY_SAINT) flags |= SAINT;
    partFrom = i + 1;
  }
  return flags;
}
