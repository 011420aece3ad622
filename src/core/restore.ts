import { checkOptions, type OptionKeys } from './check-options';
import type { Engine } from './engine';
import { PiiInventedTokenError } from './errors';
import type { PlaceholderFormat, TokenMatch } from './placeholder/format';
import type { RestoreTally } from './restore-tally';
import type { VaultEntry } from './vault/types';
import { valuePart } from './vault/value-parts';

/** What to do with a well-formed token the conversation never issued (G4, BR-TOOL-07). */
export type InventedTokenPolicy = 'throw' | 'remove' | 'keep';

export interface RestoreOptions {
  /** Default `throw` (`PiiInventedTokenError`). */
  invented?: InventedTokenPolicy;
  /**
   * Restore only tokens of these labels; others stay as tokens. A tool allowed `['EMAIL']`
   * never receives a phone number, whatever the model writes in its arguments.
   */
  labels?: readonly string[];
  /** Counts, by label, the tokens restored, withheld by `labels` and invented (audits). */
  tally?: RestoreTally;
}

/** The known keys of {@link RestoreOptions}, for `checkOptions`. */
export const RESTORE_KEYS = {
  invented: 'optional',
  labels: 'optional',
  tally: 'optional',
} as const satisfies OptionKeys<RestoreOptions>;

/**
 * Replaces whole tokens in one left-to-right pass; restored text is never scanned again.
 * `lookup` gives the value of a known token, or `undefined` for an invented one.
 */
export function restoreWith(
  text: string,
  format: PlaceholderFormat,
  lookup: (match: TokenMatch) => string | undefined,
  options: RestoreOptions = {},
): string {
  checkOptions('restoreWith', options, RESTORE_KEYS);
  const matches = format.findAll(text);
  if (matches.length === 0) return text;
  const invented = options.invented ?? 'throw';
  const labels = options.labels ? new Set(options.labels) : undefined;
  const unknown: string[] = [];
  const { tally } = options;
  let out = '';
  let at = 0;
  for (const m of matches) {
    const value = lookup(m);
    let replacement: string;
    if (value === undefined) {
      if (!unknown.includes(m.token)) unknown.push(m.token);
      replacement = invented === 'remove' ? '' : m.token;
      tally?.invented.add(m.token, m.label);
    } else if (labels && !labels.has(m.label)) {
      replacement = m.token;
      tally?.withheld.add(m.token, m.label);
    } else {
      replacement = value;
      tally?.restored.add(m.token, m.label);
    }
    out += text.slice(at, m.start) + replacement;
    at = m.end;
  }
  if (invented === 'throw' && unknown.length > 0) throw new PiiInventedTokenError(unknown);
  return out + text.slice(at);
}

const refKey = (label: string, n: number) => `${label}:${n}`;

/**
 * What a token restores to: its entry's value, or for a part's token (`<<PERSON:1.2>>`) that
 * part of it; `undefined` for an unknown entry or a part the value does not have (invented).
 */
export function tokenValue(
  entry: VaultEntry | undefined,
  part: number | undefined,
): string | undefined {
  if (!entry) return undefined;
  return part === undefined ? entry.value : valuePart(entry, part);
}

/** Fetches, in one batch, the entries of every token found in `texts`. */
export async function lookupTokens(
  engine: Engine,
  conversationId: string,
  texts: readonly string[],
): Promise<Map<string, VaultEntry>> {
  const refs = new Map<string, { label: string; n: number }>();
  for (const text of texts) {
    for (const m of engine.format.findAll(text))
      refs.set(refKey(m.label, m.n), { label: m.label, n: m.n });
  }
  const found = new Map<string, VaultEntry>();
  if (refs.size === 0) return found;
  const list = [...refs.values()];
  const entries = await engine.store.getByRefs(conversationId, list);
  list.forEach((ref, i) => {
    const entry = entries[i];
    if (entry) found.set(refKey(ref.label, ref.n), entry);
  });
  return found;
}

/** Restores a batch of texts of one conversation with one store lookup. */
export async function restoreTexts(
  engine: Engine,
  conversationId: string,
  texts: readonly string[],
  options: RestoreOptions = {},
): Promise<string[]> {
  const entries = await lookupTokens(engine, conversationId, texts);
  const lookup = (m: TokenMatch) => tokenValue(entries.get(refKey(m.label, m.n)), m.part);
  // With `throw`, report every invented token of the batch at once.
  if ((options.invented ?? 'throw') === 'throw') {
    const unknown = new Set<string>();
    for (const text of texts) {
      for (const m of engine.format.findAll(text))
        if (lookup(m) === undefined) unknown.add(m.token);
    }
    if (unknown.size > 0) throw new PiiInventedTokenError([...unknown]);
  }
  return texts.map((text) => restoreWith(text, engine.format, lookup, options));
}
