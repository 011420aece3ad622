import type { DetectionPipeline } from './detect/detect-spans';
import type { PiiSpan } from './detect/types';
import type { PlaceholderFormat } from './placeholder/format';
import type { Canonicalizer } from './vault/canonical';
import {
  buildKnownValueMatcher,
  type KnownValueMatcher,
  type MatchIdentifier,
} from './vault/known-value-matcher';
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
const FOLD_SAFE_LABELS = new Set([
  'PERSON',
  'PHONE',
  'IBAN',
  'CREDIT_CARD',
  'US_SSN',
  'FR_NIR',
  'FR_SIRET',
  'FR_SIREN',
  'IP_ADDRESS',
]);
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
