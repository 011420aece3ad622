import { parseChat, serializeChat } from '../core/chats/chat-json';
import type { ChatStore } from '../core/chats/types';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import { deleteChatScript, loadChatScript, saveChatScript } from './chat-scripts';
import { readableTag } from './keys';
import { type RedisScriptClient, redisConnection } from './redis-connection';
import { toStoreError } from './store-error';

interface RedisChatStoreBaseOptions {
  /** Prefix of every key (no braces). Default `pii-chat:`. */
  prefix?: string;
  /**
   * Sliding time to live of a chat, in seconds: every load and save restarts it. Default
   * 86,400 (24 hours), the Redis vault store's default `ttl`, so that a chat and its vault
   * expire together (a chat kept longer than its vault shows its tokens unrestored). `false`
   * keeps chats until `delete` (or `session.forget()`).
   */
  ttl?: number | false;
  /** A Redis call without an answer for this long fails with `PiiStoreError`. Default 5,000. */
  commandTimeoutMs?: number;
}

/** Options with an existing node-redis client (`createClient()` or `createCluster()`). */
export interface RedisChatStoreClientOptions extends RedisChatStoreBaseOptions {
  /** Connected by the store if it is not open yet; the app owns it and closes it. */
  client: RedisScriptClient;
  url?: undefined;
}

/** Options with a URL: the store creates its own client, connects on first use. */
export interface RedisChatStoreUrlOptions extends RedisChatStoreBaseOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...` for TLS. */
  url: string;
  client?: undefined;
}

export type RedisChatStoreOptions = RedisChatStoreClientOptions | RedisChatStoreUrlOptions;

// `client` and `url` are each optional in the union: exactly one is checked below.
const REDIS_CHAT_STORE_KEYS = {
  client: 'optional',
  url: 'optional',
  prefix: 'optional',
  ttl: 'optional',
  commandTimeoutMs: 'optional',
} as const satisfies OptionKeys<RedisChatStoreOptions>;

/** A chat store in Redis. `close()` closes the client that the store created (from `url`). */
export interface RedisChatStore extends ChatStore {
  close(): Promise<void>;
  /** The key that holds a chat (whether it exists or not), e.g. `pii-chat:{chat-42}:chat`. */
  keyName(chatId: string): string;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new PiiConfigError(`redisChatStore: ${name} must be a positive integer (got ${value})`);
  }
  return value;
}

/**
 * Keeps chats in Redis, one string per chat holding its messages as JSON, for apps with several
 * instances or serverless functions. What it holds is what the session saves: tokenized
 * messages, no personal data (attach it with `createPii({ chats })` and save through
 * `session.saveChat`). Chat ids appear in key names as they are when made of letters, digits
 * and `. _ : @ -` (base64url otherwise): use opaque ids. Reuses the vault store's connection
 * handling: lazy connection, a deadline on every call, failures as `PiiStoreError`.
 *
 * @example
 * import { createPii } from 'ai-sdk-pii';
 * import { redisChatStore, redisVaultStore } from 'ai-sdk-pii/redis';
 *
 * const pii = createPii({
 *   store: redisVaultStore({ url: process.env.REDIS_URL!, encryption }),
 *   chats: redisChatStore({ url: process.env.REDIS_URL!, ttl: 7 * 24 * 60 * 60 }),
 * });
 */
export function redisChatStore(options: RedisChatStoreOptions): RedisChatStore {
  if (!options || typeof options !== 'object') {
    throw new PiiConfigError('redisChatStore needs options: { url } or { client }');
  }
  checkOptions('redisChatStore', options, REDIS_CHAT_STORE_KEYS);
  if (!options.client === !options.url) {
    throw new PiiConfigError(
      'redisChatStore needs exactly one of `client` (a node-redis client) or `url` (redis:// or rediss://)',
    );
  }
  if (options.url !== undefined && !/^rediss?:\/\//.test(options.url)) {
    throw new PiiConfigError('redisChatStore: `url` must start with redis:// or rediss://');
  }
  const prefix = options.prefix ?? 'pii-chat:';
  if (typeof prefix !== 'string' || /[{}]/.test(prefix)) {
    throw new PiiConfigError(
      `redisChatStore: prefix ${JSON.stringify(prefix)} must be a string without braces: the store adds the chat's {hash tag} itself`,
    );
  }
  const ttl = options.ttl === false ? 0 : positiveInteger(options.ttl ?? 86_400, 'ttl');
  const connection = redisConnection({
    client: options.client,
    url: options.url,
    commandTimeoutMs: positiveInteger(options.commandTimeoutMs ?? 5_000, 'commandTimeoutMs'),
  });
  const ttlArg = String(ttl);

  const keyName = (chatId: string) => {
    if (typeof chatId !== 'string' || chatId.length === 0) {
      throw new PiiConfigError('redisChatStore: the chat id must be a non-empty string');
    }
    return `${prefix}{${readableTag(chatId)}}:chat`;
  };
  async function guarded<T>(operation: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      throw toStoreError(operation, error, 'Redis chat store');
    }
  }

  return {
    load(chatId) {
      return guarded('load', async () => {
        const reply = await connection.run(loadChatScript, [keyName(chatId)], [ttlArg]);
        if (reply === null || reply === undefined) return [];
        return parseChat(Buffer.isBuffer(reply) ? reply.toString('utf8') : String(reply));
      });
    },
    save(chatId, messages) {
      return guarded('save', async () => {
        await connection.run(saveChatScript, [keyName(chatId)], [serializeChat(messages), ttlArg]);
      });
    },
    delete(chatId) {
      return guarded('delete', async () => {
        await connection.run(deleteChatScript, [keyName(chatId)], []);
      });
    },
    close: () => connection.close(),
    keyName,
  };
}
