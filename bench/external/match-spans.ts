/** A span as the scorer sees it: offsets into the unit's text and a label. */
export interface ScoredSpan {
  start: number;
  end: number;
  label: string;
}

/** Result of matching one unit's predictions against its gold spans. */
export interface SpanMatch<G extends ScoredSpan, P extends ScoredSpan> {
  pairs: [gold: G, predicted: P][];
  missed: G[];
  spurious: P[];
}

/** Characters two spans share. */
export function overlapLength(a: ScoredSpan, b: ScoredSpan): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/**
 * The matching rule of the external evaluation: a prediction matches a gold span when both have
 * the same label and their overlap covers at least half of the gold span and at least half of
 * the prediction. Matching is one-to-one; where several pairs qualify, the largest overlaps are
 * taken first (then the earlier gold span), so the result does not depend on the order of the
 * predictions.
 *
 * @example
 * matchSpans([{ start: 0, end: 10, label: 'PERSON' }], [{ start: 4, end: 10, label: 'PERSON' }]);
 * // 'Mr. Bennet' against 'Bennet': 6 of 10 and 6 of 6 characters → one pair
 */
export function matchSpans<G extends ScoredSpan, P extends ScoredSpan>(
  gold: readonly G[],
  predicted: readonly P[],
): SpanMatch<G, P> {
  const candidates: { g: number; p: number; overlap: number }[] = [];
  gold.forEach((g, gi) => {
    predicted.forEach((p, pi) => {
      if (g.label !== p.label) return;
      const overlap = overlapLength(g, p);
      if (overlap > 0 && 2 * overlap >= g.end - g.start && 2 * overlap >= p.end - p.start) {
        candidates.push({ g: gi, p: pi, overlap });
      }
    });
  });
  candidates.sort((a, b) => b.overlap - a.overlap || a.g - b.g || a.p - b.p);
  const usedGold = new Set<number>();
  const usedPredicted = new Set<number>();
  const pairs: [G, P][] = [];
  for (const c of candidates) {
    if (usedGold.has(c.g) || usedPredicted.has(c.p)) continue;
    usedGold.add(c.g);
    usedPredicted.add(c.p);
    pairs.push([gold[c.g]!, predicted[c.p]!]);
  }
  return {
    pairs: pairs.sort((a, b) => a[0].start - b[0].start),
    missed: gold.filter((_, i) => !usedGold.has(i)),
    spurious: predicted.filter((_, i) => !usedPredicted.has(i)),
  };
}
