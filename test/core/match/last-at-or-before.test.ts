import { describe, expect, it } from 'vitest';
import { lastAtOrBefore } from '../../../src/core/match/last-at-or-before';

describe('lastAtOrBefore', () => {
  it('finds the last start at or before a position, -1 before the first or in an empty list', () => {
    const starts = [0, 10, 10, 25];
    expect([0, 9, 10, 11, 24, 25, 99].map((x) => lastAtOrBefore(starts, x))).toEqual([
      0, 0, 2, 2, 2, 3, 3,
    ]);
    expect(lastAtOrBefore([5, 10], 2)).toBe(-1);
    expect(lastAtOrBefore([], 3)).toBe(-1);
  });
});
