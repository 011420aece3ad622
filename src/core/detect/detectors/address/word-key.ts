const MARKS = /\p{M}/gu;
const APOSTROPHES = /[’‘]/g;
const SHARP_S = /ß/g;

/**
 * The lookup key of a word of an address: lower case, without accents, a straight apostrophe,
 * `ß` as `ss` (`Straße`, `STRASSE` and `strasse` share one key).
 *
 * @example
 * wordKey('Hauptstraße'); // 'hauptstrasse'
 */
export function wordKey(word: string): string {
  // ASCII is its own NFD form, with no marks, no curly apostrophes and no `ß`.
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 127) {
      return word
        .normalize('NFD')
        .replace(MARKS, '')
        .replace(APOSTROPHES, "'")
        .toLowerCase()
        .replace(SHARP_S, 'ss');
    }
  }
  return word.toLowerCase();
}
