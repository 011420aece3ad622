const MARKS = /\p{M}/gu;
const APOSTROPHES = /[’‘]/g;

/**
 * Lookup key of a word: lower case, without accents, with a straight apostrophe. `Hélène`,
 * `HELENE` and `helene` share one key.
 *
 * @example
 * nameKey('Hélène'); // 'helene'
 */
export function nameKey(word: string): string {
  // ASCII is its own NFD form, with no marks and no curly apostrophes.
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 127) {
      return word.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'").toLowerCase();
    }
  }
  return word.toLowerCase();
}
