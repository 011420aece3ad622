/**
 * A separate Node process that runs one tool loop step with 50 concurrent tool calls on one
 * conversation, with the vault and the audit trail in Redis, for the multi-process audit test.
 * Input (env PII_WORKER, JSON): url, prefix, conversationId, worker, calls, secret, encryption.
 * Protocol on stdio: prints `ready` once connected, waits for a line on stdin, then runs and
 * prints one JSON line: what the tools received.
 */
import { createInterface } from 'node:readline';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { type RedisVaultEncryption, redisAuditSink, redisVaultStore } from '../../src/redis';
import { testEmailDetector } from '../core/helpers';
import { streamResult, toolCallPart } from '../support/mock-model';

interface WorkerInput {
  url: string;
  prefix: string;
  conversationId: string;
  worker: number;
  calls: number;
  secret: string;
  encryption: RedisVaultEncryption;
}

const input = JSON.parse(process.env.PII_WORKER ?? '') as WorkerInput;
const store = redisVaultStore({
  url: input.url,
  prefix: input.prefix,
  encryption: input.encryption,
});
const sink = redisAuditSink({ url: input.url, prefix: `${input.prefix}audit:` });
const pii = createPii({
  detectors: [testEmailDetector],
  store,
  audit: { sink, secret: input.secret, keyId: `worker-${input.worker}` },
});
const session = pii.session(input.conversationId);
await session.summary(); // connect before the start signal
await sink.head(input.conversationId);
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();

const received: string[] = [];
const tools = withPiiTools(
  {
    lookup: tool({
      inputSchema: jsonSchema<{ q: string; i: number }>({
        type: 'object',
        properties: { q: { type: 'string' }, i: { type: 'number' } },
      }),
      execute: async ({ q, i }) => {
        received.push(q);
        return `${q} knows contact-${input.worker}-${i}@exemple.fr`;
      },
    }),
  },
  { session },
);
const calls = Array.from({ length: input.calls }, (_, i) =>
  toolCallPart(`w${input.worker}-c${i}`, 'lookup', { q: '<<EMAIL:1>>', i }),
);
const result = streamText({
  model: wrapLanguageModel({
    model: new MockLanguageModelV3({ doStream: [streamResult(calls)] }),
    middleware: piiMiddleware({ session }),
  }),
  tools,
  messages: [{ role: 'user', content: 'Cherchez les contacts de jean@exemple.fr' }],
  stopWhen: stepCountIs(1),
});
await result.consumeStream();
const errors = (await result.steps)
  .flatMap((s) => s.content)
  .filter((p) => p.type === 'tool-error');
process.stdout.write(`${JSON.stringify({ received, errors: errors.length })}\n`);
await store.close();
await sink.close();
