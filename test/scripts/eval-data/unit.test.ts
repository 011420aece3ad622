import { describe, expect, it } from 'vitest';
import { checkUnit, normalizeForHash, unitHash } from '../../../scripts/eval-data/unit';

describe('unit hashes', () => {
  it('ignore case, whitespace and compatibility forms, so detokenizers agree', () => {
    expect(normalizeForHash('Jean  Dupont ,\n')).toBe(normalizeForHash('jean dupont,'));
    expect(unitHash('ﬁn Ann')).toBe(unitHash('FIN ann'));
    expect(unitHash('Ann')).not.toBe(unitHash('Anne'));
    expect(unitHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('checkUnit', () => {
  const unit = {
    id: 'u',
    source: 's',
    lang: 'en',
    genre: 'news',
    split: 'test',
    text: 'Ann Lee',
  } as const;
  it('accepts disjoint spans inside the text and rejects overlaps or spans past the end', () => {
    expect(() =>
      checkUnit({ ...unit, spans: [{ start: 0, end: 3, label: 'PERSON' }] }),
    ).not.toThrow();
    expect(() =>
      checkUnit({
        ...unit,
        spans: [
          { start: 0, end: 5, label: 'PERSON' },
          { start: 4, end: 7, label: 'PERSON' },
        ],
      }),
    ).toThrow(/bad span/);
    expect(() => checkUnit({ ...unit, spans: [{ start: 4, end: 9, label: 'PERSON' }] })).toThrow();
  });
});
