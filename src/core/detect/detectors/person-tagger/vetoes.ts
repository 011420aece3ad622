// Where a span the tagger found is no person whatever its weights say: contexts that this
// package's own lists and the rule-based detector know better than public training data shows
// (`rue Victor Hugo`, `lycée Jean Moulin`, `Carter Logistics`, `Johnson & Johnson`, a table
// column that is not one of people). The tagger only adds names to the rules' spans: a veto
// leaves such a place to the rules.
import {
  nameKey,
  ORGANISATION_KEYS,
  PARTICLE_KEYS,
  PLACE_PREFIX_KEYS,
  TITLE_KEYS,
} from '../person-names/lexicon';
import { T_PUNCT, T_WORD, type TaggerTokens } from './tokens';

export interface Veto {
  name: string;
  /** Whether the veto holds for the span of tokens `first` to `last` of `text`. */
  holds(text: string, tokens: TaggerTokens, first: number, last: number): boolean;
}

const keyAt = (text: string, tokens: TaggerTokens, i: number) =>
  i >= 0 && i < tokens.count && tokens.kind[i] === T_WORD
    ? nameKey(text.slice(tokens.start[i]!, tokens.end[i]!))
    : undefined;

const charAt = (text: string, tokens: TaggerTokens, i: number) =>
  i >= 0 && i < tokens.count && tokens.kind[i] === T_PUNCT ? text[tokens.start[i]!] : undefined;

/** The word before `first`, through titles, particles and periods (`rue du Docteur`, `av.`). */
function wordBefore(text: string, tokens: TaggerTokens, first: number): string | undefined {
  for (let i = first - 1, steps = 0; i >= 0 && steps < 4; i--, steps++) {
    if (charAt(text, tokens, i) === '.') continue;
    const key = keyAt(text, tokens, i);
    if (key === undefined) return undefined;
    if (!TITLE_KEYS.has(key) && !PARTICLE_KEYS.has(key)) return key;
  }
  return undefined;
}

/** Cell delimiters of the tables the rules read by their headers. */
const CELL_DELIMITERS = new Set([';', '\t', '|']);

/** Whether a delimiter touches the span: it is a table cell. */
function inCell(text: string, tokens: TaggerTokens, first: number, last: number): boolean {
  const before = tokens.start[first]! - 1;
  const after = tokens.end[last]!;
  return (
    (before >= 0 && CELL_DELIMITERS.has(text[before]!)) ||
    (after < text.length && CELL_DELIMITERS.has(text[after]!))
  );
}

export const VETOES: readonly Veto[] = [
  {
    name: 'a street, place or institution word before it (rue du Docteur, avenue, lycée, Saint)',
    holds: (text, tokens, first) => PLACE_PREFIX_KEYS.has(wordBefore(text, tokens, first) ?? ''),
  },
  {
    name: 'an organisation word after it (Logistics, SARL, University, Bank)',
    holds: (text, tokens, _first, last) =>
      ORGANISATION_KEYS.has(keyAt(text, tokens, last + 1) ?? ''),
  },
  {
    name: 'an ampersand next to it (Johnson & Johnson, Procter & Gamble)',
    holds: (text, tokens, first, last) =>
      charAt(text, tokens, first - 1) === '&' || charAt(text, tokens, last + 1) === '&',
  },
  {
    name: 'a table cell (the rules read tables by their headers)',
    holds: inCell,
  },
];
