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
});
