import { describe, expect, it } from 'vitest';
import { PiiStoreError } from '../../../src/core/errors';
import { guardStore } from '../../../src/core/vault/guard-store';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';

describe('guardStore and the optional tool-call methods', () => {
  it('wraps recordToolCall / hasToolCall when the store has them: failures become PiiStoreError', async () => {
    const inner = memoryVaultStore();
    const failing: VaultStore = {
      ...inner,
      recordToolCall: () => Promise.reject(new Error('connection lost')),
      hasToolCall: () => {
        throw new Error('boom');
      },
    };
    const guarded = guardStore(failing);
    const recorded = await guarded.recordToolCall!('c', 'k').catch((e: unknown) => e);
    expect(recorded).toBeInstanceOf(PiiStoreError);
    expect((recorded as Error).message).toMatch(/recordToolCall\(\): connection lost/);
    await expect(guarded.hasToolCall!('c', 'k')).rejects.toThrow(/hasToolCall\(\): boom/);

    const working = guardStore(memoryVaultStore());
    await working.recordToolCall!('c', 'k');
    expect(await working.hasToolCall!('c', 'k')).toBe(true);
  });

  it('leaves them out for a store written before them, which keeps working', async () => {
    const { recordToolCall: _r, hasToolCall: _h, ...old } = memoryVaultStore();
    const guarded = guardStore(old);
    expect(guarded.recordToolCall).toBeUndefined();
    expect(guarded.hasToolCall).toBeUndefined();
    expect(
      (await guarded.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]))[0]
        ?.n,
    ).toBe(1);
  });

  it('wraps listSince when the store has it, and leaves it out when it has not', async () => {
    const inner = memoryVaultStore();
    await inner.allocate('c', [{ label: 'EMAIL', canonical: 'a@x.fr', value: 'a@x.fr' }]);
    const working = guardStore(inner);
    expect(await working.listSince!('c', 0)).toMatchObject({ total: 1, entries: [{ n: 1 }] });
    await expect(working.listSince!('c', -1)).rejects.toThrow(/offset/);

    const failing = guardStore({
      ...inner,
      listSince: () => Promise.reject(new Error('connection lost')),
    });
    const error = await failing.listSince!('c', 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect((error as Error).message).toMatch(/listSince\(\): connection lost/);

    // Spreading the memory store leaves listSince out (it is not enumerable).
    expect(guardStore({ ...inner }).listSince).toBeUndefined();
  });
});
