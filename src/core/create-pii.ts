import type { AuditOptions } from './audit/audit-trail';
import type { TraceLike } from './audit/span-attributes';
import { guardChatStore } from './chats/guard-chat-store';
import type { ChatStore } from './chats/types';
import { checkOptions, type OptionKeys } from './check-options';
import type { AllowRule, DenyRule } from './detect/allow-deny';
import { defaultDetectors } from './detect/default-detectors';
import { createDetectionPipeline } from './detect/detect-spans';
import type { Detector, PiiSpan } from './detect/types';
import { ConversationCaches, canonicalizerFor, type Engine } from './engine';
import { PiiConfigError } from './errors';
import { createEventHub } from './event-hub';
import type { PiiEventListener } from './events';
import { createHistorySigner, type HistorySecret } from './history/history-signer';
import { defaultPlaceholderFormat, type PlaceholderFormat } from './placeholder/format';
import { PiiSession } from './session';
import { type Canonicalizer, canonicalizeDefault, defaultCanonicalizers } from './vault/canonical';
import { guardStore } from './vault/guard-store';
import { memoryVaultStore } from './vault/memory-store';
import type { VaultStore } from './vault/types';

export interface CreatePiiOptions {
  /** Default `defaultDetectors()`: offline, no download. */
  detectors?: readonly Detector[];
  /** Where vaults live. Default `memoryVaultStore()` (one process; bounded, idle TTL). */
  store?: VaultStore;
  /**
   * Where the server keeps chats, tokenized: `memoryChatStore()`, `redisChatStore(...)` from
   * `ai-sdk-pii/redis`, or your own `{ load, save, delete }`. Used through the session
   * (`loadChat`, `continueChat`, `saveChat`); `session.forget()` deletes the chat with the vault.
   */
  chats?: ChatStore;
  /**
   * The secret that signs assistant messages (at least 32 bytes: `openssl rand -base64 32`),
   * for apps that keep the default `useChat` body (the whole history from the client): the UI
   * message stream signs each assistant message's tokenized parts in its metadata, and
   * `verifySignedHistory` masks, as user input, every part whose signature does not hold
   * (forged, altered), so that a client cannot make the model repeat a token it was never
   * shown (use it with `piiMiddleware({ history: 'signed' })`). Keep it secret and the same
   * across instances; rotating it unsigns the chats in progress.
   */
  historySecret?: HistorySecret;
  /** Token format. Default `<<LABEL:n>>`. */
  placeholder?: PlaceholderFormat;
  /** Values never masked, e.g. your company's name: `['Acme']`. */
  allow?: readonly AllowRule[];
  /** Text always masked, e.g. `[/ACME-\d+/]` (label `CUSTOM`) or `{ match, label }`. */
  deny?: readonly DenyRule[];
  /**
   * Conversations whose known values and sweep matcher this process keeps between requests
   * (least recently used out). Default 100; `0` keeps nothing between sessions. Values are held
   * in clear in process memory, as the memory store does; `session.forget()` drops them.
   */
  conversationCache?: number;
  /**
   * Detect each long text (2 KB or more) once per conversation, and find its spans again by
   * the text's SHA-256 digest when it is sent again: a chat sends its whole history at every
   * turn, an agent its whole prompt at every step. What the scans for encoded payloads and
   * layout found in it is kept by the same digest, so it is not scanned again. Default `true`.
   * Held with the conversation's known values (see `conversationCache`), dropped by
   * `session.forget()`. Turn it off when your detectors may answer otherwise for the same text
   * and should be asked again (a model whose answers vary, a list of names that grows); values
   * they found once are masked anyway, as known values.
   */
  rememberDetections?: boolean;
  /** Identity of values per label (which spellings share a token); merged over the defaults. */
  canonicalizers?: Readonly<Record<string, Canonicalizer>>;
  /**
   * The audit trail: every model call, tool call, failure and erasure of each conversation as
   * an entry chained to the one before and signed with HMAC-SHA-256 under `secret`, appended to
   * `sink` (a callback, or `redisAuditSink()` from `ai-sdk-pii/redis`) before the call returns.
   * Entries hold labels and counts, never a value, a value's hash nor a piece of text. Check a
   * trail with `verifyAuditTrail` or `npx ai-sdk-pii audit verify`. See docs/audit.md.
   */
  audit?: AuditOptions;
  /**
   * Receives what the library reports as it works (see `PiiEvent`), synchronously: each
   * detector's time on each text (`detector-timing`), and the events of each conversation that
   * the audit trail records (`model-call`, `tool-call`, failures, `forget`; unsigned). Never a
   * value nor a piece of the text.
   */
  onEvent?: PiiEventListener;
  /**
   * OpenTelemetry: `{ trace }` from `@opentelemetry/api`. Each model and tool call's labels and
   * counts go on the span active when it starts (the AI SDK's span of that call when its
   * telemetry is on) as `pii.*` attributes; failures and erasures as span events.
   */
  telemetry?: { trace: TraceLike };
}

const CREATE_PII_KEYS = {
  detectors: 'optional',
  store: 'optional',
  placeholder: 'optional',
  allow: 'optional',
  deny: 'optional',
  conversationCache: 'optional',
  rememberDetections: 'optional',
  canonicalizers: 'optional',
  onEvent: 'optional',
  audit: 'optional',
  telemetry: 'optional',
  chats: 'optional',
  historySecret: 'optional',
} as const satisfies OptionKeys<CreatePiiOptions>;

/** The process-wide entry point: detection settings and the vault store. */
export interface Pii {
  /** Finds personal data without touching any vault. */
  detect(text: string): Promise<PiiSpan[]>;
  /** One conversation: the id is required (a chat id, a thread id). */
  session(conversationId: string): PiiSession;
  readonly format: PlaceholderFormat;
}

/**
 * Creates the PII engine, once per process.
 *
 * @example
 * import { createPii } from 'ai-sdk-pii';
 * const pii = createPii({ allow: ['Acme'] });
 * const session = pii.session(chatId);
 * await session.anonymize('Call Jean Dupont at +33 6 12 34 56 78');
 * // 'Call <<PERSON:1>> at <<PHONE:1>>'
 */
export function createPii(options: CreatePiiOptions = {}): Pii {
  checkOptions('createPii', options, CREATE_PII_KEYS);
  const detectors = options.detectors ?? defaultDetectors();
  if (
    !Array.isArray(detectors) ||
    detectors.some((d) => !d || typeof d.detect !== 'function' || !d.name)
  ) {
    throw new PiiConfigError('`detectors` must be an array of { name, detect(text) } objects.');
  }
  const cacheSize = options.conversationCache ?? 100;
  if (!Number.isSafeInteger(cacheSize) || cacheSize < 0) {
    throw new PiiConfigError(
      '`conversationCache` must be a whole number of conversations (0 or more).',
    );
  }
  const rememberDetections = options.rememberDetections ?? true;
  if (typeof rememberDetections !== 'boolean') {
    throw new PiiConfigError('`rememberDetections` must be true or false.');
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function') {
    throw new PiiConfigError('`onEvent` must be a function that receives each event.');
  }
  const engine: Engine = {
    caches: new ConversationCaches(cacheSize),
    rememberDetections,
    pipeline: createDetectionPipeline({
      detectors,
      allow: options.allow ?? [],
      deny: options.deny ?? [],
      // One flow, one listener: the pipeline reports detector timings to it, the event hub
      // the events of each conversation (which it also signs into the audit trail).
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    }),
    store: guardStore(options.store ?? memoryVaultStore()),
    chats: options.chats === undefined ? undefined : guardChatStore(options.chats),
    historySigner:
      options.historySecret === undefined ? undefined : createHistorySigner(options.historySecret),
    format: options.placeholder ?? defaultPlaceholderFormat,
    canonicalize: canonicalizerFor(
      { ...defaultCanonicalizers, ...options.canonicalizers },
      canonicalizeDefault,
    ),
    events: createEventHub({
      onEvent: options.onEvent,
      audit: options.audit,
      telemetry: options.telemetry,
    }),
  };
  return {
    format: engine.format,
    detect(text) {
      if (typeof text !== 'string') throw new PiiConfigError('pii.detect(text) expects a string.');
      return engine.pipeline.run(text);
    },
    session(conversationId) {
      return new PiiSession(engine, conversationId);
    },
  };
}
