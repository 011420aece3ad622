import { checkOptions, type OptionKeys } from '../check-options';
import {
  defaultPlaceholderFormat,
  type PlaceholderFormat,
  type TokenMatch,
} from '../placeholder/format';
import type { PiiEntry } from '../session';
import { displayText } from './display-text';
import { readPiiDataPart } from './pii-data-part';
import { restoreUIMessage } from './restore-ui-message';

/** Text for a complete token that the browser has no entry for. */
export type RenderToken = (token: TokenMatch) => string;

export interface PiiEntryStoreOptions {
  /** Entries known from the start, e.g. those of a stored chat's tokens (`initialEntries`). */
  entries?: readonly PiiEntry[];
  /** Must match the server's placeholder format. Default `<<LABEL:n>>`. */
  format?: PlaceholderFormat;
}

const ENTRY_STORE_KEYS = {
  entries: 'optional',
  format: 'optional',
} as const satisfies OptionKeys<PiiEntryStoreOptions>;

/**
 * The browser's entries and the display copies of messages made from them. Framework-free
 * (a subscribe / snapshot pair, as `useSyncExternalStore` wants); the React hook is a thin
 * adapter over it.
 */
export interface PiiEntryStore {
  readonly format: PlaceholderFormat;
  /** Adds entries; returns whether anything changed (listeners run only then). */
  add(entries: Iterable<PiiEntry>): boolean;
  /** Takes the entries of a `data-pii` part; returns `false` for any other part. */
  receive(part: { type: string; data?: unknown }): boolean;
  get(token: string): PiiEntry | undefined;
  /** Every entry the browser holds. */
  list(): PiiEntry[];
  subscribe(listener: () => void): () => void;
  /** A number that changes whenever entries change. */
  getSnapshot(): number;
  /** `displayText` with this store's entries. */
  restoreText(text: string, options?: { streaming?: boolean; renderToken?: RenderToken }): string;
  /**
   * The display copy of a message, memoized per message object: the same message (and
   * `renderToken`) gives the same copy until an entry for one of its missing tokens arrives.
   */
  restoreMessage<M extends { parts: readonly unknown[] }>(message: M, renderToken?: RenderToken): M;
  restoreMessages<M extends { parts: readonly unknown[] }>(
    messages: readonly M[],
    renderToken?: RenderToken,
  ): M[];
}

interface Restored {
  out: unknown;
  version: number;
  /** Complete tokens that had no entry: only their arrival makes the copy stale. */
  missing: string[];
  render: RenderToken | undefined;
}

/**
 * Creates the client-side entry store.
 *
 * @example
 * const store = createPiiEntryStore({ entries: initialEntries });
 * const chat = new Chat({ onData: (part) => store.receive(part) });
 * const shown = store.restoreMessages(chat.messages);
 */
export function createPiiEntryStore(options: PiiEntryStoreOptions = {}): PiiEntryStore {
  checkOptions('createPiiEntryStore', options, ENTRY_STORE_KEYS);
  const format = options.format ?? defaultPlaceholderFormat;
  const byToken = new Map<string, PiiEntry>();
  const listeners = new Set<() => void>();
  let version = 0;
  let cache = new WeakMap<object, Restored>();
  const value = (token: string) => byToken.get(token)?.value;

  const add = (entries: Iterable<PiiEntry>): boolean => {
    let changed = false;
    for (const { token, label, value } of entries) {
      const known = byToken.get(token);
      if (known?.value === value && known.label === label) continue;
      // A token never changes value within a conversation, unless its vault was erased.
      if (known) cache = new WeakMap();
      byToken.set(token, { token, label, value });
      changed = true;
    }
    if (changed) {
      version++;
      for (const listener of [...listeners]) listener();
    }
    return changed;
  };
  if (options.entries) add(options.entries);

  const restoreMessage = <M extends { parts: readonly unknown[] }>(
    message: M,
    render?: RenderToken,
  ): M => {
    const hit = cache.get(message);
    if (
      hit &&
      hit.render === render &&
      (hit.version === version || !hit.missing.some((t) => byToken.has(t)))
    ) {
      hit.version = version;
      return hit.out as M;
    }
    const missing: string[] = [];
    const onMissing = (token: string) => missing.push(token);
    const out = restoreUIMessage(message, (text, streaming) =>
      displayText(text, format, value, { streaming, renderToken: render, onMissing }),
    );
    cache.set(message, { out, version, missing, render });
    return out;
  };

  return {
    format,
    add,
    receive(part) {
      const entries = readPiiDataPart(part);
      if (!entries) return false;
      add(entries);
      return true;
    },
    get: (token) => byToken.get(token),
    list: () => [...byToken.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => version,
    restoreText: (text, { streaming, renderToken } = {}) =>
      displayText(text, format, value, { streaming, renderToken }),
    restoreMessage,
    restoreMessages: (messages, render) => messages.map((m) => restoreMessage(m, render)),
  };
}
