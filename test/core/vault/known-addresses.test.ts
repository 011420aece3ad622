import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { addressSpellings } from '../../../src/core/detect/detectors/address/canonical';
import { defaultCanonicalizers } from '../../../src/core/vault/canonical';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const canonical = defaultCanonicalizers.ADDRESS!;

// An address seen once, then written otherwise: one spelling per row, the first as seen.
const SPELLINGS: string[][] = [
  ['12 rue des Lilas, 69003 Lyon', '12, r. des lilas\n69003 LYON', '12 RUE DES LILAS 69003 LYON'],
  ['Hauptstraße 5, 10115 Berlin', 'Hauptstr. 5, D-10115 Berlin', 'HAUPTSTRASSE 5  10115 BERLIN'],
  ['Avenida de América 5, 28002 Madrid', 'Avda. de América, nº 5, 28002 Madrid'],
  ['221B Baker Street, London NW1 6XE', '221b Baker St., London NW16XE'],
  ['12 bis avenue Victor-Hugo', '12bis, av. Victor Hugo'],
  ['Via Roma 1, 00184 Roma (RM)', 'Via Roma, n. 1 - 00184 Roma RM'],
  ['PO Box 123', 'P. O. Box 123'],
];

describe('a known address is found again in its other spellings', () => {
  it.each(SPELLINGS.map((row) => [row[0]!, row] as const))(
    '%s: one canonical form for every spelling (case, spacing, commas, abbreviations)',
    (_first, [first, ...others]) => {
      for (const other of others) expect(canonical(other), other).toBe(canonical(first!));
    },
  );

  it('keeps two addresses apart when their numbers, streets or cities differ', () => {
    const forms = [
      '12 rue des Lilas, 69003 Lyon',
      '14 rue des Lilas, 69003 Lyon',
      '12 rue des Roses, 69003 Lyon',
      '12 rue des Lilas, 75011 Paris',
    ].map(canonical);
    expect(new Set(forms).size).toBe(4);
  });

  it('the sweep finds the other spellings of a known address, and its street line alone', () => {
    const value = '12 rue des Lilas, 69003 Lyon';
    const matcher = buildKnownValueMatcher([
      { label: 'ADDRESS', n: 1, value, canonical: canonical(value) },
    ]);
    for (const other of [
      '12 r. des lilas, 69003 LYON',
      '12 rue des Lilas\n69003 Lyon',
      '12 RUE DES LILAS 69003 LYON',
      '12, r. des lilas 69003 lyon',
      '12 r. des Lilas',
    ]) {
      // Every pattern that ends is reported (the street line inside the whole address too);
      // anonymize keeps the longest.
      expect(
        matcher.find(`Envoyez au ${other}, merci.`).map((s) => s.value),
        other,
      ).toContain(other);
    }
    // Only spellings of it: another number is another address.
    expect(matcher.find('au 14 rue des Lilas')).toEqual([]);
  });

  it('gives the sweep a bounded list of spellings, the street word in each of its forms', () => {
    const spellings = addressSpellings(canonical('Hauptstraße 5, 10115 Berlin'));
    expect(spellings).toEqual(
      expect.arrayContaining([
        'hauptstr. 5 10115 berlin',
        'hauptstrasse 5, 10115 berlin',
        'hauptstr. 5',
      ]),
    );
    expect(
      addressSpellings(canonical('1600 Pennsylvania Avenue NW, Washington, DC 20500')).length,
    ).toBeLessThanOrEqual(16);
  });

  it('masks an address seen once again when written otherwise, with no detector for it', async () => {
    // The detector finds the first spelling; the second message is anonymised with no detector
    // at all, so only the sweep of known values can mask it, with the same token.
    const store = memoryVaultStore();
    const pii = createPii({ store });
    const first = await pii.session('c1').anonymize('Livrez au 12 rue des Lilas, 69003 Lyon.');
    expect(first).toBe('Livrez au <<ADDRESS:1>>.');
    const blind = createPii({ detectors: [], store });
    const again = await blind
      .session('c1')
      .anonymize('donc 12, r. des lilas 69003 LYON ou juste 12 rue des lilas ?');
    expect(again).toBe('donc <<ADDRESS:1>> ou juste <<ADDRESS:1>> ?');
  });
});
