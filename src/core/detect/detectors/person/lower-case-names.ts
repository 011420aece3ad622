// Lower-case names after a self-introduction (`i'm bertram jørgensen`, `je suis élodie`): the
// words the scan compares before it reads any flags or runs the phrases' regex (`SELF_INTRO` in
// `./context`), since it looks at every lower-case word of a text.
import { nameKey } from '../person-names/name-key';
import { AFTER_LOWER_CASE_NAME, INTRODUCTIONS } from './introductions';
import { foldUnit } from './keys';
import { WordSet, type WordTest, wordSet } from './word-set';

// The last word of each self-introduction, and the words that may come right before it: `is`
// only after `name` or `this`; a phrase of one word (`soy`, `i'm`) after anything.
const BEFORE_LAST = new Map<string, Set<string> | 'any'>();
for (const phrase of INTRODUCTIONS.filter((row) => row.lowerCaseNames).flatMap((r) => r.phrases)) {
  const words = phrase.split(' ').map(nameKey);
  const last = words.pop()!;
  const second = words.pop();
  const known = BEFORE_LAST.get(last);
  if (second === undefined || known === 'any') BEFORE_LAST.set(last, 'any');
  else BEFORE_LAST.set(last, (known ?? new Set<string>()).add(second));
}
const LAST = new WordSet([...BEFORE_LAST.keys()]);
const BEFORE_TESTS = new Map<string, WordTest | 'any'>(
  [...BEFORE_LAST].map(([last, before]) => [last, before === 'any' ? 'any' : wordSet([...before])]),
);
const LAST_KEYS = [...BEFORE_LAST.keys()];

// The length and last two letters of those words, as keys (lower case, no accents): entry
// `length << 14 | second << 7 | last` is 1, lengths up to `MAX_INTRO_END`; a key letter beyond
// ASCII (`ß` of `heiße`) is read in full. Most lower-case words are none of them, and the scan
// reads this for each.
export const MAX_INTRO_END = 15;
const ENDS = new Uint8Array((MAX_INTRO_END + 1) << 14);
for (const word of LAST_KEYS) {
  const last = word.charCodeAt(word.length - 1);
  const second = word.length > 1 ? word.charCodeAt(word.length - 2) : 32;
  if (word.length <= MAX_INTRO_END && (last | second) < 128) {
    ENDS[(word.length << 14) | (second << 7) | last] = 1;
  }
}

/**
 * Whether the word `[from, to)` may end a self-introduction: false only when it cannot (its
 * length and last two letters are no such word's). A few reads, for every lower-case word.
 */
export function mayEndSelfIntroduction(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length > MAX_INTRO_END) return false;
  const last = foldUnit(text.charCodeAt(to - 1));
  const second = length > 1 ? foldUnit(text.charCodeAt(to - 2)) : 32;
  return (last | second) >= 128 || ENDS[(length << 14) | (second << 7) | last] !== 0;
}

/**
 * Whether the word `[from, to)` ends a self-introduction (`i'm`, `suis`, `m'appelle`, `bin`,
 * `llamo`, `sono`, or `is` after `name` or `this`…), the word before it being `[beforeFrom,
 * beforeTo)` (`beforeFrom` -1: none). Only then may a lower-case name follow.
 */
export function endsSelfIntroduction(
  text: string,
  from: number,
  to: number,
  beforeFrom: number,
  beforeTo: number,
): boolean {
  if (!mayEndSelfIntroduction(text, from, to)) return false;
  const key = LAST.find(text, from, to);
  if (key === undefined) return false;
  const before = BEFORE_TESTS.get(key);
  if (before === undefined) return false;
  return before === 'any' || (beforeFrom >= 0 && before(text, beforeFrom, beforeTo));
}

/** Whether the word `[from, to)` may follow a lower-case name (`and`, `from`, `aus`). */
export const followsLowerCaseName = wordSet(AFTER_LOWER_CASE_NAME);
