// Small sets of words, tested straight from the text (no substring), by length then key: for the
// checks the scan makes on many words, before any flags are computed.
import { nameKey } from '../person-names/name-key';
import { codeOfKey, keyEquals, MAX_CODE_LENGTH, mixCode, NO_CODE } from './keys';

/** Whether the word `text.slice(from, to)` is one of the words of the set (any case, accents). */
export type WordTest = (text: string, from: number, to: number) => boolean;

/**
 * A set of words, compared from the text without building strings: a word of ASCII letters by
 * its code (`codeOfKey`: one number, one set lookup), any other by length then key.
 */
export class WordSet {
  private readonly codes = new Set<number>();
  private readonly keysOfCode = new Map<number, string>();
  // The keys of each length (a word's length in the text may differ from its key's: `Zoe\u0301`
  // is read through the slow path of `keyEquals`, by the length of its key).
  private readonly byLength: (readonly string[] | undefined)[] = [];

  constructor(words: readonly string[]) {
    for (const word of new Set(words.map(nameKey))) {
      const keys = (this.byLength[word.length] as string[] | undefined) ?? [];
      keys.push(word);
      this.byLength[word.length] = keys;
      const code = codeOfKey(word);
      if (code !== NO_CODE) {
        this.codes.add(code);
        this.keysOfCode.set(code, word);
      }
    }
  }

  /**
   * The key of the set that the word `[from, to)` is, or `undefined`.
   *
   * @example
   * new WordSet(['de', 'van']).find('Charles de Gaulle', 8, 10); // 'de'
   */
  find(text: string, from: number, to: number): string | undefined {
    // Most words are ASCII letters: their code says it at once.
    if (to - from <= MAX_CODE_LENGTH) {
      let code = 0;
      let i = from;
      for (; i < to; i++) {
        const unit = text.charCodeAt(i) | 32;
        if (unit < 97 || unit > 122) break;
        code = mixCode(code, unit);
      }
      if (i === to) return this.codes.has(code) ? this.keysOfCode.get(code) : undefined;
    }
    const keys = this.byLength[to - from];
    if (keys === undefined) return undefined;
    for (const key of keys) if (keyEquals(text, from, to, key)) return key;
    return undefined;
  }

  /** Whether the word `[from, to)` is in the set. */
  has(text: string, from: number, to: number): boolean {
    return this.find(text, from, to) !== undefined;
  }
}

/**
 * `WordSet.has` as a function.
 *
 * @example
 * const isParticle = wordSet(['de', 'van']);
 * isParticle('Charles de Gaulle', 8, 10); // true
 */
export function wordSet(words: readonly string[]): WordTest {
  const set = new WordSet(words);
  return (text, from, to) => set.has(text, from, to);
}
