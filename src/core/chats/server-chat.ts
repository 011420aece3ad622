import { PiiConfigError } from '../errors';
import type { AnonymizeMessagesOptions } from '../messages/anonymize-messages';
import { isChatMessages } from './chat-json';
import { maskAsClientInput } from './client-input';
import { checkClientMessage, takeClientDecisions } from './client-message';
import type { ChatMessage, ChatStore } from './types';

/** What a server chat needs of its session to mask messages. */
export interface ChatMasking {
  anonymizeMessages<T>(messages: readonly T[], options?: AnonymizeMessagesOptions): Promise<T[]>;
  /** Masks values as user input: detected, token-shaped text neutralised. */
  maskUserValues(values: unknown[]): Promise<unknown[]>;
}

// The new message is user input: its values are masked and the tokens it types neutralised.
const NEW_INPUT: AnonymizeMessagesOptions = { history: 'untrusted' };
// The answer the server streamed: its tokens are the model's and withPiiTools'. Values the
// model wrote in clear and results of tools that are sent to the model as returned are masked
// too, so that nothing in clear is stored.
const RESPONSE: AnonymizeMessagesOptions = { history: 'anonymized', assistant: 'all' };

const isFilePart = (part: unknown) => {
  const type = (part as { type?: unknown } | null)?.type;
  return type === 'file' || type === 'reasoning-file';
};

const withoutFiles = (message: ChatMessage): ChatMessage =>
  message.parts.some(isFilePart)
    ? { ...message, parts: message.parts.filter((p) => !isFilePart(p)) }
    : message;

/**
 * One chat kept by the server (`createPii({ chats })`), through one session object: what it
 * loads, what the client may add to it, and what it saves, always tokenized. It remembers the
 * messages it loaded and handed out, so that `save` keeps those as they are and treats any
 * other message as what a client wrote (masked as user input), except the last assistant
 * message: the answer that was streamed.
 */
export class ServerChat {
  readonly #store: ChatStore;
  readonly #id: string;
  readonly #masking: ChatMasking;
  /** Message id -> its JSON, as loaded or handed out by this object. */
  #vouched: Map<string, string> | undefined;

  constructor(store: ChatStore, id: string, masking: ChatMasking) {
    this.#store = store;
    this.#id = id;
    this.#masking = masking;
  }

  #vouch(messages: readonly ChatMessage[]) {
    this.#vouched ??= new Map();
    for (const m of messages) this.#vouched.set(m.id, JSON.stringify(m));
  }

  async load(): Promise<ChatMessage[]> {
    const messages = await this.#store.load(this.#id);
    this.#vouch(messages);
    return messages;
  }

  /**
   * The history to answer: the stored messages with the client's last message. A user message
   * is masked and appended (one with the id of a stored message replaces it and what followed:
   * an edit, a regeneration). An assistant message must be the stored one: only its approval
   * answers and client-side tool outputs are taken (`takeClientDecisions`).
   */
  async continue(message: unknown): Promise<ChatMessage[]> {
    const given = checkClientMessage(message);
    const stored = await this.load();
    const at = stored.findIndex((m) => m.id === given.id);
    let messages: ChatMessage[];
    if (given.role === 'user') {
      const [masked] = await this.#masking.anonymizeMessages([given], NEW_INPUT);
      messages = [...(at === -1 ? stored : stored.slice(0, at)), masked!];
    } else if (given.role === 'assistant') {
      const own = stored[at];
      if (own?.role !== 'assistant') {
        throw new PiiConfigError(
          `continueChat: the client sent an assistant message (${JSON.stringify(given.id)}) that this chat does not hold. The server keeps the history: a client sends a new user message, or the last assistant message with its approval answers.`,
        );
      }
      const merged = await takeClientDecisions(own, given, (values) =>
        this.#masking.maskUserValues(values),
      );
      messages = [...stored.slice(0, at), merged];
    } else {
      throw new PiiConfigError(
        `continueChat: a client may send a user or an assistant message, not a ${JSON.stringify(given.role)} one.`,
      );
    }
    this.#vouch(messages);
    return messages;
  }

  /** Saves the chat tokenized; see the class for which messages are trusted as they are. */
  async save(messages: readonly ChatMessage[]): Promise<void> {
    if (!isChatMessages(messages)) {
      throw new PiiConfigError(
        'saveChat(messages) expects UI messages ({ id, role, parts }[]), e.g. the `messages` of toUIMessageStream({ onFinish }).',
      );
    }
    if (!this.#vouched) await this.load();
    const vouched = this.#vouched!;
    const last = messages.length - 1;
    const kind = messages.map((m, i) =>
      vouched.get(m.id) === JSON.stringify(m)
        ? 'kept'
        : i === last && m.role === 'assistant'
          ? 'response'
          : m.role === 'user'
            ? 'user'
            : 'client',
    );
    const pick = (k: string) => messages.filter((_, i) => kind[i] === k);
    // One after the other: new values are numbered in the same order on every run.
    const users = await this.#masking.anonymizeMessages(pick('user'), NEW_INPUT);
    // A file in a message the server did not write cannot be masked in every format: dropped.
    const clients = await maskAsClientInput(
      pick('client').map(withoutFiles),
      (v) => this.#masking.maskUserValues(v),
      () => true,
    );
    const response = await this.#masking.anonymizeMessages(pick('response'), RESPONSE);
    const queues: Record<string, ChatMessage[]> = { response, user: users, client: clients };
    const out = messages.map((m, i) => (kind[i] === 'kept' ? m : queues[kind[i]!]!.shift()!));
    await this.#store.save(this.#id, out);
    this.#vouched = undefined;
    this.#vouch(out);
  }

  async delete(): Promise<void> {
    this.#vouched = undefined;
    await this.#store.delete(this.#id);
  }
}
