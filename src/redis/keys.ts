import { PiiConfigError } from '../core/errors';

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

/** Conversation ids kept readable in key names; anything else is encoded. */
const PLAIN_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The hash tag of a conversation. Ids with braces (which would break the tag), spaces or
 * other characters are base64url-encoded behind a `~`, which a readable id never contains, so
 * two ids never share a tag.
 */
export function conversationTag(conversationId: string): string {
  if (PLAIN_ID.test(conversationId)) return conversationId;
  return `~${Buffer.from(conversationId, 'utf8').toString('base64url')}`;
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
 * conversationKeys('pii:', 'chat-42').values; // 'pii:{chat-42}:val'
 */
export function conversationKeys(prefix: string, conversationId: string): ConversationKeys {
  const base = `${prefix}{${conversationTag(conversationId)}}:`;
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
