import type { LabelCounts } from './events';

/** Distinct tokens by label: one value counts once however often its token appears. */
export class TokenCounter {
  readonly #labels = new Map<string, string>();

  add(token: string, label: string): void {
    this.#labels.set(token, label);
  }

  has(token: string): boolean {
    return this.#labels.has(token);
  }

  get size(): number {
    return this.#labels.size;
  }

  /** `{ LABEL: distinct tokens }`, labels sorted. */
  counts(): LabelCounts {
    const out: Record<string, number> = {};
    for (const label of [...this.#labels.values()].sort()) out[label] = (out[label] ?? 0) + 1;
    return out;
  }
}

/**
 * What a restoration did with the tokens it met, by label, for the audit trail: `restored`
 * (given back as values), `withheld` (kept: their label is not in `labels`) and `invented` (the
 * conversation never issued them). Pass one as `restore`'s `tally` option; it fills in place.
 *
 * @example
 * const tally = new RestoreTally();
 * await session.restoreValue(args, { labels: ['EMAIL'], tally });
 * tally.restored.counts(); // { EMAIL: 1 }
 */
export class RestoreTally {
  readonly restored = new TokenCounter();
  readonly withheld = new TokenCounter();
  readonly invented = new TokenCounter();
}
