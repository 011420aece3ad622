import { randomBytes } from 'node:crypto';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import { hideListSince, startOf } from '../core/vault/list-since';
import { originOf } from '../core/vault/origin';
import type {
  VaultEntry,
  VaultItem,
  VaultListing,
  VaultStore,
  VaultSummary,
} from '../core/vault/types';
import {
  type ConversationKeys,
  conversationKeys,
  conversationTagger,
  HASHED_NEEDS_ENCRYPTION,
  type KeyNames,
  keyList,
  validatePrefix,
} from './keys';
import {
  allocateScript,
  forgetScript,
  getByCanonicalScript,
  getByRefsScript,
  hasToolCallScript,
  keyCheckScript,
  listScript,
  listSinceScript,
  recordToolCallScript,
  summaryScript,
} from './lua-scripts';
import { type RedisScriptClient, redisConnection } from './redis-connection';
import { toStoreError } from './store-error';
import { createValueCipher, type RedisVaultEncryption } from './value-cipher';

interface RedisVaultStoreBaseOptions {
  /** Prefix of every key (no braces). Default `pii:`. */
  prefix?: string;
  /**
   * Sliding time to live of a conversation, in seconds: every access (read or write) restarts
   * it for all the conversation's keys. `false` keeps conversations until `forget()`.
   * Default 86,400 (24 hours).
   */
  ttl?: number | false;
  /**
   * Time to live of the conversation's counters (labels and counts, no personal data), in
   * seconds, refreshed on every access. They outlive the values (expired by `ttl` or erased by
   * `forget()`) so that numbers are never given twice: a token in a stored chat history stays
   * unknown instead of meaning someone else. At least `ttl`; `false`: no expiry.
   * Default 34,560,000 (400 days), or `ttl` if that is longer.
   */
  counterTtl?: number | false;
  /**
   * Encryption at rest (required). `false` stores values in clear: development only; it warns
   * once per process.
   */
  encryption: RedisVaultEncryption | false;
  /**
   * How key names carry the conversation id, inside the `{hash tag}`:
   * - `'hashed'`: `#` + 22 base64url characters of an HMAC-SHA-256 of the id under
   *   `encryption.hmacKey`, so `KEYS`, `SCAN`, `MONITOR`, the slowlog and dumps never show the
   *   id (`pii:{#…}:val`). Needs `encryption`.
   * - `'readable'`: the id itself when it is made of letters, digits and `. _ : @ -` (up to
   *   128 characters), else `~` + its base64url form (`pii:{chat-42}:val`).
   *
   * Default `'hashed'` with `encryption`, `'readable'` with `encryption: false`. Choose before
   * going live: the other naming (or another HMAC key, when hashed) finds none of the existing
   * conversations' keys. `store.keyNames(id)` gives the names.
   */
  keyNames?: KeyNames;
  /** A Redis call without an answer for this long fails with `PiiStoreError`. Default 5,000. */
  commandTimeoutMs?: number;
  /** Entries one conversation may hold; allocation beyond it fails. Default 100,000. */
  maxEntriesPerConversation?: number;
  /**
   * Tool calls proposed by the model that one conversation keeps a record of (to verify
   * approved calls resumed later); beyond it the oldest record is dropped. Default 10,000.
   */
  maxToolCallsPerConversation?: number;
}

/** Options with an existing node-redis client (`createClient()` or `createCluster()`). */
export interface RedisVaultStoreClientOptions extends RedisVaultStoreBaseOptions {
  /** Connected by the store if it is not open yet; the app owns it and closes it. */
  client: RedisScriptClient;
  url?: undefined;
}

/** Options with a URL: the store creates its own client, connects on first use. */
export interface RedisVaultStoreUrlOptions extends RedisVaultStoreBaseOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...` for TLS. */
  url: string;
  client?: undefined;
}

export type RedisVaultStoreOptions = RedisVaultStoreClientOptions | RedisVaultStoreUrlOptions;

// `client` and `url` are each optional in the union: exactly one is checked below.
const REDIS_VAULT_STORE_KEYS = {
  client: 'optional',
  url: 'optional',
  prefix: 'optional',
  ttl: 'optional',
  counterTtl: 'optional',
  encryption: {
    required:
      '{ keys: { k1: <32-byte secret> }, currentKeyId: "k1", hmacKey: <another 32-byte secret> } (generate secrets with `openssl rand -base64 32`), or `encryption: false` to store values in clear (development only)',
  },
  keyNames: 'optional',
  commandTimeoutMs: 'optional',
  maxEntriesPerConversation: 'optional',
  maxToolCallsPerConversation: 'optional',
} as const satisfies OptionKeys<RedisVaultStoreOptions>;

/** A vault store in Redis. `close()` closes the client that the store created (from `url`). */
export interface RedisVaultStore extends VaultStore {
  close(): Promise<void>;
  /**
   * The exact names of the keys that the store uses for one conversation (whether they exist
   * or not), for operators (inspect, delete by hand, watch one conversation in `MONITOR`) and
   * tests. Computed locally, no Redis call. Throws `PiiConfigError` if the id is not a string.
   *
   * @example
   * const keys = store.keyNames('chat-42');
   * keys.values; // 'pii:{#…}:val' (default, hashed); 'pii:{chat-42}:val' with keyNames: 'readable'
   * await client.hLen(keys.values); // how many values the conversation holds
   */
  keyNames(conversationId: string): ConversationKeys;
}

const asText = (reply: unknown): string =>
  Buffer.isBuffer(reply) ? reply.toString('utf8') : String(reply);

const asArray = (reply: unknown): unknown[] => {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from Redis: ${typeof reply}`);
  return reply;
};

const isNil = (reply: unknown) => reply === null || reply === undefined;

function assertCallKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) {
    throw new PiiConfigError(
      'redisVaultStore: a tool call key must be a string of 1 to 1024 characters',
    );
  }
}

/** 400 days: longer than chat histories are usually kept, short enough not to pile up. */
const DEFAULT_COUNTER_TTL = 400 * 24 * 60 * 60;

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new PiiConfigError(`redisVaultStore: ${name} must be a positive integer (got ${value})`);
  }
  return value;
}

/**
 * A vault store in Redis, shared by every instance of an app (serverless functions, several
 * servers). Allocation is one Lua script per batch, atomic across processes; values are
 * encrypted with AES-256-GCM and canonical values keyed by HMAC-SHA-256, so Redis holds no
 * personal data in clear; each conversation's keys share one hash tag (Redis Cluster), an
 * HMAC of the id by default (`keyNames`), slide a TTL on every access, and are erased by
 * `forget()`. The per-label counters (no personal
 * data) outlive the values (`counterTtl`), so a number is never given twice in a conversation.
 * Failures throw `PiiStoreError`.
 *
 * @example
 * import { createPii } from 'ai-sdk-pii';
 * import { redisVaultStore } from 'ai-sdk-pii/redis';
 *
 * const store = redisVaultStore({
 *   url: process.env.REDIS_URL!,
 *   ttl: 60 * 60 * 24 * 7,
 *   encryption: {
 *     keys: { k1: process.env.PII_KEY_K1! },
 *     currentKeyId: 'k1',
 *     hmacKey: process.env.PII_HMAC_KEY!,
 *   },
 * });
 * const pii = createPii({ store });
 */
export function redisVaultStore(options: RedisVaultStoreOptions): RedisVaultStore {
  if (!options || typeof options !== 'object') {
    throw new PiiConfigError('redisVaultStore needs options: { url | client, encryption }');
  }
  checkOptions('redisVaultStore', options, REDIS_VAULT_STORE_KEYS);
  if (!options.client === !options.url) {
    throw new PiiConfigError(
      'redisVaultStore needs exactly one of `client` (a node-redis client) or `url` (redis:// or rediss://)',
    );
  }
  if (options.url !== undefined && !/^rediss?:\/\//.test(options.url)) {
    throw new PiiConfigError('redisVaultStore: `url` must start with redis:// or rediss://');
  }
  const prefix = validatePrefix(options.prefix ?? 'pii:');
  const ttl = options.ttl === false ? 0 : positiveInteger(options.ttl ?? 86_400, 'ttl');
  const counterTtl =
    options.counterTtl === false
      ? 0
      : options.counterTtl === undefined
        ? Math.max(DEFAULT_COUNTER_TTL, ttl)
        : positiveInteger(options.counterTtl, 'counterTtl');
  if (ttl > 0 && counterTtl > 0 && counterTtl < ttl) {
    throw new PiiConfigError(
      `redisVaultStore: counterTtl (${counterTtl}) must be at least ttl (${ttl}): the counters must outlive the values, or numbers would be given again`,
    );
  }
  const max = positiveInteger(options.maxEntriesPerConversation ?? 100_000, 'maxEntries');
  const maxToolCallsArg = String(
    positiveInteger(options.maxToolCallsPerConversation ?? 10_000, 'maxToolCallsPerConversation'),
  );
  const commandTimeoutMs = positiveInteger(options.commandTimeoutMs ?? 5_000, 'commandTimeoutMs');
  const keyNames =
    options.keyNames === undefined
      ? options.encryption === false
        ? 'readable'
        : 'hashed'
      : options.keyNames;
  if (keyNames !== 'hashed' && keyNames !== 'readable') {
    throw new PiiConfigError(
      `redisVaultStore: keyNames must be 'hashed' or 'readable' (got ${JSON.stringify(keyNames)})`,
    );
  }
  if (keyNames === 'hashed' && options.encryption === false) {
    throw new PiiConfigError(HASHED_NEEDS_ENCRYPTION);
  }
  const cipher = createValueCipher(options.encryption);
  const tagOf = conversationTagger(keyNames, cipher);
  const connection = redisConnection({
    client: options.client,
    url: options.url,
    commandTimeoutMs,
  });
  const ttlArg = String(ttl);
  const counterTtlArg = String(counterTtl);

  /** The one place that names a conversation's keys. */
  const namesOf = (conversationId: string): ConversationKeys => {
    if (typeof conversationId !== 'string') {
      throw new PiiConfigError('redisVaultStore: the conversation id must be a string');
    }
    return conversationKeys(prefix, tagOf(conversationId));
  };
  const keysOf = (conversationId: string) => keyList(namesOf(conversationId));

  function entry(
    conversationId: string,
    label: string,
    n: number,
    record: unknown,
  ): VaultEntry | undefined {
    if (isNil(record)) return undefined;
    const { value, canonical, origin } = cipher.open(conversationId, label, asText(record));
    return origin ? { label, n, value, canonical, origin } : { label, n, value, canonical };
  }

  /** Entries from `(ref, record)` pairs of a reply, from index `start`; missing records skipped. */
  function entries(conversationId: string, reply: unknown[], start: number): VaultEntry[] {
    const out: VaultEntry[] = [];
    for (let i = start; i < reply.length; i += 2) {
      const ref = asText(reply[i]);
      const cut = ref.lastIndexOf(':');
      const found = entry(
        conversationId,
        ref.slice(0, cut),
        Number(ref.slice(cut + 1)),
        reply[i + 1],
      );
      if (found) out.push(found);
    }
    return out;
  }

  // With hashed names, a wrong HMAC key would find no conversation (no key of theirs to hold
  // the per-conversation fingerprint) and number values from 1 again; a store of the other
  // naming would do the same. One prefix-wide key holds the naming and the fingerprint,
  // checked once per store (again after a failure).
  let keyCheck: Promise<unknown> | undefined;
  const checkHmacKey = () => {
    keyCheck ??= connection
      .run(keyCheckScript, [`${prefix}keycheck`], [`${keyNames}:${cipher.fingerprint}`])
      .catch((error: unknown) => {
        keyCheck = undefined;
        throw error;
      });
    return keyCheck;
  };

  /** Runs one operation; every failure leaves as `PiiStoreError`. */
  async function guarded<T>(operation: string, body: () => Promise<T>): Promise<T> {
    try {
      await checkHmacKey();
      return await body();
    } catch (error) {
      throw toStoreError(operation, error);
    }
  }

  const store: RedisVaultStore = {
    allocate(conversationId, items: readonly VaultItem[]) {
      return guarded('allocate', async () => {
        const keys = keysOf(conversationId);
        if (items.length === 0) return [];
        const fields = items.map((item) =>
          cipher.field(conversationId, item.label, item.canonical),
        );
        const args = [ttlArg, counterTtlArg, String(max), cipher.fingerprint];
        items.forEach((item, i) => {
          args.push(
            item.label,
            fields[i]!,
            cipher.seal(conversationId, item.label, item.value, item.canonical, item.origin),
          );
        });
        const reply = asArray(await connection.run(allocateScript, keys, args));
        // The first occurrence of a field in the batch decides its entry (first-seen spelling).
        const byField = new Map<string, VaultEntry>();
        return items.map((item, i) => {
          const field = fields[i]!;
          let found = byField.get(field);
          if (!found) {
            const n = Number(reply[2 * i]);
            const record = asText(reply[2 * i + 1]);
            found =
              record === ''
                ? {
                    label: item.label,
                    n,
                    value: item.value,
                    canonical: item.canonical,
                    ...(item.origin ? { origin: originOf(item.origin) } : {}),
                  }
                : entry(conversationId, item.label, n, record)!;
            byField.set(field, found);
          }
          return { ...found };
        });
      });
    },

    getByRefs(conversationId, refs) {
      return guarded('getByRefs', async () => {
        const keys = keysOf(conversationId);
        if (refs.length === 0) return [];
        const args = [ttlArg, counterTtlArg, ...refs.map((r) => `${r.label}:${r.n}`)];
        const reply = asArray(await connection.run(getByRefsScript, keys, args));
        return refs.map((r, i) => entry(conversationId, r.label, r.n, reply[i]));
      });
    },

    getByCanonical(conversationId, items) {
      return guarded('getByCanonical', async () => {
        const keys = keysOf(conversationId);
        if (items.length === 0) return [];
        const args = [ttlArg, counterTtlArg, cipher.fingerprint];
        for (const item of items) {
          args.push(item.label, cipher.field(conversationId, item.label, item.canonical));
        }
        const reply = asArray(await connection.run(getByCanonicalScript, keys, args));
        return items.map((item, i) => {
          const n = reply[2 * i];
          if (isNil(n)) return undefined;
          return entry(conversationId, item.label, Number(n), reply[2 * i + 1]);
        });
      });
    },

    list(conversationId) {
      return guarded('list', async () => {
        const reply = asArray(
          await connection.run(listScript, keysOf(conversationId), [ttlArg, counterTtlArg]),
        );
        return entries(conversationId, reply, 0);
      });
    },

    summary(conversationId) {
      return guarded('summary', async () => {
        const reply = asArray(
          await connection.run(summaryScript, keysOf(conversationId), [ttlArg, counterTtlArg]),
        );
        const labels: Record<string, number> = {};
        for (let i = 1; i < reply.length; i += 2) {
          labels[asText(reply[i])] = Number(reply[i + 1]);
        }
        const result: VaultSummary = { entries: Number(reply[0] ?? 0), labels };
        return result;
      });
    },

    forget(conversationId) {
      return guarded('forget', async () => {
        await connection.run(forgetScript, keysOf(conversationId), [counterTtlArg]);
      });
    },

    recordToolCall(conversationId, key) {
      return guarded('recordToolCall', async () => {
        const keys = keysOf(conversationId);
        assertCallKey(key);
        await connection.run(recordToolCallScript, keys, [
          ttlArg,
          counterTtlArg,
          maxToolCallsArg,
          key,
        ]);
      });
    },

    hasToolCall(conversationId, key) {
      return guarded('hasToolCall', async () => {
        const keys = keysOf(conversationId);
        assertCallKey(key);
        const reply = await connection.run(hasToolCallScript, keys, [ttlArg, counterTtlArg, key]);
        return Number(reply) === 1;
      });
    },

    close() {
      return connection.close();
    },

    keyNames(conversationId) {
      return namesOf(conversationId);
    },
  };
  // One round trip: the count, the generation, and the entries from the offset on.
  return hideListSince(store, (conversationId, offset) =>
    guarded('listSince', async (): Promise<VaultListing> => {
      const keys = keysOf(conversationId);
      const from = startOf(offset);
      const candidate = randomBytes(12).toString('base64url');
      const reply = asArray(
        await connection.run(listSinceScript, keys, [
          ttlArg,
          counterTtlArg,
          String(from),
          candidate,
        ]),
      );
      return {
        entries: entries(conversationId, reply, 2),
        total: Number(reply[0]),
        generation: asText(reply[1] ?? ''),
      };
    }),
  );
}
