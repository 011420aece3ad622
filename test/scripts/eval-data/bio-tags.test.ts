import { describe, expect, it } from 'vitest';
import { tagsToRanges } from '../../../scripts/eval-data/bio-tags';

describe('tagsToRanges', () => {
  it('reads IOB2', () => {
    expect(tagsToRanges(['B-PER', 'I-PER', 'B-PER', 'O']).ranges).toEqual([
      { start: 0, end: 2, type: 'PER' },
      { start: 2, end: 3, type: 'PER' },
    ]);
  });

  it('reads IOB1: I- starts a run after another type or O', () => {
    expect(tagsToRanges(['I-PER', 'I-PER', 'O', 'I-LOC', 'I-PER']).ranges).toEqual([
      { start: 0, end: 2, type: 'PER' },
      { start: 3, end: 4, type: 'LOC' },
      { start: 4, end: 5, type: 'PER' },
    ]);
  });

  it('reads IO and BIOES, lower-case types included', () => {
    expect(tagsToRanges(['PER', 'PER', 'O', 'LOC']).ranges).toEqual([
      { start: 0, end: 2, type: 'PER' },
      { start: 3, end: 4, type: 'LOC' },
    ]);
    expect(tagsToRanges(['S-person', 'S-person', 'B-person', 'E-person']).ranges).toEqual([
      { start: 0, end: 1, type: 'PERSON' },
      { start: 1, end: 2, type: 'PERSON' },
      { start: 2, end: 4, type: 'PERSON' },
    ]);
  });

  it('counts malformed tags and treats them as outside', () => {
    expect(tagsToRanges(['B-PER', 'B.PER', 'I-PER'])).toEqual({
      ranges: [
        { start: 0, end: 1, type: 'PER' },
        { start: 2, end: 3, type: 'PER' },
      ],
      invalid: 1,
    });
  });
});
