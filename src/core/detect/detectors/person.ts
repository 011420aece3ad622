import type { DetectedSpan, Detector } from '../types';
import {
  FIRST_NAME_KEYS,
  IN_AMBIGUOUS,
  IN_FIRST_NAMES,
  IN_GREETINGS,
  IN_ORGANISATIONS,
  IN_PARTICLES,
  IN_PLACE_PREFIXES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_SURNAMES,
  IN_TITLES,
  KEY_FLAGS,
  nameKey,
  PARTICLE_KEYS,
} from './person-names/lexicon';

export interface PersonDetectorOptions {
  /**
   * Names the app already knows (the signed-in user, the contacts of a CRM record). They are
   * found whatever their case, and their parts count as given and family names.
   */
  knownNames?: readonly string[];
}

// A word is a run of letters of alphabetic scripts (and combining marks) with inner apostrophes
// and hyphens (`O'Brien`, `Jean-Pierre`): at most 40 code points per part and 4 joins, so the
// scan is linear. Chinese or Japanese letters end a word, so a name glued to them
// (`担当はOscar Lindqvistさん`) is its own word. Words are read with a code-unit loop and a
// per-character class table (filled on first sight from these one-character regexes), not with
// a regex per word.
const WORD_CHAR = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]$/u;
const UPPER_CHAR = /^\p{Lu}$/u;
const LOWER_CHAR = /^\p{Ll}$/u;
const MARK_CHAR = /^\p{M}$/u;
const EMAIL_LOCAL_CHAR = /^[\p{L}\p{N}._-]$/u;

// Context before a name, read on at most 48 characters that end right before it.
const STRONG_INTRO =
  /(?:my name is|my name's|call me|i am|i'm|this is|je m'appelle|je m’appelle|je me nomme|mon nom est|moi c'est|moi c’est|ich bin|ich heiße|ich heisse|mein name ist|me llamo|mi nombre es|soy|mi chiamo|il mio nome è|sono)[ \t]{1,3}$/i;
const LABEL_BEFORE =
  /(?:^|[\s{,"'])(?:name|full ?name|first ?name|last ?name|given ?name|family ?name|surname|display ?name|customer(?: ?name)?|client(?:e)?(?: ?name)?|contact(?: ?name)?|author|owner|assignee|assigned to|user(?: ?name)?|nom(?: complet)?|pr[ée]nom|patient|employee|employ[ée]e?|salari[ée]e?|recipient|destinataire|sender|exp[ée]diteur|manager|driver|passenger|guest|signatory|holder|card ?holder|titulaire|b[ée]n[ée]ficiaire|beneficiary|person|member|agent|doctor|m[ée]decin|tenant|locataire|buyer|seller|kunde|ansprechpartner|nombre|nome|cognome|apellidos?|from|to|de|à|a|cc|attn|signed|sign[ée] par|par)["']?[ \t]{0,2}[:=][ \t]{0,3}["']?$/i;
const JSON_KEY_BEFORE =
  /["'](?:name|full_?name|first_?name|last_?name|given_?name|family_?name|display_?name|customer(?:_?name)?|client(?:_?name)?|contact(?:_?name)?|author|owner|assignee|user_?name|nom|pr[ée]nom|patient|employee|recipient|sender|manager|driver|passenger|guest|signatory|holder|card_?holder|titulaire|beneficiary|person|member|agent|doctor|tenant|buyer|seller)["'][ \t]{0,2}:[ \t]{0,3}["']$/i;
const SIGN_OFF =
  /(?:regards|best|cheers|thanks|thank you|sincerely|yours|cordialement|bien à vous|bien a vous|amicalement|bises|à bientôt|a bientot|merci|salutations|bien cordialement|grüße|grüßen|gruß|grüsse|saludos|un saludo|atentamente|saluti|cordiali saluti|distinti saluti|un abbraccio|--|—)[ \t]{0,2}[,.!]?[ \t]{0,3}\r?\n[ \t]{0,3}$/i;
const WEAK_INTRO =
  /(?:\b(?:from|by|with|and|et|avec|par|de la part de|pour|con|mit|und|y|e|cc|attn|contact|contacter|contactez|call|ask|tell|meet|met|appelle|appelez|rappeler|demande à|demandez à|chez|to|à|signed|signé))[ \t]{1,3}$/i;
// `my father, Thaddeus Whitmore`, `ma collègue Inès Boumediene`: a relative or colleague named.
const RELATION_BEFORE =
  /(?:\b(?:my|our|his|her|their|mon|ma|notre|son|sa|leur|mein|meine|mi|mio|mia)\s{1,2}(?:father|mother|dad|mum|mom|wife|husband|son|daughter|brother|sister|colleague|manager|boss|friend|partner|neighbour|neighbor|lawyer|doctor|p[èe]re|m[èe]re|femme|mari|fils|fille|fr[èe]re|s[œo]e?ur|coll[èe]gue|ami|amie|voisin|voisine|avocat|avocate|m[ée]decin|conseill[eè]re?|chef|vater|mutter|frau|mann|bruder|schwester|kollege|kollegin|padre|madre|hermano|hermana|amigo|amiga|fratello|sorella|amico))[ \t]{0,2},?[ \t]{1,2}$/i;
const EMAIL_PART_SPLIT = /[._-]/;
const EMAIL_SEPARATORS = /[._-]/g;
const BLANKS = /\s+/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PERSON_PATTERNS: readonly RegExp[] = [
  WORD_CHAR,
  UPPER_CHAR,
  LOWER_CHAR,
  MARK_CHAR,
  EMAIL_LOCAL_CHAR,
  STRONG_INTRO,
  LABEL_BEFORE,
  JSON_KEY_BEFORE,
  SIGN_OFF,
  WEAK_INTRO,
  RELATION_BEFORE,
  EMAIL_PART_SPLIT,
  EMAIL_SEPARATORS,
];

// `STRONG_INTRO` has no `^` or `\b`, and its longest match is 16 characters: testing it on the
// last 24 characters of the context gives the same answer as on all 48.
const STRONG_INTRO_REACH = 24;
// Likewise for `SIGN_OFF`: its longest match is 28 characters.
const SIGN_OFF_REACH = 32;
const CONTEXT = 48;
const MAX_PART = 40;
const MAX_JOINS = 4;
const MAX_RUN = 5;

// Character classes (bit flags) of one UTF-16 code unit, or of a surrogate pair.
const C_WORD = 1; // a letter of the word class above
const C_UPPER = 2; // \p{Lu}
const C_LOWER = 4; // \p{Ll}
const C_MARK = 8; // \p{M}
const C_EMAIL = 16; // a code unit allowed in an e-mail local part
const C_WIDE = 32; // a surrogate pair: two code units
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

function unitClass(code: number): number {
  let c = BMP_CLASS[code]!;
  if (c === 0) {
    c = classify(String.fromCharCode(code));
    BMP_CLASS[code] = c;
  }
  return c;
}

/** Class of the code point at `i` (a lone surrogate is no letter); `C_WIDE` tells its width. */
function classAt(text: string, i: number): number {
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

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

// What `\s` matches.
function isSpace(code: number): boolean {
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

// `.`, `!`, `?`, `:`, `;` and line breaks end a sentence.
function isSentenceEnd(code: number): boolean {
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

// French and Italian elision before a name: `d'Alice`, `l'Anna`, `qu'Hélène`.
const ELISIONS = new Set([
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
// `McDonald`, `DiCaprio`, `FitzGerald`.
const CAP_PREFIXES = ['Mc', 'Mac', 'Di', 'De', 'Da', 'Le', 'La', 'Van', 'Von', 'Fitz'];

const S_LOWER = 0;
const S_CAP = 1;
const S_UPPER = 2;
const S_INITIAL = 3;
const S_OTHER = 4;

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

// Token table of the text being read, reused from call to call (detection is synchronous).
let tokenStart = new Int32Array(1024);
let tokenEnd = new Int32Array(1024);
let tokenShape = new Uint8Array(1024);
let tokenFlags = new Int32Array(1024);
const runWords = new Int32Array(MAX_RUN + 1);

function grow(): void {
  const size = tokenStart.length * 2;
  const starts = new Int32Array(size);
  starts.set(tokenStart);
  const ends = new Int32Array(size);
  ends.set(tokenEnd);
  const shapes = new Uint8Array(size);
  shapes.set(tokenShape);
  tokenStart = starts;
  tokenEnd = ends;
  tokenShape = shapes;
  tokenFlags = new Int32Array(size);
}

// Flags of a word beyond its lists (`IN_…` bits of the lexicon), computed once per word.
const FIRST = 1 << 10; // a given name (lists, known names, `Jean-Pierre`)
const SURNAME = 1 << 11; // a family name (list or known names)
const SAINT = 1 << 12; // `Saint-Jean`, `St-Louis`
const COMPUTED = 1 << 13;
const ASCII = 1 << 14; // the word is ASCII: its key is its lower case

/** Flags of a key in the given lists, known names aside. */
function wordFlags(key: string, lists: number): number {
  let flags = lists | COMPUTED;
  if (
    flags & (IN_FIRST_NAMES | IN_AMBIGUOUS) ||
    (key.includes('-') && key.split('-').every((p) => FIRST_NAME_KEYS.has(p)))
  ) {
    flags |= FIRST;
  }
  if (flags & IN_SURNAMES) flags |= SURNAME;
  const dash = key.indexOf('-');
  if (dash > 0 && SAINT_PREFIXES.has(key.slice(0, dash))) flags |= SAINT;
  return flags;
}

// ASCII keys of the lexicon in an open-addressing table, looked up straight from the text: most
// words are ASCII, and this spares a substring, its lower-case copy and a hashed map lookup.
const LEXICON_BITS = 15;
const LEXICON_MASK = (1 << LEXICON_BITS) - 1;
const lexiconKeys: (string | undefined)[] = new Array(1 << LEXICON_BITS);
const lexiconHashes = new Int32Array(1 << LEXICON_BITS);
const lexiconFlags = new Int32Array(1 << LEXICON_BITS);

function mixHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

const HASH_SEED = 0x811c9dc5 | 0;
for (const [key, flags] of KEY_FLAGS) {
  let hash = HASH_SEED;
  let ascii = true;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code > 127) ascii = false;
    hash = mixHash(hash, code);
  }
  if (!ascii) continue;
  let slot = hash & LEXICON_MASK;
  while (lexiconKeys[slot] !== undefined) slot = (slot + 1) & LEXICON_MASK;
  lexiconKeys[slot] = key;
  lexiconHashes[slot] = hash;
  lexiconFlags[slot] = wordFlags(key, flags);
}

// What the lookup below found: the slot of the key, or -1; and whether the word holds a `-`.
let foundSlot = -1;
let foundHyphen = false;

/**
 * Looks the ASCII word `[from, to)` up in the lexicon, ignoring case. Returns false for a word
 * with a non-ASCII character (the caller then builds its key).
 */
function lookupAscii(text: string, from: number, to: number): boolean {
  let hash = HASH_SEED;
  let hyphen = false;
  for (let i = from; i < to; i++) {
    let code = text.charCodeAt(i);
    if (code > 127) return false;
    if (code >= 65 && code <= 90) code += 32;
    else if (code === 45) hyphen = true;
    hash = mixHash(hash, code);
  }
  foundHyphen = hyphen;
  foundSlot = -1;
  const size = to - from;
  for (let slot = hash & LEXICON_MASK; ; slot = (slot + 1) & LEXICON_MASK) {
    const key = lexiconKeys[slot];
    if (key === undefined) return true;
    if (lexiconHashes[slot] !== hash || key.length !== size) continue;
    let k = 0;
    while (k < size) {
      let code = text.charCodeAt(from + k);
      if (code >= 65 && code <= 90) code += 32;
      if (code !== key.charCodeAt(k)) break;
      k++;
    }
    if (k === size) {
      foundSlot = slot;
      return true;
    }
  }
}

// The parts of the word being read (at most `MAX_JOINS + 1`), and what they hold.
const partFrom = new Int32Array(MAX_JOINS + 1);
const partTo = new Int32Array(MAX_JOINS + 1);
const partInfo = new Uint8Array(MAX_JOINS + 1);
const P_UPPER_FIRST = 1; // starts with a capital
const P_REST_LOWER = 2; // the rest is lower case letters and marks only
const P_HAS_LOWER = 4; // holds a lower case letter

/** Class of the code point at `i`, with a fast path for the BMP below the surrogates. */
function classOf(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800) {
    const c = BMP_CLASS[code]!;
    return c === 0 ? unitClass(code) : c;
  }
  return classAt(text, i);
}

/** Reads the letters of part `p` from `i` (a letter), at most `MAX_PART` code points. */
function readPart(text: string, i: number, p: number): number {
  const length = text.length;
  partFrom[p] = i;
  let c = classOf(text, i);
  let info = c & C_UPPER ? P_UPPER_FIRST | P_REST_LOWER : P_REST_LOWER;
  if (c & C_LOWER) info |= P_HAS_LOWER;
  i += c & C_WIDE ? 2 : 1;
  const limit = Math.min(length, i + 2 * (MAX_PART - 1));
  let points = 1;
  // ASCII and other BMP letters below the surrogates: one code unit each.
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800) break;
    c = BMP_CLASS[code]!;
    if (c === 0) c = unitClass(code);
    if ((c & C_WORD) === 0 || points === MAX_PART) {
      partTo[p] = i;
      partInfo[p] = info;
      return i;
    }
    if (c & C_LOWER) info |= P_HAS_LOWER;
    else if ((c & C_MARK) === 0) info &= ~P_REST_LOWER;
    i++;
    points++;
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

/** Shape of the word made of parts `first` to `last` (see `shapeAt`), from what was read. */
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

/**
 * Splits the text into words (see `WORD_CHAR`) and fills the token table; returns the count.
 * An elision (`d'`) and a possessive (`'s`) are left out of the word.
 */
function tokenize(text: string): number {
  const length = text.length;
  let n = 0;
  let i = 0;
  while (i < length) {
    let code = text.charCodeAt(i);
    if (code < 128) {
      // Fast path: an ASCII word that ends on ASCII punctuation, a blank or the end of the text.
      if ((code | 32) < 97 || (code | 32) > 122) {
        i++;
        continue;
      }
      const from = i;
      const upperFirst = code < 97;
      let lower = !upperFirst;
      let restLower = true;
      for (i++; i < length; i++) {
        code = text.charCodeAt(i);
        if (code >= 97 && code <= 122) lower = true;
        else if (code >= 65 && code <= 90) restLower = false;
        else break;
      }
      if (i - from <= MAX_PART && (i === length || (code < 128 && code !== 39 && code !== 45))) {
        if (n === tokenStart.length) grow();
        tokenStart[n] = from;
        tokenEnd[n] = i;
        tokenShape[n] = !upperFirst
          ? S_LOWER
          : i - from === 1
            ? S_INITIAL
            : !lower
              ? S_UPPER
              : restLower || isCapPart(text, from, i)
                ? S_CAP
                : S_OTHER;
        n++;
        continue;
      }
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
      const code = text.charCodeAt(i);
      if ((code !== 39 && code !== 0x2019 && code !== 45) || (classOf(text, i + 1) & C_WORD) === 0)
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
    if (n === tokenStart.length) grow();
    tokenStart[n] = start;
    tokenEnd[n] = end;
    tokenShape[n] = shapeOfParts(text, first, last, end - start);
    n++;
  }
  return n;
}

/** Parts of e-mail local parts in the text (`jean.dupont@` gives `jean`, `dupont`, `jeandupont`). */
function emailParts(text: string): Set<string> {
  const parts = new Set<string>();
  let at = text.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > 0 && at - start < 64 && unitClass(text.charCodeAt(start - 1)) & C_EMAIL) start--;
    const local = nameKey(text.slice(start, at));
    if (local.length >= 3) {
      parts.add(local.replace(EMAIL_SEPARATORS, ''));
      for (const part of local.split(EMAIL_PART_SPLIT)) if (part.length >= 3) parts.add(part);
    }
    at = text.indexOf('@', at + 1);
  }
  return parts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds people's names in English and French (and common German, Spanish, Italian and
 * Arabic-origin names) by combining signals: a curated list of given names and family names,
 * capitalisation, titles (stripped from the span), greetings, sign-offs, `Name:` labels, JSON
 * values under keys such as `name` or `customer`, e-mail local parts (`jean.dupont@…` supports
 * `Jean Dupont`) and names the app already knows. Weekdays, months, cities, companies and
 * capitalised sentence starts are not persons. Scores run from 0.7 (a lone given name) to
 * 0.95 (after a title) and 1 (a known name).
 *
 * @example
 * personDetector().detect('Bonjour Mme Nathalie Lefèvre, voici le devis.');
 * // [{ start: 12, end: 28, label: 'PERSON', value: 'Nathalie Lefèvre', score: 0.95 }]
 * personDetector({ knownNames: ['Ottoline Brandt'] }).detect('ottoline brandt a appelé');
 */
export function personDetector(options: PersonDetectorOptions = {}): Detector {
  const knownFirst = new Set<string>();
  const knownLast = new Set<string>();
  const known = (options.knownNames ?? []).map((n) => n.trim()).filter((n) => n.length > 0);
  for (const name of known) {
    const parts = name.split(BLANKS).map(nameKey);
    if (parts[0]) knownFirst.add(parts[0]);
    for (const part of parts.slice(1)) knownLast.add(part);
  }
  const knownRe = known.length
    ? new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${[...known]
          .sort((a, b) => b.length - a.length)
          .map((n) => n.split(BLANKS).map(escapeRegExp).join('[\\s\\u00a0]{1,3}'))
          .join('|')})(?![\\p{L}\\p{N}])`,
        'giu',
      )
    : undefined;

  const hasKnown = knownFirst.size > 0 || knownLast.size > 0;
  const flagsOfKey = (key: string, lists: number): number => {
    let flags = wordFlags(key, lists);
    if (knownFirst.has(key)) flags |= FIRST;
    if (knownLast.has(key)) flags |= SURNAME;
    return flags;
  };

  return {
    name: 'person',
    labels: ['PERSON'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      if (knownRe) {
        knownRe.lastIndex = 0;
        for (let m = knownRe.exec(text); m; m = knownRe.exec(text)) {
          spans.push({ start: m.index, end: m.index + m[0].length, label: 'PERSON', score: 1 });
        }
      }
      const n = tokenize(text);
      if (n === 0) return spans;
      const starts = tokenStart;
      const ends = tokenEnd;
      const shapes = tokenShape;
      // Keys and flags, computed only for the words that a decision reads.
      const keys: (string | undefined)[] = new Array(n);
      const flags = tokenFlags;
      flags.fill(0, 0, n);
      // Keys of the words with a non-ASCII character, which take longer to build.
      const keyCache = new Map<string, string>();
      const keyOf = (i: number): string => {
        let key = keys[i];
        if (key === undefined) {
          const word = text.slice(starts[i]!, ends[i]!);
          if (flags[i]! & ASCII) {
            key = word.toLowerCase();
          } else {
            key = keyCache.get(word);
            if (key === undefined) {
              key = nameKey(word);
              keyCache.set(word, key);
            }
          }
          keys[i] = key;
        }
        return key;
      };
      const flagsOf = (i: number): number => {
        let f = flags[i]!;
        if (f !== 0) return f;
        if (lookupAscii(text, starts[i]!, ends[i]!)) {
          if (foundSlot >= 0) {
            const key = lexiconKeys[foundSlot]!;
            keys[i] = key;
            f = hasKnown ? flagsOfKey(key, KEY_FLAGS.get(key)!) : lexiconFlags[foundSlot]!;
          } else if (foundHyphen || hasKnown) {
            keys[i] = text.slice(starts[i]!, ends[i]!).toLowerCase();
            f = flagsOfKey(keys[i]!, 0);
          } else {
            // Not in the lexicon, no hyphen, no known names: no flag.
            f = COMPUTED | ASCII;
          }
        } else {
          const key = keyOf(i);
          f = flagsOfKey(key, KEY_FLAGS.get(key) ?? 0);
        }
        flags[i] = f;
        return f;
      };
      const emails = text.includes('@') ? emailParts(text) : new Set<string>();
      // The text between word `i - 1` (or the start of the text) and word `i`.
      const gapStart = (i: number) => (i === 0 ? 0 : ends[i - 1]!);
      const gapIsBlank = (i: number) => {
        const from = gapStart(i);
        if (starts[i]! - from !== 1) return false;
        const code = text.charCodeAt(from);
        return code === 32 || code === 0xa0;
      };
      // `.` or `. `
      const gapIsInitialDot = (i: number) => {
        const from = gapStart(i);
        const size = starts[i]! - from;
        return (
          (size === 1 || (size === 2 && text.charCodeAt(from + 1) === 32)) &&
          text.charCodeAt(from) === 46
        );
      };
      const sentenceStart = (i: number) => {
        const to = starts[i]!;
        let blank = true;
        for (let k = gapStart(i); k < to; k++) {
          const code = text.charCodeAt(k);
          if (isSentenceEnd(code)) return true;
          if (blank && !isSpace(code)) blank = false;
        }
        return i === 0 && blank;
      };
      const isTitleAt = (i: number) => {
        if (i < 0 || i >= n || (flagsOf(i) & IN_TITLES) === 0) return false;
        const key = keys[i]!;
        // The text after the word, up to the next word (none after the last word).
        const from = ends[i]!;
        const size = i + 1 < n ? starts[i + 1]! - from : 0;
        const c0 = size > 0 ? text.charCodeAt(from) : -1;
        const dot = c0 === 46 && (size === 1 || (size === 2 && text.charCodeAt(from + 1) === 32));
        if (key === 'm' || key === 'mm') return text.charCodeAt(starts[i]!) === 77 && dot;
        if (shapes[i] === S_LOWER && key.length < 5) return false;
        return dot || (size === 1 && (c0 === 32 || c0 === 0xa0));
      };
      // A word that may continue a name: capitalised, not a stop word unless a family name.
      const canContinue = (i: number) => {
        const shape = shapes[i];
        if (shape !== S_CAP && shape !== S_UPPER) return false;
        const f = flagsOf(i);
        return (
          (f & (IN_TITLES | IN_GREETINGS | SAINT)) === 0 &&
          (!(f & IN_STOP_WORDS) || !!(f & SURNAME))
        );
      };

      // A run is the words `i` to `j` (at most `MAX_RUN + 1`); its words without the lower case
      // particles go to `words`.
      const words = runWords;
      let count = 0;
      // Whether some (or every) word of the run has the flags `mask` equal to `value`.
      const some = (mask: number, value: number) => {
        for (let w = 0; w < count; w++) if ((flagsOf(words[w]!) & mask) === value) return true;
        return false;
      };
      const every = (mask: number, value: number) => {
        for (let w = 0; w < count; w++) if ((flagsOf(words[w]!) & mask) !== value) return false;
        return true;
      };
      let i = 0;
      while (i < n) {
        const firstShape = shapes[i];
        if (
          (firstShape !== S_CAP && firstShape !== S_UPPER && firstShape !== S_INITIAL) ||
          flagsOf(i) & IN_GREETINGS ||
          isTitleAt(i)
        ) {
          i++;
          continue;
        }
        // Build the longest name-shaped run: capitalised words joined by single spaces, with
        // particles (`de`, `van`) and initials (`John F. Kennedy`) inside.
        let j = i;
        while (j - i + 1 < MAX_RUN && j + 1 < n) {
          const joined = gapIsBlank(j + 1) || (shapes[j] === S_INITIAL && gapIsInitialDot(j + 1));
          if (!joined) break;
          const next = j + 1;
          const nextShape = shapes[next];
          if (
            (nextShape === S_LOWER || nextShape === S_CAP) &&
            j + 2 < n &&
            shapes[j + 2] === S_CAP &&
            gapIsBlank(j + 2) &&
            flagsOf(next) & IN_PARTICLES &&
            !(flagsOf(j + 2) & IN_STOP_WORDS)
          ) {
            j += 2;
            continue;
          }
          if (nextShape === S_INITIAL && j + 2 < n && gapIsInitialDot(j + 2)) {
            j += 1;
            continue;
          }
          if (!canContinue(next)) break;
          j += 1;
        }
        // An initial cannot end a name.
        while (j > i && shapes[j] === S_INITIAL) j--;
        count = 0;
        for (let k = i; k <= j; k++) {
          if (shapes[k] !== S_LOWER || !(flagsOf(k) & IN_PARTICLES)) words[count++] = k;
        }
        const decision = decide(i, j);
        if (decision === 'skip') {
          i = j + 1;
        } else if (decision) {
          spans.push({ start: starts[i]!, end: ends[j]!, label: 'PERSON', score: decision });
          i = j + 1;
        } else {
          i++;
        }
      }
      return spans;

      function decide(startIndex: number, runEnd: number): number | 'skip' | undefined {
        const head = startIndex;
        const headFlags = flagsOf(head);
        const headShape = shapes[head];
        const start = starts[head]!;
        const last = words[count - 1]!;
        const after = runEnd + 1;
        const before = startIndex - 1;
        const hasBefore = before >= 0;
        const gapFrom = gapStart(startIndex);
        const gapSize = start - gapFrom;
        const g0 = gapSize > 0 ? text.charCodeAt(gapFrom) : -1;
        const g1 = gapSize > 1 ? text.charCodeAt(gapFrom + 1) : -1;

        // `rue Victor Hugo`, `Saint Louis`, `Marie Curie University` are places and institutions.
        if (
          hasBefore &&
          ((gapSize === 1 && (g0 === 32 || g0 === 0xa0 || g0 === 45)) ||
            (gapSize === 2 && g0 === 46 && g1 === 32)) &&
          flagsOf(before) & IN_PLACE_PREFIXES
        ) {
          return 'skip';
        }
        if (
          after < n &&
          shapes[after] === S_CAP &&
          starts[after]! - ends[last]! === 1 &&
          (text.charCodeAt(ends[last]!) === 32 || text.charCodeAt(ends[last]!) === 0xa0) &&
          flagsOf(after) & IN_ORGANISATIONS
        ) {
          return 'skip';
        }
        if (headShape === S_INITIAL && count < 2) return undefined;
        // All-caps words count only next to a name-like word (`DUPONT Jean`, `Jean DUPONT`).
        const titled = hasBefore && isTitleAt(before);
        if (!titled) {
          let hasCap = false;
          for (let w = 0; w < count && !hasCap; w++) hasCap = shapes[words[w]!] === S_CAP;
          if (!hasCap && !(count >= 2 && some(FIRST | IN_STOP_WORDS, FIRST))) return undefined;
        }
        if (every(IN_STOP_WORDS | SURNAME | FIRST, IN_STOP_WORDS)) return undefined;
        if ((headFlags & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return undefined;

        // Signals, strongest first.
        if (titled) return 0.95;
        if (
          hasBefore &&
          ((gapSize === 1 && (g0 === 32 || g0 === 44 || g0 === 0xa0)) ||
            (gapSize === 2 && g0 === 44 && g1 === 32))
        ) {
          const beforeKey = keyOf(before);
          const greeted =
            flagsOf(before) & IN_GREETINGS ||
            (beforeKey === 'you' && before >= 1 && keyOf(before - 1) === 'thank') ||
            (beforeKey === 'dia' && before >= 1 && keyOf(before - 1) === 'buon');
          if (greeted)
            return (headFlags & (IN_STOP_WORDS | FIRST)) === IN_STOP_WORDS ? undefined : 0.9;
        }
        // The context regexes all end with a blank, a `:`/`=` (and a quote) or a line break
        // right before the name: cheap tests on the last characters come first.
        const blankBefore = start > 0 && isBlank(text.charCodeAt(start - 1));
        const from = Math.max(0, start - CONTEXT);
        if (
          blankBefore &&
          STRONG_INTRO.test(text.slice(Math.max(0, start - STRONG_INTRO_REACH), start))
        )
          return 0.9;
        let k = start - 1;
        if (k >= from && (text.charCodeAt(k) === 34 || text.charCodeAt(k) === 39)) k--;
        for (let b = 0; b < 3 && k >= from && isBlank(text.charCodeAt(k)); b++) k--;
        const labelled = k >= from && (text.charCodeAt(k) === 58 || text.charCodeAt(k) === 61);
        k = start - 1;
        for (let b = 0; b < 3 && k >= from && isBlank(text.charCodeAt(k)); b++) k--;
        const newLine = k >= from && text.charCodeAt(k) === 10;
        if (labelled) {
          const context = text.slice(from, start);
          if (LABEL_BEFORE.test(context) || JSON_KEY_BEFORE.test(context)) return 0.9;
        }
        if (newLine && SIGN_OFF.test(text.slice(Math.max(0, start - SIGN_OFF_REACH), start)))
          return 0.9;
        // `Contactez Oyelaran Quispe`: an unknown capitalised word opening a sentence is the
        // sentence's first word, not a name; the name may start at the next word.
        if (
          count >= 2 &&
          headShape === S_CAP &&
          (headFlags & (FIRST | SURNAME)) === 0 &&
          !emails.has(keyOf(head)) &&
          sentenceStart(startIndex)
        ) {
          return undefined;
        }
        if (emails.size > 0) {
          for (let w = 0; w < count; w++) {
            const key = keyOf(words[w]!);
            if (key.length >= 3 && emails.has(key)) return 0.9;
          }
          if (count >= 2 && emails.has(nameKey(text[start]!) + keyOf(last))) return 0.9;
        }

        const headFirst = (headFlags & FIRST) !== 0;
        const headAmbiguous = (headFlags & (IN_AMBIGUOUS | IN_PLACES | IN_STOP_WORDS)) !== 0;
        if (count >= 2) {
          const secondFlags = flagsOf(words[1]!);
          // `Can Bill approve…`: an ambiguous word opening a sentence is the sentence's verb or
          // noun; the name starts at the next word.
          if (headAmbiguous && secondFlags & FIRST && sentenceStart(startIndex)) return undefined;
          if (headFirst) return headAmbiguous ? 0.8 : 0.9;
          // `DUPONT Jean`, `Dupont Jean-Pierre`: family name first.
          if (
            (headShape === S_UPPER || headFlags & SURNAME) &&
            (secondFlags & (FIRST | IN_AMBIGUOUS)) === FIRST
          )
            return 0.85;
          // `Empfänger Jürgen Weber`: the name starts at the given name, not at the noun before.
          for (let w = 1; w < count; w++) {
            if ((flagsOf(words[w]!) & (FIRST | IN_AMBIGUOUS)) === FIRST) return undefined;
          }
          if (flagsOf(last) & SURNAME && !(headFlags & IN_STOP_WORDS) && !sentenceStart(startIndex))
            return 0.75;
          let plain = true;
          for (let w = 0; w < count && plain; w++) {
            plain = shapes[words[w]!] === S_CAP && !(flagsOf(words[w]!) & IN_STOP_WORDS);
          }
          if (plain && blankBefore) {
            const context = text.slice(from, start);
            if (WEAK_INTRO.test(context) || RELATION_BEFORE.test(context)) return 0.75;
          }
          return undefined;
        }
        if (headFirst && !headAmbiguous && headShape === S_CAP) return 0.7;
        return undefined;
      }
    },
  };
}
