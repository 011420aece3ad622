import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { inject } from 'vitest';
import {
  type ConversationKeys,
  type RedisVaultEncryption,
  type RedisVaultStore,
  type RedisVaultStoreUrlOptions,
  redisVaultStore,
} from '../../src/redis';

/** Fresh 32-byte secrets, as base64 (the form they usually come in from the environment). */
export const secret = () => randomBytes(32).toString('base64');

/** One encryption setting for a whole test file. */
export const testEncryption = (): RedisVaultEncryption => ({
  keys: { k1: secret() },
  currentKeyId: 'k1',
  hmacKey: secret(),
});

/** The URL of the redis-server started by the global setup. */
export const redisUrl = () => inject('redisUrl');

/** A store on the shared server, with its own client (close it after). */
export function urlStore(
  options: Partial<Omit<RedisVaultStoreUrlOptions, 'client'>> = {},
): RedisVaultStore {
  return redisVaultStore({
    url: redisUrl(),
    encryption: testEncryption(),
    ...options,
  } as RedisVaultStoreUrlOptions);
}

/** A plain client to look at what Redis really holds. */
export async function rawClient(url = redisUrl()) {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

export type RawClient = Awaited<ReturnType<typeof rawClient>>;

/** Everything the server holds, as text: key names, hash fields and values, list items, strings. */
export async function dumpServer(client: RawClient): Promise<string> {
  const parts: string[] = [];
  for (const key of await client.keys('*')) {
    parts.push(key);
    const type = await client.type(key);
    if (type === 'hash') {
      for (const [field, value] of Object.entries(await client.hGetAll(key))) {
        parts.push(field, value);
      }
    } else if (type === 'list') {
      parts.push(...(await client.lRange(key, 0, -1)));
    } else if (type === 'string') {
      parts.push((await client.get(key)) ?? '');
    } else {
      parts.push(`<${type}>`);
    }
  }
  return parts.join('\n');
}

/** The keys that hold or link values (`idx`, `val`, `ord`, `meta`): they expire together. */
export const valueKeys = (keys: ConversationKeys) => [
  keys.index,
  keys.values,
  keys.order,
  keys.meta,
];

/**
 * Does to one conversation what its `ttl` does, at once: removes the keys that hold or link
 * values (and its recorded tool calls) and keeps the counters, which have their own, longer
 * TTL. Takes the store's own names (`store.keyNames(id)`). Works with a cluster client too
 * (the keys share one slot).
 */
export async function expireValues(
  client: { del(keys: string[]): Promise<unknown> },
  keys: ConversationKeys,
): Promise<void> {
  await client.del([...valueKeys(keys), keys.calls]);
}

/**
 * A `KEYS` pattern for every key of one conversation (`<prefix>{<tag>}:*`), from the store's
 * names. Tags hold no glob character (`* ? [ ] \`), so nothing needs escaping.
 */
export const patternOf = (keys: ConversationKeys) => `${keys.values.slice(0, -'val'.length)}*`;
