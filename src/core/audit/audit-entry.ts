import type { ConversationEvent } from '../events';

/** The version of the entry format, in every entry (`v`). */
export const AUDIT_FORMAT_VERSION = 1;

/** The `prev` of a conversation's first entry: 64 zeros (no entry before it). */
export const GENESIS = '0'.repeat(64);

/**
 * The fields that chain and sign an event. `prev` and `mac` are 64 lower-case hex digits.
 */
export interface AuditChainFields {
  /** Format version (`1`). */
  v: typeof AUDIT_FORMAT_VERSION;
  /** Position in the conversation's chain: 0, 1, 2… with no gap. */
  seq: number;
  /** When the event happened (ISO 8601, UTC, milliseconds). */
  at: string;
  /** Which secret signed `mac` (`audit.keyId`), so that secrets can be rotated. */
  keyId: string;
  /** SHA-256 of the previous entry of the conversation (its canonical JSON, `mac` included). */
  prev: string;
  /** HMAC-SHA-256 of this entry's canonical JSON without `mac`, keyed with the secret. */
  mac: string;
}

/** One entry of an audit trail: a conversation event, chained and signed. */
export type AuditEntry = ConversationEvent & AuditChainFields;

/** The last entry of a conversation's chain, as a sink knows it. */
export interface AuditHead {
  seq: number;
  /** SHA-256 of that entry: the next entry's `prev`. */
  hash: string;
}
