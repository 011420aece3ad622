import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPii } from '../../src/core/create-pii';
import { PiiConfigError, PiiInventedTokenError, PiiStoreError } from '../../src/core/errors';
import {
  type RedisVaultStore,
  type RedisVaultStoreOptions,
  redisVaultStore,
} from '../../src/redis';
import { describeVaultStoreContract } from '../core/vault/store-contract';
import {
  expireValues,
  patternOf,
  type RawClient,
  rawClient,
  redisUrl,
  testEncryption,
  urlStore,
  valueKeys,
} from './helpers';

const DAYS_400 = 400 * 24 * 60 * 60;

/** A store of its own plus a plain client that simulates expiry; both closed after. */
async function withRaw(store: RedisVaultStore) {
  return Object.assign(store, { raw: await rawClient() });
}
const closeWithRaw = async (store: RedisVaultStore & { raw: RawClient }) => {
  await store.close();
  await store.raw.close();
};

describeVaultStoreContract('redis store (url, encrypted)', () => withRaw(urlStore()), {
  expire: (store, id) => expireValues(store.raw, store.keyNames(id)),
  teardown: closeWithRaw,
});

describeVaultStoreContract(
  'redis store (url, encryption: false)',
  () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    return withRaw(urlStore({ encryption: false, prefix: 'plain:' }));
  },
  { expire: (store, id) => expireValues(store.raw, store.keyNames(id)), teardown: closeWithRaw },
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
    expire: (store, id) => expireValues(store.client, store.keyNames(id)),
    teardown: async (store) => {
      await store.close(); // does not close the app's client...
      expect(store.client.isOpen).toBe(true);
      await store.client.close(); // ...the app does
    },
  },
);

describe('redisVaultStore listSince', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });
  const item = (v: string) => ({ label: 'EMAIL', canonical: v, value: v });

  it('is one command, keeps its generation in the meta hash, and forget() deletes it', async () => {
    const client = createClient({ url: redisUrl() });
    client.on('error', () => {});
    await client.connect();
    let commands = 0;
    const counting = {
      eval: (...a: Parameters<typeof client.eval>) => {
        commands++;
        return client.eval(...a);
      },
      evalSha: (...a: Parameters<typeof client.evalSha>) => {
        commands++;
        return client.evalSha(...a);
      },
    };
    const store = redisVaultStore({
      client: counting,
      prefix: 'since:',
      encryption: testEncryption(),
    });
    const keys = store.keyNames('c');
    // Nothing is written for a conversation without entries.
    expect(await store.listSince!('c', 0)).toEqual({ entries: [], total: 0, generation: '' });
    expect(await raw.keys(patternOf(keys))).toEqual([]);
    await store.allocate(
      'c',
      Array.from({ length: 50 }, (_, i) => item(`${i}@x.fr`)),
    );
    await store.listSince!('c', 0); // loads the script (EVALSHA, then EVAL once)
    commands = 0;
    const page = await store.listSince!('c', 45);
    expect(commands).toBe(1);
    expect(page.entries.map((e) => e.value)).toEqual([45, 46, 47, 48, 49].map((i) => `${i}@x.fr`));
    expect(page.total).toBe(50);
    expect(await raw.hGet(keys.meta, 'gen')).toBe(page.generation);
    expect(page.generation).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await store.forget('c');
    expect(await raw.keys(patternOf(keys))).toEqual([keys.counters]);
    await store.allocate('c', [item('z@x.fr')]);
    const after = await store.listSince!('c', 0);
    expect(after.generation).not.toBe(page.generation);
    expect(after.entries.map((e) => e.n)).toEqual([51]);
    // Like list(), it is not copied by spreading the store.
    expect(Object.keys(store)).not.toContain('listSince');
    await store.forget('c');
    await raw.del(keys.counters);
    await store.close();
    await client.close();
  });

  it('two stores (two processes) on one conversation: each session sweeps what the other allocated', async () => {
    const encryption = testEncryption();
    const first = urlStore({ prefix: 'since2:', encryption });
    const second = urlStore({ prefix: 'since2:', encryption });
    const id = 'shared';
    const a = createPii({ store: first }).session(id);
    const b = createPii({ store: second }).session(id);
    expect(await a.anonymize('Écrivez à jean.dupont@exemple.fr')).toBe('Écrivez à <<EMAIL:1>>');
    expect(await b.remember('PERSON', 'Aïcha Benali')).toBe('<<PERSON:1>>');
    expect(await a.anonymize('aïcha benali')).toBe('<<PERSON:1>>');
    expect(await a.remember('PERSON', 'Zoé Martin')).toBe('<<PERSON:2>>');
    expect(await b.anonymize('zoé martin, aïcha benali')).toBe('<<PERSON:2>>, <<PERSON:1>>');
    // `a` erases; `b`, which holds three entries, must not sweep the erased values.
    await a.forget();
    for (const name of ['Paul Roux', 'Léa Roux', 'Marc Petit']) await a.remember('PERSON', name);
    expect(await b.anonymize('zoé martin, léa roux, marc petit')).toBe(
      'zoé martin, <<PERSON:4>>, <<PERSON:5>>',
    );
    await a.forget();
    await first.close();
    await second.close();
  });
});

describe('redisVaultStore keys, TTL and audit', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('puts every key of a conversation under one hashed tag and the prefix', async () => {
    const store = urlStore({ prefix: 'tagged:' });
    const item = { label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' };
    await store.allocate('chat-1', [item]);
    await store.allocate('{evil}', [item]);
    await store.recordToolCall!('{evil}', 'call-1');
    // The conversations' keys, and the prefix's HMAC key check (a fingerprint, no id).
    const keys = (await raw.keys('tagged:*')).filter((k) => k !== 'tagged:keycheck').sort();
    expect(await raw.exists('tagged:keycheck')).toBe(1);
    expect(keys).toHaveLength(11);
    for (const key of keys) {
      expect(key).toMatch(/^tagged:\{#[A-Za-z0-9_-]{22}\}:(idx|val|ctr|ord|meta|calls)$/);
    }
    const chat = store.keyNames('chat-1');
    expect((await raw.keys(patternOf(chat))).sort()).toEqual(
      [chat.counters, chat.index, chat.meta, chat.order, chat.values].sort(),
    );
    const evil = store.keyNames('{evil}');
    expect((await raw.keys(patternOf(evil))).sort()).toEqual(Object.values(evil).sort());
    await store.close();
  });

  it("keyNames: 'readable' names keys after the id, encoding ids that are not plain", async () => {
    const store = urlStore({ prefix: 'tagged2:', keyNames: 'readable' });
    await store.allocate('chat-1', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    await store.allocate('{evil}', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const keys = (await raw.keys('tagged2:*')).filter((k) => k !== 'tagged2:keycheck').sort();
    expect(keys.filter((k) => k.includes('{chat-1}'))).toEqual(
      ['ctr', 'idx', 'meta', 'ord', 'val'].map((s) => `tagged2:{chat-1}:${s}`),
    );
    // Braces in an id are encoded so that the tag stays one per conversation.
    const evil = keys.filter((k) => !k.includes('{chat-1}'));
    expect(evil).toHaveLength(5);
    for (const key of evil) expect(key).toMatch(/^tagged2:\{~[A-Za-z0-9_-]+\}:[a-z]+$/);
    expect(store.keyNames('{evil}').values).toBe(
      `tagged2:{~${Buffer.from('{evil}').toString('base64url')}}:val`,
    );
    await store.close();
  });

  it('sets the TTL on every key and slides it on reads and writes; the counters live longer', async () => {
    const store = urlStore({ prefix: 'ttl:', ttl: 3600 });
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const names = store.keyNames('c');
    const keys = valueKeys(names);
    expect((await raw.keys(patternOf(names))).sort()).toEqual([...keys, names.counters].sort());
    for (const key of keys) {
      const ttl = await raw.ttl(key);
      expect(ttl).toBeGreaterThan(3000);
      expect(ttl).toBeLessThanOrEqual(3600);
    }
    expect(await raw.ttl(names.counters)).toBeGreaterThan(DAYS_400 - 60);
    expect(await raw.ttl(names.counters)).toBeLessThanOrEqual(DAYS_400);
    for (const read of [
      () => store.getByRefs('c', [{ label: 'EMAIL', n: 1 }]),
      () => store.getByCanonical('c', [{ label: 'EMAIL', canonical: 'a@x.fr' }]),
      () => store.list('c'),
      () => store.listSince!('c', 0),
      () => store.listSince!('c', 1),
      () => store.summary('c'),
    ]) {
      for (const key of [...keys, names.counters]) await raw.expire(key, 5);
      await read();
      for (const key of keys) expect(await raw.ttl(key)).toBeGreaterThan(3000);
      // Reads keep the values alive, so they keep the counters alive too.
      expect(await raw.ttl(names.counters)).toBeGreaterThan(DAYS_400 - 60);
    }
    await store.close();
  });

  it('lets the values expire after their TTL (together), and numbering continues after them', async () => {
    const store = urlStore({ prefix: 'exp:', ttl: 1 });
    const keys = store.keyNames('c');
    const session = createPii({ store }).session('c');
    const history = await session.anonymize('Écrivez à jean.dupont@exemple.fr');
    expect(history).toBe('Écrivez à <<EMAIL:1>>');
    // Polled with KEYS, not through the store, which would slide the TTL.
    await vi.waitFor(async () => expect(await raw.keys(patternOf(keys))).toEqual([keys.counters]), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await raw.hGetAll(keys.counters)).toEqual({ EMAIL: '1' });
    expect(await store.list('c')).toEqual([]);
    expect(await store.summary('c')).toEqual({ entries: 0, labels: {} });
    expect(await session.anonymize('et copie à marie.curie@exemple.fr')).toBe(
      'et copie à <<EMAIL:2>>',
    );
    await expect(session.restore(history)).rejects.toBeInstanceOf(PiiInventedTokenError);
    await store.close();
  });

  it('keeps keys without expiry with ttl: false; after forget() the counters get counterTtl', async () => {
    const store = urlStore({ prefix: 'forever:', ttl: false, counterTtl: 600 });
    const item = (v: string) => ({ label: 'EMAIL', canonical: v, value: v });
    const names = store.keyNames('c');
    await store.allocate('c', [item('a@x.fr')]);
    const keys = await raw.keys(patternOf(names));
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(await raw.ttl(key)).toBe(-1);
    await store.forget('c');
    expect(await raw.keys(patternOf(names))).toEqual([names.counters]);
    expect(await raw.ttl(names.counters)).toBeGreaterThan(500);
    // Back in use: the counters live as long as the values again (no expiry).
    expect((await store.allocate('c', [item('b@x.fr')]))[0]?.n).toBe(2);
    for (const key of await raw.keys(patternOf(names))) expect(await raw.ttl(key)).toBe(-1);
    await store.forget('c');
    await store.close();
  });

  it('keeps the counters without expiry with counterTtl: false', async () => {
    const store = urlStore({ prefix: 'ctrforever:', ttl: 3600, counterTtl: false });
    const keys = store.keyNames('c');
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    expect(await raw.ttl(keys.counters)).toBe(-1);
    expect(await raw.ttl(keys.values)).toBeGreaterThan(3000);
    await store.forget('c');
    expect(await raw.ttl(keys.counters)).toBe(-1);
    await raw.del(keys.counters);
    await store.close();
  });

  it('forget() deletes every key that holds or links values, keeps only the counters, touches no other conversation', async () => {
    const store = urlStore({ prefix: 'erase:', ttl: 3600, counterTtl: 7200 });
    const item = { label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' };
    await store.allocate('gone', [item, { label: 'PERSON', canonical: 'ann', value: 'Ann' }]);
    await store.allocate('kept', [item]);
    const gone = store.keyNames('gone');
    expect(await raw.keys(patternOf(gone))).toHaveLength(5);
    await store.forget('gone');
    expect(await raw.keys(patternOf(gone))).toEqual([gone.counters]);
    expect(await raw.keys('erase:*')).toHaveLength(7); // 5 of kept, ctr of gone, keycheck
    // Labels and counts only: nothing personal survives the erasure.
    expect(await raw.hGetAll(gone.counters)).toEqual({ EMAIL: '1', PERSON: '1' });
    expect(await raw.ttl(gone.counters)).toBeGreaterThan(7000);
    expect(await raw.keys(patternOf(store.keyNames('kept')))).toHaveLength(5);
    expect(await store.summary('gone')).toEqual({ entries: 0, labels: {} });
    await store.close();
  });

  it('records tool calls in one sorted set under the hash tag, with the values’ sliding TTL; forget() deletes it', async () => {
    const store = urlStore({ prefix: 'calls:', ttl: 3600 });
    const names = store.keyNames('c');
    await store.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const key = `call-1:${'0f'.repeat(32)}`;
    await store.recordToolCall!('c', key);
    expect(await raw.type(names.calls)).toBe('zset');
    expect(await raw.zRange(names.calls, 0, -1)).toEqual([key]);
    expect(await raw.ttl(names.calls)).toBeGreaterThan(3000);
    // Any access, a check of a call included, slides the TTL of every key.
    for (const k of [...valueKeys(names), names.calls]) await raw.expire(k, 5);
    expect(await store.hasToolCall!('c', key)).toBe(true);
    for (const k of [...valueKeys(names), names.calls]) {
      expect(await raw.ttl(k)).toBeGreaterThan(3000);
    }
    // Other operations slide it too: it lives exactly as long as the values.
    await raw.expire(names.calls, 5);
    await store.list('c');
    expect(await raw.ttl(names.calls)).toBeGreaterThan(3000);
    await store.forget('c');
    expect(await raw.keys(patternOf(names))).toEqual([names.counters]);
    expect(await store.hasToolCall!('c', key)).toBe(false);
    await raw.del(names.counters);
    await store.close();
  });

  it('keeps at most maxToolCallsPerConversation recorded calls, dropping the oldest', async () => {
    const store = urlStore({ prefix: 'callmax:', maxToolCallsPerConversation: 2 });
    await store.recordToolCall!('c', 'k1');
    await store.recordToolCall!('c', 'k2');
    await store.recordToolCall!('c', 'k1'); // recorded again: now the most recent
    await store.recordToolCall!('c', 'k3');
    expect(await store.hasToolCall!('c', 'k2')).toBe(false);
    expect(await store.hasToolCall!('c', 'k1')).toBe(true);
    expect(await store.hasToolCall!('c', 'k3')).toBe(true);
    expect(await raw.zCard(store.keyNames('c').calls)).toBe(2);
    expect(() =>
      redisVaultStore({
        url: redisUrl(),
        encryption: testEncryption(),
        maxToolCallsPerConversation: 0,
      }),
    ).toThrow(/maxToolCallsPerConversation/);
    await expect(store.recordToolCall!('c', '')).rejects.toThrow(PiiConfigError);
    await store.forget('c');
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
    await raw.hDel(store.keyNames('c').counters, 'EMAIL'); // e.g. evicted under memory pressure
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
    expect(() => redisVaultStore({ url, encryption: good, counterTtl: 0 })).toThrow(/counterTtl/);
    expect(() => redisVaultStore({ url, encryption: good, counterTtl: 2.5 })).toThrow(/counterTtl/);
    expect(() => redisVaultStore({ url, encryption: good, ttl: 100, counterTtl: 99 })).toThrow(
      /counterTtl \(99\) must be at least ttl \(100\)/,
    );
  });

  it('refuses an unknown option, naming the closest one', () => {
    const options = { url: 'redis://127.0.0.1:1', encryption: testEncryption(), ttls: 60 };
    expect(() => redisVaultStore(options as never)).toThrow(PiiConfigError);
    expect(() => redisVaultStore(options as never)).toThrow(
      /^redisVaultStore: unknown option `ttls`; did you mean `ttl`\?/,
    );
    expect(() =>
      redisVaultStore({ url: 'redis://127.0.0.1:1', encription: false } as never),
    ).toThrow(/did you mean `encryption`\?/);
  });

  it('gives the counters 400 days by default, or ttl when that is longer', async () => {
    const raw = await rawClient();
    const item = { label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' };
    const long = 2 * DAYS_400;
    for (const [prefix, ttl, expected] of [
      ['ctrdefault:', 86_400, DAYS_400],
      ['ctrlong:', long, long],
    ] as const) {
      const store = urlStore({ prefix, ttl });
      const { counters } = store.keyNames('c');
      await store.allocate('c', [item]);
      expect(await raw.ttl(counters)).toBeGreaterThan(expected - 60);
      expect(await raw.ttl(counters)).toBeLessThanOrEqual(expected);
      await store.forget('c');
      await raw.del(counters);
      await store.close();
    }
    await raw.close();
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
