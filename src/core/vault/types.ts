/**
 * Where a value of the conversation was first met: in text a person typed (`user`), in the
 * result of a named tool (`tool`), in the model's own text (`model`), or in the app's own text
 * (`app`: the system prompt, tool definitions, `session.remember`). `unknown` is what entries
 * stored before origins were recorded read as. The first origin wins: a value met again
 * elsewhere keeps the origin it was first given. `tool` is readable on every kind, so that a
 * `reveal` policy can test it directly: `(e) => e.origin.kind === 'user' || e.origin.tool ===
 * 'lookupMe'`.
 */
export type PiiOrigin =
  | { kind: 'user'; tool?: undefined }
  | { kind: 'tool'; tool: string }
  | { kind: 'model'; tool?: undefined }
  | { kind: 'app'; tool?: undefined }
  | { kind: 'unknown'; tool?: undefined };

/** One value known to a conversation. The token is rendered from `label` and `n`. */
export interface VaultEntry {
  label: string;
  /** 1-based number within the label, in first-seen order. */
  n: number;
  /** The first-seen spelling: what restoration gives back. */
  value: string;
  /** The value's identity within its label (e.g. lower-case email, E.164 phone). */
  canonical: string;
  /**
   * Where the value was first met, as given to the `allocate` call that created the entry.
   * Absent for entries of a store that does not keep it (or written before it did): they read
   * as `{ kind: 'unknown' }`.
   */
  origin?: PiiOrigin;
}

/** A value to allocate: looked up by `(label, canonical)`, created with `value` if new. */
export interface VaultItem {
  label: string;
  canonical: string;
  value: string;
  /** Where the value is met; a store keeps it with a new entry only (the first origin wins). */
  origin?: PiiOrigin;
}

/** A reference to an entry by its token's parts. */
export interface VaultRef {
  label: string;
  n: number;
}

/** What a conversation holds, for audits: labels and counts, never values. */
export interface VaultSummary {
  entries: number;
  labels: Record<string, number>;
}

/**
 * A conversation's entries from one position on (`listSince`), with what a caller that keeps
 * the entries it already has needs to know whether they are still valid.
 */
export interface VaultListing {
  /** The entries at positions `offset` to `total - 1`, in allocation order. */
  entries: VaultEntry[];
  /** How many entries the conversation holds now. */
  total: number;
  /**
   * Names the current life of the conversation's values, opaque. It changes whenever they are
   * dropped (`forget()`, expiry, eviction), and only then: entries only ever append, so the
   * entries a caller listed before are still positions `0 .. n - 1` exactly when the
   * generation is the same and `total >= n`. May be `''` while the conversation holds no entry.
   */
  generation: string;
}

/**
 * Where a conversation's vault lives. Every method is keyed by conversation id; conversations
 * never share entries. Implementations must make `allocate` atomic: concurrent calls on one
 * conversation (from one process or many) never give one `(label, canonical)` two numbers, nor
 * one number two values. Errors should be thrown as they are; callers wrap them in
 * `PiiStoreError`.
 */
export interface VaultStore {
  /**
   * For each item, in order: the existing entry with the same `(label, canonical)`, or a new
   * entry numbered next for its label, which keeps the item's `origin`. One call is one atomic
   * batch.
   */
  allocate(conversationId: string, items: readonly VaultItem[]): Promise<VaultEntry[]>;
  /** Entries by `(label, n)`, in order; `undefined` where the conversation has none. */
  getByRefs(conversationId: string, refs: readonly VaultRef[]): Promise<(VaultEntry | undefined)[]>;
  /** Entries by `(label, canonical)`, in order; `undefined` where unknown. */
  getByCanonical(
    conversationId: string,
    items: readonly Pick<VaultItem, 'label' | 'canonical'>[],
  ): Promise<(VaultEntry | undefined)[]>;
  /** Every entry of the conversation, in allocation order. */
  list(conversationId: string): Promise<VaultEntry[]>;
  /**
   * Optional. The entries from position `offset` (0-based, in allocation order) on, the current
   * count and the generation: what `list` gives, without sending again what a caller already
   * holds. Sessions keep the entries they listed and ask only for the new ones on each
   * `anonymize`; a store without it is listed whole each time. Slides the TTL like `list`.
   * An `offset` past the end gives no entries (and the `total`, so the caller sees it).
   */
  listSince?(conversationId: string, offset: number): Promise<VaultListing>;
  /** Labels and counts (no values), for audits. */
  summary(conversationId: string): Promise<VaultSummary>;
  /**
   * Erases every value of the conversation, and its recorded tool calls. The store keeps the
   * per-label counters (labels and counts, no personal data) so that a number is never given
   * to another value.
   */
  forget(conversationId: string): Promise<void>;
  /**
   * Optional. Records a tool call that the model proposed, so that `withPiiTools` can verify an
   * approved call resumed in a later request (from the history that the client sends back)
   * before it restores its arguments. `key` is opaque: the call's id and a SHA-256 of its tool
   * name and tokenized arguments, never personal data. Kept as long as the conversation's
   * values (same expiry, erased by `forget()`); a store may bound how many it keeps per
   * conversation, dropping the oldest first. Recording a key again is harmless.
   */
  recordToolCall?(conversationId: string, key: string): Promise<void>;
  /**
   * Optional (with `recordToolCall`). Whether `recordToolCall(conversationId, key)` was called
   * and the record is still kept. A store without both methods keeps working, but
   * `withPiiTools` then refuses resumed calls unless `resumedCalls: 'trust'`.
   */
  hasToolCall?(conversationId: string, key: string): Promise<boolean>;
}
