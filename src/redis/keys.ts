import { PiiConfigError } from '../core/errors';
import type { ValueCipher } from './value-cipher';

/** The Redis keys that hold one conversation's vault. They share one hash tag (one slot). */
export interface ConversationKeys {
  /** Hash: canonical key (HMAC, or label and canonical in clear) -> number. */
  index: string;
  /** Hash: `LABEL:n` -> sealed record (value and canonical). */
  values: string;
  /**
   * Hash: label -> last number given. Outlives the values (its own, longer TTL; kept by
   * `forget()`) so that numbers are never given twice; holds no personal data.
   */
  counters: string;
  /** List: `LABEL:n` in allocation order. */
  order: string;
  /** Hash: format and key-check fingerprint, so that a wrong HMAC key is refused. */
  meta: string;
  /**
   * Sorted set: keys of the tool calls that the model proposed (call id and a SHA-256 of the
   * tool name and tokenized arguments), scored in recording order so the oldest go first.
   */
  calls: string;
}

/**
 * How key names carry the conversation id: `'hashed'` (an HMAC of it, under the store's HMAC
 * key: Redis never sees the id) or `'readable'` (the id itself, or its base64url form).
 */
export type KeyNames = 'hashed' | 'readable';

/** The hash tag of one conversation, as made by a {@link conversationTagger} (not an id). */
export type ConversationTag = string & { readonly __conversationTag: true };

export const HASHED_NEEDS_ENCRYPTION =
  "redisVaultStore: keyNames: 'hashed' needs encryption (its HMAC key names the keys); with encryption: false, use keyNames: 'readable'";

/** Conversation ids kept readable in key names; anything else is encoded. */
const PLAIN_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The readable hash tag of a conversation. Ids with braces (which would break the tag), spaces
 * or other characters are base64url-encoded behind a `~`, which a readable id never contains,
 * so two ids never share a tag. Neither form contains `#`, which starts every hashed tag.
 */
export function readableTag(conversationId: string): string {
  if (PLAIN_ID.test(conversationId)) return conversationId;
  return `~${Buffer.from(conversationId, 'utf8').toString('base64url')}`;
}

/**
 * The tagger of a store: the one function that turns a conversation id into the hash tag of
 * its keys. `'hashed'` asks the cipher (`#` + 22 base64url characters of an HMAC); it needs
 * encryption, which holds the HMAC key.
 *
 * @example
 * const tagOf = conversationTagger('hashed', cipher);
 * tagOf('chat-42'); // '#' + 22 base64url characters, the same for every store with this HMAC key
 */
export function conversationTagger(
  keyNames: KeyNames,
  cipher: Pick<ValueCipher, 'conversationTag'>,
): (conversationId: string) => ConversationTag {
  const hashed = cipher.conversationTag?.bind(cipher);
  if (keyNames === 'hashed') {
    if (!hashed) {
      throw new PiiConfigError(HASHED_NEEDS_ENCRYPTION);
    }
    return (conversationId) => hashed(conversationId) as ConversationTag;
  }
  return (conversationId) => readableTag(conversationId) as ConversationTag;
}

/** Checks a key prefix: braces would move the Redis Cluster hash tag. */
export function validatePrefix(prefix: string): string {
  if (typeof prefix !== 'string' || /[{}]/.test(prefix)) {
    throw new PiiConfigError(
      `redisVaultStore: prefix ${JSON.stringify(prefix)} must be a string without braces: the store adds the conversation's {hash tag} itself`,
    );
  }
  return prefix;
}

/**
 * Every key of one conversation, e.g. `pii:{chat-42}:val`. All share `{tag}`, so Redis
 * Cluster puts them in one slot and the Lua scripts may touch them together.
 *
 * @example
 * const readable = conversationTagger('readable', cipher);
 * conversationKeys('pii:', readable('chat-42')).values; // 'pii:{chat-42}:val'
 * const hashed = conversationTagger('hashed', cipher);
 * conversationKeys('pii:', hashed('chat-42')).values; // 'pii:{#<22 characters>}:val'
 */
export function conversationKeys(prefix: string, tag: ConversationTag): ConversationKeys {
  const base = `${prefix}{${tag}}:`;
  return {
    index: `${base}idx`,
    values: `${base}val`,
    counters: `${base}ctr`,
    order: `${base}ord`,
    meta: `${base}meta`,
    calls: `${base}calls`,
  };
}

/** The keys in the order that every Lua script expects them (KEYS[1..6]). */
export function keyList(keys: ConversationKeys): string[] {
  return [keys.index, keys.values, keys.counters, keys.order, keys.meta, keys.calls];
}
