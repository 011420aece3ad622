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
  const candidates = [...spans].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      b.score - a.score ||
      a.start - b.start ||
      rank(a) - rank(b) ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
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
