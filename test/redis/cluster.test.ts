import { createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisVaultStore } from '../../src/redis';
import { conversationKeys, keyList } from '../../src/redis/keys';
import { describeVaultStoreContract } from '../core/vault/store-contract';
import { expireValues, testEncryption } from './helpers';
import { type RedisCluster, startRedisCluster } from './redis-cluster';

/** The same contract on a real three-master Redis Cluster, through node-redis `createCluster`. */
let cluster: RedisCluster;
let client: ReturnType<typeof createCluster>;

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
  () => redisVaultStore({ client, encryption: testEncryption() }),
  { expire: (_, id) => expireValues(client, 'pii:', id) },
);

describe('Redis Cluster placement', () => {
  it('spreads conversations over the masters, each conversation in one slot', async () => {
    const store = redisVaultStore({ client, encryption: testEncryption() });
    const ids = Array.from({ length: 12 }, (_, i) => `spread-${i}`);
    for (const id of ids) {
      await store.allocate(id, [{ label: 'EMAIL', canonical: `${id}@x.fr`, value: `${id}@x.fr` }]);
    }
    const owners = new Set<string>();
    for (const id of ids) {
      const keys = keyList(conversationKeys('pii:', id));
      const slots = new Set<number>();
      for (const key of keys) {
        // Ask a master node where the key lives.
        const node = client.masters[0]!;
        const nodeClient = await client.nodeClient(node);
        slots.add(Number(await nodeClient.sendCommand(['CLUSTER', 'KEYSLOT', key])));
      }
      expect(slots.size).toBe(1);
      const [slot] = [...slots];
      owners.add(client.getSlotMaster(slot!).address);
      expect((await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]))[0]?.value).toBe(`${id}@x.fr`);
    }
    expect(owners.size).toBeGreaterThan(1);
  });
});
