import type { Detection } from './detect-spans';
import type { PiiSpan } from './types';

export interface DetectionMemoOptions {
  /** Texts shorter than this are detected again: hashing them costs about as much. Default 2048. */
  minChars?: number;
  /** The most spans held, all texts together; the least recently used texts go first. Default 20,000. */
  maxSpans?: number;
  /** The most texts held. Default 64. */
  maxTexts?: number;
}

/**
 * What the detectors found in the long texts one conversation sent recently, by the SHA-256
 * digest of each text. A chat sends its whole history again at every turn, and an agent its
 * whole prompt at every step: each long message is detected once, then found again by its
 * digest. Detection is a function of the text alone, so a text found again gets what it got
 * the first time (a copy, which the caller may change).
 *
 * It holds no text: the digest, and the spans with copies of their values (what the
 * conversation's vault holds too). It lives as long as the conversation's other caches and goes
 * with them (`forget`, or when the conversation is the least recently used), and forgets
 * everything as soon as the conversation's values are dropped elsewhere (see `detect`). A cryptographic
 * digest, because a text that could be written to match another's key would get that text's
 * spans, and keep its own values in clear. Web Crypto, so it runs wherever the library does.
 */
/** A text's key in the memos of its conversation (see `DetectionMemo.keyOf`). */
export interface MemoKey {
  /** The SHA-256 digest of the text. */
  digest: string;
  /** The life of the conversation's values it was computed in; undefined without one. */
  life: string | undefined;
}

export class DetectionMemo {
  readonly #minChars: number;
  readonly #maxSpans: number;
  readonly #maxTexts: number;
  // Insertion order is recency: a text found again is moved to the end.
  readonly #entries = new Map<string, Detection>();
  #spans = 0;
  // The life of the conversation's values the texts held belong to (see `detect`).
  #life: string | undefined;

  constructor(options: DetectionMemoOptions = {}) {
    this.#minChars = options.minChars ?? 2048;
    this.#maxSpans = options.maxSpans ?? 20_000;
    this.#maxTexts = options.maxTexts ?? 64;
  }

  /**
   * The key of `text` in this memo, and in the conversation's other memos of texts
   * (`ReadingMemo`): its digest, with the life of the conversation's values it belongs to.
   * Undefined when the text is not remembered: shorter than `minChars`, holding a lone
   * surrogate (encoded as U+FFFD, such texts would share a digest with others), or while the
   * conversation has no life (see `detect`). A new life forgets every text of the one before.
   *
   * @example
   * const key = await memo.keyOf(longText, life);
   * await memo.detect(longText, detect, life, Promise.resolve(key)); // no second digest
   */
  async keyOf(text: string, life?: Promise<string | undefined>): Promise<MemoKey | undefined> {
    if (text.length < this.#minChars || this.#maxTexts === 0) return undefined;
    const current = await life;
    if (life) {
      if (current !== this.#life) {
        this.clear();
        this.#life = current;
      }
      if (!current) return undefined;
    }
    // Read only for a text that may be remembered (a new conversation's are not).
    if (!isWellFormed(text)) return undefined;
    return { digest: await digest(text), life: life ? current : undefined };
  }

  /**
   * The detection of `text`: remembered, or `detect(text)`'s (remembered if long enough).
   *
   * `life`, when given, tells which life of the conversation's values this call belongs to:
   * the vault listing's generation, which changes when the values are dropped (`forget` here or
   * in another process, an expiry). The memo holds the texts of one life only and forgets them
   * all when it changes, and is not used while there is none (`undefined` or `''`: nothing
   * stored yet, or a store that does not tell). `key`: `keyOf(text, life)`, when the caller
   * has it already.
   */
  async detect(
    text: string,
    detect: (text: string) => Promise<Detection>,
    life?: Promise<string | undefined>,
    key: Promise<MemoKey | undefined> = this.keyOf(text, life),
  ): Promise<Detection> {
    const memoKey = await key;
    if (!memoKey) return detect(text);
    const known = this.#entries.get(memoKey.digest);
    if (known) {
      this.#entries.delete(memoKey.digest);
      this.#entries.set(memoKey.digest, known);
      return { spans: known.spans.map(copy), crossing: known.crossing.map(copy) };
    }
    const found = await detect(text);
    // Another call may have started another life meanwhile.
    if (memoKey.life === undefined || memoKey.life === this.#life) {
      this.#remember(memoKey.digest, found);
    }
    return found;
  }

  /** Forgets every text (the conversation's values were dropped). */
  clear(): void {
    this.#entries.clear();
    this.#spans = 0;
  }

  /** How many texts it holds (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  #remember(key: string, found: Detection): void {
    const count = found.spans.length + found.crossing.length;
    if (count > this.#maxSpans) return;
    // Another call may have remembered the same text meanwhile.
    const before = this.#entries.get(key);
    if (before) this.#spans -= before.spans.length + before.crossing.length;
    this.#entries.delete(key);
    this.#entries.set(key, { spans: detached(found.spans), crossing: detached(found.crossing) });
    this.#spans += count;
    for (const [oldest, detection] of this.#entries) {
      if (this.#spans <= this.#maxSpans && this.#entries.size <= this.#maxTexts) break;
      this.#entries.delete(oldest);
      this.#spans -= detection.spans.length + detection.crossing.length;
    }
  }
}

const copy = (span: PiiSpan): PiiSpan => ({ ...span });

/**
 * Copies of `spans` whose strings share no memory with the text they were cut from (a slice
 * of a long text keeps the whole text alive, see `detachedString`): one JSON round trip for
 * the strings of all of them.
 */
function detached(spans: readonly PiiSpan[]): PiiSpan[] {
  if (spans.length === 0) return [];
  const strings: (string | undefined)[] = [];
  for (const s of spans) strings.push(s.label, s.value, s.canonical, s.detector);
  const copies = JSON.parse(JSON.stringify(strings)) as (string | null)[];
  return spans.map((span, i) => {
    const out: PiiSpan = { ...span };
    out.label = copies[4 * i]!;
    out.value = copies[4 * i + 1]!;
    if (span.canonical !== undefined) out.canonical = copies[4 * i + 2]!;
    if (span.detector !== undefined) out.detector = copies[4 * i + 3]!;
    return out;
  });
}

const encoder = new TextEncoder();

/** `String.prototype.isWellFormed` (ES2024): no lone surrogate. */
function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (native) return native.call(text);
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let key = '';
  for (let i = 0; i < bytes.length; i += 2)
    key += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return key;
}
