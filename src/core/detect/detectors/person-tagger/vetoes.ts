// Where a span the tagger found is no person whatever its weights say: contexts that this
// package's own lists and the rule-based detector know better than public training data shows
// (`rue Victor Hugo`, `lycée Jean Moulin`, `Carter Logistics`, `Johnson & Johnson`, a table
// column that is not one of people). The tagger only adds names to the rules' spans: a veto
// leaves such a place to the rules.

import { titleCueOf } from '../person/titles';
import {
  nameKey,
  ORGANISATION_KEYS,
  PARTICLE_KEYS,
  PLACE_PREFIX_KEYS,
  TITLE_KEYS,
} from '../person-names/lexicon';
import { nameBands } from '../person-names/name-bands';
import { T_INITIAL, T_PUNCT, T_WORD, type TaggerTokens } from './tokens';

export interface Veto {
  name: string;
  /** Whether the veto holds for the span of tokens `first` to `last` of `text`. */
  holds(text: string, tokens: TaggerTokens, first: number, last: number): boolean;
}

/** The key of word `i` (an initial's without its period: `M.` is `m`), or `undefined`. */
function keyAt(text: string, tokens: TaggerTokens, i: number): string | undefined {
  if (i < 0 || i >= tokens.count) return undefined;
  const kind = tokens.kind[i];
  if (kind === T_WORD) return nameKey(text.slice(tokens.start[i]!, tokens.end[i]!));
  if (kind === T_INITIAL) return nameKey(text.slice(tokens.start[i]!, tokens.end[i]! - 1));
  return undefined;
}

/** Whether word `i` is a given or family name of the census and birth lists. */
function listedName(text: string, tokens: TaggerTokens, i: number): boolean {
  const word = text.slice(tokens.start[i]!, tokens.end[i]!);
  const bands = nameBands();
  return bands.given(word) > 0 || bands.surname(word) > 0;
}

const charAt = (text: string, tokens: TaggerTokens, i: number) =>
  i >= 0 && i < tokens.count && tokens.kind[i] === T_PUNCT ? text[tokens.start[i]!] : undefined;

/**
 * The word before the run of capitalised words, titles, particles and periods that ends with
 * token `first` (`rue du Docteur Roux`, `rue Victor Hugo`, `av. Foch`): at most five back.
 */
function wordBeforeRun(text: string, tokens: TaggerTokens, first: number): string | undefined {
  for (let i = first - 1, steps = 0; i >= 0 && steps < 5; i--, steps++) {
    if (charAt(text, tokens, i) === '.') continue;
    const key = keyAt(text, tokens, i);
    if (key === undefined) return undefined;
    if (tokens.capitalised[i] || TITLE_KEYS.has(key) || PARTICLE_KEYS.has(key)) {
      if (PLACE_PREFIX_KEYS.has(key)) return key;
      continue;
    }
    return key;
  }
  return undefined;
}

/** The word right before token `first`, skipping a period (`Fr.`, `Sr.`). */
function wordRightBefore(text: string, tokens: TaggerTokens, first: number): string | undefined {
  const i = charAt(text, tokens, first - 1) === '.' ? first - 2 : first - 1;
  return i >= 0 && tokens.kind[i] === T_WORD
    ? text.slice(tokens.start[i]!, tokens.end[i]!)
    : undefined;
}

/** Articles that may follow a title before a role. */
const ARTICLES = new Set(['le', 'la', 'les', "l'", 'el', 'il', 'lo', 'der', 'die', 'das', 'the']);

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
    // Symbols, units, codes and initials of two letters are far more often no one's name; the
    // rules find the short names they know (`Li Wei` with its given name).
    name: 'one word of two letters or fewer (Ca, Sr and Ba; US; OK)',
    holds: (_text, tokens, first, last) =>
      first === last && tokens.end[first]! - tokens.start[first]! <= 2,
  },
  {
    name: 'a street, place or institution word before it (rue du Docteur, avenue, lycée, Saint)',
    holds: (text, tokens, first) => PLACE_PREFIX_KEYS.has(wordBeforeRun(text, tokens, first) ?? ''),
  },
  {
    // `M. le Directeur`, `Mme la Présidente`, `Herr der Minister`: a title then an article
    // names a role, unless a name of the lists follows.
    name: 'a title and an article before it, and no name of the lists (M. le Directeur)',
    holds: (text, tokens, first) => {
      let i = first - 1;
      const article = keyAt(text, tokens, i);
      if (article === undefined || !ARTICLES.has(article)) return false;
      i--;
      if (charAt(text, tokens, i) === '.') i--;
      const title = keyAt(text, tokens, i);
      if (title === undefined || !TITLE_KEYS.has(title)) return false;
      return !listedName(text, tokens, first);
    },
  },
  {
    // The title table says which titles are also words (`don` a verb, `Me` a pronoun, `Fr.`
    // Friday, `Sr` strontium): after them only a name of the lists is one.
    name: 'a title that is also a word before it, and no name of the lists (don Tyvek, Me Harder)',
    holds: (text, tokens, first) => {
      const before = wordRightBefore(text, tokens, first);
      const cue = before === undefined ? undefined : titleCueOf(before);
      if (!cue || cue.support === 'any-name') return false;
      return !listedName(text, tokens, first);
    },
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
