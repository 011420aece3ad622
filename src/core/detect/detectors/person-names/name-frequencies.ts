// How common a word is as a surname or a given name, in census and birth statistics (see
// `us-surnames.ts`, `us-given-names.ts`, `fr-given-names.ts`): a band from 1 (rare) to 5 (among
// the most common), or 0 when no list holds it. Parsed from the lists; the detector reads the
// compact table built from this (`name-bands.ts`), not the lists.
import { FR_GIVEN_NAMES } from './fr-given-names';
import { nameKey } from './lexicon';
import { US_FEMALE_GIVEN_NAMES, US_MALE_GIVEN_NAMES } from './us-given-names';
import { US_SURNAMES } from './us-surnames';

export interface NameFrequencies {
  surname(word: string): number;
  given(word: string): number;
}

/** Surname bands by rank in the census list (1,000 most common: 5). */
const RANK_BANDS: readonly [rank: number, band: number][] = [
  [1_000, 5],
  [5_000, 4],
  [20_000, 3],
  [50_000, 2],
  [Infinity, 1],
];

/** Given-name bands by births (France) or people per 100,000 (US). */
const BIRTH_BANDS: readonly [atLeast: number, band: number][] = [
  [100_000, 5],
  [10_000, 4],
  [1_000, 3],
  [100, 2],
  [0, 1],
];
const US_GIVEN_BANDS: readonly [atLeast: number, band: number][] = [
  [100, 5],
  [10, 4],
  [1, 3],
  [0, 2],
];

const bandOf = (value: number, bands: readonly [number, number][]) =>
  bands.find(([atLeast]) => value >= atLeast)![1];

function entries(list: string): [name: string, value: number][] {
  return list.split(',').map((entry) => {
    const [name, value] = entry.split(' ');
    return [name!, Number(value)];
  });
}

let loaded: { surnames: Map<string, number>; given: Map<string, number> } | undefined;

function load() {
  const surnames = new Map<string, number>();
  entries(US_SURNAMES).forEach(([name], rank) => {
    const key = nameKey(name);
    if (!surnames.has(key)) surnames.set(key, RANK_BANDS.find(([r]) => rank < r)![1]);
  });
  const given = new Map<string, number>();
  const add = (key: string, band: number) => given.set(key, Math.max(given.get(key) ?? 0, band));
  for (const [name, births] of entries(FR_GIVEN_NAMES))
    add(nameKey(name), bandOf(births, BIRTH_BANDS));
  for (const list of [US_FEMALE_GIVEN_NAMES, US_MALE_GIVEN_NAMES]) {
    for (const [name, per100k] of entries(list))
      add(nameKey(name), bandOf(per100k, US_GIVEN_BANDS));
  }
  return { surnames, given };
}

/**
 * The frequency bands of the shipped name statistics.
 *
 * @example
 * nameFrequencies().surname('Albright'); // 3
 */
export function nameFrequencies(): NameFrequencies {
  loaded ??= load();
  return readerOf(loaded);
}

/** Every key of the lists with its surname and given-name bands. */
export function nameFrequencyRows(): [key: string, surname: number, given: number][] {
  loaded ??= load();
  const keys = new Set([...loaded.surnames.keys(), ...loaded.given.keys()]);
  return [...keys].map((key) => [key, loaded!.surnames.get(key) ?? 0, loaded!.given.get(key) ?? 0]);
}

function readerOf(loaded: {
  surnames: Map<string, number>;
  given: Map<string, number>;
}): NameFrequencies {
  const { surnames, given } = loaded;
  return {
    surname: (word) => surnames.get(nameKey(word)) ?? 0,
    given: (word) => given.get(nameKey(word)) ?? 0,
  };
}
