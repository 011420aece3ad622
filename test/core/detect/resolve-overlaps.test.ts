import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveCrossing } from '../../../src/core/detect/resolve-overlaps';
import type { PiiSpan } from '../../../src/core/detect/types';

const RANK = new Map([
  ['vault', -1],
  ['first', 0],
]);

/**
 * The whole set at once: spans in priority order (stable), each kept unless it overlaps a kept
 * one; a dropped span crosses when the kept spans do not cover all of it.
 */
function reference(spans: readonly PiiSpan[]): { kept: PiiSpan[]; crossing: PiiSpan[] } {
  const rank = (s: PiiSpan) => RANK.get(s.detector ?? '') ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...spans].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      b.score - a.score ||
      a.start - b.start ||
      rank(a) - rank(b) ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  const kept: PiiSpan[] = [];
  for (const s of sorted) {
    if (kept.every((k) => s.end <= k.start || k.end <= s.start)) kept.push(s);
  }
  const covered = (s: PiiSpan) => {
    for (let at = s.start; at < s.end; at++) {
      if (!kept.some((k) => k.start <= at && at < k.end)) return false;
    }
    return true;
  };
  const crossing = [...spans]
    .sort((a, b) => a.start - b.start)
    .filter((s) => !kept.includes(s) && !covered(s));
  return { kept: kept.sort((a, b) => a.start - b.start), crossing };
}

describe('resolveCrossing', () => {
  // Few spans over a long range: most clusters are pairs (a known value and a shorter one
  // inside or across it), which are resolved without the general cluster code.
  const span = fc
    .record({
      start: fc.nat(400),
      len: fc.integer({ min: 1, max: 12 }),
      score: fc.constantFrom(0.5, 0.9, 1),
      label: fc.constantFrom('A', 'B'),
      detector: fc.constantFrom('vault', 'first', 'other'),
    })
    .map(
      ({ start, len, score, label, detector }): PiiSpan => ({
        start,
        end: start + len,
        label,
        value: '',
        score,
        detector,
      }),
    );

  it('agrees with the whole set resolved at once, pairs included', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 40 }), (spans) => {
        const { kept, crossing } = resolveCrossing(spans, RANK);
        const expected = reference(spans);
        // The same span objects, in the same order.
        expect(kept.map((s) => spans.indexOf(s))).toEqual(
          expected.kept.map((s) => spans.indexOf(s)),
        );
        expect(crossing.map((s) => spans.indexOf(s))).toEqual(
          expected.crossing.map((s) => spans.indexOf(s)),
        );
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});
