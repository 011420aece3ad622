import { describe, expect, it } from 'vitest';
import { hashSplit, sample } from '../../../scripts/eval-data/split-sample';
import type { Unit } from '../../../scripts/eval-data/unit';

const unit = (id: string): Unit => ({
  id,
  source: 's',
  lang: 'en',
  genre: 'news',
  split: 'test',
  text: id,
  spans: [],
});

describe('hashSplit', () => {
  it('is stable and puts about half of the groups on each side', () => {
    const groups = Array.from({ length: 400 }, (_, i) => `doc-${i}`);
    const splits = groups.map(hashSplit);
    expect(groups.map(hashSplit)).toEqual(splits);
    const dev = splits.filter((s) => s === 'dev').length;
    expect(dev).toBeGreaterThan(160);
    expect(dev).toBeLessThan(240);
  });
});

describe('sample', () => {
  it('draws the same units whatever the input order, and no more than asked', () => {
    const units = Array.from({ length: 50 }, (_, i) => unit(`u${i}`));
    const a = sample(units, 10).map((u) => u.id);
    const b = sample([...units].reverse(), 10).map((u) => u.id);
    expect(a).toHaveLength(10);
    expect(b).toEqual(a);
    expect(sample(units, 80)).toHaveLength(50);
    // a prefix of the full order: a larger sample contains a smaller one
    expect(
      sample(units, 20)
        .map((u) => u.id)
        .slice(0, 10),
    ).toEqual(a);
  });
});
