// Lower-case names after a self-introduction (`i'm bertram jørgensen`, `je suis élodie`): the
// words the scan compares before it reads any flags or runs the phrases' regex (`SELF_INTRO` in
// `./context`), since it looks at every lower-case word of a text.
import {
  IN_AMBIGUOUS,
  IN_GREETINGS,
  IN_PARTICLES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_TITLES,
} from '../person-names/lexicon';
import { nameKey } from '../person-names/name-key';
import { isSentenceEnd, isSpaceOrNbsp } from './chars';
import { selfIntroducedAt } from './context';
import { AFTER_LOWER_CASE_NAME, INTRODUCTIONS } from './introductions';
import { FIRST, foldUnit, SURNAME } from './keys';
import type { ScanView } from './scan-view';
import { S_LOWER } from './tokens';
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

/**
 * The last word of a lower-case name that starts at word `i` right after a self-introduction
 * (`i'm bertram jørgensen`, `je suis élodie`, `me llamo pablo ruiz`), or -1: a given name of the
 * lists that is no common word, then a family name of the lists, or any word that ends the
 * clause (`… jørgensen, i need help`, `… jørgensen and`; not `jonas aus berlin`).
 */
export function lowerCaseNameEnd(view: ScanView, i: number): number {
  if (i === 0 || view.starts[i]! - view.ends[i - 1]! !== 1) return -1;
  const text = view.text;
  if (!isSpaceOrNbsp(text.charCodeAt(view.ends[i - 1]!))) return -1;
  const prev = i - 1;
  const hasBefore = prev > 0;
  if (
    !endsSelfIntroduction(
      text,
      view.starts[prev]!,
      view.ends[prev]!,
      hasBefore ? view.starts[prev - 1]! : -1,
      hasBefore ? view.ends[prev - 1]! : -1,
    )
  ) {
    return -1;
  }
  const given = FIRST | IN_AMBIGUOUS | IN_STOP_WORDS | IN_PLACES | IN_PARTICLES;
  if ((view.flagsOf(i) & given) !== FIRST) return -1;
  if (!selfIntroducedAt(text, view.starts[i]!)) return -1;
  // The family name, after up to two particles (`pablo de la fuente`).
  let k = i + 1;
  while (
    k < view.n &&
    k - i <= 2 &&
    view.shapes[k] === S_LOWER &&
    view.gapIsBlank(k) &&
    view.flagsOf(k) & IN_PARTICLES
  ) {
    k++;
  }
  if (k >= view.n || view.shapes[k] !== S_LOWER || !view.gapIsBlank(k)) return i;
  const flags = view.flagsOf(k);
  const word = IN_STOP_WORDS | IN_PLACES | IN_PARTICLES | IN_GREETINGS | IN_TITLES;
  if (flags & word) return i;
  if (flags & SURNAME || (flags & (FIRST | IN_AMBIGUOUS)) === FIRST) return k;
  if (flags & FIRST || followsLowerCaseName(text, view.starts[k]!, view.ends[k]!)) return i;
  return endsClause(view, k) ? k : i;
}

/** Word `k` ends its clause: punctuation or a line break after it, or `and`, `from`, `aus`… */
function endsClause(view: ScanView, k: number): boolean {
  const text = view.text;
  const from = view.ends[k]!;
  const to = k + 1 < view.n ? view.starts[k + 1]! : text.length;
  for (let c = from; c < to; c++) {
    const code = text.charCodeAt(c);
    if (code === 44 || code === 59 || code === 58 || isSentenceEnd(code)) return true;
  }
  if (k + 1 >= view.n) return true;
  return (
    view.gapIsBlank(k + 1) && followsLowerCaseName(text, view.starts[k + 1]!, view.ends[k + 1]!)
  );
}
