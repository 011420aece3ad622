import type { Piece } from './edited-view';

/**
 * What the scans for encoded payloads and layout found in one text: a function of the text
 * alone, so a text sent again needs no scan (see `ReadingMemo`).
 */
export interface ReadingScan {
  /** Whether the text holds base64 payloads (`encodedPayloads`). */
  payloads: boolean;
  /**
   * The layout pieces of the text as read (`layoutPieces`; of its decoded text when it holds
   * encoded characters). They hold single characters (`''`, `' '`, `'@'`, a digit), never a
   * slice of the text, so remembering them keeps no text alive.
   */
  layout: readonly Piece[];
}

export interface ReadingMemoOptions {
  /** The most texts held. Default 64. */
  maxTexts?: number;
  /** The most layout pieces held, all texts together. Default 20,000. */
  maxPieces?: number;
}

/**
 * What the readings' scans found in the long texts one conversation sent recently, by the
 * digest each has in the conversation's `DetectionMemo` (`keyOf`): a chat sends its whole
 * history again at every turn, and a message with no payload and no layout case is then
 * scanned once, not at every call. Texts with payloads are scanned again (their payloads are
 * decoded anyway; what is remembered is only that they hold some). It holds no text: digests,
 * a flag and the pieces' offsets and single characters.
 */
export class ReadingMemo {
  readonly #maxTexts: number;
  readonly #maxPieces: number;
  // Insertion order is recency: a text found again is moved to the end.
  readonly #entries = new Map<string, ReadingScan>();
  #pieces = 0;

  constructor(options: ReadingMemoOptions = {}) {
    this.#maxTexts = options.maxTexts ?? 64;
    this.#maxPieces = options.maxPieces ?? 20_000;
  }

  /**
   * What the scans found in the text of digest `key`, when remembered.
   *
   * @example
   * const memo = new ReadingMemo();
   * memo.remember(key, { payloads: false, layout: [] });
   * memo.recall(key); // { payloads: false, layout: [] }
   */
  recall(key: string): ReadingScan | undefined {
    const scan = this.#entries.get(key);
    if (scan) {
      this.#entries.delete(key);
      this.#entries.set(key, scan);
    }
    return scan;
  }

  /** Remembers what the scans found in the text of digest `key` (within the bounds). */
  remember(key: string, scan: ReadingScan): void {
    if (scan.layout.length > this.#maxPieces || this.#maxTexts === 0) return;
    const before = this.#entries.get(key);
    if (before) this.#pieces -= before.layout.length;
    this.#entries.delete(key);
    this.#entries.set(key, scan);
    this.#pieces += scan.layout.length;
    for (const [oldest, held] of this.#entries) {
      if (this.#pieces <= this.#maxPieces && this.#entries.size <= this.#maxTexts) break;
      this.#entries.delete(oldest);
      this.#pieces -= held.layout.length;
    }
  }

  /** How many texts it holds (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}
