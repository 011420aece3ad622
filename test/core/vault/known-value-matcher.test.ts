import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import type { VaultEntry } from '../../../src/core/vault/types';

const entries: VaultEntry[] = [
  { label: 'PERSON', n: 1, value: 'Jean Dupont', canonical: 'jean dupont' },
  { label: 'PERSON', n: 2, value: "Michael O'Brien", canonical: "michael o'brien" },
  { label: 'EMAIL', n: 1, value: 'Jean.Dupont@Exemple.fr', canonical: 'jean.dupont@exemple.fr' },
  { label: 'PHONE', n: 1, value: '+33 6 12 34 56 78', canonical: '+33612345678' },
  {
    label: 'IBAN',
    n: 1,
    value: 'FR76 3000 6000 0112 3456 7890 189',
    canonical: 'FR7630006000011234567890189',
  },
  { label: 'PERSON', n: 3, value: '王伟', canonical: '王伟' },
];

const found = (text: string) =>
  buildKnownValueMatcher(entries)
    .find(text)
    .map((s) => `${s.label}:${s.value}`)
    .sort();

describe('known-value sweep', () => {
  it('finds case, spacing and apostrophe variants', () => {
    expect(found('JEAN   DUPONT, michael o’brien, jean.dupont@EXEMPLE.FR')).toEqual([
      'EMAIL:jean.dupont@EXEMPLE.FR',
      'PERSON:JEAN   DUPONT',
      'PERSON:michael o’brien',
    ]);
  });

  it('finds digit groups written with other separators, and national phone formats', () => {
    expect(
      found('tel 06.12.34.56.78 / 06-12-34-56-78 / +33612345678; iban fr7630006000011234567890189'),
    ).toEqual([
      'IBAN:fr7630006000011234567890189',
      'PHONE:+33612345678',
      'PHONE:06-12-34-56-78',
      'PHONE:06.12.34.56.78',
    ]);
  });

  it('respects word boundaries for single-word values and digit boundaries for numbers', () => {
    const single = buildKnownValueMatcher([
      { label: 'PERSON', n: 4, value: 'Jean', canonical: 'jean' },
    ]);
    expect(
      single.find('Jeanne, xjean, Jean-Pierre, Marie-Jean, JEAN.').map((s) => s.value),
    ).toEqual(['JEAN']);
    expect(found('06 12 34 56 789, 106 12 34 56 78, 4106 12 34 56 78')).toEqual([]);
  });

  it('finds values of several parts glued to letters: restored text comes back like that', () => {
    expect(found('Jean Duponts, xjean dupont, tel06.12.34.56.78')).toEqual([
      'PERSON:Jean Dupont',
      'PERSON:jean dupont',
      'PHONE:06.12.34.56.78',
    ]);
  });

  it('finds every occurrence with boundaries "none" (the model\'s own text)', () => {
    const single = buildKnownValueMatcher([
      { label: 'PERSON', n: 4, value: 'Jean', canonical: 'jean' },
    ]);
    expect(single.find('Jeanne', 'none').map((s) => s.value)).toEqual(['Jean']);
  });

  it('finds values glued to CJK text and gives offsets in UTF-16 units', () => {
    const text = '😀 联系王伟电话';
    const spans = buildKnownValueMatcher(entries).find(text);
    expect(spans).toHaveLength(1);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe('王伟');
  });

  it('finds ß spelled ss or SS with exact offsets, and spellings of s-runs between other letters', () => {
    const people: VaultEntry[] = [
      { label: 'PERSON', n: 1, value: 'Jörg Weiß', canonical: 'jörg weiß' },
      { label: 'PERSON', n: 2, value: 'Jessica Russell', canonical: 'jessica russell' },
    ];
    const matcher = buildKnownValueMatcher(people);
    const text = 'JÖRG WEISS, jörg weiss; JESSICA RUSSELL and Jeßica Rußell.';
    expect(matcher.find(text).map((s) => [s.value, s.label, text.slice(s.start, s.end)])).toEqual([
      ['JÖRG WEISS', 'PERSON', 'JÖRG WEISS'],
      ['jörg weiss', 'PERSON', 'jörg weiss'],
      ['JESSICA RUSSELL', 'PERSON', 'JESSICA RUSSELL'],
      ['Jeßica Rußell', 'PERSON', 'Jeßica Rußell'],
    ]);
  });

  it('any spelling of ß (ß, ss, SS, ẞ) in any case finds the value, with exact offsets', () => {
    const value = fc
      .array(fc.constantFrom('a', 'e', 's', 'ß', 't'), { minLength: 3, maxLength: 10 })
      .map((chars) => chars.join(''));
    const spelling = (v: string) =>
      fc
        .tuple(
          ...[...v].map((c) =>
            c === 'ß'
              ? fc.constantFrom('ß', 'ss', 'SS', 'ẞ', 'sS')
              : fc.constantFrom(c, c.toUpperCase()),
          ),
        )
        .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        value.chain((v) => fc.tuple(fc.constant(v), spelling(v))),
        ([v, written]) => {
          const matcher = buildKnownValueMatcher([
            { label: 'PERSON', n: 1, value: v, canonical: v },
          ]);
          const spans = matcher.find(`x ${written} y`);
          expect(spans.map((s) => [s.start, s.end])).toEqual([[2, 2 + written.length]]);
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('finds a value of several parts wherever it stands, whatever letters touch it (none)', () => {
    // Model text: a value may come back glued to anything (`<<PERSON:1>>s`).
    const letters = fc.constantFrom('s', 'S', 'ß', 'a', 'x', 'é', 'ẞ', ' ', '');
    fc.assert(
      fc.property(
        fc.constantFrom('Jean Dubois', 'sophie.martin@exemple.es', 'Jörg Weiß', 'Hans Gross'),
        letters,
        letters,
        (value, before, after) => {
          const matcher = buildKnownValueMatcher([
            { label: 'PERSON', n: 1, value, canonical: value.toLowerCase() },
          ]);
          const text = `${before}${value}${after}`;
          const spans = matcher.find(text, 'none');
          const at = before.length;
          expect(spans.some((s) => s.start <= at && s.end >= at + value.length)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('scans long inputs in one linear pass', () => {
    const many: VaultEntry[] = Array.from({ length: 2000 }, (_, i) => ({
      label: 'EMAIL',
      n: i + 1,
      value: `user${i}@example.com`,
      canonical: `user${i}@example.com`,
    }));
    const text = `${'lorem ipsum '.repeat(5000)}user1999@example.com`;
    const spans = buildKnownValueMatcher(many).find(text);
    expect(spans.map((s) => s.value)).toEqual(['user1999@example.com']);
  });
});
