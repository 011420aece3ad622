// A compact table from words to one byte each (a frequency band, or two bands in one byte),
// shipped as base64: the 32-bit hashes of the words' keys, sorted, then the bytes in the same
// order. Looking a word up is a binary search; a hash collision (about 1 in 40,000 for 100,000
// words) gives a word another's byte, which only shifts a feature of the tagger.
import { nameKey } from '../person-names/lexicon';
import { hashString } from './hash';
import { base64Bytes } from './weights-format';

/** The key a word is looked up by: lower case, no accents (`È` and `è` are `e`). */
export const bandKey = (word: string) => nameKey(word);

/** Encodes `[key, byte]` rows; a key given twice keeps its largest byte. */
export function encodeBandTable(rows: Iterable<readonly [key: string, byte: number]>): string {
  const bytesOf = new Map<number, number>();
  for (const [key, byte] of rows) {
    const h = hashString(key);
    bytesOf.set(h, Math.max(bytesOf.get(h) ?? 0, byte));
  }
  const sorted = [...bytesOf].sort((a, b) => a[0] - b[0]);
  const out = new Uint8Array(sorted.length * 5);
  sorted.forEach(([h, byte], k) => {
    out[k * 4] = h >>> 24;
    out[k * 4 + 1] = (h >>> 16) & 0xff;
    out[k * 4 + 2] = (h >>> 8) & 0xff;
    out[k * 4 + 3] = h & 0xff;
    out[sorted.length * 4 + k] = byte;
  });
  let binary = '';
  for (let k = 0; k < out.length; k++) binary += String.fromCharCode(out[k]!);
  return btoa(binary);
}

export interface BandTable {
  /** The byte of a word, or 0 when the table does not hold it. */
  byteOf(word: string): number;
}

/** Reads `encodeBandTable`'s output. */
export function loadBandTable(data: string): BandTable {
  const bytes = base64Bytes(data);
  const count = bytes.length / 5;
  const hashes = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const at = k * 4;
    hashes[k] =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  }
  const values = bytes.subarray(count * 4);
  return {
    byteOf(word) {
      const h = hashString(bandKey(word));
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = hashes[mid]!;
        if (v === h) return values[mid]!;
        if (v < h) lo = mid + 1;
        else hi = mid - 1;
      }
      return 0;
    },
  };
}
