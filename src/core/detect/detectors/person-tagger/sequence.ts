// A text made ready for the tagger (tokens, their reads, which ones may be names), and the
// greedy left-to-right pass that tags it. Training and detection share both.
import {
  B,
  type FeatureContext,
  featureHashes,
  I,
  MAX_HASHES,
  O,
  REACH,
  type Tag,
} from './features';
import { T_BREAK, T_INITIAL, T_PUNCT, T_WORD, type TaggerTokens, tokenize } from './tokens';
import { VETOES } from './vetoes';
import { BOUNDARY, readToken, type TaggerLexicon, type WordReads } from './word-reads';

/** A span a rule-based detector found: the tagger tags its words as the rules did. */
export interface RuleSpan {
  start: number;
  end: number;
  score: number;
}

export interface PreparedText {
  text: string;
  tokens: TaggerTokens;
  /** The reads of token `i`, computed on first use (most tokens are never read). */
  readAt(i: number): WordReads;
  /**
   * How each token is tagged: `NOT_CANDIDATE` (`O` without scoring), `CANDIDATE` (scored), or
   * `RULE_B` / `RULE_I` (inside a span of the rules: tagged so without scoring, so that the
   * names around it see it).
   */
  candidate: Uint8Array;
  sentenceStart: Uint8Array;
}

export const NOT_CANDIDATE = 0;
export const CANDIDATE = 1;
export const RULE_B = 2;
export const RULE_I = 3;

const NO_COMMON_WORDS = { band: () => 0 };
/** The reads of a token not read yet. */
const UNREAD: WordReads = { ...BOUNDARY, word: '' };
const NO_NAMES = { surname: () => 0, given: () => 0 };

/** Punctuation that ends a sentence, or opens a line of a list. */
/** An `@` that starts a word: a handle follows (not the domain of an address). */
function isHandleAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 0x40) return false;
  const before = at > 0 ? text.charCodeAt(at - 1) : 0x20;
  return before === 0x20 || before === 0x0a || before === 0x09 || before === 0x28 || at === 0;
}

const SENTENCE_END = new Set(
  ['.', '!', '?', '…', ':', '•', '·', '-', '–', '—', '*', '|', ';'].map((c) => c.charCodeAt(0)),
);
/** Opening quotes and brackets, skipped when looking for what comes before a word. */
const OPENERS = new Set(
  ['"', '“', '«', '„', '‘', "'", '(', '[', '¿', '¡', '‹'].map((c) => c.charCodeAt(0)),
);

/**
 * Tokens, reads and flags of `text`. `rules` are spans of a rule-based detector, if any;
 * `into` is a token table to reuse (a detector's, from call to call: detection is synchronous).
 *
 * @example
 * const prepared = prepareText('Albright said on Monday', []);
 */
export function prepareText(
  text: string,
  rules: readonly RuleSpan[] = [],
  lexicon: TaggerLexicon = { common: NO_COMMON_WORDS, names: NO_NAMES, memo: new Map() },
  into?: TaggerTokens,
): PreparedText {
  const tokens = tokenize(text, into);
  const n = tokens.count;
  // Filled with a sentinel, not left holey: V8 reads packed arrays faster.
  const cache: WordReads[] = new Array<WordReads>(n).fill(UNREAD);
  const readAt = (i: number) => {
    let found = cache[i]!;
    if (found === UNREAD) {
      found = readToken(text, tokens, i, lexicon);
      cache[i] = found;
    }
    return found;
  };
  const candidate = new Uint8Array(n);
  const sentenceStart = new Uint8Array(n);
  let opens = true;
  for (let i = 0; i < n; i++) {
    const kind = tokens.kind[i]!;
    if (kind === T_BREAK) {
      opens = true;
      continue;
    }
    if (kind === T_PUNCT) {
      const c = text.charCodeAt(tokens.start[i]!);
      if (SENTENCE_END.has(c)) opens = true;
      if (SENTENCE_END.has(c) || OPENERS.has(c)) continue;
    }
    if (opens) sentenceStart[i] = 1;
    opens = false;
  }
  // Tokens inside a span of the rules first: tagged as the rules said, whatever their case,
  // and never read again below.
  let k = 0;
  const sorted = [...rules].sort((a, b) => a.start - b.start);
  for (const span of sorted) {
    while (k < n && tokens.end[k]! <= span.start) k++;
    let first = true;
    for (let i = k; i < n && tokens.start[i]! < span.end; i++) {
      if (tokens.kind[i] !== T_WORD && tokens.kind[i] !== T_INITIAL) continue;
      candidate[i] = first ? RULE_B : RULE_I;
      first = false;
    }
  }
  const capitalised = tokens.capitalised;
  for (let i = 0; i < n; i++) {
    const kind = tokens.kind[i]!;
    if ((kind !== T_WORD && kind !== T_INITIAL) || candidate[i] !== NOT_CANDIDATE) continue;
    if (capitalised[i]) {
      // A title is never part of the span (`Dr. Emily Chen` is `Emily Chen`): it is context.
      // Nor is a word of the stop list (weekdays, months, places, firms, greetings, sentence
      // starters: never a name by itself nor a family name).
      const reads =
        kind === T_WORD && tokens.end[i]! - tokens.start[i]! > 1 ? readAt(i) : undefined;
      if (!reads?.title && !reads?.stop) candidate[i] = CANDIDATE;
    } else if (
      i > 0 &&
      tokens.end[i - 1] === tokens.start[i] &&
      isHandleAt(text, tokens.start[i - 1]!)
    ) {
      // A handle: `@jdupont`.
      candidate[i] = CANDIDATE;
    } else if (i > 0 && capitalised[i - 1] && readAt(i).particle) {
      // `Charles de Gaulle`, `Ludwig van der Rohe`: a particle between capitalised words.
      let j = i + 1;
      while (j < n && !capitalised[j] && tokens.kind[j] === T_WORD && readAt(j).particle) j++;
      if (j < n && capitalised[j] && tokens.kind[j] === T_WORD) candidate[i] = CANDIDATE;
    }
  }
  return { text, tokens, readAt, candidate, sentenceStart };
}

/** A scorer: the scores of `O`, `B`, `I` for the first `count` of a token's feature hashes. */
export type Scorer = (hashes: Uint32Array, count: number, scores: Float64Array) => void;

/**
 * Tags a prepared text greedily, left to right: each candidate token gets the best tag given
 * its features and the tag before. `I` only follows `B` or `I`. `onToken` sees each scored
 * token (training updates the weights there and may return the tag to carry on with); `bias`
 * is added to the scores of `B` and `I`; `margins`, when given, gets each tagged token's lead
 * over `O`.
 */
export function tagText(
  prepared: PreparedText,
  score: Scorer,
  onToken?: (i: number, hashes: Uint32Array, count: number, predicted: Tag) => Tag | undefined,
  bias = 0,
  margins?: Float32Array,
): Uint8Array {
  const { tokens, readAt, candidate, sentenceStart } = prepared;
  const n = tokens.count;
  const tags = new Uint8Array(n);
  const hashes = new Uint32Array(MAX_HASHES);
  const scores = new Float64Array(3);
  const window: WordReads[] = new Array(2 * REACH + 1).fill(BOUNDARY);
  const context: FeatureContext = { window, previousTag: O, sentenceStart: false };
  let previous: Tag = O;
  for (let i = 0; i < n; i++) {
    const state = candidate[i]!;
    if (state !== CANDIDATE) {
      // Outside any name, or inside one of the rules' spans: tagged without scoring.
      previous = state === RULE_B ? B : state === RULE_I ? I : O;
      tags[i] = previous;
      continue;
    }
    for (let k = -REACH; k <= REACH; k++) {
      const j = i + k;
      window[k + REACH] = j >= 0 && j < n ? readAt(j) : BOUNDARY;
    }
    context.previousTag = previous;
    context.sentenceStart = sentenceStart[i] === 1;
    const count = featureHashes(context, hashes);
    score(hashes, count, scores);
    // `bias` moves the line between a name and no name (a threshold chosen on held-out data).
    scores[B]! += bias;
    scores[I]! += bias;
    let best: Tag = O;
    if (scores[B]! > scores[best]!) best = B;
    if (previous !== O && scores[I]! > scores[best]!) best = I;
    const carried = onToken?.(i, hashes, count, best) ?? best;
    if (margins) margins[i] = scores[carried]! - scores[O]!;
    tags[i] = carried;
    previous = carried;
  }
  return tags;
}

/** A name the tagger found: its offsets, its words, and the lead of its first word over `O`. */
export interface TaggedSpan {
  start: number;
  end: number;
  words: number;
  margin: number;
}

/**
 * The spans of names in a tagged text: a `B` and the `I`s after it, but where a veto holds.
 * `margins` (from `tagText`) gives each span its first word's lead over `O`.
 */
export function spansOfTags(
  prepared: PreparedText,
  tags: Uint8Array,
  margins?: Float32Array,
): TaggedSpan[] {
  const { tokens, text } = prepared;
  const spans: TaggedSpan[] = [];
  let open = -1;
  for (let i = 0; i <= tokens.count; i++) {
    const tag = i < tokens.count ? tags[i]! : O;
    if (open !== -1 && tag !== I) {
      // A name never ends with a particle (`Marie Le dossier`), and a particle alone is none;
      // one in lower case does not start it either (`M. le Directeur`, `de Gaulle` is `Gaulle`).
      let last = i - 1;
      while (last >= open && prepared.readAt(last).particle) last--;
      while (open < last && !tokens.capitalised[open] && prepared.readAt(open).particle) open++;
      if (last >= open && !VETOES.some((veto) => veto.holds(text, tokens, open, last))) {
        let words = 0;
        for (let k = open; k <= last; k++) if (prepared.candidate[k]) words++;
        spans.push({
          start: tokens.start[open]!,
          end: tokens.end[last]!,
          words,
          margin: margins ? margins[open]! : 0,
        });
      }
      open = -1;
    }
    if (tag === B) open = i;
  }
  return spans;
}
