/**
 * Vault stores compared in one run: the memory store and the Redis store (encrypted, and with
 * `encryption: false` to show what encryption costs) on a redis-server started here on a free
 * loopback port. Prints two markdown tables: the store operations, then `session.anonymize` of a
 * 1 KB message on the 10,000-entry conversation with the incremental listing (`listSince`) and
 * with the whole vault listed on every call (`list`, as stores without `listSince` are).
 *
 *   npx tsx bench/vault-stores.bench.ts
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createPii } from '../src/core/create-pii';
import { memoryVaultStore } from '../src/core/vault/memory-store';
import type { VaultItem, VaultStore } from '../src/core/vault/types';
import { redisVaultStore } from '../src/redis';
import { startRedisServer } from '../test/redis/redis-server';

const ENTRIES = 10_000;
const BATCH = 10;
const SINGLE = 2_000;
const LOOKUPS = 5_000;
const TOKENS_PER_LOOKUP = 3;
const ANONYMIZE_CALLS = 200;

const labels = ['EMAIL', 'PERSON', 'PHONE', 'IBAN'];
const item = (i: number, tag: string): VaultItem => {
  const label = labels[i % labels.length]!;
  const canonical = `${tag}-${label.toLowerCase()}-${i}@exemple.fr`;
  return { label, canonical, value: canonical.toUpperCase() };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(store: VaultStore) {
  const conversation = `bench-${randomBytes(6).toString('hex')}`;

  let start = performance.now();
  for (let i = 0; i < ENTRIES; i += BATCH) {
    await store.allocate(
      conversation,
      Array.from({ length: BATCH }, (_, k) => item(i + k, 'b')),
    );
  }
  const batched = ENTRIES / ((performance.now() - start) / 1000);

  const single = `${conversation}-single`;
  start = performance.now();
  for (let i = 0; i < SINGLE; i++) await store.allocate(single, [item(i, 's')]);
  const oneByOne = SINGLE / ((performance.now() - start) / 1000);

  // Restore lookups: a few tokens of the 10,000-entry conversation per call.
  const perLabel = ENTRIES / labels.length;
  let seed = 42;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed;
  };
  const refs = () =>
    Array.from({ length: TOKENS_PER_LOOKUP }, () => ({
      label: labels[random() % labels.length]!,
      n: 1 + (random() % perLabel),
    }));
  for (let i = 0; i < 200; i++) await store.getByRefs(conversation, refs()); // warm-up
  const times: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const wanted = refs();
    const t = performance.now();
    const found = await store.getByRefs(conversation, wanted);
    times.push(performance.now() - t);
    if (found.some((e) => !e)) throw new Error('a lookup missed an allocated entry');
  }
  times.sort((a, b) => a - b);
  const summary = await store.summary(conversation);
  if (summary.entries !== ENTRIES) throw new Error(`expected ${ENTRIES} entries`);
  await store.forget(conversation);
  await store.forget(single);
  return { batched, oneByOne, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The store without `listSince`: sessions list the whole vault on every call. */
const listOnly = (store: VaultStore): VaultStore => ({
  allocate: (...a) => store.allocate(...a),
  getByRefs: (...a) => store.getByRefs(...a),
  getByCanonical: (...a) => store.getByCanonical(...a),
  list: (...a) => store.list(...a),
  summary: (...a) => store.summary(...a),
  forget: (...a) => store.forget(...a),
});

/** A 1 KB user message that repeats two known values (swept) and brings `fresh` new ones. */
function message(call: number, fresh: number): string {
  const known = `${item(17, 'b').value.toLowerCase()} et ${item(4242, 'b').value}`;
  const news = Array.from({ length: fresh }, (_, k) => `new-${call}-${k}@exemple.fr`).join(' ');
  const filler =
    'Bonjour, pourriez-vous reprendre le dossier de la semaine dernière et me dire où en est la ' +
    'demande ? Merci de vérifier les pièces jointes, les dates et les montants indiqués. ';
  let text = `Écrivez à ${known} ${news}. `;
  while (text.length < 1024) text += filler;
  return text.slice(0, 1024);
}

/**
 * p50 / p99 of `session.anonymize` on one session after its first call (which lists the whole
 * vault either way), as the middleware calls it several times per model call.
 */
async function measureAnonymize(store: VaultStore, fresh: number) {
  const conversation = `bench-anon-${randomBytes(6).toString('hex')}`;
  for (let i = 0; i < ENTRIES; i += 100) {
    await store.allocate(
      conversation,
      Array.from({ length: 100 }, (_, k) => item(i + k, 'b')),
    );
  }
  const row: Record<string, { p50: number; p99: number }> = {};
  for (const [mode, s] of [
    ['listSince', store],
    ['list', listOnly(store)],
  ] as const) {
    const session = createPii({ store: s }).session(conversation);
    for (let i = 0; i < 5; i++) await session.anonymize(message(-1 - i, fresh)); // first calls
    const times: number[] = [];
    for (let i = 0; i < ANONYMIZE_CALLS; i++) {
      const text = message(mode === 'list' ? 10_000 + i : i, fresh);
      const t = performance.now();
      const out = await session.anonymize(text);
      times.push(performance.now() - t);
      if (out.includes('@exemple.fr')) throw new Error('a value was left in clear');
    }
    times.sort((a, b) => a - b);
    row[mode] = { p50: percentile(times, 50), p99: percentile(times, 99) };
  }
  await store.forget(conversation);
  return row as Record<'list' | 'listSince', { p50: number; p99: number }>;
}

const server = await startRedisServer();
const warn = console.warn;
console.warn = () => {}; // the `encryption: false` warning is expected here
const encryption = {
  keys: { k1: randomBytes(32) },
  currentKeyId: 'k1',
  hmacKey: randomBytes(32),
};
const stores: [string, VaultStore & { close?: () => Promise<void> }][] = [
  ['memory', memoryVaultStore()],
  // One prefix per setting: a prefix holds the conversations of one HMAC key and naming.
  [
    'redis (AES-256-GCM + HMAC)',
    redisVaultStore({ url: server.url, encryption, prefix: 'bench-encrypted:' }),
  ],
  [
    'redis (encryption: false)',
    redisVaultStore({ url: server.url, encryption: false, prefix: 'bench-plain:' }),
  ],
];
console.warn = warn;

const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;
const rate = (x: number) => Math.round(x).toLocaleString('en-US');
const rows: string[] = [];
const anonymizeRows: string[] = [];
try {
  for (const [name, store] of stores) {
    const r = await measure(store);
    rows.push(
      `| ${name} | ${rate(r.batched)} | ${rate(r.oneByOne)} | ${ms(r.p50)} | ${ms(r.p99)} |`,
    );
    for (const fresh of [0, 1]) {
      const a = await measureAnonymize(store, fresh);
      anonymizeRows.push(
        `| ${name} | ${fresh} | ${ms(a.list.p50)} | ${ms(a.list.p99)} | ${ms(a.listSince.p50)} | ${ms(a.listSince.p99)} |`,
      );
    }
    await store.close?.();
  }
} finally {
  await server.stop();
}

const cpu = cpus();
console.log(
  `\nVault stores: ${ENTRIES.toLocaleString('en-US')}-entry conversation, redis-server on loopback. ` +
    `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}.\n`,
);
console.log(
  `| store | allocations/s (batches of ${BATCH}) | allocations/s (1 per call) | getByRefs ${TOKENS_PER_LOOKUP} tokens p50 | p99 |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);

console.log(
  `\n\`session.anonymize\` of a 1 KB message (default detectors) on one session of the ` +
    `${ENTRIES.toLocaleString('en-US')}-entry conversation, ${ANONYMIZE_CALLS} calls after its first: ` +
    'the whole vault listed on every call (`list`, a store without `listSince`) vs only the ' +
    'entries new since the previous call (`listSince`).\n',
);
console.log(
  '| store | new values per call | `list` p50 | `list` p99 | `listSince` p50 | `listSince` p99 |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of anonymizeRows) console.log(row);
