import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';
import { isDigitCode } from '../match/fold';
import { mergedCanonical } from './merged-canonical';
import { sortByStart } from './sorted-spans';
import type { PiiSpan } from './types';

export interface ResolveOverlapsOptions {
  /**
   * The text the spans were found in. Given, a span that loses to an overlapping one but
   * reaches past the kept spans is not dropped: it is merged with the kept spans it overlaps
   * into one span over their union, with the best one's label and detector, so that no part of
   * it stays in clear (in `5469 3616 0497 5473-ravi@gmail.com`, the e-mail address read from
   * `5473` wins over the card number, whose first digits are masked with it). The merged
   * span's value is the text it covers; its canonical form is that text too (`mergedCanonical`),
   * so it never shares a token with the winner's value alone. Without it, losers are dropped.
   */
  mergeCrossingIn?: string;
}

const RESOLVE_OVERLAPS_KEYS = {
  mergeCrossingIn: 'optional',
} as const satisfies OptionKeys<ResolveOverlapsOptions>;

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
  options: ResolveOverlapsOptions = {},
): PiiSpan[] {
  checkOptions('resolveOverlaps', options, RESOLVE_OVERLAPS_KEYS);
  if (!Array.isArray(spans)) throw new PiiConfigError('resolveOverlaps(spans) expects an array.');
  const text = options.mergeCrossingIn;
  const compare = compareBy(order);
  const { kept, crossing } = resolve(spans, compare, text !== undefined);
  return crossing.length === 0 ? kept : mergeCrossing(kept, crossing, compare, text!);
}

/**
 * `resolveOverlaps(spans, order)` (`kept`), with the spans it dropped although they reach
 * past the kept spans (`crossing`, sorted by start): text a detector found that no kept span
 * masks.
 */
export function resolveCrossing(
  spans: readonly PiiSpan[],
  order: ReadonlyMap<string, number> = new Map(),
): { kept: PiiSpan[]; crossing: PiiSpan[] } {
  return resolve(spans, compareBy(order), true);
}

/** The priority order of spans: the first one wins. */
function compareBy(order: ReadonlyMap<string, number>) {
  const rank = (s: PiiSpan) => order.get(s.detector ?? '') ?? Number.MAX_SAFE_INTEGER;
  return (a: PiiSpan, b: PiiSpan) =>
    b.end - b.start - (a.end - a.start) ||
    b.score - a.score ||
    a.start - b.start ||
    rank(a) - rank(b) ||
    (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

function resolve(
  spans: readonly PiiSpan[],
  compare: (a: PiiSpan, b: PiiSpan) => number,
  withCrossing: boolean,
): { kept: PiiSpan[]; crossing: PiiSpan[] } {
  const crossing: PiiSpan[] = [];
  if (spans.length < 2) return { kept: [...spans], crossing };
  const sorted = sortByStart(spans);
  const kept: PiiSpan[] = [];
  for (let i = 0; i < sorted.length; ) {
    let end = sorted[i]!.end;
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.start < end) end = Math.max(end, sorted[j++]!.end);
    if (j - i === 1) kept.push(sorted[i]!);
    else if (
      j - i === 2 &&
      sorted[i]!.end > sorted[i]!.start &&
      sorted[i + 1]!.end > sorted[i + 1]!.start
    ) {
      // Two spans (most clusters: a known value and a shorter one inside or across it): what
      // `resolveCluster` and `crossingIn` give, without their sort, sets and prefix sums. The
      // stable sort keeps the first on a tie. (An empty span overlaps nothing: `resolveCluster`
      // keeps it beside the other, so the general path takes it.)
      const a = sorted[i]!;
      const b = sorted[i + 1]!;
      const winner = compare(b, a) < 0 ? b : a;
      const loser = winner === a ? b : a;
      kept.push(winner);
      if (withCrossing && (loser.start < winner.start || loser.end > winner.end)) {
        crossing.push(loser);
      }
    } else {
      // Spans of two clusters never overlap: what crosses is found cluster by cluster.
      const cluster = sorted.slice(i, j);
      const keptHere = resolveCluster(withCrossing ? [...cluster] : cluster, compare);
      for (const span of keptHere) kept.push(span);
      if (withCrossing) for (const span of crossingIn(cluster, keptHere)) crossing.push(span);
    }
    i = j;
  }
  return { kept, crossing };
}

/**
 * The spans of a cluster (sorted by start) not in `kept` (its resolution, sorted by start)
 * that reach past the kept spans. O(n log n): the part of a span that kept spans cover is read
 * from prefix sums of their lengths.
 */
function crossingIn(spans: readonly PiiSpan[], kept: readonly PiiSpan[]): PiiSpan[] {
  const isKept = new Set(kept);
  const prefix = new Float64Array(kept.length + 1);
  kept.forEach((k, i) => {
    prefix[i + 1] = prefix[i]! + (k.end - k.start);
  });
  /** The first kept span (by start) for which `before(span)` is false. */
  const firstNot = (before: (k: PiiSpan) => boolean) => {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(kept[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const coveredIn = (start: number, end: number) => {
    const lo = firstNot((k) => k.end <= start);
    const hi = firstNot((k) => k.start < end) - 1;
    if (lo > hi) return 0;
    return (
      prefix[hi + 1]! -
      prefix[lo]! -
      Math.max(0, start - kept[lo]!.start) -
      Math.max(0, kept[hi]!.end - end)
    );
  };
  return spans.filter((s) => !isKept.has(s) && coveredIn(s.start, s.end) < s.end - s.start);
}

/**
 * `kept` with the spans of `crossing` (sorted by start) merged into the kept spans they
 * overlap, transitively: one span over their union, with the best one's label and detector.
 */
function mergeCrossing(
  kept: readonly PiiSpan[],
  crossing: readonly PiiSpan[],
  compare: (a: PiiSpan, b: PiiSpan) => number,
  text: string,
): PiiSpan[] {
  // Kept and crossing spans by start; every crossing span overlaps a kept one (it lost to it).
  const members: PiiSpan[] = [];
  for (let a = 0, b = 0; a < kept.length || b < crossing.length; ) {
    if (b >= crossing.length || (a < kept.length && kept[a]!.start <= crossing[b]!.start))
      members.push(kept[a++]!);
    else members.push(crossing[b++]!);
  }
  const out: PiiSpan[] = [];
  for (let i = 0; i < members.length; ) {
    let end = members[i]!.end;
    let best = members[i]!;
    let j = i + 1;
    for (; j < members.length && members[j]!.start < end; j++) {
      end = Math.max(end, members[j]!.end);
      if (compare(members[j]!, best) < 0) best = members[j]!;
    }
    if (j - i === 1) out.push(members[i]!);
    else {
      // Readings that cross each other mean a run of digit groups was misread: the merged
      // span takes the rest of the run too (`+39 333 765 4321 4111 1111 1111 1111`, read as a
      // phone and a card from `4321`, leaves no `1111`), up to the spans next to it.
      const floor = out.length > 0 ? out[out.length - 1]!.end : 0;
      const ceiling = j < members.length ? members[j]!.start : text.length;
      const start = digitRunStart(text, members[i]!.start, floor);
      end = digitRunEnd(text, end, ceiling);
      const value = text.slice(start, end);
      const merged: PiiSpan = {
        start,
        end,
        label: best.label,
        value,
        score: best.score,
        canonical: mergedCanonical(value),
      };
      if (best.detector !== undefined) merged.detector = best.detector;
      out.push(merged);
    }
    i = j;
  }
  return out;
}

const isDigitAt = (text: string, i: number) => isDigitCode(text.charCodeAt(i));
// ` `, `-`, `.`, `/`: what joins the digit groups of one run.
const isGroupSeparatorAt = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c === 32 || c === 45 || c === 46 || c === 47;
};

/** Where the run of digit groups that `start` is in starts (not before `floor`). */
function digitRunStart(text: string, start: number, floor: number): number {
  if (!isDigitAt(text, start)) return start;
  let s = start;
  for (;;) {
    if (s > floor && isDigitAt(text, s - 1)) s--;
    else if (s - 1 > floor && isGroupSeparatorAt(text, s - 1) && isDigitAt(text, s - 2)) s -= 2;
    else return s;
  }
}

/** Where the run of digit groups that ends at `end` ends (not after `ceiling`). */
function digitRunEnd(text: string, end: number, ceiling: number): number {
  if (end === 0 || !isDigitAt(text, end - 1)) return end;
  let e = end;
  for (;;) {
    if (e < ceiling && isDigitAt(text, e)) e++;
    else if (e + 1 < ceiling && isGroupSeparatorAt(text, e) && isDigitAt(text, e + 1)) e += 2;
    else return e;
  }
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
