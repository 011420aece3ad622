// Precision and recall of PERSON spans, a match being a character overlap of at least half of
// both spans, one to one (the rule of `npm run eval:external`).

export interface Counts {
  gold: number;
  predicted: number;
  matched: number;
}

export const emptyCounts = (): Counts => ({ gold: 0, predicted: 0, matched: 0 });

type Range = { start: number; end: number };

const overlap = (a: Range, b: Range) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Adds one unit's matches to `counts`. */
export function countMatches(
  gold: readonly Range[],
  predicted: readonly Range[],
  counts: Counts,
): void {
  counts.gold += gold.length;
  counts.predicted += predicted.length;
  const used = new Uint8Array(predicted.length);
  for (const g of gold) {
    for (let k = 0; k < predicted.length; k++) {
      if (used[k]) continue;
      const p = predicted[k]!;
      const o = overlap(g, p);
      if (o * 2 >= g.end - g.start && o * 2 >= p.end - p.start) {
        used[k] = 1;
        counts.matched++;
        break;
      }
    }
  }
}

export function figures(c: Counts) {
  const precision = c.predicted ? c.matched / c.predicted : 1;
  const recall = c.gold ? c.matched / c.gold : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

export function formatCounts(c: Counts): string {
  const { precision, recall, f1 } = figures(c);
  return `P ${precision.toFixed(3)} R ${recall.toFixed(3)} F1 ${f1.toFixed(3)} (gold ${c.gold}, predicted ${c.predicted})`;
}
