// What the tagger reads of one token, each hashed once per distinct spelling: its lower-case
// form, its shape, its affixes and the lists it belongs to. Features (`features.ts`) combine
// these reads of the token and of its neighbours.
import {
  AMBIGUOUS_KEYS,
  EXTENDED_FIRST_NAME_KEYS,
  FIRST_NAME_KEYS,
  GREETING_KEYS,
  nameKey,
  ORGANISATION_KEYS,
  PARTICLE_KEYS,
  PLACE_KEYS,
  STOP_KEYS,
  SURNAME_KEYS,
  TITLE_KEYS,
} from '../person-names/lexicon';
import type { CommonWords } from './common-words';
import { hashString } from './hash';
import { T_BREAK, T_INITIAL, T_NUMBER, T_PUNCT, type TaggerTokens } from './tokens';

/** The reads a feature may combine (see `FEATURES`). */
export type Read =
  | 'lower'
  | 'shape'
  | 'prefix3'
  | 'suffix2'
  | 'suffix3'
  | 'suffix4'
  | 'common'
  | 'lists';

/** The reads of one token, hashed (`lists`: a hash per list that holds the token). */
export interface WordReads {
  /** Lower-case form (`jean`, `,`, `<num>`, `<br>`). */
  lower: number;
  /** `Xx`, `XX`, `x`, `X.`, `Xx-Xx`, `x'Xx`, `d`... (runs of one class collapsed). */
  shape: number;
  prefix3: number;
  suffix2: number;
  suffix3: number;
  suffix4: number;
  /** How common the word is in lower case (see `common-words.ts`): a band, or none. */
  common: number;
  lists: readonly number[];
  /** Starts with a capital letter. */
  capitalised: boolean;
  /** In the list of name particles (`de`, `van`, `di`). */
  particle: boolean;
  /** In the list of titles (`Mr`, `Dott`, `Mme`). */
  title: boolean;
}

/**
 * The word lists a token may belong to, by name. A list read as a feature, not as a rule: the
 * tagger learns how much each one counts, alone and next to others.
 */
export const LISTS: readonly [name: string, keys: ReadonlySet<string>][] = [
  ['given', FIRST_NAME_KEYS],
  ['given-extended', EXTENDED_FIRST_NAME_KEYS],
  ['given-ambiguous', AMBIGUOUS_KEYS],
  ['surname', SURNAME_KEYS],
  ['stop', STOP_KEYS],
  ['place', PLACE_KEYS],
  ['organisation', ORGANISATION_KEYS],
  ['title', TITLE_KEYS],
  ['greeting', GREETING_KEYS],
  ['particle', PARTICLE_KEYS],
];

const LIST_HASHES = LISTS.map(([name]) => hashString(`list ${name}`));
const EMPTY = hashString('');
const COMMON_BANDS = Array.from({ length: 8 }, (_, band) => hashString(`common ${band}`));

function reads(lower: string, shape: string): WordReads {
  return {
    lower: hashString(lower),
    shape: hashString(shape),
    prefix3: EMPTY,
    suffix2: EMPTY,
    suffix3: EMPTY,
    suffix4: EMPTY,
    common: COMMON_BANDS[0]!,
    lists: [],
    capitalised: false,
    particle: false,
    title: false,
  };
}

/** What lies before the text and after it. */
export const BOUNDARY: WordReads = reads('<s>', '<s>');
const NUMBER = reads('<num>', 'd');
const BREAK = reads('<br>', '<br>');

function shapeOf(word: string): string {
  let shape = '';
  let last = '';
  for (const ch of word) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    let c: string;
    if (lower !== upper) c = ch === upper ? 'X' : 'x';
    else if (ch >= '0' && ch <= '9') c = 'd';
    else c = ch === '’' ? "'" : ch;
    if (c !== last) shape += c;
    last = c;
    if (shape.length >= 8) break;
  }
  return shape;
}

function readsOfWord(word: string, kind: number, lexicon: TaggerLexicon): WordReads {
  if (kind === T_NUMBER) return NUMBER;
  if (kind === T_BREAK) return BREAK;
  if (kind === T_PUNCT) return reads(word, word);
  const key = nameKey(kind === T_INITIAL ? word.slice(0, -1) : word);
  const lists: number[] = [];
  LISTS.forEach(([, keys], k) => {
    if (keys.has(key)) lists.push(LIST_HASHES[k]!);
  });
  const first = word[0]!;
  return {
    lower: hashString(word.toLowerCase()),
    shape: hashString(shapeOf(word)),
    prefix3: hashString(key.slice(0, 3)),
    suffix2: hashString(key.slice(-2)),
    suffix3: hashString(key.slice(-3)),
    suffix4: hashString(key.slice(-4)),
    common: COMMON_BANDS[lexicon.common.band(word)]!,
    lists,
    capitalised: first !== first.toLowerCase(),
    particle: PARTICLE_KEYS.has(key),
    title: TITLE_KEYS.has(key),
  };
}

/** What the reads look words up in, and the reads already computed, by spelling. */
export interface TaggerLexicon {
  common: CommonWords;
  memo: Map<string, WordReads>;
}

/**
 * The reads of token `i` of `text`. A word's reads are computed once per distinct spelling
 * (`lexicon.memo`, which a caller may keep between texts).
 */
export function readToken(
  text: string,
  tokens: TaggerTokens,
  i: number,
  lexicon: TaggerLexicon,
): WordReads {
  const memo = lexicon.memo;
  const kind = tokens.kind[i]!;
  if (kind === T_NUMBER) return NUMBER;
  if (kind === T_BREAK) return BREAK;
  const word = text.slice(tokens.start[i]!, tokens.end[i]!);
  const memoKey = kind === T_INITIAL ? `.${word}` : word;
  let found = memo.get(memoKey);
  if (!found) {
    found = readsOfWord(word, kind, lexicon);
    memo.set(memoKey, found);
  }
  return found;
}
