import type { PlaceholderFormat } from '../../core/placeholder/format';

/**
 * The tokens of texts that arrive in deltas, per text (a key: the text's id): each delta gives
 * the tokens it completes, a token split across deltas included, holding at most a token's
 * length of tail per text.
 *
 * @example
 * const tokens = new DeltaTokens(session.format);
 * tokens.scan('t1', 'Sent to <<EMA'); // []
 * tokens.scan('t1', 'IL:1>>.'); // ['<<EMAIL:1>>']
 */
export class DeltaTokens {
  readonly #format: PlaceholderFormat;
  readonly #tails = new Map<string, string>();

  constructor(format: PlaceholderFormat) {
    this.#format = format;
  }

  scan(key: string, delta: string): string[] {
    const text = (this.#tails.get(key) ?? '') + delta;
    this.#tails.set(key, text.slice(this.#format.partialStart(text)));
    return this.#format.findAll(text).map((m) => m.token);
  }

  /** The text ended: its tail can hold no more token. */
  end(key: string): void {
    this.#tails.delete(key);
  }
}
