/**
 * What the audit trail costs, compared in one run: a tool loop (a streamed step with 5 tool
 * calls, then an answer; default detectors) without audit, with a callback sink, and with
 * `redisAuditSink` on a redis-server started here on a free loopback port; then appends alone
 * (sign, hash, store) and 4 writers appending to one conversation at once (how often an entry
 * must be signed again because another writer moved the head), and `verifyAuditTrail`.
 *
 *   npx tsx bench/audit-trail.bench.ts
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { piiMiddleware } from '../src/ai/pii-middleware';
import { withPiiTools } from '../src/ai/with-pii-tools';
import type { AuditEntry } from '../src/core/audit/audit-entry';
import type { AuditSink } from '../src/core/audit/audit-sink';
import { type AuditOptions, AuditTrail } from '../src/core/audit/audit-trail';
import { verifyAuditTrail } from '../src/core/audit/verify-audit-trail';
import { createPii } from '../src/core/create-pii';
import { redisAuditSink } from '../src/redis';
import { startRedisServer } from '../test/redis/redis-server';
import { streamResult, textParts, toolCallPart } from '../test/support/mock-model';

const SECRET = 'bench-audit-secret-0123456789abcdef-0123';
const LOOPS = 150;
const APPENDS = 2_000;
const WRITERS = 4;
const PER_WRITER = 250;

/** `onEvent` alone: the events are counted and built, not signed nor stored. */
const EVENTS_ONLY = { sink: () => {}, secret: '' } as unknown as AuditOptions;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, d = 2) => n.toFixed(d);

/** One tool loop on a new conversation; its wall time in ms. */
async function loop(audit: AuditOptions | undefined, id: string): Promise<number> {
  const pii =
    loop.pii.get(audit) ??
    createPii(audit === EVENTS_ONLY ? { onEvent: () => {} } : audit ? { audit } : {});
  loop.pii.set(audit, pii);
  const session = pii.session(id);
  const tools = withPiiTools(
    {
      lookup: tool({
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
        }),
        execute: async ({ q }) => `${q}: Marie Curie, marie.curie@exemple.fr, +33 6 12 34 56 78`,
      }),
    },
    { session },
  );
  const calls = Array.from({ length: 5 }, (_, i) =>
    toolCallPart(`c${i}`, 'lookup', { q: '<<EMAIL:1>>' }),
  );
  const model = new MockLanguageModelV3({
    doStream: [streamResult(calls), streamResult(textParts('t', ['Trouvé <<PERSON:2>>.']))],
  });
  const start = performance.now();
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    tools,
    messages: [{ role: 'user', content: 'Cherchez Jean Dupont, jean.dupont@exemple.fr, à Lyon.' }],
    stopWhen: stepCountIs(2),
  });
  await result.consumeStream();
  return performance.now() - start;
}
loop.pii = new Map<AuditOptions | undefined, ReturnType<typeof createPii>>();

const server = await startRedisServer();
const sinks = [
  redisAuditSink({ url: server.url, prefix: 'bench-audit:' }),
  ...Array.from({ length: WRITERS }, () =>
    redisAuditSink({ url: server.url, prefix: 'bench-race:' }),
  ),
];
try {
  const kept: AuditEntry[] = [];
  const setups: [string, AuditOptions | undefined][] = [
    ['no audit', undefined],
    ['onEvent only (events counted, not signed)', EVENTS_ONLY],
    ['callback sink (in memory)', { sink: (e) => void kept.push(e), secret: SECRET }],
    ['redisAuditSink', { sink: sinks[0]!, secret: SECRET }],
  ];
  const times = new Map<string, number[]>(setups.map(([name]) => [name, []]));
  for (const [, audit] of setups) await loop(audit, 'warm-up'); // JIT, detectors, connection
  for (let i = 0; i < LOOPS; i++) {
    // Interleaved, so that the machine's other load falls on all three alike.
    for (const [name, audit] of setups)
      times.get(name)!.push(await loop(audit, `loop-${name}-${i}`));
  }
  const base = median(times.get('no audit')!);
  console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}; Redis on loopback`);
  console.log('\n| tool loop (2 model calls, 5 tool calls: 7 entries) | p50 | vs no audit |');
  console.log('|---|---:|---:|');
  for (const [name] of setups) {
    const m = median(times.get(name)!);
    console.log(`| ${name} | ${fmt(m)} ms | ${fmt(m / base)}× |`);
  }

  // Appends alone: sign (HMAC), hash (SHA-256), store.
  console.log('\n| appends, one conversation, one writer | entries/s |');
  console.log('|---|---:|');
  for (const [name, sink] of [
    ['callback sink', (() => {}) as AuditOptions['sink']],
    ['redisAuditSink', sinks[0]!],
  ] as const) {
    const trail = new AuditTrail({ sink, secret: SECRET });
    const start = performance.now();
    for (let i = 0; i < APPENDS; i++) {
      await trail.append({ type: 'forget', conversationId: `append-${name}` }, new Date());
    }
    console.log(`| ${name} | ${fmt(APPENDS / ((performance.now() - start) / 1000), 0)} |`);
  }

  // Writers racing on one conversation, each with its own client and head (as processes are).
  let appended = 0;
  let calls = 0;
  let refused = 0;
  const counting = (sink: AuditSink): AuditSink => ({
    head: sink.head,
    async append(entries, hashes) {
      const result = await sink.append(entries, hashes);
      calls++;
      if (result.ok) appended += entries.length;
      else refused++;
      return result;
    },
  });
  const race = 'race';
  const start = performance.now();
  await Promise.all(
    sinks.slice(1).map(async (sink) => {
      const trail = new AuditTrail({ sink: counting(sink), secret: SECRET });
      await Promise.all(
        Array.from({ length: PER_WRITER }, () =>
          trail.append({ type: 'forget', conversationId: race }, new Date()),
        ),
      );
    }),
  );
  const raceMs = performance.now() - start;
  const entries = await sinks[1]!.read(race);
  const verifyStart = performance.now();
  const verified = await verifyAuditTrail(entries, { secret: SECRET });
  const verifyMs = performance.now() - verifyStart;
  console.log(
    `\n${WRITERS} writers × ${PER_WRITER} concurrent appends on one conversation: ${appended} entries in ${fmt(raceMs, 0)} ms (${fmt(appended / (raceMs / 1000), 0)}/s), in ${calls} calls to the sinks (batches), ${refused} of them refused because another writer had moved the head; chain ${verified.ok ? 'valid' : 'INVALID'}, seq 0 to ${entries.at(-1)?.seq}`,
  );
  console.log(
    `verifyAuditTrail: ${entries.length} entries in ${fmt(verifyMs, 1)} ms (${fmt(entries.length / (verifyMs / 1000), 0)}/s)`,
  );
} finally {
  for (const sink of sinks) await sink.close();
  await server.stop();
}
