import { describe, expect, it } from 'vitest';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import { describeVaultStoreContract } from './store-contract';

describeVaultStoreContract('memory store', () => memoryVaultStore());

describe('memoryVaultStore bounds', () => {
  const item = (i: number) => ({ label: 'EMAIL', canonical: `${i}@x.fr`, value: `${i}@x.fr` });

  it('refuses allocation beyond maxEntriesPerConversation, but still finds known values', async () => {
    const store = memoryVaultStore({ maxEntriesPerConversation: 2 });
    await store.allocate('c', [item(1), item(2)]);
    await expect(store.allocate('c', [item(3)])).rejects.toThrow(/maximum of 2 entries/);
    expect((await store.allocate('c', [item(2)]))[0]?.n).toBe(2);
    expect(await store.summary('c')).toEqual({ entries: 2, labels: { EMAIL: 2 } });
  });

  it('drops a conversation idle for longer than idleTtlMs, and access keeps it alive', async () => {
    let now = 0;
    const store = memoryVaultStore({ idleTtlMs: 1000, now: () => now });
    await store.allocate('kept', [item(1)]);
    await store.allocate('idle', [item(1)]);
    now = 800;
    await store.list('kept'); // any access slides the TTL
    now = 1500;
    expect(await store.list('kept')).toHaveLength(1);
    expect(await store.list('idle')).toEqual([]);
    expect((await store.allocate('idle', [item(9)]))[0]?.n).toBe(1);
  });

  it('evicts the least recently used conversation beyond maxConversations', async () => {
    const store = memoryVaultStore({ maxConversations: 2 });
    await store.allocate('a', [item(1)]);
    await store.allocate('b', [item(1)]);
    await store.getByRefs('a', [{ label: 'EMAIL', n: 1 }]); // `a` is now the most recent
    await store.allocate('c', [item(1)]);
    expect(await store.list('b')).toEqual([]);
    expect(await store.list('a')).toHaveLength(1);
    expect(await store.list('c')).toHaveLength(1);
  });
});
