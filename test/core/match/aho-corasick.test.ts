import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAhoCorasick } from '../../../src/core/match/aho-corasick';

function allMatches(patterns: string[], text: string) {
  const out: string[] = [];
  buildAhoCorasick(patterns).scan(text, (end, id) => {
    out.push(`${end - patterns[id]!.length}:${patterns[id]}`);
    return false;
  });
  return out.sort();
}

function naive(patterns: string[], text: string) {
  const out = new Set<string>();
  for (const p of new Set(patterns)) {
    if (!p) continue;
    for (let i = text.indexOf(p); i !== -1; i = text.indexOf(p, i + 1)) out.add(`${i}:${p}`);
  }
  return [...out].sort();
}

describe('Aho-Corasick', () => {
  it('finds overlapping and nested patterns', () => {
    expect(allMatches(['he', 'she', 'his', 'hers'], 'ushers')).toEqual(['1:she', '2:he', '2:hers']);
  });

  it('reports the longest pattern first at each end', () => {
    const patterns = ['dupont', 'jean dupont'];
    const firsts: string[] = [];
    buildAhoCorasick(patterns).scan('jean dupont', (_end, id) => {
      firsts.push(patterns[id]!);
      return true;
    });
    expect(firsts).toEqual(['jean dupont']);
  });

  it('agrees with a naive search on random inputs', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), minLength: 1, maxLength: 4 }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', ' '), maxLength: 40 }),
        (patterns, text) => {
          expect(allMatches(patterns, text)).toEqual(naive(patterns, text));
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);
});
