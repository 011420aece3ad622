/** True positives, false positives, false negatives. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** Precision, recall and F1 of counts (1 where nothing was expected or predicted). */
export interface Rates {
  precision: number;
  recall: number;
  f1: number;
}

export const emptyCounts = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

/** Adds `delta` into the counts kept under `key`. */
export function addCounts(map: Map<string, Counts>, key: string, delta: Counts): void {
  const c = map.get(key) ?? emptyCounts();
  c.tp += delta.tp;
  c.fp += delta.fp;
  c.fn += delta.fn;
  map.set(key, c);
}

/**
 * @example
 * rates({ tp: 3, fp: 1, fn: 3 }); // { precision: 0.75, recall: 0.5, f1: 0.6 }
 */
export function rates(c: Counts): Rates {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
