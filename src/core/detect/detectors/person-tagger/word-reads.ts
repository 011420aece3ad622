// What the tagger reads of one token, each hashed once per distinct spelling: its lower-case
// form, its shape, its affixes and the lists it belongs to. Features (`features.ts`) combine
// these reads of the token and of its neighbours.

import { detachedString } from '../../../detached-string';
import {
  AMBIGUOUS_KEYS,
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
import type { NameBands } from '../person-names/name-bands';
import type { CommonWords } from './common-words';
import { hashString } from './hash';
import { T_BREAK, T_IDENT, T_INITIAL, T_NUMBER, T_PUNCT, type TaggerTokens } from './tokens';

/** The reads a feature may combine (see `FEATURES`). */
export type Read =
  | 'lower'
  | 'shape'
  | 'prefix3'
  | 'suffix2'
  | 'suffix3'
  | 'suffix4'
  | 'common'
  | 'surname'
  | 'given'
  | 'lists';

/**
 * The reads of one token, hashed: `values` in the order of `READS` (`features.ts`: lower-case
 * form, shape, affixes, how common it is as a word, a surname, a given name), and a hash per
 * list that holds the token.
 */
export interface WordReads {
  values: Uint32Array;
  lists: Uint32Array;
  /** Starts with a capital letter. */
  capitalised: boolean;
  /** In the list of name particles (`de`, `van`, `di`). */
  particle: boolean;
  /** In the list of titles (`Mr`, `Dott`, `Mme`). */
  title: boolean;
  /** In the stop list and no particle: never a name by itself nor a family name. */
  stop: boolean;
  /** The token's text, and the next memo entry of the same hash (see `readToken`). */
  word: string;
  next?: WordReads;
}

/**
 * The word lists a token may belong to, by name. A list read as a feature, not as a rule: the
 * tagger learns how much each one counts, alone and next to others. The generated given names
 * (`first-names-extended.ts`) are left out: they hold brands and places too (`Django`,
 * `Athena`), and the census and birth statistics (`name-bands.ts`) tell given names better.
 */
export const LISTS: readonly [name: string, keys: ReadonlySet<string>][] = [
  ['given', FIRST_NAME_KEYS],
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
const SURNAME_BANDS = Array.from({ length: 6 }, (_, band) => hashString(`surname ${band}`));
const GIVEN_BANDS = Array.from({ length: 6 }, (_, band) => hashString(`given ${band}`));

const NO_LISTS = new Uint32Array(0);

/** The reads of a token that is no word (punctuation, a number, a boundary). */
function reads(lower: string, shape: string): WordReads {
  return {
    values: Uint32Array.of(
      hashString(lower),
      hashString(shape),
      EMPTY,
      EMPTY,
      EMPTY,
      EMPTY,
      COMMON_BANDS[0]!,
      SURNAME_BANDS[0]!,
      GIVEN_BANDS[0]!,
    ),
    lists: NO_LISTS,
    capitalised: false,
    particle: false,
    title: false,
    stop: false,
    word: lower,
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
  if (kind === T_IDENT) return reads('<ident>', 'x_d');
  const key = nameKey(kind === T_INITIAL ? word.slice(0, -1) : word);
  const lists: number[] = [];
  LISTS.forEach(([, keys], k) => {
    if (keys.has(key)) lists.push(LIST_HASHES[k]!);
  });
  const first = word[0]!;
  return {
    values: Uint32Array.of(
      hashString(word.toLowerCase()),
      hashString(shapeOf(word)),
      hashString(key.slice(0, 3)),
      hashString(key.slice(-2)),
      hashString(key.slice(-3)),
      hashString(key.slice(-4)),
      COMMON_BANDS[lexicon.common.band(word)]!,
      SURNAME_BANDS[lexicon.names.surname(word)]!,
      GIVEN_BANDS[lexicon.names.given(word)]!,
    ),
    lists: Uint32Array.from(lists),
    capitalised: first !== first.toLowerCase(),
    particle: PARTICLE_KEYS.has(key),
    title: TITLE_KEYS.has(key),
    stop: STOP_KEYS.has(key) && !PARTICLE_KEYS.has(key),
    word,
  };
}

/** What the reads look words up in, and the reads already computed, by spelling. */
export interface TaggerLexicon {
  common: CommonWords;
  names: NameBands;
  /** Reads by a hash of the token's code units (entries of one hash chained by `next`). */
  memo: Map<number, WordReads>;
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
  const kind = tokens.kind[i]!;
  if (kind === T_NUMBER) return NUMBER;
  if (kind === T_BREAK) return BREAK;
  const start = tokens.start[i]!;
  const end = tokens.end[i]!;
  // Looked up by a hash of the code units, so that a word read before costs no new string.
  let h = 0x811c9dc5 ^ kind;
  for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  const memo = lexicon.memo;
  let found = memo.get(h);
  while (found && (found.word.length !== end - start || !text.startsWith(found.word, start))) {
    found = found.next;
  }
  if (!found) {
    // The memo outlives the call: it keeps copies of words, never views into the text (which
    // would keep a whole message alive with them).
    const word = detachedString(text.slice(start, end));
    found = readsOfWord(word, kind, lexicon);
    found.next = memo.get(h);
    memo.set(h, found);
  }
  return found;
}
