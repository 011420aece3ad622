import type { PiiSpan } from './types';

/**
 * Spans sorted by start: the order `resolveOverlaps` reads them in, and in which a span at an
 * exact range is found by binary search (no set of range keys built per call).
 */

/**
 * A copy of `spans` sorted by start, stably: a bottom-up merge of the ascending runs found in
 * the input, so spans that come in text order, detector by detector, merge in a few passes.
 */
export function sortByStart(spans: readonly PiiSpan[]): PiiSpan[] {
  let from = [...spans];
  const n = from.length;
  const runEnds: number[] = [];
  for (let i = 1; i <= n; i++) if (i === n || from[i]!.start < from[i - 1]!.start) runEnds.push(i);
  if (runEnds.length === 1) return from;
  let to = new Array<PiiSpan>(n);
  let ends = runEnds;
  while (ends.length > 1) {
    const merged: number[] = [];
    let lo = 0;
    for (let r = 0; r < ends.length; r += 2) {
      const mid = ends[r]!;
      const hi = r + 1 < ends.length ? ends[r + 1]! : mid;
      let a = lo;
      let b = mid;
      let k = lo;
      // On equal starts the left run goes first: the merge is stable.
      while (a < mid && b < hi) to[k++] = from[b]!.start < from[a]!.start ? from[b++]! : from[a++]!;
      while (a < mid) to[k++] = from[a++]!;
      while (b < hi) to[k++] = from[b++]!;
      merged.push(hi);
      lo = hi;
    }
    [from, to] = [to, from];
    ends = merged;
  }
  return from;
}

/**
 * Whether `sorted` (sorted by start) holds a span at exactly `[start, end)`: a binary search
 * for the first span starting there, then the few that start there too.
 */
export function hasSpanAt(sorted: readonly PiiSpan[], start: number, end: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.start === start; i++) {
    if (sorted[i]!.end === end) return true;
  }
  return false;
}
