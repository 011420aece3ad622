/**
 * Security review 9 of 2026-11-30 (the speed work of the third session, at c0739d0): a
 * differential review of every change against ca2d07c found nothing masked less, no token
 * changed and no slowdown; it found two differences of behaviour at the edge of the public API
 * (Z1, Z2 in FINDINGS.md). Each test failed on the reviewed tree.
 */
import { describe, expect, it } from 'vitest';
import { resolveOverlaps } from '../../../src/core/detect/resolve-overlaps';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

describe('Z1: resolveOverlaps, two spans of which one is empty', () => {
  // Low. `resolveOverlaps` is public. A zero-length span starting where a longer span starts
  // overlaps nothing (`resolveCluster` tests `s.end <= k.start`), so ca2d07c kept both; the
  // two-span rule keeps only the winner, and the result now depends on the input order
  // (`[b, a]` still gives both). No value is left in clear: an empty span masks nothing.
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

describe('Z2: memoryVaultStore keeps detached copies of strings only', () => {
  // Low (Medium by the brief's "throws" rule, but out of contract). `detachedString` is
  // `JSON.parse(JSON.stringify(s))`: for a non-string (`undefined`) `JSON.stringify` gives
  // `undefined` and `JSON.parse` throws `SyntaxError: "undefined" is not valid JSON`. ca2d07c
  // stored the item. Only a JavaScript caller of the public `memoryVaultStore().allocate` can
  // pass one: `anonymize` and `remember` always pass strings.
  it('allocates an item whose value is not a string, as before', async () => {
    const store = memoryVaultStore();
    const item = { label: 'X', canonical: 'k', value: undefined as unknown as string };
    await expect(store.allocate('c', [item])).resolves.toMatchObject([{ label: 'X', n: 1 }]);
  });
});
