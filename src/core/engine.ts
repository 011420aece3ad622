import type { DetectionPipeline } from './detect/detect-spans';
import type { PiiSpan } from './detect/types';
import { PiiStoreError } from './errors';
import type { PlaceholderFormat } from './placeholder/format';
import { type Canonicalizer, DIGIT_GROUP_LABELS } from './vault/canonical';
import {
  buildKnownValueMatcher,
  type KnownValueMatcher,
  type MatchIdentifier,
} from './vault/known-value-matcher';
import type { VaultEntry, VaultListing, VaultStore } from './vault/types';

/** Everything a session needs; shared by all sessions of one `createPii` instance. */
export interface Engine {
  /** Known values and sweep matchers of recent conversations, kept between requests. */
  caches: ConversationCaches;
  pipeline: DetectionPipeline;
  store: VaultStore;
  format: PlaceholderFormat;
  canonicalize(label: string, value: string): string;
}

/** Builds the canonicaliser from per-label functions and a fallback. */
export function canonicalizerFor(
  table: Readonly<Record<string, Canonicalizer>>,
  fallback: Canonicalizer,
): (label: string, value: string) => string {
  return (label, value) => (table[label] ?? fallback)(value);
}

/** Checks what a store's `listSince` gave, since the sweep relies on its positions. */
function checkedListing(listing: VaultListing, offset: number): VaultListing {
  if (
    !listing ||
    !Array.isArray(listing.entries) ||
    !Number.isSafeInteger(listing.total) ||
    listing.total < 0 ||
    typeof listing.generation !== 'string' ||
    listing.entries.length > Math.max(0, listing.total - offset)
  ) {
    throw new PiiStoreError(
      `The vault store's listSince() gave an invalid listing from offset ${offset}`,
    );
  }
  return listing;
}

/**
 * What one session knows of its conversation's vault: the entries it listed, and the sweep
 * matcher built from them, rebuilt only when the vault has grown (entries only append).
 * With a store that has `listSince`, each call fetches only the entries allocated since the
 * previous one (by this process or any other), and starts over when the store reports that
 * the values were dropped (another generation, or fewer entries than held).
 */
export class MatcherCache {
  #key = '';
  #matcher: KnownValueMatcher = buildKnownValueMatcher([]);
  // Positions 0 .. #position - 1 of generation #generation. Arrays are never changed once
  // made (a call may still be using one while another replaces it).
  #entries: readonly VaultEntry[] = [];
  #position = 0;
  #generation = '';

  /** Every entry that the conversation holds now, in allocation order. */
  async known(store: VaultStore, conversationId: string): Promise<readonly VaultEntry[]> {
    if (typeof store.listSince !== 'function') return store.list(conversationId);
    const base = this.#entries;
    const generation = this.#generation;
    let from = this.#position;
    let page = checkedListing(await store.listSince(conversationId, from), from);
    if (from > 0 && (page.generation !== generation || page.total < from)) {
      // The values were dropped (forget, expiry, eviction) since: what is held is stale.
      from = 0;
      if (page.total > 0) page = checkedListing(await store.listSince(conversationId, 0), 0);
    }
    const known =
      from === 0 ? page.entries : page.entries.length === 0 ? base : base.concat(page.entries);
    // Concurrent calls of one session may answer out of order: keep the longest listing of a
    // generation. Any listing was true when made, so the next call checks it as above.
    if (page.generation !== this.#generation || page.total >= this.#position) {
      this.#entries = known;
      this.#position = page.total;
      this.#generation = page.generation;
    }
    return known;
  }

  /** The sweep matcher of `entries` (those that `known` gave), built again only if they changed. */
  get(entries: readonly VaultEntry[], identify?: MatchIdentifier): KnownValueMatcher {
    const last = entries[entries.length - 1];
    const key = last ? `${entries.length}|${last.label}:${last.n}|${last.canonical}` : '';
    if (key !== this.#key) {
      this.#matcher = buildKnownValueMatcher(entries, identify);
      this.#key = key;
    }
    return this.#matcher;
  }
}

// Labels whose folded view (case, accents, full-width forms, invisible characters) never
// merges two different values: names (one person however spelled) and digit groups. Other
// labels keep case or accents in their identity (`élise@café.example` is not
// `elise@cafe.example`; API keys and URLs are case-sensitive): their sweep matches are
// identified again, and a different value gets its own token.
const FOLD_SAFE_LABELS = new Set([...DIGIT_GROUP_LABELS, 'PERSON', 'IP_ADDRESS']);
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * The identity of a sweep match: the entry's for fold-safe labels; otherwise the canonical
 * form of the matched text, once compatibility forms and invisible characters are removed.
 */
export function matchIdentifier(canonicalize: Engine['canonicalize']): MatchIdentifier {
  return (entry, matched) =>
    FOLD_SAFE_LABELS.has(entry.label)
      ? entry.canonical
      : canonicalize(entry.label, matched.normalize('NFKC').replace(INVISIBLE, ''));
}

/** Rebuilds `text` with each span replaced by `replacement(span)`; spans sorted, disjoint. */
export function spliceSpans(
  text: string,
  spans: readonly PiiSpan[],
  replacement: (span: PiiSpan, i: number) => string,
): string {
  let out = '';
  let at = 0;
  spans.forEach((span, i) => {
    out += text.slice(at, span.start) + replacement(span, i);
    at = span.end;
  });
  return out + text.slice(at);
}

/**
 * The `MatcherCache` of each recent conversation, shared by its sessions (one per request), so
 * that a request does not list the whole vault and rebuild the sweep again: with a store that
 * has `listSince`, it fetches only what was allocated since. Least recently used first out;
 * `max` 0 gives each session its own cache.
 */
export class ConversationCaches {
  readonly #max: number;
  readonly #caches = new Map<string, MatcherCache>();

  constructor(max: number) {
    this.#max = max;
  }

  get(conversationId: string): MatcherCache {
    if (this.#max === 0) return new MatcherCache();
    let cache = this.#caches.get(conversationId);
    if (cache) this.#caches.delete(conversationId);
    else cache = new MatcherCache();
    this.#caches.set(conversationId, cache);
    if (this.#caches.size > this.#max) this.#caches.delete(this.#caches.keys().next().value!);
    return cache;
  }

  /** Forgets what this process holds of a conversation (its values, in clear, in memory). */
  drop(conversationId: string): void {
    this.#caches.delete(conversationId);
  }
}
