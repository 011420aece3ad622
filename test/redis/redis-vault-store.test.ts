import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PiiConfigError, PiiStoreError } from '../../src/core/errors';
import { type RedisVaultStoreOptions, redisVaultStore } from '../../src/redis';
import { describeVaultStoreContract } from '../core/vault/store-contract';
import { type RawClient, rawClient, redisUrl, testEncryption, urlStore } from './helpers';

describeVaultStoreContract('redis store (url, encrypted)', () => urlStore(), {
  teardown: (store) => store.close(),
});

describeVaultStoreContract(
  'redis store (url, encryption: false)',
  () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    return urlStore({ encryption: false, prefix: 'plain:' });
  },
  { teardown: (store) => store.close() },
);

describeVaultStoreContract(
  'redis store (app client, not yet connected, custom prefix)',
  () => {
    const client = createClient({ url: redisUrl() });
    client.on('error', () => {});
    return Object.assign(
      redisVaultStore({ client, prefix: 'app:', encryption: testEncryption() }),
      { client },
    );
  },
  {
    teardown: async (store) => {
      await store.close(); // does not close the app's client...
      expect(store.client.isOpen).toBe(true);
      await store.client.close(); // ...the app does
    },
  },
);

describe('redisVaultStore keys, TTL and audit', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('puts every key of a conversation under one hash tag and the prefix', async () => {
    const store = urlStore({ prefix: 'tagged:' });
    await store.allocate('chat-1', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    await store.allocate('{evil}', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const keys = (await raw.keys('tagged:*')).sort();
    expect(keys.filter((k) => k.includes('{chat-1}'))).toEqual(
      ['ctr', 'idx', 'meta', 'ord', 'val'].map((s) => `tagged:{chat-1}:${s}`),
    );
    // Braces in an id are encoded so that the tag stays one per conversation.
    const evil = keys.filter((k) => !k.includes('{chat-1}'));
    expect(evil).toHaveLength(5);
    for (const key of evil) expect(key).toMatch(/^tagged:\{~[A-Za-z0-9_-]+\}:[a-z]+$/);
    await store.close();
  });

  it('sets the TTL on every key and slides it on reads and writes', async () => {
    const store = urlStore({ prefix: 'ttl:', ttl: 3600 });
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const keys = await raw.keys('ttl:{c}:*');
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      const ttl = await raw.ttl(key);
      expect(ttl).toBeGreaterThan(3000);
      expect(ttl).toBeLessThanOrEqual(3600);
    }
    for (const read of [
      () => store.getByRefs('c', [{ label: 'EMAIL', n: 1 }]),
      () => store.getByCanonical('c', [{ label: 'EMAIL', canonical: 'a@x.fr' }]),
      () => store.list('c'),
      () => store.summary('c'),
    ]) {
      for (const key of keys) await raw.expire(key, 5);
      await read();
      for (const key of keys) expect(await raw.ttl(key)).toBeGreaterThan(3000);
    }
    await store.close();
  });

  it('lets a conversation expire after its TTL (all keys together)', async () => {
    const store = urlStore({ prefix: 'exp:', ttl: 1 });
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    // Polled with EXISTS, not through the store, which would slide the TTL.
    await vi.waitFor(async () => expect(await raw.keys('exp:{c}:*')).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await store.list('c')).toEqual([]);
    const again = await store.allocate('c', [
      { label: 'EMAIL', canonical: 'b@x.fr', value: 'b@x.fr' },
    ]);
    expect(again[0]?.n).toBe(1);
    await store.close();
  });

  it('keeps keys without expiry with ttl: false', async () => {
    const store = urlStore({ prefix: 'forever:', ttl: false });
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    for (const key of await raw.keys('forever:{c}:*')) expect(await raw.ttl(key)).toBe(-1);
    await store.forget('c');
    await store.close();
  });

  it('forget() deletes every key of the conversation and nothing else', async () => {
    const store = urlStore({ prefix: 'erase:' });
    const item = { label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' };
    await store.allocate('gone', [item]);
    await store.allocate('kept', [item]);
    await store.forget('gone');
    expect(await raw.keys('erase:{gone}*')).toEqual([]);
    expect(await raw.keys('erase:{kept}*')).toHaveLength(5);
    await store.close();
  });

  it('refuses allocation beyond maxEntriesPerConversation, writing nothing of the batch', async () => {
    const store = urlStore({ prefix: 'max:', maxEntriesPerConversation: 3 });
    const item = (i: number) => ({ label: 'EMAIL', canonical: `${i}@x.fr`, value: `${i}@x.fr` });
    await store.allocate('c', [item(1), item(2)]);
    const error = await store.allocate('c', [item(1), item(3), item(4)]).catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.message).toMatch(/maximum of 3 entries/);
    expect(await store.summary('c')).toEqual({ entries: 2, labels: { EMAIL: 2 } });
    expect((await store.allocate('c', [item(3)]))[0]?.n).toBe(3);
    await store.close();
  });

  it('refuses to allocate when a counter is behind its entries, instead of reusing a number', async () => {
    const store = urlStore({ prefix: 'corrupt:' });
    const item = (i: number) => ({ label: 'EMAIL', canonical: `${i}@x.fr`, value: `${i}@x.fr` });
    await store.allocate('c', [item(1), item(2)]);
    await raw.hDel('corrupt:{c}:ctr', 'EMAIL'); // e.g. evicted under memory pressure
    await expect(store.allocate('c', [item(3)])).rejects.toThrow(PiiStoreError);
    expect((await store.getByRefs('c', [{ label: 'EMAIL', n: 1 }]))[0]?.value).toBe('1@x.fr');
    await store.close();
  });
});

describe('redisVaultStore options', () => {
  it('refuses to start without encryption secrets, or with bad ones', () => {
    const url = 'redis://127.0.0.1:1';
    const good = testEncryption();
    const make = (encryption: unknown) => () =>
      redisVaultStore({ url, encryption } as unknown as RedisVaultStoreOptions);
    expect(make(undefined)).toThrow(/encryption. is required/);
    expect(make({ ...good, keys: { k1: Buffer.alloc(16, 1) } })).toThrow(/32 bytes \(got 16\)/);
    expect(make({ ...good, keys: { k1: 'not base64!' } })).toThrow(/not base64/);
    expect(make({ ...good, keys: { k1: Buffer.alloc(32) } })).toThrow(/constant/);
    expect(make({ ...good, currentKeyId: 'k9' })).toThrow(/k9.*not one of/);
    expect(make({ ...good, keys: { 'bad.id': good.hmacKey } })).toThrow(/key id/);
    expect(make({ ...good, hmacKey: good.keys.k1 })).toThrow(/must differ/);
    expect(make({ ...good, hmacKey: undefined })).toThrow(PiiConfigError);
    expect(() =>
      redisVaultStore({ encryption: good } as unknown as RedisVaultStoreOptions),
    ).toThrow(/client. .*or .url/);
    expect(() => redisVaultStore({ url: 'http://x', encryption: good })).toThrow(/redis:\/\//);
    expect(() => redisVaultStore({ url, encryption: good, prefix: 'a{b' })).toThrow(/braces/);
    expect(() => redisVaultStore({ url, encryption: good, ttl: 0 })).toThrow(/ttl/);
    expect(() => redisVaultStore({ url, encryption: good, ttl: 1.5 })).toThrow(/ttl/);
  });

  it('accepts secrets as Buffers, base64 and base64url text', async () => {
    const bytes = Buffer.from(testEncryption().hmacKey as string, 'base64');
    const store = redisVaultStore({
      url: redisUrl(),
      prefix: 'forms:',
      encryption: {
        keys: { buf: bytes, b64: bytes.toString('base64') },
        currentKeyId: 'buf',
        hmacKey: Buffer.from(bytes.map((b) => b ^ 0xff)).toString('base64url'),
      },
    });
    const [entry] = await store.allocate('c', [{ label: 'X', canonical: 'v', value: 'V' }]);
    expect(entry?.value).toBe('V');
    await store.close();
  });

  it('serves calls made while its first connection is under way', async () => {
    const store = urlStore({ prefix: 'lazy:' });
    const calls: Promise<unknown>[] = [];
    // One call per turn of the event loop: some land after the client exists, before it is ready.
    for (let i = 0; i < 30; i++) {
      calls.push(
        store.allocate('c', [
          { label: 'EMAIL', canonical: `${i % 5}@x.fr`, value: `${i % 5}@x.fr` },
        ]),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    const out = (await Promise.all(calls)) as { n: number }[][];
    expect(new Set(out.map(([e]) => e?.n))).toEqual(new Set([1, 2, 3, 4, 5]));
    await store.close();
  });

  it('fails with PiiStoreError, quickly, when nothing listens at the URL', async () => {
    const store = urlStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 10_000 });
    const error = await store.list('c').catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.code).toBe('PII_STORE');
    expect(error.message).toMatch(/unreachable|ECONNREFUSED/);
    expect(error.cause).toBeDefined();
    // Later calls fail too (the client keeps reconnecting in the background) until close().
    await expect(store.list('c')).rejects.toThrow(PiiStoreError);
    await store.close();
    await expect(store.list('c')).rejects.toThrow(/closed/);
  });
});
