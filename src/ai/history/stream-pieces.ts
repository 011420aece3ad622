import type { UIMessageChunk } from 'ai';
import { pieces } from '../../core/history/signed-pieces';

/**
 * The pieces of the assistant message that a UI message stream builds, read from its chunks as
 * they pass: each text and reasoning part once it ends (its deltas joined, as the client joins
 * them), each tool call's input once available, its final output or its error, each file. What
 * the client
 * holds at the end of the stream is exactly these, so their signatures hold when it sends the
 * message back.
 *
 * @example
 * const read = new StreamPieces('chat-1');
 * for (const chunk of chunks) read.observe(chunk);
 * read.take(); // the pieces completed since the last take
 */
export class StreamPieces {
  readonly #chatId: string;
  readonly #open = new Map<string, string>();
  #done: string[] = [];

  constructor(chatId: string) {
    this.#chatId = chatId;
  }

  observe(chunk: UIMessageChunk): void {
    const id = this.#chatId;
    const c = chunk as { type: string } & Record<string, unknown>;
    switch (c.type) {
      case 'text-start':
      case 'reasoning-start':
        this.#open.set(`${c.type.slice(0, -6)}:${String(c.id)}`, '');
        return;
      case 'text-delta':
      case 'reasoning-delta': {
        const key = `${c.type.slice(0, -6)}:${String(c.id)}`;
        const text = this.#open.get(key);
        if (text !== undefined) this.#open.set(key, text + String(c.delta ?? ''));
        return;
      }
      case 'text-end':
      case 'reasoning-end': {
        const kind = c.type.slice(0, -4) as 'text' | 'reasoning';
        const key = `${kind}:${String(c.id)}`;
        const text = this.#open.get(key);
        if (text === undefined) return;
        this.#open.delete(key);
        this.#done.push(kind === 'text' ? pieces.text(id, text) : pieces.reasoning(id, text));
        return;
      }
      case 'tool-input-available':
      case 'tool-input-error':
        if (typeof c.toolCallId !== 'string' || typeof c.toolName !== 'string') return;
        this.#done.push(pieces.toolInput(id, c.toolCallId, c.toolName, c.input));
        if (c.type === 'tool-input-error' && typeof c.errorText === 'string')
          this.#done.push(pieces.toolError(id, c.toolCallId, c.errorText));
        return;
      case 'tool-output-available':
        // A preliminary output is replaced by the next one: only the final one stays.
        if (typeof c.toolCallId === 'string' && c.preliminary !== true)
          this.#done.push(pieces.toolOutput(id, c.toolCallId, c.output));
        return;
      case 'tool-output-error':
        if (typeof c.toolCallId === 'string' && typeof c.errorText === 'string')
          this.#done.push(pieces.toolError(id, c.toolCallId, c.errorText));
        return;
      case 'file':
      case 'reasoning-file':
        if (typeof c.mediaType === 'string' && typeof c.url === 'string')
          this.#done.push(pieces.file(id, c.type, c.mediaType, c.url));
        return;
      default:
        return;
    }
  }

  /** The pieces completed since the last call. */
  take(): string[] {
    const out = this.#done;
    this.#done = [];
    return out;
  }
}
