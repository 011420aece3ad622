import type { PiiSpan } from './types';

/**
 * Keeps a set of non-overlapping spans, deterministically: the longer span wins; on equal
 * length the higher score; then the earlier start; then the detector listed first; then the
 * label in alphabetical order. The result is sorted by `start`.
 *
 * Runs in O(n log n): candidates are taken in priority order, and a candidate overlaps the kept
 * spans iff its first position is covered or a kept span starts inside it (kept spans are
 * disjoint), which a coverage map and a Fenwick tree of starts answer.
 *
 * @param order rank of each detector name (lower wins); unknown names rank last.
 */
const DIRECT_LIMIT = 4_194_304;

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
  const candidates = sortByPriority(spans, compare);
  let maxEnd = 0;
  for (const s of spans) maxEnd = Math.max(maxEnd, s.end);
  // Offsets index the arrays directly for texts up to 4 M characters; beyond, positions are
  // compressed to the span boundaries so that memory stays O(n).
  let position = (offset: number) => offset;
  let size = maxEnd + 1;
  if (maxEnd > DIRECT_LIMIT) {
    const bounds = [...new Set(spans.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
    const index = new Map(bounds.map((b, i) => [b, i]));
    position = (offset) => index.get(offset)!;
    size = bounds.length;
  }
  const covered = new Uint8Array(size); // elementary interval [bounds[i], bounds[i + 1])
  const starts = new Int32Array(size + 1); // Fenwick tree over kept spans' starts, 1-based
  const addStart = (pos: number) => {
    for (let i = pos + 1; i <= size; i += i & -i) starts[i]!++;
  };
  const startsBefore = (pos: number) => {
    let sum = 0;
    for (let i = pos; i > 0; i -= i & -i) sum += starts[i]!;
    return sum;
  };
  const kept: PiiSpan[] = [];
  for (const span of candidates) {
    const from = position(span.start);
    const to = position(span.end);
    if (covered[from]) continue;
    if (startsBefore(to) - startsBefore(from + 1) > 0) continue;
    covered.fill(1, from, to);
    addStart(from);
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Sorts spans by priority. Length, score and start are packed into one number per span (52
 * bits: a float compares them exactly), so most comparisons read a typed array; spans whose
 * packed keys are equal are then ordered by the full comparison. Falls back to the full
 * comparison for offsets beyond the packing range.
 */
function sortByPriority(
  spans: readonly PiiSpan[],
  compare: (a: PiiSpan, b: PiiSpan) => number,
): PiiSpan[] {
  const n = spans.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = spans[i]!;
    const length = s.end - s.start;
    if (length >= 1 << 20 || s.start >= 1 << 22 || !(s.score >= 0 && s.score <= 1)) {
      return [...spans].sort(compare);
    }
    // Longer first, then higher score (10 bits), then earlier start.
    keys[i] =
      ((1 << 20) - length) * 2 ** 32 + (1023 - Math.round(s.score * 1023)) * 2 ** 22 + s.start;
  }
  // Native numeric sort of the keys (no comparator calls), then spans regrouped by key.
  const byKey = new Map<number, PiiSpan[]>();
  for (let i = 0; i < n; i++) {
    const group = byKey.get(keys[i]!);
    if (group) group.push(spans[i]!);
    else byKey.set(keys[i]!, [spans[i]!]);
  }
  const sorted: PiiSpan[] = [];
  const sortedKeys = keys.sort();
  for (let i = 0; i < n; i++) {
    if (i > 0 && sortedKeys[i] === sortedKeys[i - 1]) continue;
    const group = byKey.get(sortedKeys[i]!)!;
    // Equal packed keys (same length, close scores, same start): the full comparison decides.
    if (group.length > 1) group.sort(compare);
    for (const span of group) sorted.push(span);
  }
  return sorted;
}
