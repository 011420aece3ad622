import type { AnonymizeOptions } from '../../core/anonymize';
import { collectStrings, replaceStrings, type StringOptions } from '../../core/map-strings';

interface Slot {
  start: number;
  count: number;
  apply: (out: readonly string[]) => void;
}

/**
 * Texts and values gathered from several places of a model call, anonymized with one
 * `anonymizeMany` (one vault listing, one allocation), each handed back to where it came from.
 * Values are read as `collectStrings` reads them: string leaves and object keys, and long
 * integers only when asked (`numbers`: a token would not validate where a schema expects a
 * number, but a tool input may carry a phone number as one).
 */
export class StringBatch {
  readonly #texts: string[] = [];
  readonly #slots: Slot[] = [];

  /** Queues one text; `set` receives its anonymized form. */
  add(text: string, set: (text: string) => void): void {
    this.#slots.push({ start: this.#texts.length, count: 1, apply: (out) => set(out[0]!) });
    this.#texts.push(text);
  }

  /** Queues every string of a value; `set` receives an anonymized copy. */
  addValue(value: unknown, set: (value: unknown) => void, options: StringOptions = {}): void {
    if (typeof value === 'string') {
      this.add(value, set);
      return;
    }
    const strings = collectStrings(value, options);
    if (strings.length === 0) return;
    this.#slots.push({
      start: this.#texts.length,
      count: strings.length,
      apply: (out) => set(replaceStrings(value, out, options)),
    });
    this.#texts.push(...strings);
  }

  /** The texts queued, in order. */
  get texts(): readonly string[] {
    return this.#texts;
  }

  /** Hands each slot its part of `out` (anonymized `texts`, in the same order). */
  apply(out: readonly string[]): void {
    for (const slot of this.#slots) slot.apply(out.slice(slot.start, slot.start + slot.count));
  }

  /** Anonymizes every text queued and hands the results back. */
  async run(
    anonymizeMany: (texts: readonly string[], options: AnonymizeOptions) => Promise<string[]>,
    options: AnonymizeOptions,
  ): Promise<void> {
    if (this.#texts.length === 0) return;
    this.apply(await anonymizeMany(this.#texts, options));
  }
}
