/**
 * `resolveOverlaps` (public) with a zero-length span: it overlaps nothing, so it is kept beside
 * the span it starts at, whatever the input order.
 */
import { describe, expect, it } from 'vitest';
import { resolveOverlaps } from '../../../src/core/detect/resolve-overlaps';

describe('resolveOverlaps: two spans of which one is empty', () => {
  // A zero-length span starting where a longer span starts overlaps nothing (`resolveCluster`
  // tests `s.end <= k.start`): both are kept, also by the rule for clusters of two spans, so the
  // result does not depend on the input order. No value is left in clear: an empty span masks nothing.
  // The pipeline never reaches this (detector spans with start >= end throw, sweep spans are
  // at least one unit long).
  const a = { start: 0, end: 5, label: 'EMAIL', value: 'a@b.c', score: 1 };
  const b = { start: 0, end: 0, label: 'PHONE', value: '', score: 1 };

  it('keeps an empty span at the start of another one, as resolveCluster does', () => {
    expect(resolveOverlaps([a, b])).toEqual([a, b]);
  });

  it('gives the same spans whatever the input order', () => {
    const one = resolveOverlaps([a, b]);
    const other = resolveOverlaps([b, a]);
    expect(new Set(one)).toEqual(new Set(other));
  });
});
