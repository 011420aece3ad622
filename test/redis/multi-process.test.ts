import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { VaultEntry, VaultItem } from '../../src/core/vault/types';
import { redisVaultStore } from '../../src/redis';
import { redisUrl, testEncryption } from './helpers';
import { startWorkerProcess } from './worker-process';

const WORKERS = 4;
const ALLOCATIONS = 50;
const workerPath = fileURLToPath(new URL('./allocate-worker.ts', import.meta.url));

/** 36 values over three labels; each worker spells them its own way (same canonical). */
function pool(worker: number): VaultItem[] {
  return Array.from({ length: 36 }, (_, i) => {
    const label = ['EMAIL', 'PERSON', 'PHONE'][i % 3]!;
    const canonical = `${label.toLowerCase()}-${i}`;
    return {
      label,
      canonical,
      value: worker % 2 ? canonical.toUpperCase() : `${canonical} (w${worker})`,
    };
  });
}

/** 50 batches of 1-6 items per worker, overlapping heavily with the other workers' batches. */
function batches(worker: number): VaultItem[][] {
  const values = pool(worker);
  let seed = worker * 7919 + 1;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed;
  };
  return Array.from({ length: ALLOCATIONS }, () =>
    Array.from({ length: 1 + (next() % 6) }, () => values[next() % values.length]!),
  );
}

const startWorker = (env: object) => startWorkerProcess<VaultEntry[][]>(workerPath, env);

it(`${WORKERS} processes x ${ALLOCATIONS} concurrent allocations on one conversation: one token per value, dense numbers`, async () => {
  const encryption = testEncryption();
  const conversationId = `multi-${randomUUID()}`;
  const prefix = 'multi:';
  const workers = Array.from({ length: WORKERS }, (_, worker) =>
    startWorker({ url: redisUrl(), prefix, conversationId, batches: batches(worker), encryption }),
  );
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go(); // all start allocating at once
  const results = (await Promise.all(workers.map((w) => w.done))).flat(2);
  expect(results.length).toBeGreaterThan(WORKERS * ALLOCATIONS);

  const tokenOf = new Map<string, string>();
  const entryOf = new Map<string, VaultEntry>();
  for (const e of results) {
    const key = `${e.label}|${e.canonical}`;
    const token = `${e.label}:${e.n}`;
    expect(tokenOf.get(key) ?? token, `${key} has two tokens`).toBe(token);
    tokenOf.set(key, token);
    const seen = entryOf.get(token);
    // One token, one value: same canonical and the same (first-seen) spelling everywhere.
    expect(seen ?? e, `${token} has two values`).toEqual(e);
    entryOf.set(token, e);
  }

  const store = redisVaultStore({ url: redisUrl(), prefix, encryption });
  const listed = await store.list(conversationId);
  expect(listed).toHaveLength(tokenOf.size);
  for (const label of ['EMAIL', 'PERSON', 'PHONE']) {
    const ns = listed.filter((e) => e.label === label).map((e) => e.n);
    expect(ns.slice().sort((a, b) => a - b)).toEqual(ns.map((_, i) => i + 1));
  }
  const summary = await store.summary(conversationId);
  expect(summary.entries).toBe(tokenOf.size);

  // Every token restores to its value.
  const refs = [...entryOf.values()].map(({ label, n }) => ({ label, n }));
  const restored = await store.getByRefs(conversationId, refs);
  expect(restored).toEqual([...entryOf.values()]);
  await store.close();
});
