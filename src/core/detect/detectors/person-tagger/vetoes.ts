// Where a span the tagger found is no person whatever its weights say: the contexts that the
// rule-based detector's lists know to be places and organisations (`rue Victor Hugo`, `lycée
// Jean Moulin`, `Carter Logistics`). Public training data holds too few of them for the weights
// to learn it; the lists are this package's own.
import { nameKey, ORGANISATION_KEYS, PLACE_PREFIX_KEYS } from '../person-names/lexicon';
import { T_PUNCT, T_WORD, type TaggerTokens } from './tokens';

export interface Veto {
  name: string;
  /** Whether the veto holds for the span of tokens `first` to `last` of `text`. */
  holds(text: string, tokens: TaggerTokens, first: number, last: number): boolean;
}

const wordAt = (text: string, tokens: TaggerTokens, i: number) =>
  i >= 0 && i < tokens.count && tokens.kind[i] === T_WORD
    ? nameKey(text.slice(tokens.start[i]!, tokens.end[i]!))
    : undefined;

/** The word before `first`, skipping one apostrophe or period (`l'avenue`, `av.`). */
function wordBefore(text: string, tokens: TaggerTokens, first: number): string | undefined {
  let i = first - 1;
  if (i >= 0 && tokens.kind[i] === T_PUNCT && tokens.end[i]! - tokens.start[i]! === 1) {
    const c = text.charCodeAt(tokens.start[i]!);
    if (c === 0x2e) i--;
  }
  return wordAt(text, tokens, i);
}

export const VETOES: readonly Veto[] = [
  {
    name: 'a street, place or institution word before it (rue, avenue, lycée, Saint, hotel)',
    holds: (text, tokens, first) => PLACE_PREFIX_KEYS.has(wordBefore(text, tokens, first) ?? ''),
  },
  {
    name: 'an organisation word after it (Logistics, SARL, University, Bank)',
    holds: (text, tokens, _first, last) =>
      ORGANISATION_KEYS.has(wordAt(text, tokens, last + 1) ?? ''),
  },
];
