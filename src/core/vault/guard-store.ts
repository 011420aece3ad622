import { PiiError, PiiStoreError } from '../errors';
import type { VaultStore } from './types';

/** Wraps a store so that every failure surfaces as `PiiStoreError` (fail closed, G7). */
export function guardStore(store: VaultStore): VaultStore {
  const guarded = {} as VaultStore;
  for (const method of [
    'allocate',
    'getByRefs',
    'getByCanonical',
    'list',
    'listSince',
    'summary',
    'forget',
    'recordToolCall',
    'hasToolCall',
  ] as const) {
    const fn = store[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof fn !== 'function') {
      // Optional methods: older custom stores have none, and the guarded store has none either.
      if (method === 'recordToolCall' || method === 'hasToolCall' || method === 'listSince') {
        continue;
      }
      throw new PiiStoreError(`The vault store has no ${method}() method`);
    }
    (guarded as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      try {
        return await fn.apply(store, args);
      } catch (error) {
        if (error instanceof PiiError) throw error;
        throw new PiiStoreError(
          `Vault store failed in ${method}(): ${(error as Error)?.message ?? String(error)}`,
          {
            cause: error,
          },
        );
      }
    };
  }
  return guarded;
}
