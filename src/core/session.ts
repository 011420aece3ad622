import { ANONYMIZE_KEYS, type AnonymizeOptions, anonymizeTexts } from './anonymize';
import type { SpanLike } from './audit/span-attributes';
import { ServerChat } from './chats/server-chat';
import type { ChatMessage } from './chats/types';
import { checkOptions } from './check-options';
import { LABEL_PATTERN } from './detect/types';
import type { Engine, MatcherCache } from './engine';
import { PiiConfigError, PiiDetectionError, PiiStoreError } from './errors';
import type { ConversationEvent } from './events';
import type { HistorySigner } from './history/history-signer';
import { mapStrings, tokensInValue } from './map-strings';
import {
  ANONYMIZE_MESSAGES_KEYS,
  type AnonymizeMessagesOptions,
  anonymizeMessages,
} from './messages/anonymize-messages';
import { RESTORE_KEYS, type RestoreOptions, restoreTexts, tokenValue } from './restore';
import { createStreamRestorer, type StreamRestorer } from './stream-restorer';
import type { ToolStrategy } from './tool-strategy';
import { checkOrigin, originOf } from './vault/origin';
import type { PiiOrigin, VaultSummary } from './vault/types';

/** A value known to the conversation, as the browser or an audit sees it. */
export interface PiiEntry {
  token: string;
  label: string;
  value: string;
}

/**
 * An entry as the server sees it, with where its value was first met: what `session.entries`
 * gives and what `reveal` policies receive. The browser gets `{ token, label, value }` only.
 */
export interface PiiRevealEntry extends PiiEntry {
  origin: PiiOrigin;
}

// The glue reads a session's signer without it being public API (see `historySignerOf`).
const signers = new WeakMap<PiiSession, HistorySigner>();

/**
 * The signer of a session's `createPii({ historySecret })`, for the UI message stream and
 * `verifySignedHistory`; `undefined` without a secret.
 */
export function historySignerOf(session: PiiSession): HistorySigner | undefined {
  return signers.get(session);
}

/**
 * One conversation (a chat thread): its vault, and the operations that read and write it.
 * Cheap to create; create one per request with the chat's id.
 */
export class PiiSession {
  readonly id: string;
  /** Strategy of each wrapped tool, recorded by `withPiiTools` and read by `piiMiddleware`. */
  readonly toolStrategies = new Map<string, ToolStrategy>();
  readonly #engine: Engine;
  #cache: MatcherCache;
  #chat: ServerChat | undefined;

  constructor(engine: Engine, id: string) {
    if (typeof id !== 'string' || id.length === 0) {
      throw new PiiConfigError(
        'pii.session(id) needs the conversation id (a non-empty string), e.g. the chat id.',
      );
    }
    this.id = id;
    this.#engine = engine;
    if (engine.historySigner) signers.set(this, engine.historySigner);
    this.#cache = engine.caches.get(id);
  }

  /** The placeholder format of this session's tokens. */
  get format() {
    return this.#engine.format;
  }

  /**
   * Masks personal data in a text: new values get the next number of their label, known
   * values (in any case, spacing or grouping) get their token back.
   *
   * @example
   * await session.anonymize('Écrivez à Jean Dupont, jean.dupont@exemple.fr');
   * // 'Écrivez à <<PERSON:1>>, <<EMAIL:1>>'
   */
  async anonymize(text: string, options?: AnonymizeOptions): Promise<string> {
    assertString(text, 'anonymize');
    checkOptions('session.anonymize', options, ANONYMIZE_KEYS);
    return (await this.anonymizeMany([text], options))[0]!;
  }

  /** `anonymize` for several texts at once: one vault listing, one atomic allocation. */
  async anonymizeMany(texts: readonly string[], options?: AnonymizeOptions): Promise<string[]> {
    checkOptions('session.anonymizeMany', options, ANONYMIZE_KEYS);
    if (!Array.isArray(texts)) {
      throw new PiiConfigError('session.anonymizeMany(texts) expects an array of strings.');
    }
    return this.#guard('anonymize', () =>
      anonymizeTexts(this.#engine, this.id, this.#cache, texts, options),
    );
  }

  /**
   * Masks every string leaf of a value (plain objects and arrays, nested); numbers, booleans,
   * null and other objects are kept. A leaf is read under its key: the value of a key that
   * names a person (`first_name`, `Nachname`, `name`…) is read as a name. Returns a copy.
   *
   * @example
   * await session.anonymizeValue({ to: 'jean@exemple.fr', retries: 3 });
   * // { to: '<<EMAIL:1>>', retries: 3 }
   */
  async anonymizeValue<T>(value: T, options?: AnonymizeOptions): Promise<T> {
    checkOptions('session.anonymizeValue', options, ANONYMIZE_KEYS);
    // Each string is read under its key: `{ first_name: 'gwénola' }` holds a name.
    return mapStrings(value, (strings, keys) => this.anonymizeMany(strings, { ...options, keys }), {
      numbers: true,
    });
  }

  /**
   * Anonymizes a conversation before it is stored or handed to `streamText` (whose telemetry
   * records the prompt before any middleware runs). Accepts UI messages (`parts`) or model
   * messages (`content`); returns copies: user text anonymized, assistant text and tool
   * inputs with known values masked (tokens kept), tool outputs and errors masked.
   *
   * @example
   * const safeMessages = await session.anonymizeMessages(messages);
   * await saveChat(chatId, safeMessages); // no personal data at rest
   */
  async anonymizeMessages<T>(
    messages: readonly T[],
    options?: AnonymizeMessagesOptions,
  ): Promise<T[]> {
    checkOptions('session.anonymizeMessages', options, ANONYMIZE_MESSAGES_KEYS);
    return anonymizeMessages(messages, (texts, o) => this.anonymizeMany(texts, o), {
      toolStrategies: this.toolStrategies,
      ...options,
    });
  }

  /**
   * Puts the real values back in place of whole tokens. Invented tokens: `throw` (default),
   * `remove` or `keep`.
   *
   * @example
   * await session.restore('Envoyé à <<EMAIL:1>>'); // 'Envoyé à jean.dupont@exemple.fr'
   */
  async restore(text: string, options?: RestoreOptions): Promise<string> {
    assertString(text, 'restore');
    checkOptions('session.restore', options, RESTORE_KEYS);
    return (
      await this.#guard('restore', () => restoreTexts(this.#engine, this.id, [text], options))
    )[0]!;
  }

  /** `restore` for every string leaf of a value; returns a copy. */
  async restoreValue<T>(value: T, options?: RestoreOptions): Promise<T> {
    checkOptions('session.restoreValue', options, RESTORE_KEYS);
    return mapStrings(value, (strings) =>
      this.#guard('restore', () => restoreTexts(this.#engine, this.id, strings, options)),
    );
  }

  /**
   * Entries `{ token, label, value, origin }`: of the given tokens (unknown ones left out), or
   * of the whole conversation. Send the browser only the entries it displays.
   *
   * @example
   * const initialEntries = await session.entries(tokensInMessages(storedMessages));
   */
  entries(tokens?: readonly string[]): Promise<PiiRevealEntry[]> {
    return this.#guard('entries', () => this.#entries(tokens));
  }

  async #entries(tokens?: readonly string[]): Promise<PiiRevealEntry[]> {
    const { format, store } = this.#engine;
    if (tokens === undefined) {
      return (await store.list(this.id)).map((e) => ({
        token: format.render(e.label, e.n),
        label: e.label,
        value: e.value,
        origin: originOf(e.origin),
      }));
    }
    // A part's token (`<<PERSON:1.2>>`) reads its entry: one lookup per entry.
    const parsed = [...new Set(tokens)].flatMap((t) => {
      const ref = typeof t === 'string' ? format.parse(t) : undefined;
      return ref ? [ref] : [];
    });
    if (parsed.length === 0) return [];
    const refs = new Map(parsed.map((r) => [`${r.label}:${r.n}`, { label: r.label, n: r.n }]));
    const found = await store.getByRefs(this.id, [...refs.values()]);
    const byRef = new Map([...refs.keys()].map((key, i) => [key, found[i]]));
    return parsed.flatMap((ref) => {
      const entry = byRef.get(`${ref.label}:${ref.n}`);
      const value = tokenValue(entry, ref.part);
      return entry && value !== undefined
        ? [
            {
              token: format.render(entry.label, entry.n, ref.part),
              label: entry.label,
              value,
              // A part of a value comes from where the value came from.
              origin: originOf(entry.origin),
            },
          ]
        : [];
    });
  }

  /** Every token written in a value's strings, without duplicates, in order of appearance. */
  tokensIn(value: unknown): string[] {
    return tokensInValue(value, this.#engine.format);
  }

  /**
   * Registers a value the app already knows (the signed-in user's name, a customer's phone)
   * so it is masked wherever it appears, even where detectors would miss it. Its origin is
   * `{ kind: 'app' }` unless given (`{ origin: { kind: 'user' } }` for the user's own name).
   *
   * @example
   * await session.remember('PERSON', user.fullName); // '<<PERSON:1>>'
   */
  async remember(
    label: string,
    value: string,
    options: { origin?: PiiOrigin } = {},
  ): Promise<string> {
    if (typeof label !== 'string' || !LABEL_PATTERN.test(label)) {
      throw new PiiConfigError(
        `remember(label, value): label must match [A-Z][A-Z0-9_]*, got ${JSON.stringify(label)}.`,
      );
    }
    if (typeof value !== 'string' || value.trim().length === 0) {
      throw new PiiConfigError('remember(label, value): value must be a non-empty string.');
    }
    const trimmed = value.trim();
    const origin =
      options.origin === undefined ? APP_ORIGIN : checkOrigin(options.origin, 'remember');
    const [entry] = await this.#guard('remember', () =>
      this.#engine.store.allocate(this.id, [
        { label, canonical: this.#engine.canonicalize(label, trimmed), value: trimmed, origin },
      ]),
    );
    return this.#engine.format.render(entry!.label, entry!.n);
  }

  /** Labels and counts of what the conversation holds (no values), for audits. */
  summary(): Promise<VaultSummary> {
    return this.#guard('summary', () => this.#engine.store.summary(this.id));
  }

  /**
   * Whether the vault store records tool calls (`recordToolCall` and `hasToolCall`), so that
   * `withPiiTools` can verify approved calls resumed in a later request.
   */
  get recordsToolCalls(): boolean {
    const { store } = this.#engine;
    return typeof store.recordToolCall === 'function' && typeof store.hasToolCall === 'function';
  }

  /**
   * Records a tool call that the model proposed, by an opaque key (no personal data). Used by
   * `withPiiTools`; throws `PiiStoreError` if the store fails or cannot record calls.
   */
  async recordToolCall(key: string): Promise<void> {
    const { store } = this.#engine;
    if (!store.recordToolCall) throw new PiiStoreError('The vault store cannot record tool calls');
    await this.#guard('recordToolCall', () => store.recordToolCall!(this.id, key));
  }

  /** Whether `recordToolCall(key)` was called and its record is still kept. */
  async hasToolCall(key: string): Promise<boolean> {
    const { store } = this.#engine;
    if (!store.hasToolCall) throw new PiiStoreError('The vault store cannot record tool calls');
    return (await this.#guard('hasToolCall', () => store.hasToolCall!(this.id, key))) === true;
  }

  /**
   * Erases the conversation's vault (right to erasure), recorded tool calls included, and its
   * stored chat when the app keeps chats (`createPii({ chats })`). Its tokens can no longer be
   * restored. Both are erased even if one store fails; the first failure is thrown.
   */
  async forget(): Promise<void> {
    // What this process holds of the conversation goes first, whatever the store answers.
    this.#engine.caches.drop(this.id);
    this.#cache = this.#engine.caches.get(this.id);
    const chat = this.#engine.chats ? this.#serverChat('forget') : undefined;
    const settled = await Promise.allSettled([
      this.#guard('forget', () => this.#engine.store.forget(this.id)),
      chat?.delete(),
    ]);
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
    await this.report({ type: 'forget', conversationId: this.id });
  }

  /**
   * Whether events are received (`createPii({ audit | onEvent | telemetry })`): `piiMiddleware`
   * and `withPiiTools` count labels only then.
   */
  get reporting(): boolean {
    return this.#engine.events !== undefined;
  }

  /** The span active now, with `createPii({ telemetry })`: the one a call's event goes on. */
  activeSpan(): SpanLike | undefined {
    return this.#engine.events?.activeSpan();
  }

  /**
   * Records one event of this conversation: on the audit trail (resolves once it holds it, or
   * rejects with `PiiAuditError`), to `onEvent`, and on `span`. Used by `piiMiddleware` and
   * `withPiiTools`; an event holds labels and counts, never a value.
   */
  async report(event: ConversationEvent, span?: SpanLike): Promise<void> {
    if (event.conversationId !== this.id) {
      throw new PiiConfigError('session.report(event): the event is of another conversation.');
    }
    await this.#engine.events?.emit(event, span);
  }

  /**
   * Runs a vault or detection operation; a failure of either (the fail-closed paths) is
   * recorded as an event before it is thrown again, as it was.
   */
  async #guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (this.#engine.events) {
        const event = failureEvent(this.id, operation, error);
        // The operation's own error is what the caller must see, recorded or not.
        if (event) await this.report(event).catch(() => {});
      }
      throw error;
    }
  }

  #serverChat(method: string): ServerChat {
    const chats = this.#engine.chats;
    if (!chats) {
      throw new PiiConfigError(
        `session.${method}() needs a chat store: createPii({ chats: memoryChatStore() }) (or redisChatStore from 'ai-sdk-pii/redis').`,
      );
    }
    this.#chat ??= new ServerChat(chats, this.id, {
      anonymizeMessages: (messages, options) => this.anonymizeMessages(messages, options),
      maskUserValues: (values) => this.anonymizeValue(values, { role: 'user' }),
    });
    return this.#chat;
  }

  /**
   * The chat's stored messages, tokenized (`[]` for a new chat). Needs `createPii({ chats })`.
   * For a page that reloads a chat: pass them to `useChat` with
   * `session.entries(tokensInMessages(messages))` as `initialEntries`.
   *
   * @example
   * const messages = await session.loadChat<UIMessage>();
   */
  async loadChat<M extends ChatMessage = ChatMessage>(): Promise<M[]> {
    return (await this.#serverChat('loadChat').load()) as M[];
  }

  /**
   * The history to answer, kept by the server: the stored messages and the client's last one,
   * which is all a client sends (`prepareSendMessagesRequest`). A user message is masked (its
   * values get tokens, token-shaped text it holds is neutralised) and appended; one with the id
   * of a stored message replaces it and what followed (edit, regenerate). An assistant message
   * must be the stored last one: only its approval answers and the outputs of client-side tools
   * are taken from it, masked as user input. Anything else throws `PiiConfigError`.
   *
   * Give the result to `convertToModelMessages`, with `piiMiddleware({ session, history:
   * 'anonymized' })` (the stored user messages hold the server's own tokens), and as
   * `originalMessages` to `toUIMessageStream`, whose `onFinish` calls `saveChat`.
   *
   * @example
   * const { id, message } = await req.json();
   * const session = pii.session(id);
   * const messages = await session.continueChat<UIMessage>(message);
   */
  async continueChat<M extends ChatMessage = ChatMessage>(message: unknown): Promise<M[]> {
    return (await this.#serverChat('continueChat').continue(message)) as M[];
  }

  /**
   * Stores the chat, tokenized: messages this session loaded or handed out by `continueChat`
   * are kept as they are; the last assistant message (the answer that was streamed) has the
   * values it holds in clear masked (the model's own, the results of `input` tools); any other
   * message is masked as what a client wrote (user input, token-shaped text neutralised).
   *
   * @example
   * result.toUIMessageStream({ originalMessages: messages, onFinish: ({ messages }) => session.saveChat(messages) });
   */
  async saveChat(messages: readonly ChatMessage[]): Promise<void> {
    await this.#serverChat('saveChat').save(messages);
  }

  /**
   * An incremental restorer for streamed text. Invented tokens are kept as written by default
   * (a stream shown to a person should not fail midway).
   */
  createStreamRestorer(options: RestoreOptions = {}): StreamRestorer {
    checkOptions('session.createStreamRestorer', options, RESTORE_KEYS);
    const restoreOptions: RestoreOptions = { ...options, invented: options.invented ?? 'keep' };
    return createStreamRestorer(this.#engine.format, (text) => this.restore(text, restoreOptions));
  }
}

/** The event of a failed operation, for the errors that mean it failed closed. */
function failureEvent(
  conversationId: string,
  operation: string,
  error: unknown,
): ConversationEvent | undefined {
  if (error instanceof PiiDetectionError) {
    return {
      type: 'detection-failure',
      conversationId,
      operation,
      ...(error.detector === undefined ? {} : { detector: error.detector }),
      code: error.code,
    };
  }
  if (error instanceof PiiStoreError) {
    return { type: 'store-failure', conversationId, operation, code: error.code };
  }
  return undefined;
}

const APP_ORIGIN: PiiOrigin = { kind: 'app' };

function assertString(value: unknown, method: string): asserts value is string {
  if (typeof value !== 'string')
    throw new PiiConfigError(`session.${method}(text) expects a string, got ${typeof value}.`);
}
