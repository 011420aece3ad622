import { PiiConfigError, PiiError, PiiStoreError } from '../errors';
import type { ChatStore } from './types';

const METHODS = ['load', 'save', 'delete'] as const;

/**
 * Wraps a chat store so that every failure surfaces as `PiiStoreError`, and what `load` gives
 * is checked to be an array (a custom store that returns `null` for a new chat is read as `[]`).
 *
 * @example
 * const chats = guardChatStore(memoryChatStore());
 */
export function guardChatStore(store: ChatStore): ChatStore {
  if (typeof store !== 'object' || store === null) {
    throw new PiiConfigError('`chats` must be a chat store: { load, save, delete }.');
  }
  for (const method of METHODS) {
    if (typeof store[method] !== 'function') {
      throw new PiiConfigError(`The chat store has no ${method}() method.`);
    }
  }
  const guarded = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PiiError) throw error;
      throw new PiiStoreError(
        `Chat store failed in ${method}(): ${(error as Error)?.message ?? String(error)}`,
        { cause: error },
      );
    }
  };
  return {
    load: (chatId) =>
      guarded('load', async () => {
        const messages = await store.load(chatId);
        if (messages === null || messages === undefined) return [];
        if (!Array.isArray(messages)) throw new Error('load() did not give an array of messages');
        return messages;
      }),
    save: (chatId, messages) => guarded('save', () => store.save(chatId, messages)),
    delete: (chatId) => guarded('delete', () => store.delete(chatId)),
  };
}
