import type { PiiSpan } from './types';

/**
 * Keeps a set of non-overlapping spans, deterministically: the longer span wins; on equal
 * length the higher score; then the earlier start; then the detector listed first; then the
 * label in alphabetical order. The result is sorted by `start`.
 *
 * @param order rank of each detector name (lower wins); unknown names rank last.
 */
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
  // Accepted spans kept sorted by start; each candidate checks only its two neighbours.
  const kept: PiiSpan[] = [];
  for (const span of candidates) {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < span.start) lo = mid + 1;
      else hi = mid;
    }
    const before = kept[lo - 1];
    const after = kept[lo];
    if (before && before.end > span.start) continue;
    if (after && after.start < span.end) continue;
    kept.splice(lo, 0, span);
  }
  return kept;
}
