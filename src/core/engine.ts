import type { ChatStore } from './chats/types';
import type { DetectionPipeline } from './detect/detect-spans';
import { DetectionMemo } from './detect/detection-memo';
import {
  isMergedCanonical,
  mergedCanonical,
  outsideMergedNamespace,
} from './detect/merged-canonical';
import type { PiiSpan } from './detect/types';
import { PiiStoreError } from './errors';
import type { EventHub } from './event-hub';
import type { HistorySigner } from './history/history-signer';
import { ReadingMemo } from './match/reading-memo';
import type { PlaceholderFormat } from './placeholder/format';
import { type Canonicalizer, DIGIT_GROUP_LABELS } from './vault/canonical';
import {
  buildKnownValueMatcher,
  type KnownValueMatcher,
  type MatchIdentifier,
} from './vault/known-value-matcher';
import { LabelValueMap } from './vault/label-value-map';
import type { VaultEntry, VaultListing, VaultStore } from './vault/types';

/** Everything a session needs; shared by all sessions of one `createPii` instance. */
export interface Engine {
  /** Known values and sweep matchers of recent conversations, kept between requests. */
  caches: ConversationCaches;
  pipeline: DetectionPipeline;
  /** Whether a conversation's long texts are detected once (`DetectionMemo`). */
  rememberDetections: boolean;
  store: VaultStore;
  /** Where chats are kept, when the app gave `createPii({ chats })`. */
  chats: ChatStore | undefined;
  /** Signs assistant messages, when the app gave `createPii({ historySecret })`. */
  historySigner: HistorySigner | undefined;
  format: PlaceholderFormat;
  canonicalize(label: string, value: string): string;
  /** Where conversation events go (audit trail, `onEvent`, spans); `undefined`: nowhere. */
  events: EventHub | undefined;
}

/** Builds the canonicaliser from per-label functions and a fallback. */
export function canonicalizerFor(
  table: Readonly<Record<string, Canonicalizer>>,
  fallback: Canonicalizer,
): (label: string, value: string) => string {
  return (label, value) => outsideMergedNamespace((table[label] ?? fallback)(value));
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
 * Whether two listed entries are the same: label, number, canonical form and value (a store
 * without `listSince` lists new objects each time; after a drop, a number may come back for
 * another value if the store lost its counters).
 */
const sameEntry = (a: VaultEntry, b: VaultEntry) =>
  a === b ||
  (a.label === b.label && a.n === b.n && a.canonical === b.canonical && a.value === b.value);

/** Whether the first `count` entries of `a` and `b` are the same (`Infinity`: all, as many). */
function samePrefix(a: readonly VaultEntry[], b: readonly VaultEntry[], count: number): boolean {
  if (count === Infinity && a.length !== b.length) return false;
  const n = Math.min(count, a.length);
  if (n > b.length || (count !== Infinity && n < count)) return false;
  for (let i = 0; i < n; i++) if (!sameEntry(a[i]!, b[i]!)) return false;
  return true;
}

/**
 * What one session knows of its conversation's vault: the entries it listed, and the sweep
 * matcher built from them, rebuilt only when the vault has grown (entries only append).
 * With a store that has `listSince`, each call fetches only the entries allocated since the
 * previous one (by this process or any other), and starts over when the store reports that
 * the values were dropped (another generation, or fewer entries than held).
 */
export class MatcherCache {
  /** What the detectors found in the conversation's recent long texts. */
  readonly detections = new DetectionMemo();
  /** What the readings' scans found in them (payloads, layout), by the same digests. */
  readonly readings = new ReadingMemo();

  // The sweep is a base matcher over the entries listed when it was built and a tail matcher
  // over those allocated since: a value more in a large conversation rebuilds the small tail,
  // not the whole sweep. The tail is folded into the base once it grows past TAIL_SHARE of it.
  readonly #build: typeof buildKnownValueMatcher;
  // What the sweep was built from: the listing's generation and length (which tell its
  // entries exactly: they only append within a generation), or, for a store listed whole
  // (no generation), the entries themselves, compared one by one.
  #sweepGeneration: string | undefined;
  #sweepEntries: readonly VaultEntry[] | undefined;
  #sweep: KnownValues;
  #base: KnownValues;
  #baseCount = 0;
  #baseGeneration: string | undefined;
  #baseEntries: readonly VaultEntry[] = [];
  // The generation of each listing `known` gave (none for a store without listSince).
  readonly #generations = new WeakMap<readonly VaultEntry[], string>();
  // Positions 0 .. #position - 1 of generation #generation. Arrays are never changed once
  // made (a call may still be using one while another replaces it).
  #entries: readonly VaultEntry[] = [];
  #position = 0;
  #generation = '';

  /** @param build builds a matcher (tests count the builds). */
  constructor(build: typeof buildKnownValueMatcher = buildKnownValueMatcher) {
    this.#build = build;
    this.#sweep = { matcher: buildKnownValueMatcher([]), has: () => false };
    this.#base = this.#sweep;
  }

  /** Every entry that the conversation holds now, in allocation order. */
  async known(store: VaultStore, conversationId: string): Promise<readonly VaultEntry[]> {
    if (typeof store.listSince !== 'function') return store.list(conversationId);
    const base = this.#entries;
    const generation = this.#generation;
    let from = this.#position;
    let page = checkedListing(await store.listSince(conversationId, from), from);
    if (from > 0 && (page.generation !== generation || page.total < from)) {
      // The values were dropped (forget, expiry, eviction) since: what is held is stale, and
      // what the detectors found in the conversation's texts goes with them.
      this.detections.clear();
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
    this.#generations.set(known, page.generation);
    return known;
  }

  /** The generation of a listing `known` gave (`undefined` for a store without `listSince`). */
  generationOf(entries: readonly VaultEntry[]): string | undefined {
    return this.#generations.get(entries);
  }

  /**
   * The sweep matcher of `entries` (those that `known` gave) and their set by label and
   * canonical form, built again only where they changed: when `entries` extend the listing the
   * base was built from (the same entries, more after them), only the tail is.
   */
  get(entries: readonly VaultEntry[], identify?: MatchIdentifier): KnownValues {
    // Two listings of one shape (length, last entry) may hold other values: after a drop, the
    // next life of a conversation can end like the last one. Only the generation tells.
    const generation = this.#generations.get(entries);
    const built = this.#sweepEntries;
    const same =
      built !== undefined &&
      (generation === undefined
        ? samePrefix(entries, built, Infinity)
        : generation === this.#sweepGeneration && entries.length === built.length);
    if (same) return this.#sweep;
    const count = this.#baseCount;
    const extendsBase =
      count > 0 &&
      entries.length > count &&
      (generation === undefined
        ? samePrefix(entries, this.#baseEntries, count)
        : generation === this.#baseGeneration);
    if (extendsBase && entries.length - count <= Math.max(TAIL_MIN, count * TAIL_SHARE)) {
      this.#sweep = layered(this.#base, this.#knownValues(entries.slice(count), identify));
    } else {
      this.#base = this.#knownValues(entries, identify);
      this.#baseCount = entries.length;
      this.#baseGeneration = generation;
      this.#baseEntries = entries;
      this.#sweep = this.#base;
    }
    this.#sweepGeneration = generation;
    this.#sweepEntries = entries;
    return this.#sweep;
  }

  #knownValues(entries: readonly VaultEntry[], identify?: MatchIdentifier): KnownValues {
    const values = new LabelValueMap<VaultEntry>();
    for (const entry of entries) values.add(entry.label, entry.canonical, entry);
    return {
      matcher: this.#build(entries, identify),
      has: (label, canonical) => values.has(label, canonical),
    };
  }
}

/** The tail is rebuilt while it holds at most this many entries, or this share of the base. */
const TAIL_MIN = 64;
const TAIL_SHARE = 1 / 16;

/** What the sweep knows of a list of entries: their matcher, and whether a value is one of them. */
export interface KnownValues {
  readonly matcher: KnownValueMatcher;
  has(label: string, canonical: string): boolean;
}

/** Base and tail as one: matches of both (overlaps are resolved with the detectors' spans). */
function layered(base: KnownValues, tail: KnownValues): KnownValues {
  return {
    matcher: {
      size: base.matcher.size + tail.matcher.size,
      find: (text, boundaries) => [
        ...base.matcher.find(text, boundaries),
        ...tail.matcher.find(text, boundaries),
      ],
    },
    has: (label, canonical) => base.has(label, canonical) || tail.has(label, canonical),
  };
}

// Labels whose folded view (case, accents, full-width forms, invisible characters) never
// merges two different values: names (one person however spelled), digit groups and postal
// addresses (one place however spelled: its street line alone is matched as it too). Other
// labels keep case or accents in their identity (`élise@café.example` is not
// `elise@cafe.example`; API keys and URLs are case-sensitive): their sweep matches are
// identified again, and a different value gets its own token.
const FOLD_SAFE_LABELS = new Set([...DIGIT_GROUP_LABELS, 'PERSON', 'IP_ADDRESS', 'ADDRESS']);
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The identity of a sweep match: the entry's for fold-safe labels (no function: the sweep
 * takes the entry's canonical form as it is); otherwise the canonical form of the matched
 * text, once compatibility forms and invisible characters are removed.
 */
export function matchIdentifier(canonicalize: Engine['canonicalize']): MatchIdentifier {
  return (entry) => {
    // A merged value is its exact text: the label's canonical form is its winner's alone.
    if (isMergedCanonical(entry.canonical)) return mergedCanonical;
    if (FOLD_SAFE_LABELS.has(entry.label)) return undefined;
    const { label } = entry;
    return (matched) =>
      canonicalize(
        label,
        // Printable ASCII is its own compatibility form and holds no invisible character.
        PRINTABLE_ASCII.test(matched) ? matched : matched.normalize('NFKC').replace(INVISIBLE, ''),
      );
  };
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
