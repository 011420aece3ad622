/**
 * `memoryVaultStore().allocate` (public) keeps detached copies of strings only: an item whose
 * value is not a string, which only a JavaScript caller can pass, is stored as given.
 */
import { describe, expect, it } from 'vitest';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

describe('memoryVaultStore keeps detached copies of strings only', () => {
  // Out of contract, but no throw: `JSON.parse(JSON.stringify(s))` as a detached copy would throw
  // `SyntaxError: "undefined" is not valid JSON` for a non-string (`undefined`). Only a JavaScript caller of the public `memoryVaultStore().allocate` can
  // pass one: `anonymize` and `remember` always pass strings.
  it('allocates an item whose value is not a string, as before', async () => {
    const store = memoryVaultStore();
    const item = { label: 'X', canonical: 'k', value: undefined as unknown as string };
    await expect(store.allocate('c', [item])).resolves.toMatchObject([{ label: 'X', n: 1 }]);
  });
});
