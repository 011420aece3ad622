import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PiiStoreError } from '../../src/core/errors';
import type { VaultItem } from '../../src/core/vault/types';
import { redisVaultStore } from '../../src/redis';
import { dumpServer, type RawClient, rawClient, redisUrl, secret } from './helpers';
import { startRedisServer } from './redis-server';

const values: VaultItem[] = [
  { label: 'PERSON', canonical: 'jean dupont', value: 'Jean Dupont' },
  { label: 'EMAIL', canonical: 'jean.dupont@exemple.fr', value: 'Jean.Dupont@Exemple.fr' },
  { label: 'PHONE', canonical: '+33612345678', value: '06 12 34 56 78' },
  {
    label: 'IBAN',
    canonical: 'FR7630006000011234567890189',
    value: 'FR76 3000 6000 0112 3456 7890 189',
  },
  { label: 'PERSON', canonical: 'zoé œuvre', value: 'Zoé Œuvre' },
];

/** Must not appear in Redis: values, canonicals, lower-case and space-free forms, their words. */
const forbidden = values.flatMap((v) => [
  v.value,
  v.canonical,
  v.value.toLowerCase(),
  v.value.replace(/\s+/g, ''),
  v.canonical.replace(/\s+/g, ''),
  // Words long enough that random ciphertext cannot hold them by chance.
  ...v.value.split(/[\s@.]/).filter((part) => /^\p{L}{6,}$/u.test(part)),
]);

describe('encryption at rest', () => {
  let raw: RawClient;
  const hmacKey = secret();
  const k1 = secret();
  const k2 = secret();
  const make = (
    keys: Record<string, string>,
    currentKeyId: string,
    hmac = hmacKey,
    keyNames?: 'readable',
    prefix = keyNames ? 'enc-readable:' : 'enc:',
  ) =>
    redisVaultStore({
      url: redisUrl(),
      prefix,
      encryption: { keys, currentKeyId, hmacKey: hmac },
      keyNames,
    });

  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('leaves no value, canonical value or lower-case form in a raw dump of the server', async () => {
    // A server of its own, so that the dump is the whole server and holds only this conversation.
    const server = await startRedisServer();
    const dedicated = await rawClient(server.url);
    try {
      const store = redisVaultStore({
        url: server.url,
        encryption: { keys: { k1 }, currentKeyId: 'k1', hmacKey },
      });
      await store.allocate('conv-dump', values);
      await store.getByRefs('conv-dump', [{ label: 'EMAIL', n: 1 }]);
      const dump = await dumpServer(dedicated);
      // The dump does see the conversation (under its hashed name).
      expect(dump).toContain(store.keyNames('conv-dump').values);
      expect(dump.split('\n').length).toBeGreaterThan(20);
      const lower = dump.toLowerCase();
      for (const fragment of forbidden) {
        expect(lower).not.toContain(fragment.toLowerCase());
      }
      // And the store still gives every value back.
      expect((await store.list('conv-dump')).map((e) => e.value)).toEqual(
        values.map((v) => v.value),
      );
      await store.close();
    } finally {
      await dedicated.close();
      await server.stop();
    }
  });

  it('keys one value differently in two conversations (no linking across conversations)', async () => {
    const store = make({ k1 }, 'k1');
    await store.allocate('link-a', values.slice(0, 1));
    await store.allocate('link-b', values.slice(0, 1));
    const a = Object.keys(await raw.hGetAll(store.keyNames('link-a').index));
    const b = Object.keys(await raw.hGetAll(store.keyNames('link-b').index));
    expect(a).toHaveLength(1);
    expect(a).not.toEqual(b);
    await store.close();
  });

  it('still decrypts after key rotation, and writes new values with the current key', async () => {
    const before = make({ k1 }, 'k1');
    await before.allocate('rotate', values.slice(0, 2));
    await before.close();

    const after = make({ k2, k1 }, 'k2');
    const fresh = await after.allocate('rotate', [values[1]!, values[2]!]);
    expect(fresh.map((e) => `${e.label}:${e.n}`)).toEqual(['EMAIL:1', 'PHONE:1']);
    expect(fresh[0]?.value).toBe(values[1]!.value); // old entry, decrypted with k1
    const records = await raw.hGetAll(after.keyNames('rotate').values);
    expect(records['PERSON:1']).toMatch(/^e1\.k1\./);
    expect(records['PHONE:1']).toMatch(/^e1\.k2\./);
    expect((await after.list('rotate')).map((e) => e.value)).toEqual(
      values.slice(0, 3).map((v) => v.value),
    );
    await after.close();

    // Once k1 is retired, its records say which key they need.
    const retired = make({ k2 }, 'k2');
    const error = await retired.getByRefs('rotate', [{ label: 'PERSON', n: 1 }]).catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.message).toMatch(/key id "k1"/);
    expect((await retired.getByRefs('rotate', [{ label: 'PHONE', n: 1 }]))[0]?.value).toBe(
      values[2]!.value,
    );
    await retired.close();
  });

  it('fails with PiiStoreError under a wrong encryption key', async () => {
    const right = make({ k1 }, 'k1');
    await right.allocate('wrong-key', values.slice(0, 1));
    await right.close();
    const wrong = make({ k1: secret() }, 'k1');
    const error = await wrong.getByRefs('wrong-key', [{ label: 'PERSON', n: 1 }]).catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.code).toBe('PII_STORE');
    expect(error.message).toMatch(/does not decrypt/);
    expect(error.cause).toBeInstanceOf(Error);
    await expect(wrong.list('wrong-key')).rejects.toThrow(PiiStoreError);
    await wrong.close();
  });

  it("refuses a wrong HMAC key instead of giving known values new tokens (keyNames: 'readable')", async () => {
    // With hashed names (the default) another HMAC key names other keys (key-names.test.ts);
    // with readable names both stores reach the same keys, and the fingerprint refuses it.
    const right = make({ k1 }, 'k1', hmacKey, 'readable');
    await right.allocate('wrong-hmac', values.slice(0, 2));
    await right.close();
    const otherKey = secret();
    // The prefix's check refuses the store before it touches a conversation...
    const wrong = make({ k1 }, 'k1', otherKey, 'readable');
    await expect(wrong.allocate('wrong-hmac', values.slice(0, 1))).rejects.toThrow(
      /another HMAC key, key naming or encryption setting/,
    );
    await wrong.close();
    // ...and each conversation's fingerprint still does, were that check lost (evicted).
    await raw.del('enc-readable:keycheck');
    const again = make({ k1 }, 'k1', otherKey, 'readable');
    await expect(again.allocate('wrong-hmac', values.slice(0, 1))).rejects.toThrow(
      /this conversation was written with another HMAC key/,
    );
    await expect(again.getByCanonical('wrong-hmac', values.slice(0, 1))).rejects.toThrow(
      PiiStoreError,
    );
    expect(await raw.hLen('enc-readable:{wrong-hmac}:val')).toBe(2); // nothing was added
    await again.close();
    await raw.del('enc-readable:keycheck');
  });

  it('refuses to read a clear conversation with an encrypted store, and the other way round', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const plain = redisVaultStore({ url: redisUrl(), prefix: 'enc-mixed:', encryption: false });
    await plain.allocate('mixed', values.slice(0, 1));
    // The prefix's check refuses an encrypted store of either naming on a clear prefix.
    for (const keyNames of [undefined, 'readable'] as const) {
      const store = make({ k1 }, 'k1', hmacKey, keyNames, 'enc-mixed:');
      await expect(store.summary('mixed')).rejects.toThrow(/\(readable:plain\)/);
      await store.close();
    }
    // Were that check lost, each conversation's fingerprint refuses it still.
    await raw.del('enc-mixed:keycheck');
    const sealed = make({ k1 }, 'k1', hmacKey, 'readable', 'enc-mixed:');
    await expect(sealed.getByRefs('mixed', [{ label: 'PERSON', n: 1 }])).rejects.toThrow(
      /encryption: false/,
    );
    await expect(sealed.allocate('mixed', values.slice(0, 1))).rejects.toThrow(PiiStoreError);
    await sealed.allocate('mixed-2', values.slice(0, 1));
    await expect(plain.getByRefs('mixed-2', [{ label: 'PERSON', n: 1 }])).rejects.toThrow(
      /encrypted records/,
    );
    await plain.close();
    await sealed.close();
    await raw.del('enc-mixed:keycheck');
    warn.mockRestore();
  });
});
