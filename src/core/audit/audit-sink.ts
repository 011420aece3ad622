import type { AuditEntry, AuditHead } from './audit-entry';

/** What `append` answers: stored, or not because another writer moved the chain's head. */
export type AuditAppendResult = { ok: true } | { ok: false; head: AuditHead | undefined };

/**
 * Where signed entries go. A sink that several processes write to (`redisAuditSink`) stores
 * entries only if the conversation's head is still the one the first of them continues (its
 * `seq - 1` and `prev`), atomically, and otherwise answers the head it holds: the entries are
 * then signed again on that head and appended again, so every conversation keeps one chain
 * with no gap.
 */
export interface AuditSink {
  /**
   * The head of a conversation's chain as the sink holds it (`undefined`: no entry yet). Asked
   * once per conversation and process, before its first entry; without it, a process starts
   * each conversation's chain it has not appended to at `seq` 0.
   */
  head?(conversationId: string): Promise<AuditHead | undefined>;
  /**
   * Stores `entries` (consecutive entries of one conversation, in order; `hashes[i]` is the
   * SHA-256 of `entries[i]`), all or none, if the head is still the one the first continues.
   */
  append(entries: readonly AuditEntry[], hashes: readonly string[]): Promise<AuditAppendResult>;
  /** The most entries `append` takes at once (default 100); 1 for a sink that stores one by one. */
  readonly maxBatch?: number;
}

/** A callback that receives each signed entry, e.g. to write it to a log or a database. */
export type AuditCallback = (entry: AuditEntry) => void | Promise<void>;

/**
 * A callback as a sink: it receives every entry, in order per conversation. The chain head is
 * held by this process, so one process writes a conversation's chain (or use `redisAuditSink`).
 *
 * @example
 * const sink = callbackAuditSink((entry) => logger.info(entry));
 */
export function callbackAuditSink(callback: AuditCallback): AuditSink {
  return {
    // One by one: a callback that throws has stored nothing, and its entry's `seq` goes to the
    // next one (a batch could not say which of its entries were stored).
    maxBatch: 1,
    async append(entries) {
      for (const entry of entries) await callback(entry);
      return { ok: true };
    },
  };
}
