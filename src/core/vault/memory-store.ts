import type { VaultEntry, VaultItem, VaultRef, VaultStore, VaultSummary } from './types';

export interface MemoryVaultStoreOptions {
  /** Conversations kept at most; the least recently used is evicted first. Default 10,000. */
  maxConversations?: number;
  /** A conversation unused for this long (ms) is dropped. Default 24 hours. */
  idleTtlMs?: number;
  /** Entries one conversation may hold; allocation beyond it fails. Default 100,000. */
  maxEntriesPerConversation?: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface Conversation {
  byKey: Map<string, VaultEntry>;
  byRef: Map<string, VaultEntry>;
  counters: Map<string, number>;
  order: VaultEntry[];
  lastUsed: number;
}

const keyOf = (label: string, canonical: string) => `${label}\u0000${canonical}`;
const refOf = (label: string, n: number) => `${label}:${n}`;

/**
 * The default vault store: in process memory, bounded (LRU over conversations, idle TTL).
 * Fine for development and single-process servers; use `redisVaultStore` when several
 * instances serve one conversation. Allocation runs synchronously inside each call, so
 * concurrent calls can never interleave.
 *
 * @example
 * const pii = createPii({ store: memoryVaultStore({ idleTtlMs: 60 * 60 * 1000 }) });
 */
export function memoryVaultStore(options: MemoryVaultStoreOptions = {}): VaultStore {
  const maxConversations = options.maxConversations ?? 10_000;
  const idleTtlMs = options.idleTtlMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntriesPerConversation ?? 100_000;
  const now = options.now ?? Date.now;
  const conversations = new Map<string, Conversation>();

  function evictIdle(at: number) {
    // Map iteration is in least-recently-used order because `touch` re-inserts.
    for (const [id, conv] of conversations) {
      if (at - conv.lastUsed <= idleTtlMs && conversations.size <= maxConversations) break;
      conversations.delete(id);
    }
  }

  function touch(id: string, create: true): Conversation;
  function touch(id: string, create: false): Conversation | undefined;
  function touch(id: string, create: boolean): Conversation | undefined {
    const at = now();
    let conv = conversations.get(id);
    if (conv && at - conv.lastUsed > idleTtlMs) {
      conversations.delete(id);
      conv = undefined;
    }
    if (!conv) {
      if (!create) return undefined;
      conv = { byKey: new Map(), byRef: new Map(), counters: new Map(), order: [], lastUsed: at };
    } else {
      conversations.delete(id);
    }
    conv.lastUsed = at;
    conversations.set(id, conv);
    evictIdle(at);
    return conv;
  }

  return {
    async allocate(id, items: readonly VaultItem[]) {
      const conv = touch(id, true);
      const out: VaultEntry[] = [];
      for (const item of items) {
        const key = keyOf(item.label, item.canonical);
        let entry = conv.byKey.get(key);
        if (!entry) {
          if (conv.order.length >= maxEntries) {
            throw new Error(`conversation holds the maximum of ${maxEntries} entries`);
          }
          const n = (conv.counters.get(item.label) ?? 0) + 1;
          conv.counters.set(item.label, n);
          entry = { label: item.label, n, value: item.value, canonical: item.canonical };
          conv.byKey.set(key, entry);
          conv.byRef.set(refOf(item.label, n), entry);
          conv.order.push(entry);
        }
        out.push({ ...entry });
      }
      return out;
    },
    async getByRefs(id, refs: readonly VaultRef[]) {
      const conv = touch(id, false);
      return refs.map((r) => {
        const e = conv?.byRef.get(refOf(r.label, r.n));
        return e && { ...e };
      });
    },
    async getByCanonical(id, items) {
      const conv = touch(id, false);
      return items.map((i) => {
        const e = conv?.byKey.get(keyOf(i.label, i.canonical));
        return e && { ...e };
      });
    },
    async list(id) {
      return touch(id, false)?.order.map((e) => ({ ...e })) ?? [];
    },
    async summary(id): Promise<VaultSummary> {
      const labels: Record<string, number> = {};
      const conv = touch(id, false);
      for (const e of conv?.order ?? []) labels[e.label] = (labels[e.label] ?? 0) + 1;
      return { entries: conv?.order.length ?? 0, labels };
    },
    async forget(id) {
      conversations.delete(id);
    },
  };
}
