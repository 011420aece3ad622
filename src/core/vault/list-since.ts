import { PiiConfigError } from '../errors';
import type { VaultListing, VaultStore } from './types';

type ListSince = (conversationId: string, offset: number) => Promise<VaultListing>;

/**
 * Gives a store its `listSince` as a non-enumerable property. A wrapper made by spreading the
 * store (`{ ...store, list: myList }`) then has no `listSince`, and sessions list it through
 * the `list` it chose, instead of an incremental listing that would bypass it.
 */
export function hideListSince<S extends VaultStore>(store: S, listSince: ListSince): S {
  Object.defineProperty(store, 'listSince', {
    value: listSince,
    enumerable: false,
    writable: true,
    configurable: true,
  });
  return store;
}

/** Checks a `listSince` offset: a non-negative integer. */
export function startOf(offset: number): number {
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new PiiConfigError(`listSince: offset must be a non-negative integer (got ${offset})`);
  }
  return offset;
}
