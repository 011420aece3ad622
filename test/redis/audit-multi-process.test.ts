/**
 * 4 processes x 50 concurrent tool calls on one conversation, vault and audit trail in the same
 * real Redis: the trail is one chain, valid, with no gap, and holds every call (issue 19).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { verifyAuditTrail } from '../../src/core/audit/verify-audit-trail';
import { readAuditTrail } from '../../src/redis';
import { redisUrl, testEncryption } from './helpers';
import { startWorkerProcess } from './worker-process';

const WORKERS = 4;
const CALLS = 50;
const SECRET = 'multi-process-secret-0123456789abcdef-01';
const workerPath = fileURLToPath(new URL('./audit-worker.ts', import.meta.url));

const startWorker = (env: object) =>
  startWorkerProcess<{ received: string[]; errors: number }>(workerPath, env);

it(`${WORKERS} processes x ${CALLS} concurrent tool calls on one conversation: one audit chain, valid, no gap`, async () => {
  const conversationId = `audit-multi-${randomUUID()}`;
  const prefix = 'audit-multi:';
  const encryption = testEncryption();
  const workers = Array.from({ length: WORKERS }, (_, worker) =>
    startWorker({
      url: redisUrl(),
      prefix,
      conversationId,
      worker,
      calls: CALLS,
      secret: SECRET,
      encryption,
    }),
  );
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go(); // all start at once
  const results = await Promise.all(workers.map((w) => w.done));
  for (const r of results) {
    expect(r.errors).toBe(0);
    expect(r.received).toEqual(Array(CALLS).fill('jean@exemple.fr'));
  }

  const trail = await readAuditTrail(
    { url: redisUrl(), prefix: `${prefix}audit:` },
    conversationId,
  );
  // Per process: one model call and its 50 tool calls.
  expect(trail).toHaveLength(WORKERS * (CALLS + 1));
  expect(trail.map((e) => e.seq)).toEqual(trail.map((_, i) => i));
  const secrets = Object.fromEntries(
    Array.from({ length: WORKERS }, (_, w) => [`worker-${w}`, SECRET]),
  );
  expect(await verifyAuditTrail(trail, { secrets })).toEqual({
    ok: true,
    entries: WORKERS * (CALLS + 1),
    conversations: 1,
  });
  const toolCalls = trail.filter((e) => e.type === 'tool-call');
  expect(toolCalls).toHaveLength(WORKERS * CALLS);
  // Each result held the address it was given back and a new one: both masked.
  for (const e of toolCalls) {
    expect(e).toMatchObject({ outcome: 'ok', restored: { EMAIL: 1 }, masked: { EMAIL: 2 } });
  }
  // All four processes wrote into the one chain (each under its own key id).
  expect(new Set(trail.map((e) => e.keyId)).size).toBe(WORKERS);
});
