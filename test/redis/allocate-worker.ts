/**
 * A separate Node process that allocates on one conversation, for the multi-process test.
 * Input (env PII_WORKER, JSON): url, prefix, conversationId, worker, batches, encryption.
 * Protocol on stdio: prints `ready` once connected, waits for a line on stdin, then fires
 * every allocation at once and prints one JSON line with all the entries it got.
 */
import { createInterface } from 'node:readline';
import type { VaultItem } from '../../src/core/vault/types';
import { type RedisVaultEncryption, redisVaultStore } from '../../src/redis';

interface WorkerInput {
  url: string;
  prefix: string;
  conversationId: string;
  batches: VaultItem[][];
  encryption: RedisVaultEncryption;
}

const input = JSON.parse(process.env.PII_WORKER ?? '') as WorkerInput;
const store = redisVaultStore({
  url: input.url,
  prefix: input.prefix,
  encryption: input.encryption,
});

await store.summary(input.conversationId); // connect before the start signal
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();

const results = await Promise.all(
  input.batches.map((batch) => store.allocate(input.conversationId, batch)),
);
process.stdout.write(`${JSON.stringify(results)}\n`);
await store.close();
