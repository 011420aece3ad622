import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPii as createPiiWith,
  type Detector,
  PiiStoreError,
  piiMiddleware,
} from '../../src/index';
import { type RedisVaultStore, redisVaultStore } from '../../src/redis';
import { testEncryption } from './helpers';
import { type RedisServer, startRedisServer } from './redis-server';

/** Emails and one known name: the tests must not depend on the default detectors. */
const detectors: Detector[] = [
  {
    name: 'test-emails-and-names',
    detect: (text) => [
      ...[...text.matchAll(/[\w.+-]+@[\w-]+\.[\w.]+/g)].map((m) => ({
        start: m.index,
        end: m.index + m[0].length,
        label: 'EMAIL',
      })),
      ...[...text.matchAll(/Jean Dupont/g)].map((m) => ({
        start: m.index,
        end: m.index + m[0].length,
        label: 'PERSON',
      })),
    ],
  },
];
const createPii = (options: { store: RedisVaultStore }) => createPiiWith({ ...options, detectors });

/**
 * Faults on a dedicated redis-server that persists every write (append-only file, fsync
 * always) in a temporary directory, so that a restart keeps the vault. Tested at the
 * `createPii(...).session(id)` level, and through `piiMiddleware` with a mock model.
 */
describe('Redis down and back', () => {
  let dir: string;
  let server: RedisServer;
  const encryption = testEncryption();
  const text = 'Écrivez à Jean Dupont, jean.dupont@exemple.fr';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pii-redis-'));
    server = await startRedisServer({ persistDir: dir });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const storeWith = (commandTimeoutMs: number): RedisVaultStore =>
    redisVaultStore({ url: server.url, encryption, commandTimeoutMs });

  it('fails fast with PiiStoreError while stopped, then continues with the same tokens', async () => {
    // A long command timeout: if the offline queue held commands, this test would time out.
    const store = storeWith(120_000);
    const session = createPii({ store }).session('fault-restart');
    const masked = await session.anonymize(text);
    expect(masked).toContain('<<EMAIL:1>>');
    expect(masked).not.toContain('jean.dupont');

    await server.stop();
    const down = await session.anonymize('Et à marie.curie@exemple.fr').catch((e) => e);
    expect(down).toBeInstanceOf(PiiStoreError);
    expect(down.code).toBe('PII_STORE');
    expect(down.message).toMatch(/unreachable|offline|closed/i);
    await expect(session.restore(masked)).rejects.toBeInstanceOf(PiiStoreError);
    await expect(store.list('fault-restart')).rejects.toThrow(/Redis is unreachable/);

    await server.start();
    // The client reconnects by itself; wait until it has.
    await vi.waitFor(() => expect(session.restore(masked)).resolves.toBe(text), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await session.anonymize(text)).toBe(masked);
    const next = await session.anonymize('Et à marie.curie@exemple.fr');
    expect(next).toBe('Et à <<EMAIL:2>>');
    expect(await store.summary('fault-restart')).toMatchObject({ labels: { EMAIL: 2 } });
    await store.close();
  });

  it('fails with PiiStoreError while Redis hangs (SIGSTOP), and continues after SIGCONT', async () => {
    const store = storeWith(300);
    const session = createPii({ store }).session('fault-pause');
    const masked = await session.anonymize(text);

    server.pause();
    try {
      const hung = await session.anonymize('Et à marie.curie@exemple.fr').catch((e) => e);
      expect(hung).toBeInstanceOf(PiiStoreError);
      expect(hung.message).toMatch(/did not answer/);
      await expect(session.restore(masked)).rejects.toBeInstanceOf(PiiStoreError);
    } finally {
      server.resume();
    }

    await vi.waitFor(() => expect(session.restore(masked)).resolves.toBe(text), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await session.anonymize(text)).toBe(masked);
    // The allocation that timed out may have run once Redis resumed: numbering stays dense.
    const entries = await store.list('fault-pause');
    const emails = entries.filter((e) => e.label === 'EMAIL').map((e) => e.n);
    expect(emails).toEqual(emails.map((_, i) => i + 1));
    expect(await session.anonymize('Et à marie.curie@exemple.fr')).toBe('Et à <<EMAIL:2>>');
    await store.close();
  });

  it('keeps the vault across a restart for a brand-new process (new store, new client)', async () => {
    const first = storeWith(5_000);
    const masked = await createPii({ store: first }).session('fault-new').anonymize(text);
    await first.close();
    await server.stop();
    await server.start();
    const second = storeWith(5_000);
    expect(await createPii({ store: second }).session('fault-new').restore(masked)).toBe(text);
    await second.close();
  });

  it('never calls the model, with clear text or at all, while Redis is down (piiMiddleware)', async () => {
    const store = storeWith(120_000);
    const session = createPii({ store }).session('fault-model');
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        ({
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        }) as never,
    });
    const wrapped = wrapLanguageModel({ model, middleware: piiMiddleware({ session }) });
    const sent = () => JSON.stringify(model.doGenerateCalls.map((c) => c.prompt));

    await generateText({ model: wrapped, prompt: text, maxRetries: 0 });
    expect(sent()).toContain('<<EMAIL:1>>');
    expect(sent()).not.toContain('jean.dupont');

    await server.stop();
    for (const prompt of [text, 'Et à marie.curie@exemple.fr', 'Bonjour']) {
      const error = await generateText({ model: wrapped, prompt, maxRetries: 0 }).catch((e) => e);
      expect(error).toBeInstanceOf(Error);
      const chain: unknown[] = [];
      for (let e: unknown = error; e instanceof Error; e = e.cause) chain.push(e);
      expect(chain.some((e) => e instanceof PiiStoreError)).toBe(true);
    }
    expect(model.doGenerateCalls).toHaveLength(1); // the provider was never reached
    expect(sent()).not.toMatch(/jean\.dupont|marie\.curie|Jean Dupont/);

    await server.start();
    await vi.waitFor(() => expect(store.summary('fault-model')).resolves.toBeDefined(), {
      timeout: 15_000,
      interval: 100,
    });
    await generateText({
      model: wrapped,
      prompt: `${text} Et à marie.curie@exemple.fr`,
      maxRetries: 0,
    });
    const last = JSON.stringify(model.doGenerateCalls.at(-1)?.prompt);
    expect(last).toContain('<<PERSON:1>>, <<EMAIL:1>> Et à <<EMAIL:2>>');
    expect(sent()).not.toMatch(/jean\.dupont|marie\.curie|Jean Dupont/);
    await store.close();
  });
});
