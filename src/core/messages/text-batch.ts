import type { AnonymizeOptions } from '../anonymize';
import { collectKeyedStrings, replaceStrings } from '../map-strings';

/** `session.anonymizeMany`, or anything with the same contract. */
export type AnonymizeMany = (
  texts: readonly string[],
  options: AnonymizeOptions,
) => Promise<string[]>;

// Long integers are text too: a known phone number may come back as a JSON number.
const NUMBERS = { numbers: true } as const;

interface Slot {
  start: number;
  count: number;
  apply: (out: readonly string[]) => void;
}

interface Group {
  options: AnonymizeOptions;
  texts: string[];
  /** The key each text is the value of (`AnonymizeOptions.keys`); any defined: `keyed`. */
  keys: (string | undefined)[];
  keyed: boolean;
  slots: Slot[];
}

const detects = (o: AnonymizeOptions) => o.detect ?? o.role !== 'assistant';
// Texts of one group share their options, the origin of their new values included.
const groupKey = (o: AnonymizeOptions) =>
  `${o.role ?? 'user'}|${o.tokens ?? ''}|${detects(o)}|${o.sweep ?? true}|${o.origin?.kind ?? ''}|${o.origin?.tool ?? ''}`;

/**
 * Collects every text of a conversation, grouped by anonymization options, so that a whole
 * prompt costs one `anonymizeMany` (one vault listing, one allocation) per group instead of
 * one per text.
 */
export class TextBatch {
  readonly #groups = new Map<string, Group>();

  #group(options: AnonymizeOptions): Group {
    const key = groupKey(options);
    let group = this.#groups.get(key);
    if (!group) {
      group = { options, texts: [], keys: [], keyed: false, slots: [] };
      this.#groups.set(key, group);
    }
    return group;
  }

  /** Queues one text; `set` receives its anonymized form. */
  add(options: AnonymizeOptions, text: string, set: (text: string) => void): void {
    const group = this.#group(options);
    group.slots.push({ start: group.texts.length, count: 1, apply: (out) => set(out[0]!) });
    group.texts.push(text);
    group.keys.push(undefined);
  }

  /** Queues every string leaf of a value, each under its key; `set` receives an anonymized copy. */
  addValue(options: AnonymizeOptions, value: unknown, set: (value: unknown) => void): void {
    if (typeof value === 'string') {
      this.add(options, value, set);
      return;
    }
    const { strings, keys } = collectKeyedStrings(value, NUMBERS);
    if (strings.length === 0) return;
    const group = this.#group(options);
    group.slots.push({
      start: group.texts.length,
      count: strings.length,
      apply: (out) => set(replaceStrings(value, out, NUMBERS)),
    });
    group.texts.push(...strings);
    // Each leaf is read under its key (`{ first_name: 'gwénola' }`).
    group.keys.push(...keys);
    group.keyed ||= keys.some((k) => k !== undefined);
  }

  /**
   * Anonymizes every group, then hands each result to its setter. Groups that detect run
   * first and known-value-only groups (assistant text) last, so that a value first found in
   * this very batch (in a tool result, say) is already known when the assistant's texts are
   * swept: it is masked wherever it stands (G1).
   */
  async run(anonymizeMany: AnonymizeMany): Promise<void> {
    const groups = [...this.#groups.values()].sort(
      (a, b) => Number(detects(b.options)) - Number(detects(a.options)),
    );
    const results: string[][] = [];
    // Sequential on purpose: each group must see the values the previous ones allocated.
    for (const group of groups) {
      const options = group.keyed ? { ...group.options, keys: group.keys } : group.options;
      results.push(await anonymizeMany(group.texts, options));
    }
    groups.forEach((group, i) => {
      const out = results[i]!;
      for (const slot of group.slots) slot.apply(out.slice(slot.start, slot.start + slot.count));
    });
  }
}
