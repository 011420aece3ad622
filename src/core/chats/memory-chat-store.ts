import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';
import { parseChat, serializeChat } from './chat-json';
import type { ChatStore } from './types';

export interface MemoryChatStoreOptions {
  /** Chats kept at most; the least recently used goes first. Default 10,000. */
  maxChats?: number;
  /**
   * A chat unused (neither loaded nor saved) for this long, in ms, is dropped. Default 24 hours,
   * as the memory vault store's idle TTL: a chat kept longer than its vault shows its tokens
   * unrestored. `false` keeps chats until `delete` (or eviction).
   */
  idleTtlMs?: number | false;
  /** Clock, for tests. */
  now?: () => number;
}

const MEMORY_CHAT_STORE_KEYS = {
  maxChats: 'optional',
  idleTtlMs: 'optional',
  now: 'optional',
} as const satisfies OptionKeys<MemoryChatStoreOptions>;

interface Kept {
  text: string;
  lastUsed: number;
}

function positive(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new PiiConfigError(`memoryChatStore: \`${name}\` must be a positive whole number.`);
  }
  return value;
}

/**
 * Keeps chats in process memory, as text (each `load` gives a copy), bounded: least recently
 * used out, idle TTL. For development and single-process servers; use `redisChatStore` when
 * several instances serve one chat. Attach it with `createPii({ chats: memoryChatStore() })`:
 * the session masks what it saves, and `session.forget()` deletes the chat with the vault.
 *
 * @example
 * import { createPii, memoryChatStore } from 'ai-sdk-pii';
 * const pii = createPii({ chats: memoryChatStore() });
 * const session = pii.session(chatId);
 * const messages = await session.continueChat(message); // the stored history + the new message
 */
export function memoryChatStore(options: MemoryChatStoreOptions = {}): ChatStore {
  checkOptions('memoryChatStore', options, MEMORY_CHAT_STORE_KEYS);
  const maxChats = positive(options.maxChats ?? 10_000, 'maxChats');
  const idleTtlMs =
    options.idleTtlMs === false
      ? Number.POSITIVE_INFINITY
      : positive(options.idleTtlMs ?? 24 * 60 * 60 * 1000, 'idleTtlMs');
  const now = options.now ?? Date.now;
  // In least-recently-used order: every use re-inserts.
  const chats = new Map<string, Kept>();

  const dropIdle = (at: number) => {
    for (const [id, kept] of chats) {
      if (at - kept.lastUsed <= idleTtlMs && chats.size <= maxChats) break;
      chats.delete(id);
    }
  };
  const checkId = (chatId: unknown) => {
    if (typeof chatId !== 'string' || chatId.length === 0) {
      throw new PiiConfigError('memoryChatStore: the chat id must be a non-empty string.');
    }
  };

  return {
    async load(chatId) {
      checkId(chatId);
      const at = now();
      const kept = chats.get(chatId);
      if (!kept || at - kept.lastUsed > idleTtlMs) {
        chats.delete(chatId);
        return [];
      }
      chats.delete(chatId);
      kept.lastUsed = at;
      chats.set(chatId, kept);
      return parseChat(kept.text);
    },
    async save(chatId, messages) {
      checkId(chatId);
      const at = now();
      chats.delete(chatId);
      chats.set(chatId, { text: serializeChat(messages), lastUsed: at });
      dropIdle(at);
    },
    async delete(chatId) {
      checkId(chatId);
      chats.delete(chatId);
    },
  };
}
