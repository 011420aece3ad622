// Lower-case names after a self-introduction (`i'm bertram jørgensen`, `je suis élodie`): the
// words the scan compares before it runs the phrases' regex (`SELF_INTRO` in `./context`), since
// it looks at every lower-case word of a text.
import { nameKey } from '../person-names/name-key';
import { AFTER_LOWER_CASE_NAME, INTRODUCTIONS } from './introductions';
import { keyEquals } from './keys';

/** A set of words found by length, then compared from the text without building strings. */
function wordSet(words: readonly string[]): (text: string, from: number, to: number) => boolean {
  const byLength = new Map<number, string[]>();
  for (const word of new Set(words.map(nameKey))) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return (text, from, to) => {
    const keys = byLength.get(to - from);
    if (keys === undefined) return false;
    for (const key of keys) if (keyEquals(text, from, to, key)) return true;
    return false;
  };
}

/**
 * Whether the word `[from, to)` is the last word of a self-introduction (`am`, `i'm`, `suis`,
 * `m'appelle`, `bin`, `llamo`, `chiamo`, `sono`…): only then may a lower-case name follow.
 */
export const endsSelfIntroduction = wordSet(
  INTRODUCTIONS.filter((row) => row.lowerCaseNames).flatMap((row) =>
    row.phrases.map((phrase) => phrase.split(' ').pop()!),
  ),
);

/** Whether the word `[from, to)` may follow a lower-case name (`and`, `from`, `aus`). */
export const followsLowerCaseName = wordSet(AFTER_LOWER_CASE_NAME);
