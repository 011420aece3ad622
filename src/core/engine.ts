import type { DetectionPipeline } from './detect/detect-spans';
import type { PiiSpan } from './detect/types';
import type { PlaceholderFormat } from './placeholder/format';
import type { Canonicalizer } from './vault/canonical';
import { buildKnownValueMatcher, type KnownValueMatcher } from './vault/known-value-matcher';
import type { VaultEntry, VaultStore } from './vault/types';

/** Everything a session needs; shared by all sessions of one `createPii` instance. */
export interface Engine {
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

/** A matcher per conversation, rebuilt only when the vault has grown (entries only append). */
export class MatcherCache {
  #key = '';
  #matcher: KnownValueMatcher = buildKnownValueMatcher([]);

  get(entries: readonly VaultEntry[]): KnownValueMatcher {
    const last = entries[entries.length - 1];
    const key = last ? `${entries.length}|${last.label}:${last.n}|${last.canonical}` : '';
    if (key !== this.#key) {
      this.#matcher = buildKnownValueMatcher(entries);
      this.#key = key;
    }
    return this.#matcher;
  }
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
