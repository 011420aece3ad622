import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { PiiInventedTokenError } from '../../../src/core/errors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import { describeVaultStoreContract } from './store-contract';

const DAY = 24 * 60 * 60 * 1000;
let contractNow = 0;
describeVaultStoreContract('memory store', () => memoryVaultStore({ now: () => contractNow }), {
  // Past the default idle TTL (24 h): every conversation of this store expires.
  expire: () => {
    contractNow += 2 * DAY;
  },
});

describe('memoryVaultStore bounds', () => {
  const item = (i: number) => ({ label: 'EMAIL', canonical: `${i}@x.fr`, value: `${i}@x.fr` });

  it('refuses allocation beyond maxEntriesPerConversation, but still finds known values', async () => {
    const store = memoryVaultStore({ maxEntriesPerConversation: 2 });
    await store.allocate('c', [item(1), item(2)]);
    await expect(store.allocate('c', [item(3)])).rejects.toThrow(/maximum of 2 entries/);
    expect((await store.allocate('c', [item(2)]))[0]?.n).toBe(2);
    expect(await store.summary('c')).toEqual({ entries: 2, labels: { EMAIL: 2 } });
  });

  it('keeps at most maxToolCallsPerConversation recorded tool calls, dropping the oldest', async () => {
    const store = memoryVaultStore({ maxToolCallsPerConversation: 2 });
    await store.recordToolCall!('c', 'k1');
    await store.recordToolCall!('c', 'k2');
    await store.recordToolCall!('c', 'k1'); // recorded again: now the most recent
    await store.recordToolCall!('c', 'k3');
    expect(await store.hasToolCall!('c', 'k2')).toBe(false);
    expect(await store.hasToolCall!('c', 'k1')).toBe(true);
    expect(await store.hasToolCall!('c', 'k3')).toBe(true);
  });

  it('recorded tool calls live as long as the conversation: an access slides the idle TTL', async () => {
    let now = 0;
    const store = memoryVaultStore({ idleTtlMs: 1000, now: () => now });
    await store.recordToolCall!('c', 'k1');
    now = 800;
    expect(await store.hasToolCall!('c', 'k1')).toBe(true);
    now = 1600;
    expect(await store.hasToolCall!('c', 'k1')).toBe(true);
    now = 2700;
    expect(await store.hasToolCall!('c', 'k1')).toBe(false);
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
    // Its counters survived: `EMAIL:1` stays unknown instead of naming `9@x.fr`.
    expect((await store.allocate('idle', [item(9)]))[0]?.n).toBe(2);
    expect(await store.getByRefs('idle', [{ label: 'EMAIL', n: 1 }])).toEqual([undefined]);
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
    // An evicted conversation continues its numbering when it comes back.
    expect((await store.allocate('b', [item(2)]))[0]?.n).toBe(2);
  });

  it('refuses an old token after the idle TTL, never restoring it to a new value', async () => {
    let now = 0;
    const session = createPii({
      store: memoryVaultStore({ now: () => now, idleTtlMs: 1000 }),
    }).session('ttl');
    const history = await session.anonymize('Écrivez à jean.dupont@exemple.fr'); // stored by the app
    now = 5000;
    expect(await session.anonymize('et copie à marie.curie@exemple.fr')).toBe(
      'et copie à <<EMAIL:2>>',
    );
    await expect(session.restore(history)).rejects.toBeInstanceOf(PiiInventedTokenError);
    expect(await session.restore(history, { invented: 'keep' })).toBe(history);
  });

  it('keeps the counters of at most retainedCounters dropped conversations, oldest dropped first', async () => {
    const store = memoryVaultStore({ retainedCounters: 2 });
    for (const id of ['a', 'b', 'c']) await store.allocate(id, [item(1), item(2)]);
    await store.forget('a');
    await store.forget('b');
    await store.forget('c'); // `a`'s counters are the oldest retained: they go
    expect((await store.allocate('b', [item(5)]))[0]?.n).toBe(3);
    expect((await store.allocate('c', [item(5)]))[0]?.n).toBe(3);
    expect((await store.allocate('a', [item(5)]))[0]?.n).toBe(1);
  });

  it('keeps counters across repeated drops, and none with retainedCounters: 0', async () => {
    let now = 0;
    const store = memoryVaultStore({ idleTtlMs: 1000, now: () => now });
    await store.allocate('c', [item(1)]);
    await store.forget('c');
    await store.allocate('c', [item(2)]);
    now = 2000; // idle
    await store.allocate('c', [item(3)]);
    now = 2500;
    await store.forget('c');
    await store.forget('c'); // twice is fine
    expect((await store.allocate('c', [item(4)]))[0]?.n).toBe(4);
    expect(await store.summary('c')).toEqual({ entries: 1, labels: { EMAIL: 1 } });

    const none = memoryVaultStore({ retainedCounters: 0 });
    await none.allocate('c', [item(1)]);
    await none.forget('c');
    expect((await none.allocate('c', [item(2)]))[0]?.n).toBe(1);
  });

  it('retains the counters of conversations evicted by maxConversations', async () => {
    const store = memoryVaultStore({ maxConversations: 1 });
    for (let round = 0; round < 3; round++) {
      for (const id of ['x', 'y']) await store.allocate(id, [item(round)]);
    }
    expect((await store.list('y')).map((e) => e.n)).toEqual([3]);
    expect((await store.allocate('x', [item(9)]))[0]?.n).toBe(4);
  });
});
