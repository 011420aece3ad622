// Context before a name, read on at most 48 characters that end right before it. The phrases
// come from the cue tables (`./introductions`, `./relations`).
import { isBlank } from './chars';
import { BEFORE_INITIALS, INTRODUCTIONS, WEAK_INTRODUCTIONS } from './introductions';
import { labelAlternatives } from './labels';
import { RELATION_NOUNS, RELATION_POSSESSIVES, RELATION_VERBS } from './relations';

/** How far back the context regexes read. */
export const CONTEXT = 48;

// `My name is`, `je m'appelle`, `under the name`, … right before the name, then 1 to 3 blanks.
const STRONG_INTRO_PHRASES = INTRODUCTIONS.filter((row) => row.support === 'any-name').flatMap(
  (row) => row.phrases,
);
// `ich bin`, `namens`: only a name of the lists may follow them.
const LISTED_INTRO_PHRASES = INTRODUCTIONS.filter((row) => row.support === 'listed-name').flatMap(
  (row) => row.phrases,
);
const ALL_INTRO_PHRASES = [...STRONG_INTRO_PHRASES, ...LISTED_INTRO_PHRASES];
// Those by which people introduce themselves: a lower-case name may follow them.
const SELF_INTRO_PHRASES = INTRODUCTIONS.filter((row) => row.lowerCaseNames).flatMap(
  (row) => row.phrases,
);
// A sign-off, then an optional `,`, `.` or `!` and a line break right before the name.
const SIGN_OFF_PHRASES = [
  'regards',
  'best',
  'cheers',
  'thanks',
  'thank you',
  'sincerely',
  'yours',
  'cordialement',
  'bien à vous',
  'bien a vous',
  'amicalement',
  'bises',
  'à bientôt',
  'a bientot',
  'merci',
  'salutations',
  'bien cordialement',
  'grüße',
  'grüßen',
  'gruß',
  'grüsse',
  'saludos',
  'un saludo',
  'atentamente',
  'saluti',
  'cordiali saluti',
  'distinti saluti',
  'un abbraccio',
  '--',
  '—',
];

// The phrases hold no regex syntax. A phrase starts a word: `Miami am Okafor` holds no `i am`.
const introPattern = (phrases: readonly string[]) =>
  new RegExp(`(?<![A-Za-z0-9\\u00c0-\\u024f])(?:${phrases.join('|')})[ \\t]{1,3}$`, 'i');
export const STRONG_INTRO = introPattern(STRONG_INTRO_PHRASES);
/** A phrase before which only a name of the lists is read as a name (`ich bin`, `namens`). */
export const LISTED_INTRO = introPattern(LISTED_INTRO_PHRASES);
/** A self-introduction (`i'm`, `je suis`, `me llamo`) right before a name, then 1 to 3 blanks. */
export const SELF_INTRO = introPattern(SELF_INTRO_PHRASES);
export const SIGN_OFF = new RegExp(
  `(?:${SIGN_OFF_PHRASES.join('|')})[ \\t]{0,2}[,.!]?[ \\t]{0,3}\\r?\\n[ \\t]{0,3}$`,
  'i',
);
// `Name:`, `Nom :`, `customer=` (labels of `./labels`), then an optional quote.
export const LABEL_BEFORE = new RegExp(
  `(?:^|[\\s{,"'])(?:${labelAlternatives(false)})["']?[ \\t]{0,2}[:=][ \\t]{0,3}["']?$`,
  'i',
);
// `"fullName": "`, `'cognome': '` (the labels of `./labels` that are JSON keys).
export const JSON_KEY_BEFORE = new RegExp(
  `["'](?:${labelAlternatives(true)})["'][ \\t]{0,2}:[ \\t]{0,3}["']$`,
  'i',
);
// `./introductions`. A phrase starts a word: no letter before it (`\\b` would never see a word
// start before `à` or `für`).
const weakPattern = (support: 'any-name' | 'listed-name') =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${[
      ...new Set(
        WEAK_INTRODUCTIONS.filter((row) => row.support === support).flatMap((row) => row.phrases),
      ),
    ].join('|')})[ \\t]{1,3}$`,
    // Written in lower case, as in a sentence: `With`, `For`, `Per` open the title-case
    // headings of documentation (`Configuring Per Request Custom Metadata`).
    'u',
  );
export const WEAK_INTRO = weakPattern('any-name');
/** A preposition before an initial (`firmata da G. Iacovino`): `BEFORE_INITIALS`. */
export const INITIAL_INTRO = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${BEFORE_INITIALS.join('|')})[ \\t]{1,3}$`,
  'u',
);
/** `WEAK_INTRO` for a run with a name of the lists only (`von Helge Kreutzmann`). */
export const WEAK_LISTED_INTRO = weakPattern('listed-name');
/** Relatives, colleagues and the like (`./relations`). */
export { RELATION_NOUNS };

// `Sam and Alex`, `Ophélie et Nassim`: what joins two names of a list, its spaces included (not
// `&`, which joins the names of firms: `Procter & Gamble`).
export const COORDINATION = /^ (?:and|et|und|y|e|or|ou|o|oder) $/i;

// A possessive, one of the nouns above, and optionally a verb that names, right before the name:
// `my husband Frank`, `my father, Thaddeus`, `mi marido se llama Anselmo`.
// Verbs glued to the noun (`husband's name is`) and verbs after a blank (`is`, `se llama`).
const GLUED_VERBS = RELATION_VERBS.filter((v) => /^['’]/.test(v));
const SPACED_VERBS = RELATION_VERBS.filter((v) => !/^['’]/.test(v));
export const RELATION_BEFORE = new RegExp(
  `(?:\\b(?:${RELATION_POSSESSIVES.join('|')})\\s{1,2}(?:${RELATION_NOUNS.join('|')}))(?:${GLUED_VERBS.join('|')}|[ \\t]{1,2}(?:${SPACED_VERBS.join('|')}))?[ \\t]{0,2},?[ \\t]{1,2}$`,
  'i',
);

// `STRONG_INTRO` has no `^`, and its longest match is its longest phrase and 3 blanks (and the
// character before it that its lookbehind reads): testing it on that many last characters of the
// context gives the same answer as on all 48.
const STRONG_INTRO_REACH = Math.max(...ALL_INTRO_PHRASES.map((p) => p.length)) + 4;
// Likewise for `SIGN_OFF`: its longest match is 28 characters.
const SIGN_OFF_REACH = 32;

const lowerAscii = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * The last two characters of the phrases, for the pairs of ASCII characters: entry
 * `first << 7 | second` (in lower case) is 1. A regex with the `i` flag and no `u` flag matches
 * an ASCII character with an ASCII one only (its ASCII case pair), so text that ends with two
 * ASCII characters not in this table does not end with a phrase. A one-character phrase puts
 * every pair ending with it.
 */
function lastPairs(phrases: readonly string[]): Uint8Array {
  const pairs = new Uint8Array(128 * 128);
  for (const phrase of phrases) {
    const second = phrase.charCodeAt(phrase.length - 1);
    if (second > 127) continue;
    if (phrase.length === 1) {
      for (let first = 0; first < 128; first++) pairs[(first << 7) | lowerAscii(second)] = 1;
      continue;
    }
    const first = phrase.charCodeAt(phrase.length - 2);
    if (first <= 127) pairs[(lowerAscii(first) << 7) | lowerAscii(second)] = 1;
  }
  return pairs;
}

const STRONG_INTRO_PAIRS = lastPairs(STRONG_INTRO_PHRASES);
const SELF_INTRO_PAIRS = lastPairs(SELF_INTRO_PHRASES);
const LISTED_INTRO_PAIRS = lastPairs(LISTED_INTRO_PHRASES);
const SIGN_OFF_PAIRS = lastPairs(SIGN_OFF_PHRASES);

/**
 * Whether a phrase with these last pairs may end at `end` (exclusive), at or after `from`: false
 * only when it cannot. Non-ASCII characters are left to the regex.
 */
function mayEndWith(text: string, end: number, from: number, pairs: Uint8Array): boolean {
  if (end - 2 < from) return end - 1 >= from;
  const first = text.charCodeAt(end - 2);
  const second = text.charCodeAt(end - 1);
  if (first > 127 || second > 127) return true;
  return pairs[(lowerAscii(first) << 7) | lowerAscii(second)] === 1;
}

/**
 * Whether the text right before the name at `start` announces it: `STRONG_INTRO`, a label or a
 * JSON key (`LABEL_BEFORE`, `JSON_KEY_BEFORE`), or a sign-off and a line break (`SIGN_OFF`).
 * These regexes end with a blank, a `:`/`=` (and a quote) or a line break right before the
 * name, so the few characters there tell which of them may match, and only that one runs.
 */
export function announcesName(text: string, start: number): boolean {
  const from = Math.max(0, start - CONTEXT);
  let k = start - 1;
  if (k < from) return false;
  const before = text.charCodeAt(k);
  if (before === 34 || before === 39) {
    // `"name": "…`: only a label or a JSON key may end with a quote.
    k--;
    for (let b = 0; b < 3 && k >= from && isBlank(text.charCodeAt(k)); b++) k--;
    return k >= from && isLabelMark(text.charCodeAt(k)) && hasLabel(text, from, start);
  }
  let blanks = 0;
  while (blanks < 3 && k >= from && isBlank(text.charCodeAt(k))) {
    k--;
    blanks++;
  }
  if (k < from) return false;
  const code = text.charCodeAt(k);
  // More than 3 blanks: none of the regexes matches.
  if (isBlank(code)) return false;
  if (isLabelMark(code)) return hasLabel(text, from, start);
  if (code === 10) return hasSignOff(text, start, k);
  return blanks > 0 && hasStrongIntro(text, start, k + 1);
}

/**
 * Whether a label or a JSON key right before `start` announces the name (`Name: `, `"customer":
 * "`), and not a phrase: what may announce a name in capitals (`KONTOINHABER: SELMA VAN DER
 * HERMANN`), where phrases are everywhere (`ATTUALMENTE SONO AMMESSI DUE VALORI`).
 */
export function labelledAt(text: string, start: number): boolean {
  const from = Math.max(0, start - CONTEXT);
  let k = start - 1;
  if (k >= from && (text.charCodeAt(k) === 34 || text.charCodeAt(k) === 39)) k--;
  for (let b = 0; b < 3 && k >= from && isBlank(text.charCodeAt(k)); b++) k--;
  return k >= from && isLabelMark(text.charCodeAt(k)) && hasLabel(text, from, start);
}

/** `:` or `=` */
const isLabelMark = (code: number) => code === 58 || code === 61;

/** `LABEL_BEFORE` or `JSON_KEY_BEFORE` before the name at `start`, read from `from`. */
function hasLabel(text: string, from: number, start: number): boolean {
  const context = text.slice(from, start);
  return LABEL_BEFORE.test(context) || JSON_KEY_BEFORE.test(context);
}

/**
 * `STRONG_INTRO` before the name at `start`, after 1 to 3 blanks that start at `end`. The
 * regex runs only when the text before them may end with one of its phrases.
 */
function hasStrongIntro(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - STRONG_INTRO_REACH);
  if (!mayEndWith(text, end, from, STRONG_INTRO_PAIRS)) return false;
  return STRONG_INTRO.test(text.slice(from, start));
}

/**
 * Whether a phrase before which only a name of the lists is a name (`LISTED_INTRO`: `ich bin`,
 * `unter dem Namen`) and 1 to 3 blanks end right before `start`.
 */
export function announcesListedName(text: string, start: number): boolean {
  return introBefore(text, start, LISTED_INTRO, LISTED_INTRO_PAIRS);
}

/**
 * Whether a self-introduction (`SELF_INTRO`: `i'm`, `je suis`, `mi chiamo`) and 1 to 3 blanks
 * end right before `start`, where a lower-case name may start.
 */
export function selfIntroducedAt(text: string, start: number): boolean {
  return introBefore(text, start, SELF_INTRO, SELF_INTRO_PAIRS);
}

/** `pattern` (one of the phrase regexes, with its last pairs) before `start`, after blanks. */
function introBefore(text: string, start: number, pattern: RegExp, pairs: Uint8Array): boolean {
  let k = start - 1;
  const from = Math.max(0, start - STRONG_INTRO_REACH);
  let blanks = 0;
  while (blanks < 3 && k >= from && isBlank(text.charCodeAt(k))) {
    k--;
    blanks++;
  }
  if (blanks === 0 || k < from || isBlank(text.charCodeAt(k))) return false;
  if (!mayEndWith(text, k + 1, from, pairs)) return false;
  return pattern.test(text.slice(from, start));
}

/**
 * `SIGN_OFF` before the name at `start`; `newLine` is the offset of the line break between them
 * (only blanks follow it). The regex runs only when the text before the optional punctuation may
 * end with one of its phrases.
 */
function hasSignOff(text: string, start: number, newLine: number): boolean {
  const from = Math.max(0, start - SIGN_OFF_REACH);
  // Back over `[ \t]{0,2}[,.!]?[ \t]{0,3}\r?` (blanks: up to 5 when there is no punctuation).
  let end = newLine;
  if (end > from && text.charCodeAt(end - 1) === 13) end--;
  for (let b = 0; b < 3 && end > from && isBlank(text.charCodeAt(end - 1)); b++) end--;
  if (end > from) {
    const code = text.charCodeAt(end - 1);
    if (code === 44 || code === 46 || code === 33) end--;
  }
  for (let b = 0; b < 2 && end > from && isBlank(text.charCodeAt(end - 1)); b++) end--;
  if (!mayEndWith(text, end, from, SIGN_OFF_PAIRS)) return false;
  return SIGN_OFF.test(text.slice(from, start));
}
