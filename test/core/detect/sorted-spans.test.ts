import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasSpanAt, sortByStart } from '../../../src/core/detect/sorted-spans';
import type { PiiSpan } from '../../../src/core/detect/types';

const span = (start: number, end: number, n: number): PiiSpan => ({
  start,
  end,
  label: 'X',
  value: String(n),
  score: 1,
});

/** Spans over a short range, so that many share a start or a whole range. */
const spansArb = fc
  .array(fc.tuple(fc.nat(12), fc.nat(6)), { maxLength: 40 })
  .map((pairs) => pairs.map(([start, length], n) => span(start, start + length, n)));

describe('sorted spans', () => {
  it('sortByStart is a stable sort by start, and leaves its input as it was', () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const before = [...spans];
        const sorted = sortByStart(spans);
        expect(spans).toEqual(before);
        expect(sorted).toEqual([...spans].sort((a, b) => a.start - b.start));
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('hasSpanAt finds exactly the ranges a set of them holds', () => {
    fc.assert(
      fc.property(spansArb, fc.nat(14), fc.nat(8), (spans, start, length) => {
        const sorted = sortByStart(spans);
        const ranges = new Set(spans.map((s) => `${s.start}:${s.end}`));
        for (const s of [...spans, span(start, start + length, -1)]) {
          expect(hasSpanAt(sorted, s.start, s.end)).toBe(ranges.has(`${s.start}:${s.end}`));
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});
