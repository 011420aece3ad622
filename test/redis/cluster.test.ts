import { createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisVaultStore } from '../../src/redis';
import { describeVaultStoreContract } from '../core/vault/store-contract';
import { expireValues, testEncryption } from './helpers';
import { type RedisCluster, startRedisCluster } from './redis-cluster';

/** The same contract on a real three-master Redis Cluster, through node-redis `createCluster`. */
let cluster: RedisCluster;
let client: ReturnType<typeof createCluster>;
// One HMAC key for the prefix: a store with another one is refused (the prefix's key check).
const encryption = testEncryption();

beforeAll(async () => {
  cluster = await startRedisCluster();
  client = createCluster({ rootNodes: cluster.nodes.map((n) => ({ url: n.url })) });
  client.on('error', () => {});
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.close();
  await cluster?.stop();
});

describeVaultStoreContract(
  'redis store on Redis Cluster',
  () => redisVaultStore({ client, encryption }),
  { expire: (store, id) => expireValues(client, store.keyNames(id)) },
);

describe('Redis Cluster placement', () => {
  it('spreads conversations over the masters, each conversation in one slot (hashed names)', async () => {
    const store = redisVaultStore({ client, encryption });
    const ids = Array.from({ length: 12 }, (_, i) => `spread-${i}`);
    for (const id of ids) {
      await store.allocate(id, [{ label: 'EMAIL', canonical: `${id}@x.fr`, value: `${id}@x.fr` }]);
      await store.recordToolCall!(id, 'call-1');
    }
    const owners = new Set<string>();
    for (const id of ids) {
      const keys = Object.values(store.keyNames(id));
      expect(keys[0]).toMatch(/^pii:\{#[A-Za-z0-9_-]{22}\}:/);
      const slots = new Set<number>();
      for (const key of keys) {
        // Ask a master node where the key lives.
        const node = client.masters[0]!;
        const nodeClient = await client.nodeClient(node);
        slots.add(Number(await nodeClient.sendCommand(['CLUSTER', 'KEYSLOT', key])));
      }
      expect(slots.size).toBe(1);
      const [slot] = [...slots];
      const master = client.getSlotMaster(slot!);
      owners.add(master.address);
      // The names that keyNames() gives are the keys the store wrote, all on that master.
      expect(await (await client.nodeClient(master)).exists(keys)).toBe(keys.length);
      expect((await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]))[0]?.value).toBe(`${id}@x.fr`);
    }
    expect(owners.size).toBeGreaterThan(1);
  });
});
