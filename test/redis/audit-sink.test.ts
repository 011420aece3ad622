/**
 * `redisAuditSink` against a real redis-server: one stream per conversation, read back as
 * signed; capped by length or age (the capped trail verifies as partial); the chain head moved
 * with each entry, so that a second process continues the chain where the first left it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyAuditTrail } from '../../src/core/audit/verify-audit-trail';
import { createPii } from '../../src/core/create-pii';
import { PiiAuditError, PiiConfigError } from '../../src/core/errors';
import { readAuditTrail, redisAuditSink } from '../../src/redis';
import { rawClient, redisUrl } from './helpers';

const SECRET = 'redis-audit-secret-0123456789abcdef-0123';
const sinks: { close(): Promise<void> }[] = [];
const sinkOf = (options: Partial<Parameters<typeof redisAuditSink>[0]> = {}) => {
  const sink = redisAuditSink({ url: redisUrl(), prefix: 'audit-test:', ...options } as never);
  sinks.push(sink);
  return sink;
};
afterAll(async () => {
  for (const s of sinks) await s.close();
});

/** `n` erasures of one conversation through a fresh `createPii`, as one process would write them. */
async function erasures(sink: ReturnType<typeof redisAuditSink>, id: string, n: number) {
  const pii = createPii({ audit: { sink, secret: SECRET } });
  for (let i = 0; i < n; i++) await pii.session(id).forget();
}

describe('redisAuditSink', () => {
  it('appends to one stream per conversation and reads the entries back as they were signed', async () => {
    const sink = sinkOf();
    const a = `chat-${randomUUID()}`;
    const b = `chat with spaces ${randomUUID()}`;
    await erasures(sink, a, 3);
    await erasures(sink, b, 2);
    const trail = await readAuditTrail(sink, a);
    expect(trail.map((e) => [e.conversationId, e.seq])).toEqual([
      [a, 0],
      [a, 1],
      [a, 2],
    ]);
    expect(await verifyAuditTrail(trail, { secret: SECRET })).toMatchObject({ ok: true });
    expect(await verifyAuditTrail(await sink.read(b), { secret: SECRET })).toMatchObject({
      ok: true,
      entries: 2,
    });
    // Readable key names; an id with other characters is encoded.
    expect(sink.keyNames(a)).toEqual({
      log: `audit-test:{${a}}:log`,
      head: `audit-test:{${a}}:head`,
    });
    expect(sink.keyNames(b).log).toMatch(/^audit-test:\{~[A-Za-z0-9_-]+\}:log$/);
    const client = await rawClient();
    expect(await client.xLen(sink.keyNames(a).log)).toBe(3);
    expect(await client.get(sink.keyNames(a).head)).toMatch(/^2 [0-9a-f]{64}$/);
    await client.close();
  });

  it('a second process continues the chain from the head in Redis', async () => {
    const id = `chat-${randomUUID()}`;
    await erasures(sinkOf(), id, 2);
    await erasures(sinkOf(), id, 2); // another createPii, another client: as a new process
    const trail = await readAuditTrail({ url: redisUrl(), prefix: 'audit-test:' }, id);
    expect(trail.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(await verifyAuditTrail(trail, { secret: SECRET })).toMatchObject({ ok: true });
  });

  it('reads long trails page by page', async () => {
    const id = `chat-${randomUUID()}`;
    await erasures(sinkOf(), id, 1_203);
    const trail = await sinkOf().read(id);
    expect(trail).toHaveLength(1_203);
    expect(await verifyAuditTrail(trail, { secret: SECRET })).toMatchObject({ ok: true });
  });

  it('caps a stream by length: the oldest go, the rest verifies as a partial trail', async () => {
    const id = `chat-${randomUUID()}`;
    const sink = sinkOf({ maxLength: 5 });
    await erasures(sink, id, 12);
    const trail = await sink.read(id);
    expect(trail.map((e) => e.seq)).toEqual([7, 8, 9, 10, 11]);
    expect(await verifyAuditTrail(trail, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 0,
      code: 'seq',
    });
    expect(await verifyAuditTrail(trail, { secret: SECRET, partial: true })).toMatchObject({
      ok: true,
    });
  });

  it('caps a stream by age (MINID), and keeps counting after', async () => {
    const id = `chat-${randomUUID()}`;
    const old = sinkOf();
    await erasures(old, id, 3);
    // Entries older than the age cap: made 'old' by moving their ids back, as time would.
    const client = await rawClient();
    const { log } = old.keyNames(id);
    const items = await client.xRange(log, '-', '+');
    await client.del(log);
    for (const [i, item] of items.entries()) {
      await client.xAdd(log, `${1_000 + i}-0`, item.message);
    }
    await client.close();
    const capped = sinkOf({ maxAgeMs: 60_000 });
    await erasures(capped, id, 1);
    const trail = await capped.read(id);
    expect(trail.map((e) => e.seq)).toEqual([3]);
    expect(await verifyAuditTrail(trail, { secret: SECRET, partial: true })).toMatchObject({
      ok: true,
    });
  });

  it('refuses options that contradict each other; fails with PiiAuditError when Redis is away', async () => {
    expect(() => redisAuditSink({ url: redisUrl(), maxLength: 5, maxAgeMs: 1_000 })).toThrow(
      PiiConfigError,
    );
    expect(() => redisAuditSink({} as never)).toThrow(PiiConfigError);
    expect(() => redisAuditSink({ url: 'http://x' })).toThrow(PiiConfigError);
    expect(() => redisAuditSink({ url: redisUrl(), maxLenght: 5 } as never)).toThrow(
      /redisAuditSink: unknown option `maxLenght`; did you mean `maxLength`\?/,
    );
    const away = redisAuditSink({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 500 });
    sinks.push(away);
    const pii = createPii({ audit: { sink: away, secret: SECRET } });
    await expect(pii.session('c').forget()).rejects.toThrow(PiiAuditError);
  });
});
