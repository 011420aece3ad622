import type { PiiSpan } from './types';

/**
 * Keeps a set of non-overlapping spans, deterministically: the longer span wins; on equal
 * length the higher score; then the earlier start; then the detector listed first; then the
 * label in alphabetical order. The result is sorted by `start`.
 *
 * Spans are sorted by start (a merge of the runs already in order: each detector reports its
 * spans in text order), then cut into clusters of spans that overlap one another, directly or
 * through others. Taking spans in priority order and keeping those that overlap no kept span
 * gives the same result over the whole set as cluster by cluster, since spans of two clusters
 * never overlap; most clusters hold one span, which is kept. Runs in O(n log n).
 *
 * @param order rank of each detector name (lower wins); unknown names rank last.
 */
export function resolveOverlaps(
  spans: readonly PiiSpan[],
  order: ReadonlyMap<string, number> = new Map(),
): PiiSpan[] {
  if (spans.length < 2) return [...spans];
  const rank = (s: PiiSpan) => order.get(s.detector ?? '') ?? Number.MAX_SAFE_INTEGER;
  const compare = (a: PiiSpan, b: PiiSpan) =>
    b.end - b.start - (a.end - a.start) ||
    b.score - a.score ||
    a.start - b.start ||
    rank(a) - rank(b) ||
    (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
  const sorted = sortByStart(spans);
  const kept: PiiSpan[] = [];
  for (let i = 0; i < sorted.length; ) {
    let end = sorted[i]!.end;
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.start < end) end = Math.max(end, sorted[j++]!.end);
    if (j - i === 1) kept.push(sorted[i]!);
    else for (const span of resolveCluster(sorted.slice(i, j), compare)) kept.push(span);
    i = j;
  }
  return kept;
}

/** Clusters up to this size are resolved by comparing each candidate with the kept spans. */
const SMALL_CLUSTER = 16;

/** The spans of one cluster to keep, sorted by start. */
function resolveCluster(
  cluster: PiiSpan[],
  compare: (a: PiiSpan, b: PiiSpan) => number,
): PiiSpan[] {
  // A stable sort: spans equal in every respect stay in the order they came.
  const candidates = cluster.sort(compare);
  const kept: PiiSpan[] = [];
  if (candidates.length <= SMALL_CLUSTER) {
    for (const s of candidates) {
      if (kept.every((k) => s.end <= k.start || k.end <= s.start)) kept.push(s);
    }
    return kept.sort((a, b) => a.start - b.start);
  }
  // Large clusters (nested spans by the thousand): a candidate overlaps the kept spans iff its
  // first position is covered or a kept span starts inside it (kept spans are disjoint), which
  // a coverage map and a Fenwick tree of starts, over the cluster's boundaries, answer.
  const bounds = [...new Set(cluster.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  const position = new Map(bounds.map((b, i) => [b, i]));
  const size = bounds.length;
  const covered = new Uint8Array(size); // elementary interval [bounds[i], bounds[i + 1])
  const starts = new Int32Array(size + 1); // 1-based Fenwick tree
  const startsBefore = (pos: number) => {
    let sum = 0;
    for (let i = pos; i > 0; i -= i & -i) sum += starts[i]!;
    return sum;
  };
  for (const span of candidates) {
    const from = position.get(span.start)!;
    const to = position.get(span.end)!;
    if (covered[from] || startsBefore(to) - startsBefore(from + 1) > 0) continue;
    covered.fill(1, from, to);
    for (let i = from + 1; i <= size; i += i & -i) starts[i]!++;
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * A copy of `spans` sorted by start, stably: a bottom-up merge of the ascending runs found in
 * the input, so spans that come in text order, detector by detector, merge in a few passes.
 */
function sortByStart(spans: readonly PiiSpan[]): PiiSpan[] {
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
