import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPii } from '../../src/core/create-pii';
import { redisVaultStore } from '../../src/redis';
import { createValueCipher } from '../../src/redis/value-cipher';
import { testEmailDetector } from '../core/helpers';
import { dumpServer, type RawClient, rawClient, testEncryption } from './helpers';
import { startRedisServer } from './redis-server';

const MARIE = 'marie.curie@exemple.fr';

describe('origins in the Redis vault store', () => {
  const encryption = testEncryption();
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let raw: RawClient;

  beforeAll(async () => {
    // A server of its own, so that its dump holds this test's keys only.
    server = await startRedisServer();
    raw = await rawClient(server.url);
  });
  afterAll(async () => {
    await raw?.close();
    await server?.stop();
  });

  it('keeps the origin inside the encrypted record, where a dump cannot read it', async () => {
    const store = redisVaultStore({ url: server.url, encryption });
    const session = createPii({ detectors: [testEmailDetector], store }).session('origin-sealed');
    await session.anonymize(`copie à ${MARIE}`, {
      role: 'tool',
      origin: { kind: 'tool', tool: 'lookupColleague' },
    });
    expect((await session.entries())[0]?.origin).toEqual({
      kind: 'tool',
      tool: 'lookupColleague',
    });
    const dump = await dumpServer(raw);
    expect(dump).not.toContain('lookupColleague');
    expect(dump).not.toContain(MARIE);
    await store.close();
  });

  it('reads a record sealed by an older version, without origin, as unknown', async () => {
    const store = redisVaultStore({ url: server.url, encryption, prefix: 'old:' });
    const session = createPii({ detectors: [testEmailDetector], store }).session('origin-old');
    await session.anonymize(MARIE);
    // The record as the previous version wrote it: [value, canonical], no origin.
    const old = createValueCipher(encryption).seal('origin-old', 'EMAIL', MARIE, MARIE);
    const keys = store.keyNames('origin-old');
    await raw.hSet(keys.values, 'EMAIL:1', old);
    expect(await session.entries()).toEqual([
      { token: '<<EMAIL:1>>', label: 'EMAIL', value: MARIE, origin: { kind: 'unknown' } },
    ]);
    expect(await session.restore('<<EMAIL:1>>')).toBe(MARIE);
    await store.close();
  });
});
