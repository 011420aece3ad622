// Words that texts write mostly in lower case (`fu`, `alla`, `said`), with how often: a
// capitalised one opening a sentence is most likely that word, not a name. The table holds a
// 32-bit hash of each word's key, sorted, and a frequency band per word; it is built from the
// tagger's training texts (`scripts/person-tagger/common-words.ts`).
import { nameKey } from '../person-names/lexicon';
import { hashString } from './hash';
import { base64Bytes } from './weights-format';

/** The key a word is looked up by: lower case, no accents (`È` and `è` are `e`). */
export const commonWordKey = (word: string) => nameKey(word);

/** Frequency band of a count: 1 (3 uses) to 7 (10,000 or more). */
function band(count: number): number {
  return Math.max(1, Math.min(7, Math.floor(Math.log10(count) * 1.75)));
}

/** The table's bytes in base64: per word, 4 bytes of hash (sorted) then 1 byte of band. */
export function encodeCommonWords(words: readonly [key: string, count: number][]): string {
  const rows = new Map<number, number>();
  for (const [key, count] of words) {
    const h = hashString(key);
    rows.set(h, Math.max(rows.get(h) ?? 0, band(count)));
  }
  const sorted = [...rows].sort((a, b) => a[0] - b[0]);
  const bytes = new Uint8Array(sorted.length * 5);
  sorted.forEach(([h, b], k) => {
    const at = k * 4;
    bytes[at] = h >>> 24;
    bytes[at + 1] = (h >>> 16) & 0xff;
    bytes[at + 2] = (h >>> 8) & 0xff;
    bytes[at + 3] = h & 0xff;
    bytes[sorted.length * 4 + k] = b;
  });
  let binary = '';
  for (let k = 0; k < bytes.length; k++) binary += String.fromCharCode(bytes[k]!);
  return btoa(binary);
}

export interface CommonWords {
  /** The frequency band of a word (1 to 7), or 0 when it is no common word. */
  band(word: string): number;
}

/** Reads `encodeCommonWords`'s table. */
export function loadCommonWords(data: string): CommonWords {
  const bytes = base64Bytes(data);
  const count = bytes.length / 5;
  const hashes = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const at = k * 4;
    hashes[k] = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  }
  const bands = bytes.subarray(count * 4);
  return {
    band(word) {
      const h = hashString(commonWordKey(word));
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = hashes[mid]!;
        if (v === h) return bands[mid]!;
        if (v < h) lo = mid + 1;
        else hi = mid - 1;
      }
      return 0;
    },
  };
}
