/**
 * Values gathered from several places of some messages, masked with one call and handed back
 * each to where it came from.
 *
 * @example
 * const queue = new ValueQueue();
 * queue.add(part.output, (v) => (copy.output = v));
 * await queue.run((values) => session.anonymizeValue(values, { role: 'user' }));
 */
export class ValueQueue {
  readonly #values: unknown[] = [];
  readonly #writes: ((value: unknown) => void)[] = [];

  add(value: unknown, write: (value: unknown) => void): void {
    this.#values.push(value);
    this.#writes.push(write);
  }

  async run(mask: (values: unknown[]) => Promise<unknown[]>): Promise<void> {
    if (this.#values.length === 0) return;
    const masked = await mask(this.#values);
    for (let k = 0; k < this.#writes.length; k++) this.#writes[k]!(masked[k]);
  }
}
