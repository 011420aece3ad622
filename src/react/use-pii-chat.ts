import { type UseChatHelpers, type UseChatOptions, useChat } from '@ai-sdk/react';
import type { ChatOnDataCallback, UIMessage } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { checkOptions, type OptionKeys } from '../core/check-options';
import {
  createPiiEntryStore,
  type PiiEntryStore,
  type RenderToken,
} from '../core/client/pii-entry-store';
import type { PlaceholderFormat } from '../core/placeholder/format';
import type { PiiEntry } from '../core/session';

/** `useChat` options, plus where entries come from and how unknown tokens show. */
export type UsePiiChatOptions<UI_MESSAGE extends UIMessage = UIMessage> =
  UseChatOptions<UI_MESSAGE> & {
    /**
     * Entries of the tokens in the messages the page starts with (a reloaded chat), computed on
     * the server with `session.entries(tokensInMessages(messages))`.
     */
    initialEntries?: readonly PiiEntry[];
    /**
     * Text for a complete token that has no entry (default: the token as written). Pass a stable
     * function (module level or `useCallback`): a new one re-restores every message.
     */
    renderToken?: RenderToken;
    /** The server's placeholder format, when it is not the default `<<LABEL:n>>`. */
    format?: PlaceholderFormat;
    /**
     * An entry store made with `createPiiEntryStore`. Needed with the `chat` option, whose
     * `Chat` must then be created with `onData: (part) => store.receive(part)`.
     */
    entryStore?: PiiEntryStore;
  };

// The options of `useChat` (of both AI SDK majors) and ours. Another key may be an option of a
// newer `useChat`, and is passed on: only near misses of known keys are refused.
const USE_PII_CHAT_KEYS = {
  initialEntries: 'optional',
  renderToken: 'optional',
  format: 'optional',
  entryStore: 'optional',
  chat: 'optional',
  id: 'optional',
  messageMetadataSchema: 'optional',
  dataPartSchemas: 'optional',
  messages: 'optional',
  generateId: 'optional',
  transport: 'optional',
  onError: 'optional',
  onToolCall: 'optional',
  onFinish: 'optional',
  onData: 'optional',
  sendAutomaticallyWhen: 'optional',
  experimental_queue: 'optional',
  throttle: 'optional',
  experimental_throttle: 'optional',
  resume: 'optional',
} as const satisfies OptionKeys<UsePiiChatOptions>;

/** `useChat`'s return value; `messages` are restored for display. */
export type UsePiiChatHelpers<UI_MESSAGE extends UIMessage = UIMessage> =
  UseChatHelpers<UI_MESSAGE> & {
    /** The tokenized messages that `useChat` keeps and sends back to the server. */
    rawMessages: UI_MESSAGE[];
    /** The entries the browser received; pass it to `PiiText`. */
    piiEntries: PiiEntryStore;
  };

/**
 * `useChat` that shows real values: `messages` are display copies with tokens restored (never
 * a token fragment while streaming), while the chat state and every request keep tokens.
 * Entries arrive as transient `data-pii` parts from `createPiiUIMessageStreamResponse`.
 *
 * @example
 * const { messages, rawMessages, sendMessage } = usePiiChat({ id: chatId, initialEntries });
 */
export function usePiiChat<UI_MESSAGE extends UIMessage = UIMessage>(
  options: UsePiiChatOptions<UI_MESSAGE> = {},
): UsePiiChatHelpers<UI_MESSAGE> {
  checkOptions('usePiiChat', options, USE_PII_CHAT_KEYS, 'typos');
  const { initialEntries, renderToken, format, entryStore, ...chatOptions } = options;
  // Token numbers are per conversation: another chat id needs its own entries.
  const chatKey = 'chat' in chatOptions ? chatOptions.chat : chatOptions.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new store per conversation only.
  const store = useMemo(
    () => entryStore ?? createPiiEntryStore({ entries: initialEntries, format }),
    [chatKey, entryStore],
  );
  const storeRef = useRef(store);
  storeRef.current = store;

  // Entries passed later (a server component re-rendering with more history).
  useEffect(() => {
    if (initialEntries) store.add(initialEntries);
  }, [store, initialEntries]);

  // The user's own `onData` still runs, latest version (as `useChat` does).
  const userOnData = useRef<ChatOnDataCallback<UI_MESSAGE> | undefined>(undefined);
  userOnData.current = 'onData' in chatOptions ? chatOptions.onData : undefined;
  const onData = useCallback<ChatOnDataCallback<UI_MESSAGE>>((part) => {
    storeRef.current.receive(part);
    userOnData.current?.(part);
  }, []);

  const chat = useChat<UI_MESSAGE>({ ...chatOptions, onData } as UseChatOptions<UI_MESSAGE>);
  const version = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const rawMessages = chat.messages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new entries.
  const messages = useMemo(
    () => store.restoreMessages(rawMessages, renderToken),
    [store, rawMessages, renderToken, version],
  );
  return { ...chat, messages, rawMessages, piiEntries: store };
}
