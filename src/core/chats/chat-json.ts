import type { ChatMessage } from './types';

/** The version of the stored form, so that a later one can read chats written now. */
const FORMAT = 1;

/**
 * The stored form of a chat: `{"v":1,"messages":[...]}`. Both chat stores keep this text, so a
 * chat reads back as a copy whatever the app does with the objects it saved.
 *
 * @example
 * parseChat(serializeChat([{ id: 'm1', role: 'user', parts: [] }])); // [{ id: 'm1', ... }]
 */
export function serializeChat(messages: readonly ChatMessage[]): string {
  return JSON.stringify({ v: FORMAT, messages });
}

/** Reads `serializeChat`'s text back; throws on anything else (a corrupted or foreign key). */
export function parseChat(text: string): ChatMessage[] {
  const parsed = JSON.parse(text) as { v?: unknown; messages?: unknown };
  if (parsed?.v !== FORMAT || !Array.isArray(parsed.messages)) {
    throw new Error('the stored chat is not in the format of this library (v1)');
  }
  return parsed.messages as ChatMessage[];
}

/** Checks what the app gives `save`: an array of messages with an id, a role and parts. */
export function isChatMessages(value: unknown): value is ChatMessage[] {
  return (
    Array.isArray(value) &&
    value.every(
      (m) =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as ChatMessage).id === 'string' &&
        typeof (m as ChatMessage).role === 'string' &&
        Array.isArray((m as ChatMessage).parts),
    )
  );
}
