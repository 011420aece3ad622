/**
 * A chat message in the AI SDK's UI form (`UIMessage`: what `useChat` holds and the UI message
 * stream builds), as far as this library reads it. Written structurally so that the core does
 * not depend on `ai`; a `UIMessage` is one.
 */
export interface ChatMessage {
  id: string;
  role: string;
  parts: readonly unknown[];
  metadata?: unknown;
}

/**
 * Where the server keeps each chat's messages, tokenized (the form the UI message stream
 * carries: no personal data). Given to `createPii({ chats })`, it is used through the session:
 * `session.loadChat()`, `session.continueChat(message)`, `session.saveChat(messages)`, and
 * `session.forget()`, which deletes the chat with the vault. Called directly, it stores what it
 * is given: go through the session, which masks what it saves.
 */
export interface ChatStore {
  /** The chat's messages, in order; `[]` when the chat holds none (or expired). */
  load(chatId: string): Promise<ChatMessage[]>;
  /** Replaces the chat's messages. */
  save(chatId: string, messages: readonly ChatMessage[]): Promise<void>;
  /** Deletes the chat; deleting a chat that does not exist is fine. */
  delete(chatId: string): Promise<void>;
}
