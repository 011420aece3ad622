import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PiiConfigError, PiiStoreError } from '../../src/core/errors';
import type { VaultItem } from '../../src/core/vault/types';
import { type RedisVaultStoreOptions, redisVaultStore } from '../../src/redis';
import {
  dumpServer,
  patternOf,
  type RawClient,
  rawClient,
  redisUrl,
  secret,
  testEncryption,
  urlStore,
} from './helpers';
import { startRedisServer } from './redis-server';

const SUFFIXES = ['idx', 'val', 'ctr', 'ord', 'meta', 'calls'];
const HASHED_KEY = /^pii:\{#[A-Za-z0-9_-]{22}\}:(idx|val|ctr|ord|meta|calls)$/;
const values: VaultItem[] = [
  { label: 'PERSON', canonical: 'jean dupont', value: 'Jean Dupont' },
  { label: 'EMAIL', canonical: 'jean.dupont@exemple.fr', value: 'jean.dupont@exemple.fr' },
];
const tagOf = (key: string) => key.slice(key.indexOf('{') + 1, key.indexOf('}'));

describe('hashed key names (the default with encryption)', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('writes no trace of the conversation id in Redis; keyNames(id) lists exactly its keys', async () => {
    // A server of its own, so that the dump is the whole server and holds only this conversation.
    const server = await startRedisServer();
    const dedicated = await rawClient(server.url);
    const id = 'user-42@example.com:chat-7';
    try {
      const store = redisVaultStore({ url: server.url, encryption: testEncryption() });
      await store.allocate(id, values);
      await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]);
      await store.getByCanonical(id, values);
      await store.listSince!(id, 0); // writes the generation into meta
      await store.summary(id);
      await store.recordToolCall!(id, `call-1:${'ab'.repeat(32)}`);
      expect(await store.hasToolCall!(id, `call-1:${'ab'.repeat(32)}`)).toBe(true);

      const names = store.keyNames(id);
      expect(Object.values(names)).toEqual(
        SUFFIXES.map((s) => `pii:{${tagOf(names.values)}}:${s}`),
      );
      for (const key of Object.values(names)) expect(key).toMatch(HASHED_KEY);
      // Its keys, and the prefix's HMAC key check (a fingerprint of the key, nothing else).
      expect((await dedicated.keys('*')).sort()).toEqual(
        [...Object.values(names), 'pii:keycheck'].sort(),
      );

      const dump = (await dumpServer(dedicated)).toLowerCase();
      expect(dump.split('\n').length).toBeGreaterThan(15);
      for (const trace of [
        id,
        'user-42',
        'example.com',
        'example',
        'chat-7',
        Buffer.from(id).toString('base64url'),
      ]) {
        expect(dump).not.toContain(trace.toLowerCase());
      }
      // The id is still what binds the records: the store reads them back.
      expect((await store.list(id)).map((e) => e.value)).toEqual(values.map((v) => v.value));
      await store.close();
    } finally {
      await dedicated.close();
      await server.stop();
    }
  });

  it('is # + 22 base64url characters of HMAC-SHA-256(hmacKey, context + id)', () => {
    const encryption = testEncryption();
    const store = urlStore({ encryption });
    const id = 'chat-42';
    const mac = createHmac('sha256', Buffer.from(encryption.hmacKey as string, 'base64'))
      .update(`ai-sdk-pii/conversation-id\u0000${id}`)
      .digest('base64url');
    expect(store.keyNames(id).values).toBe(`pii:{#${mac.slice(0, 22)}}:val`);
    void store.close();
  });

  it('gives the same names in two stores with the same HMAC key, other names with another', async () => {
    const encryption = testEncryption();
    const id = 'user-7@example.org';
    const first = urlStore({ prefix: 'stable:', encryption });
    const second = urlStore({ prefix: 'stable:', encryption });
    // Another HMAC key, the same encryption key: only the naming differs.
    const other = urlStore({ prefix: 'stable:', encryption: { ...encryption, hmacKey: secret() } });
    await first.allocate(id, values);
    await first.recordToolCall!(id, 'call-1');

    expect(second.keyNames(id)).toEqual(first.keyNames(id));
    expect(await second.list(id)).toEqual(await first.list(id));
    expect((await second.getByCanonical(id, values.slice(1)))[0]?.n).toBe(1);
    expect(await second.hasToolCall!(id, 'call-1')).toBe(true);
    expect(
      (await second.allocate(id, [values[0]!, { ...values[0]!, canonical: 'zoé' }]))[1]?.n,
    ).toBe(2);

    const others = Object.values(other.keyNames(id));
    const firsts = Object.values(first.keyNames(id));
    expect(tagOf(others[0]!)).not.toBe(tagOf(firsts[0]!));
    for (const key of others) expect(firsts).not.toContain(key);
    // Another key would find no conversation and number values from 1 again: the prefix's key
    // check refuses it before any read or write (fail closed).
    await expect(other.list(id)).rejects.toThrow(PiiStoreError);
    await expect(other.allocate(id, values)).rejects.toThrow(/another HMAC key/);
    expect(await raw.keys(patternOf(other.keyNames(id)))).toEqual([]);

    await first.forget(id);
    await raw.del(first.keyNames(id).counters);
    for (const store of [first, second, other]) await store.close();
  });

  it('never gives two ids one tag (case, braces, spaces, unicode, lone surrogates)', async () => {
    const store = urlStore({ prefix: 'distinct:' });
    const readable = urlStore({ prefix: 'distinct:', keyNames: 'readable' });
    const ids = [
      ...Array.from({ length: 200 }, (_, i) => `chat-${i}`),
      ...['chat-a', 'Chat-A', 'CHAT-A', 'chat-A', 'user@example.com', 'User@Example.com'],
      ...['{a}', '{a', 'a}', '{}', '}{', 'a{b}c', '{chat-1}', 'chat-1 ', ' chat-1', 'a b', 'a  b'],
      ...['', ' ', '~', '#', '~Y2hhdC0x', '#chat', 'a:b', 'a.b', 'a/b', 'a\nb', 'a\u0000b'],
      ...['café', 'cafe\u0301', 'CAFÉ', 'Ærø', 'ß', 'ss', '中文', '😀', 'é'.repeat(200)],
      ...['\uD800', '\uDC00', '\uDBFF', '\uD800\uDC00', '\uDC00\uD800', 'a\uD800', 'a\uFFFD'],
      'x'.repeat(128),
      'x'.repeat(129),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    const tags = ids.map((id) => tagOf(store.keyNames(id).values));
    expect(new Set(tags).size).toBe(ids.length);
    for (const id of ids) {
      for (const key of Object.values(store.keyNames(id))) {
        expect(key).toMatch(/^distinct:\{#[A-Za-z0-9_-]{22}\}:[a-z]+$/);
      }
      // `#` never starts a readable tag: the two namings cannot meet.
      expect(tagOf(readable.keyNames(id).values)).not.toMatch(/^#/);
    }
    // In Redis: ids differing only in case or by a brace each get a conversation of their own.
    const some = [
      'chat-a',
      'Chat-A',
      'CHAT-A',
      '{a}',
      '{a',
      'a}',
      'café',
      'cafe\u0301',
      '\uD800',
      '\uDC00',
    ];
    await Promise.all(
      some.map((id) => store.allocate(id, [{ label: 'X', canonical: 'v', value: `of ${id}` }])),
    );
    for (const id of some) {
      expect(await store.list(id)).toEqual([
        { label: 'X', n: 1, value: `of ${id}`, canonical: 'v' },
      ]);
      await store.forget(id);
      await raw.del(store.keyNames(id).counters);
    }
    await store.close();
    await readable.close();
  });
});

describe("keyNames: 'readable'", () => {
  it('keeps the names of earlier versions: the id itself, or ~ + base64url', async () => {
    const raw = await rawClient();
    // A prefix of its own: one prefix holds one naming (the prefix's check refuses a mix).
    const store = urlStore({ keyNames: 'readable', prefix: 'legacy:' });
    expect(store.keyNames('chat-42')).toEqual({
      index: 'legacy:{chat-42}:idx',
      values: 'legacy:{chat-42}:val',
      counters: 'legacy:{chat-42}:ctr',
      order: 'legacy:{chat-42}:ord',
      meta: 'legacy:{chat-42}:meta',
      calls: 'legacy:{chat-42}:calls',
    });
    expect(store.keyNames('a b').values).toBe('legacy:{~YSBi}:val');
    await store.allocate('chat-42', values);
    await store.recordToolCall!('chat-42', 'call-1');
    expect((await raw.keys('legacy:{chat-42}:*')).sort()).toEqual(
      Object.values(store.keyNames('chat-42')).sort(),
    );
    // A hashed store on the same prefix is refused: it would number chat-42 a second time.
    const hashed = urlStore({ prefix: 'legacy:', encryption: testEncryption() });
    await expect(hashed.allocate('chat-42', values)).rejects.toThrow(/key naming/);
    await hashed.close();
    await store.forget('chat-42');
    await raw.del(['legacy:{chat-42}:ctr', 'legacy:keycheck']);
    await store.close();
    await raw.close();
  });

  it('is the default with encryption: false (there is no HMAC key)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = redisVaultStore({ url: redisUrl(), encryption: false, prefix: 'plain:' });
    expect(store.keyNames('chat-42').values).toBe('plain:{chat-42}:val');
    void store.close();
    warn.mockRestore();
  });
});

describe('keyNames configuration', () => {
  const url = 'redis://127.0.0.1:1';

  it("refuses keyNames: 'hashed' with encryption: false, and any other value", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const make = (options: object) => () =>
      redisVaultStore({ url, ...options } as unknown as RedisVaultStoreOptions);
    const hashedPlain = make({ encryption: false, keyNames: 'hashed' });
    expect(hashedPlain).toThrow(PiiConfigError);
    expect(hashedPlain).toThrow(/keyNames: 'hashed' needs encryption/);
    for (const keyNames of ['Hashed', 'plain', 'hmac', '', null, true, 1, {}]) {
      for (const encryption of [testEncryption(), false]) {
        expect(make({ encryption, keyNames })).toThrow(PiiConfigError);
        expect(make({ encryption, keyNames })).toThrow(/keyNames must be 'hashed' or 'readable'/);
      }
    }
    warn.mockRestore();
  });

  it('keyNames(id) checks the id like every other call', () => {
    const store = redisVaultStore({ url, encryption: testEncryption() });
    for (const id of [undefined, null, 42, {}]) {
      expect(() => store.keyNames(id as unknown as string)).toThrow(PiiConfigError);
    }
    void store.close();
  });
});
