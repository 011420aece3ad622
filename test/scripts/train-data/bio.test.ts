import { describe, expect, it } from 'vitest';
import { bioToSpans, parseTag } from '../../../scripts/train-data/bio';

describe('bioToSpans', () => {
  it('reads IOB2: B- starts a span, I- of the same type continues it', () => {
    expect(bioToSpans(['B-PER', 'I-PER', 'O', 'B-LOC', 'B-LOC', 'I-LOC'])).toEqual([
      { start: 0, end: 2, type: 'PER' },
      { start: 3, end: 4, type: 'LOC' },
      { start: 4, end: 6, type: 'LOC' },
    ]);
  });

  it('reads IOB1: I- after O or after another type starts a span', () => {
    expect(bioToSpans(['I-PER', 'I-PER', 'I-ORG', 'O', 'I-LOC'])).toEqual([
      { start: 0, end: 2, type: 'PER' },
      { start: 2, end: 3, type: 'ORG' },
      { start: 4, end: 5, type: 'LOC' },
    ]);
  });

  it('reads BIOES: S- is one token, E- closes', () => {
    expect(bioToSpans(['S-PER', 'B-PER', 'E-PER', 'I-PER'])).toEqual([
      { start: 0, end: 1, type: 'PER' },
      { start: 1, end: 3, type: 'PER' },
      { start: 3, end: 4, type: 'PER' },
    ]);
  });

  it('reads malformed separators and treats garbage as O', () => {
    expect(parseTag('B_LOC')).toEqual({ prefix: 'B', type: 'LOC' });
    expect(parseTag('b.per')).toEqual({ prefix: 'B', type: 'per' });
    expect(parseTag('v')).toBeUndefined();
    expect(bioToSpans(['B-PER', 'v', 'I-PER'])).toEqual([
      { start: 0, end: 1, type: 'PER' },
      { start: 2, end: 3, type: 'PER' },
    ]);
  });
});
