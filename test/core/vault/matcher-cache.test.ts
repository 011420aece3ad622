import { describe, expect, it } from 'vitest';
import { MatcherCache } from '../../../src/core/engine';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import type { VaultEntry } from '../../../src/core/vault/types';
import { testPii } from '../helpers';

const person = (n: number): VaultEntry => ({
  label: 'PERSON',
  n,
  value: `Person${n} Name${n}`,
  canonical: `person${n} name${n}`,
});

/** A cache whose matcher builds are recorded: how many entries each build was given. */
function countingCache() {
  const builds: number[] = [];
  const cache = new MatcherCache((entries, identify) => {
    builds.push(entries.length);
    return buildKnownValueMatcher(entries, identify);
  });
  return { cache, builds };
}

const values = (cache: MatcherCache, entries: readonly VaultEntry[], text: string) =>
  cache
    .get(entries)
    .matcher.find(text)
    .map((s) => s.value)
    .sort();

describe('MatcherCache: a base sweep and a small tail', () => {
  it('builds only the new entries when a listing extends the one the base was built from', () => {
    const { cache, builds } = countingCache();
    let entries = Array.from({ length: 1000 }, (_, i) => person(i + 1));
    cache.get(entries);
    expect(builds).toEqual([1000]);
    for (let n = 1001; n <= 1005; n++) {
      entries = entries.concat(person(n));
      cache.get(entries);
    }
    // Each new listing built its tail (1, 2, ... 5 entries), never the 1,000 again.
    expect(builds).toEqual([1000, 1, 2, 3, 4, 5]);
    // Base and tail values are both found, in any spelling, and known to the cache.
    expect(values(cache, entries, 'PERSON7 NAME7 and person1003 name1003')).toEqual([
      'PERSON7 NAME7',
      'person1003 name1003',
    ]);
    const known = cache.get(entries);
    expect(known.has('PERSON', 'person7 name7')).toBe(true);
    expect(known.has('PERSON', 'person1005 name1005')).toBe(true);
    expect(known.has('PERSON', 'person1006 name1006')).toBe(false);
    expect(known.matcher.size).toBe(1005);
  });

  it('folds the tail into the base once it outgrows its share', () => {
    const { cache, builds } = countingCache();
    let entries = Array.from({ length: 100 }, (_, i) => person(i + 1));
    cache.get(entries);
    // Up to 64 entries (or 1/16 of the base) stay in the tail; the next listing rebuilds all.
    entries = entries.concat(Array.from({ length: 64 }, (_, i) => person(101 + i)));
    cache.get(entries);
    entries = entries.concat(person(165));
    cache.get(entries);
    expect(builds).toEqual([100, 64, 165]);
    expect(values(cache, entries, 'person150 name150, person165 name165, person2 name2')).toEqual([
      'person150 name150',
      'person165 name165',
      'person2 name2',
    ]);
  });

  it('extends the base from a new listing of the same entries (a store without listSince)', () => {
    const { cache, builds } = countingCache();
    const first = Array.from({ length: 10 }, (_, i) => person(i + 1));
    cache.get(first);
    // The same entries as new objects, and one more: only the new one is built.
    cache.get([...first.map((e) => ({ ...e })), person(11)]);
    expect(builds).toEqual([10, 1]);
  });

  it('rebuilds everything from a listing that is not an extension (another generation)', () => {
    const { cache, builds } = countingCache();
    cache.get(Array.from({ length: 10 }, (_, i) => person(i + 1)));
    // Values dropped and others allocated since: the entry where the base ended differs.
    const other = Array.from({ length: 12 }, (_, i) => person(100 + i));
    expect(values(cache, other, 'person1 name1, person100 name100')).toEqual(['person100 name100']);
    const shorter = [person(200)];
    expect(values(cache, shorter, 'person100 name100, person200 name200')).toEqual([
      'person200 name200',
    ]);
    expect(builds).toEqual([10, 12, 1]);
  });

  it('masks base and tail values alike through session.anonymize, request after request', async () => {
    const pii = testPii();
    const names = Array.from({ length: 80 }, (_, i) => `user${i}@exemple.fr`);
    await pii.session('long').anonymize(names.join(' '));
    for (let i = 80; i < 150; i++) await pii.session('long').anonymize(`new: user${i}@exemple.fr`);
    // Old and new values in other spellings (upper case, invisible characters): all masked.
    const text = 'USER3@EXEMPLE.FR, user1\u200b00@exemple.fr, USER149@EXEMPLE.FR';
    const out = await pii.session('long').anonymize(text);
    expect(out).toBe('<<EMAIL:4>>, <<EMAIL:101>>, <<EMAIL:150>>');
  });
});
