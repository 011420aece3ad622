import { PiiConfigError } from './errors';
import type { PlaceholderFormat } from './placeholder/format';

/** An incremental restorer for text that arrives in chunks. */
export interface StreamRestorer {
  /** Adds a chunk; returns the text that is safe to show now (possibly empty). */
  push(chunk: string): Promise<string>;
  /** Ends the stream: returns everything still held, restored. */
  flush(): Promise<string>;
  /** Text held back because it may be the start of a token. */
  readonly pending: string;
}

/**
 * Never emits a fragment of a token: text that may begin a token is held (at most the
 * format's maximum token length) until it completes or proves not to be one (`a << b` is
 * released as soon as the space arrives). Each token is restored exactly once, wherever the
 * chunk boundaries fall. Calls must not overlap: await each `push` before the next.
 */
export function createStreamRestorer(
  format: PlaceholderFormat,
  restore: (text: string) => Promise<string>,
): StreamRestorer {
  if (typeof format?.partialStart !== 'function') {
    throw new PiiConfigError(
      'createStreamRestorer(format, restore): `format` must be a placeholder format (session.format).',
    );
  }
  if (typeof restore !== 'function') {
    throw new PiiConfigError(
      'createStreamRestorer(format, restore): `restore` must be a function (text) => Promise<string>.',
    );
  }
  let held = '';
  return {
    get pending() {
      return held;
    },
    async push(chunk) {
      const text = held + chunk;
      const cut = format.partialStart(text);
      held = text.slice(cut);
      return cut > 0 ? restore(text.slice(0, cut)) : '';
    },
    async flush() {
      const text = held;
      held = '';
      return text ? restore(text) : '';
    },
  };
}
