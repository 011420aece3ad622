// Words that texts write mostly in lower case (`fu`, `alla`, `said`), with how often: a
// capitalised one opening a sentence is most likely that word, not a name. Built from the
// tagger's training texts (`scripts/person-tagger/common-words.ts`).
import { bandKey, encodeBandTable, loadBandTable } from './band-table';

export const commonWordKey = bandKey;

export interface CommonWords {
  /** The frequency band of a word (1 to 7), or 0 when it is no common word. */
  band(word: string): number;
}

/** Frequency band of a count: 1 (3 uses) to 7 (10,000 or more). */
export function commonWordBand(count: number): number {
  return Math.max(1, Math.min(7, Math.floor(Math.log10(count) * 1.75)));
}

/** The table of `[key, count]` rows, in base64. */
export function encodeCommonWords(words: readonly [key: string, count: number][]): string {
  return encodeBandTable(words.map(([key, count]) => [key, commonWordBand(count)] as const));
}

/** Reads `encodeCommonWords`'s table. */
export function loadCommonWords(data: string): CommonWords {
  const table = loadBandTable(data);
  return { band: (word) => table.byteOf(word) };
}
