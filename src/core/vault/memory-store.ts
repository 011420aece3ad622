import { checkOptions, type OptionKeys } from '../check-options';
import { detachedString } from '../detached-string';
import { LabelValueMap } from './label-value-map';
import { hideListSince, startOf } from './list-since';
import { originOf } from './origin';
import type {
  VaultEntry,
  VaultItem,
  VaultListing,
  VaultRef,
  VaultStore,
  VaultSummary,
} from './types';

export interface MemoryVaultStoreOptions {
  /** Conversations kept at most; the least recently used is evicted first. Default 10,000. */
  maxConversations?: number;
  /** A conversation unused for this long (ms) is dropped. Default 24 hours. */
  idleTtlMs?: number;
  /** Entries one conversation may hold; allocation beyond it fails. Default 100,000. */
  maxEntriesPerConversation?: number;
  /**
   * Tool calls proposed by the model that one conversation keeps a record of (to verify
   * approved calls resumed later); beyond it the oldest record is dropped. Default 10,000.
   */
  maxToolCallsPerConversation?: number;
  /**
   * Conversations whose per-label counters are kept after their values were dropped (idle TTL,
   * eviction, `forget()`), so that their numbers are never given again: an old token stays
   * unknown instead of meaning another value. Least recently dropped go first. The counters
   * hold no personal data (labels and counts). `0` keeps none. Default 100,000.
   */
  retainedCounters?: number;
  /** Clock, for tests. */
  now?: () => number;
}

const MEMORY_STORE_KEYS = {
  maxConversations: 'optional',
  idleTtlMs: 'optional',
  maxEntriesPerConversation: 'optional',
  maxToolCallsPerConversation: 'optional',
  retainedCounters: 'optional',
  now: 'optional',
} as const satisfies OptionKeys<MemoryVaultStoreOptions>;

type Counters = Map<string, number>;

interface Conversation {
  /** Entries by label and canonical form; its `values()` are the entries in allocation order. */
  byKey: LabelValueMap<VaultEntry>;
  byRef: Map<string, VaultEntry>;
  counters: Counters;
  /** Keys of recorded tool calls, oldest first. */
  toolCalls: Set<string>;
  lastUsed: number;
  /** Names this life of the conversation's values (`listSince`): a new one after each drop. */
  generation: string;
}

const refOf = (label: string, n: number) => `${label}:${n}`;
const copyOf = (entry: VaultEntry): VaultEntry => ({ ...entry });

/**
 * The default vault store: in process memory, bounded (LRU over conversations, idle TTL).
 * Fine for development and single-process servers; use `redisVaultStore` when several
 * instances serve one conversation. Allocation runs synchronously inside each call, so
 * concurrent calls can never interleave. Numbers are never given twice in one conversation:
 * when its values are dropped (idle, evicted, forgotten), its counters are kept (bounded by
 * `retainedCounters`) and numbering continues from them, so the tokens of a stored chat
 * history become unknown (invented) tokens, never someone else's value.
 *
 * @example
 * const pii = createPii({ store: memoryVaultStore({ idleTtlMs: 60 * 60 * 1000 }) });
 */
export function memoryVaultStore(options: MemoryVaultStoreOptions = {}): VaultStore {
  checkOptions('memoryVaultStore', options, MEMORY_STORE_KEYS);
  const maxConversations = options.maxConversations ?? 10_000;
  const idleTtlMs = options.idleTtlMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntriesPerConversation ?? 100_000;
  const maxRetained = options.retainedCounters ?? 100_000;
  const maxToolCalls = options.maxToolCallsPerConversation ?? 10_000;
  const now = options.now ?? Date.now;
  const conversations = new Map<string, Conversation>();
  // Counters of conversations whose values are gone, in least-recently-dropped order.
  const retained = new Map<string, Counters>();
  // One per conversation object of this store: a conversation dropped and created again gets
  // another one, so a session's cached entries of the old one are never taken for the new one.
  let generations = 0;

  /** Drops a conversation's values; its counters survive so its numbers stay taken. */
  function drop(id: string, conv: Conversation) {
    conversations.delete(id);
    if (conv.counters.size === 0) return;
    retained.delete(id);
    retained.set(id, conv.counters);
    for (const oldest of retained.keys()) {
      if (retained.size <= maxRetained) break;
      retained.delete(oldest);
    }
  }

  function evictIdle(at: number) {
    // Map iteration is in least-recently-used order because `touch` re-inserts.
    for (const [id, conv] of conversations) {
      if (at - conv.lastUsed <= idleTtlMs && conversations.size <= maxConversations) break;
      drop(id, conv);
    }
  }

  function touch(id: string, create: true): Conversation;
  function touch(id: string, create: false): Conversation | undefined;
  function touch(id: string, create: boolean): Conversation | undefined {
    const at = now();
    let conv = conversations.get(id);
    if (conv && at - conv.lastUsed > idleTtlMs) {
      drop(id, conv);
      conv = undefined;
    }
    if (!conv) {
      if (!create) return undefined;
      const counters = retained.get(id) ?? new Map();
      retained.delete(id);
      conv = {
        byKey: new LabelValueMap(),
        byRef: new Map(),
        counters,
        toolCalls: new Set(),
        lastUsed: at,
        generation: `m${++generations}`,
      };
    } else {
      conversations.delete(id);
    }
    conv.lastUsed = at;
    conversations.set(id, conv);
    evictIdle(at);
    return conv;
  }

  const store: VaultStore = {
    async allocate(id, items: readonly VaultItem[]) {
      const conv = touch(id, true);
      const out: VaultEntry[] = [];
      for (const item of items) {
        let entry = conv.byKey.get(item.label, item.canonical);
        if (!entry) {
          if (conv.byKey.size >= maxEntries) {
            throw new Error(`conversation holds the maximum of ${maxEntries} entries`);
          }
          const n = (conv.counters.get(item.label) ?? 0) + 1;
          conv.counters.set(item.label, n);
          // Copies, not views into the message the value was cut from (`detachedString`):
          // the entry, and the key it is found by, hold the value and nothing more.
          const canonical = detachedString(item.canonical);
          entry = { label: item.label, n, value: detachedString(item.value), canonical };
          // Frozen, so that the copies handed out can share it.
          if (item.origin) entry.origin = Object.freeze(originOf(item.origin));
          conv.byKey.add(item.label, canonical, entry);
          conv.byRef.set(refOf(item.label, n), entry);
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
        const e = conv?.byKey.get(i.label, i.canonical);
        return e && { ...e };
      });
    },
    async list(id) {
      return touch(id, false)?.byKey.values().map(copyOf) ?? [];
    },
    async summary(id): Promise<VaultSummary> {
      const labels: Record<string, number> = {};
      const conv = touch(id, false);
      for (const e of conv?.byKey.values() ?? []) labels[e.label] = (labels[e.label] ?? 0) + 1;
      return { entries: conv?.byKey.size ?? 0, labels };
    },
    async forget(id) {
      const conv = conversations.get(id);
      if (conv) drop(id, conv);
    },
    // Tool calls live in the conversation, so they expire, are evicted and are forgotten with
    // its values.
    async recordToolCall(id, key) {
      const calls = touch(id, true).toolCalls;
      calls.delete(key);
      calls.add(key);
      for (const oldest of calls) {
        if (calls.size <= maxToolCalls) break;
        calls.delete(oldest);
      }
    },
    async hasToolCall(id, key) {
      return touch(id, false)?.toolCalls.has(key) ?? false;
    },
  };
  return hideListSince(store, async (id, offset): Promise<VaultListing> => {
    const from = startOf(offset);
    const conv = touch(id, false);
    if (!conv) return { entries: [], total: 0, generation: '' };
    return {
      entries: conv.byKey.values().slice(from).map(copyOf),
      total: conv.byKey.size,
      generation: conv.generation,
    };
  });
}
