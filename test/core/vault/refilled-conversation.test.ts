/**
 * A conversation whose values were dropped (by another process, with its numbering counters
 * lost or kept) and then filled again: a listing shaped like the last one (same length, same last
 * entry) is swept for its own values, never for the values that were dropped.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';

/**
 * Two processes on one store that keeps no counter once a conversation is dropped: the first
 * sweeps for `[Alpha Nightjar, Tern]` (CUSTOM:1, 2), then the second drops the conversation and
 * remembers `next` in it (numbered from 1 again). The first process is returned.
 */
async function refilled(withListSince: boolean, next: string[]) {
  const inner = memoryVaultStore({ retainedCounters: 0 });
  // Spreading a built-in store leaves `listSince` out: the conversation is listed whole.
  const store: VaultStore = withListSince ? inner : { ...inner };
  const [p1, p2] = [createPii({ store }), createPii({ store })];
  await p1.session('chat').remember('CUSTOM', 'Alpha Nightjar');
  await p1.session('chat').remember('CUSTOM', 'Tern');
  await p1.session('chat').anonymize('hello');
  await p2.session('chat').forget();
  for (const value of next) await p2.session('chat').remember('CUSTOM', value);
  return p1.session('chat');
}

describe('a conversation dropped and filled again (G1)', () => {
  for (const withListSince of [true, false]) {
    const how = withListSince ? 'listed since' : 'listed whole';
    it(`sweeps a listing shaped like the last one for its own values (${how})`, async () => {
      // `[zxosprey, Tern]`: the same length and the same last entry (CUSTOM:2 Tern).
      const p1 = await refilled(withListSince, ['zxosprey', 'Tern']);
      expect(await p1.anonymize('ask zxosprey about Alpha Nightjar')).toBe(
        'ask <<CUSTOM:1>> about Alpha Nightjar',
      );
    });

    it(`does not take a longer listing whose entry at the last one's end matches for its continuation (${how})`, async () => {
      const p1 = await refilled(withListSince, ['zxosprey', 'Tern', 'Quokka']);
      expect(await p1.anonymize('zxosprey, Quokka, Alpha Nightjar')).toBe(
        '<<CUSTOM:1>>, <<CUSTOM:3>>, Alpha Nightjar',
      );
    });
  }

  it('changes the listing on a drop that keeps the counters (no stale sweep)', async () => {
    const store = memoryVaultStore();
    const [p1, p2] = [createPii({ store }), createPii({ store })];
    await p1.session('k').remember('CUSTOM', 'Alpha Nightjar');
    await p1.session('k').anonymize('hello');
    await p2.session('k').forget();
    await p2.session('k').remember('CUSTOM', 'zxosprey');
    expect(await p1.session('k').anonymize('zxosprey, Alpha Nightjar')).toBe(
      '<<CUSTOM:2>>, Alpha Nightjar',
    );
  });
});
