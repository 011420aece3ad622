/**
 * Values keyed by label and canonical form, two levels deep: lookups need no
 * `label + separator + canonical` string built (and hashed) per value, which matters when a
 * text holds thousands of values. Entries are only added, and listed in the order they were.
 */
export class LabelValueMap<T> {
  readonly #byLabel = new Map<string, Map<string, T>>();
  readonly #values: T[] = [];

  get size(): number {
    return this.#values.length;
  }

  get(label: string, canonical: string): T | undefined {
    return this.#byLabel.get(label)?.get(canonical);
  }

  has(label: string, canonical: string): boolean {
    return this.#byLabel.get(label)?.has(canonical) ?? false;
  }

  /** Adds `value` under a label and canonical form that hold none yet; returns whether it did. */
  add(label: string, canonical: string, value: T): boolean {
    let values = this.#byLabel.get(label);
    if (!values) {
      values = new Map();
      this.#byLabel.set(label, values);
    }
    if (values.has(canonical)) return false;
    values.set(canonical, value);
    this.#values.push(value);
    return true;
  }

  /** Every value, in the order added. */
  values(): readonly T[] {
    return this.#values;
  }
}
