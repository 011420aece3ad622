// The features of the PERSON tagger, as a table: each names what it reads around the token
// being tagged. The weights of each feature and tag are learned (`scripts/person-tagger/`);
// nothing here decides alone.
import { hashString, mix } from './hash';
import { BOUNDARY, type Read, type WordReads } from './word-reads';

/** Tags, in the order of the weight table: outside a name, first word, next words. */
export const TAGS = ['O', 'B', 'I'] as const;
export type Tag = 0 | 1 | 2;
export const O: Tag = 0;
export const B: Tag = 1;
export const I: Tag = 2;

/** The furthest neighbour a feature reads, on each side. */
export const REACH = 2;

/** What a feature reads: the tokens around the one being tagged, and the tagger's state. */
export interface FeatureContext {
  /**
   * The reads of the tokens from `-REACH` to `+REACH` around the one being tagged, at index
   * `offset + REACH` (a boundary outside the text).
   */
  window: WordReads[];
  /** The tag given to the token before. */
  previousTag: Tag;
  /** Whether the token opens a sentence, a line or the text. */
  sentenceStart: boolean;
}

/**
 * One part of a feature: a read of the token at an offset (`['lower', -1]`: the word before,
 * in lower case), or the tagger's state: `tag-1` (the tag before: `B` or `I` also where the
 * rule-based detector found a name).
 */
export type Part = readonly [read: Read, offset: number] | 'tag-1';

export interface Feature {
  name: string;
  parts: readonly Part[];
  /** Fires only at the start of a sentence, or only for a token in none of the lists. */
  only?: 'sentence-start' | 'no-list';
}

const f = (name: string, parts: readonly Part[], only?: Feature['only']): Feature => ({
  name,
  parts,
  only,
});

/**
 * Every feature. A feature's value is its parts' values hashed with its name; `lists` gives a
 * value per list the token belongs to (and none when it belongs to none).
 */
export const FEATURES: readonly Feature[] = [
  f('bias', []),
  // The word itself and its neighbours, in lower case.
  f('word', [['lower', 0]]),
  f('word-1', [['lower', -1]]),
  f('word-2', [['lower', -2]]),
  f('word+1', [['lower', 1]]),
  f('word+2', [['lower', 2]]),
  f('words-2-1', [
    ['lower', -2],
    ['lower', -1],
  ]),
  f('words+1+2', [
    ['lower', 1],
    ['lower', 2],
  ]),
  // How it is written: case, initials, hyphens, apostrophes, digits.
  f('shape', [['shape', 0]]),
  f('shape-1', [['shape', -1]]),
  f('shape+1', [['shape', 1]]),
  f('shapes-1:+1', [
    ['shape', -1],
    ['shape', 0],
    ['shape', 1],
  ]),
  f('prefix3', [['prefix3', 0]]),
  f('suffix2', [['suffix2', 0]]),
  f('suffix3', [['suffix3', 0]]),
  f('suffix4', [['suffix4', 0]]),
  // How common it is as an ordinary word in lower case (`Fu`, `Alla`, `Said` opening a sentence).
  f('common', [['common', 0]]),
  f('common|sentence-start', [['common', 0]], 'sentence-start'),
  f('common-1', [['common', -1]]),
  f('common+1', [['common', 1]]),
  // How common it is as a surname or a given name (census and birth statistics).
  f('surname', [['surname', 0]]),
  f('given', [['given', 0]]),
  f('given|surname', [
    ['given', 0],
    ['surname', 0],
  ]),
  f('given-1', [['given', -1]]),
  f('surname+1', [['surname', 1]]),
  f('given-1|surname', [
    ['given', -1],
    ['surname', 0],
  ]),
  f(
    'sentence-start|names',
    [
      ['given', 0],
      ['surname', 0],
    ],
    'sentence-start',
  ),
  f('names|common', [
    ['given', 0],
    ['surname', 0],
    ['common', 0],
  ]),
  // The lists it and its neighbours belong to (given names, family names, places, titles...).
  f('lists', [['lists', 0]]),
  f('lists-1', [['lists', -1]]),
  f('lists+1', [['lists', 1]]),
  f('lists-2', [['lists', -2]]),
  f('no-list', [['shape', 0]], 'no-list'),
  // Where it stands: a capitalised word opening a sentence says less.
  f('sentence-start', [['shape', 0]], 'sentence-start'),
  f('sentence-start|lists', [['lists', 0]], 'sentence-start'),
  // Combinations that tell a name from a capitalised word by what comes around it.
  f('word-1|shape', [
    ['lower', -1],
    ['shape', 0],
  ]),
  f('word+1|shape', [
    ['shape', 0],
    ['lower', 1],
  ]),
  f('shape-1|lists', [
    ['shape', -1],
    ['lists', 0],
  ]),
  // The tagger's own state: a name goes on, or starts.
  f('tag-1', ['tag-1']),
  f('tag-1|shape', ['tag-1', ['shape', 0]]),
  f('tag-1|word', ['tag-1', ['lower', 0]]),
  f('tag-1|lists', ['tag-1', ['lists', 0]]),
];

const SEEDS = Uint32Array.from(FEATURES, (feature) => hashString(feature.name));
const TAG_VALUES = Uint32Array.of(hashString('tag O'), hashString('tag B'), hashString('tag I'));

/** The reads a feature may combine, in the order of `WordReads.values` (`lists` apart). */
export const READS: readonly Exclude<Read, 'lists'>[] = [
  'lower',
  'shape',
  'prefix3',
  'suffix2',
  'suffix3',
  'suffix4',
  'common',
  'surname',
  'given',
];

// The table compiled to numbers once, so that the loop below reads no strings. Per feature:
// its condition, its number of parts, then per part a kind and, for a read, the read (an index
// of `READS`, or `LISTS_READ`) and the offset's index in the window.
const P_TAG = 0;
const P_READ = 2;
const LISTS_READ = -1;
const ONLY = { none: 0, 'sentence-start': 1, 'no-list': 2 } as const;
const OPS = Int32Array.from(
  FEATURES.flatMap(({ parts, only }) => [
    ONLY[only ?? 'none'],
    parts.length,
    ...parts.flatMap((part) => {
      if (part === 'tag-1') return [P_TAG, 0, 0];
      if (Math.abs(part[1]) > REACH) throw new Error(`feature reads beyond REACH: ${part[1]}`);
      const read = part[0] === 'lists' ? LISTS_READ : READS.indexOf(part[0]);
      return [P_READ, read, part[1] + REACH];
    }),
  ]),
);

/** The most hashes one token can give: a feature per list the token belongs to, at most. */
export const MAX_HASHES = FEATURES.length * 12;

/**
 * The hashes of every feature of the token `context` describes, into `out`; returns how
 * many.
 */
export function featureHashes(context: FeatureContext, out: Uint32Array): number {
  const { window } = context;
  const self = window[REACH]!;
  let count = 0;
  let p = 0;
  for (let k = 0; k < SEEDS.length; k++) {
    const only = OPS[p]!;
    const parts = OPS[p + 1]!;
    p += 2;
    const end = p + parts * 3;
    if ((only === 1 && !context.sentenceStart) || (only === 2 && self.lists.length > 0)) {
      p = end;
      continue;
    }
    let h = SEEDS[k]!;
    let many: Uint32Array | undefined;
    for (; p < end; p += 3) {
      const kind = OPS[p]!;
      if (kind === P_TAG) h = mix(h, TAG_VALUES[context.previousTag]!);
      else {
        const reads = window[OPS[p + 2]!]!;
        const read = OPS[p + 1]!;
        if (read === LISTS_READ) many = reads.lists;
        else h = mix(h, reads.values[read]!);
      }
    }
    if (many === undefined) out[count++] = h;
    else for (let m = 0; m < many.length; m++) out[count++] = mix(h, many[m]!);
  }
  return count;
}

export { BOUNDARY };
