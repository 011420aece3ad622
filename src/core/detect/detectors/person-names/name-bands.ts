// How common a word is as a surname and as a given name, read from the compact table that
// `scripts/person-tagger/name-bands.ts` builds from the shipped statistics (US Census
// surnames and given names, INSEE given names: see `name-frequencies.ts`). The statistics
// themselves are not loaded at run time: the table is a fraction of their size and needs no
// parsing.
import { loadBandTable } from '../person-tagger/band-table';
import { NAME_BANDS } from './name-bands.data';

export interface NameBands {
  /** 1 (rare) to 5 (among the most common), 0 when no statistic holds the word. */
  surname(word: string): number;
  given(word: string): number;
}

let table: ReturnType<typeof loadBandTable> | undefined;

/**
 * The surname and given-name bands of words.
 *
 * @example
 * nameBands().surname('Albright'); // 4
 */
export function nameBands(): NameBands {
  table ??= loadBandTable(NAME_BANDS);
  const t = table;
  return {
    surname: (word) => t.byteOf(word) >> 4,
    given: (word) => t.byteOf(word) & 0x0f,
  };
}
