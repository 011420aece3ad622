/**
 * The index of the last entry of `sorted` (ascending) that is at most `x`, or -1 when none is:
 * which window, piece or view of a joined text a position falls in. Binary search.
 *
 * @example
 * lastAtOrBefore([0, 10, 25], 12); // 1
 * lastAtOrBefore([5, 10], 2); // -1
 */
export function lastAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  if (sorted.length === 0 || sorted[0]! > x) return -1;
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
