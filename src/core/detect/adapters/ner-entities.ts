import { foldCode, isInvisibleCode, isSpaceCode, isWordCode } from '../../match/fold';
import { codePointToUtf16, insideSurrogatePair } from './code-point-offsets';

/**
 * Reads the output of a token-classification (NER) pipeline into entities at UTF-16 offsets of
 * the text, whichever shape it has:
 * - grouped entities (`aggregation_strategy` of the Python pipeline, the Inference API):
 *   `{ entity_group, score, word, start, end }`;
 * - one item per token (transformers.js, the Python pipeline without aggregation):
 *   `{ entity: 'B-PER', score, index, word, start?, end? }`, with WordPiece `##` pieces or
 *   SentencePiece `▁` word starts in `word`, and offsets that may be missing (transformers.js
 *   gives `null`), counted in code points (Python) or in UTF-16 code units.
 *
 * Every entity is found again in the text: offsets are used where the text there reads as the
 * item's word (ignoring case, accents and spacing, since tokenizers lower-case, strip accents
 * and decode with spaces of their own), and otherwise the word is searched for after the
 * previous one. An entity covers whole words, so no half of a name is left in clear when the
 * model tagged only some of its pieces.
 */

/** One item of a pipeline's output, as read (every field checked before use). */
export interface TokenClassificationItem {
  /** Per-token output: the tag, with its `B-`/`I-` prefix (`B-PER`). */
  entity?: string;
  /** Grouped output: the entity type (`PER`). */
  entity_group?: string;
  score: number;
  word: string;
  start?: number | null;
  end?: number | null;
  /** Per-token output: the token's position in the model's input. */
  index?: number;
}

/** An entity found in the text: the model's type (upper case, no prefix) and UTF-16 offsets. */
export interface NerEntity {
  type: string;
  start: number;
  end: number;
  /** The mean of its pieces' scores. */
  score: number;
}

interface Piece {
  type: string;
  /** Continues the entity before it: an `I-`/`E-`/`L-` tag, or a token tagged without prefix. */
  inside: boolean;
  score: number;
  /** Folded code units of the word, -1 for a run of spaces. */
  codes: number[];
  /**
   * Where the word may start: inside a word (`##pont`), at a word start (`▁Jean`, or a WordPiece
   * without `##`), or either (a piece decoded alone, as transformers.js gives SentencePiece
   * ones), word starts first.
   */
  at: 'continuation' | 'word-start' | 'anywhere';
  hint: [number, number] | undefined;
  index: number | undefined;
  start: number;
  end: number;
}

const TAG = /^([BIESLU])-(.+)$/;
const SPECIAL_TOKEN = /^(?:\[(?:UNK|CLS|SEP|PAD|MASK)\]|<(?:unk|s|\/s|pad|mask)>)$/;
const SPACE_RUN = -1;
/** Characters that may join the pieces of one name (`J. Dupont`, `Jean-Pierre`, `O'Brien`). */
const JOINERS = new Set([0x2d, 0x27, 0x2019, 0x2e]);
/** At most this many code units between two pieces of one entity. */
const MAX_GAP = 4;

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function foldedCodes(word: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (isSpaceCode(c)) {
      if (codes.length > 0 && codes[codes.length - 1] !== SPACE_RUN) codes.push(SPACE_RUN);
    } else if (!isInvisibleCode(c)) codes.push(foldCode(c));
  }
  while (codes[codes.length - 1] === SPACE_RUN) codes.pop();
  return codes;
}

/** Reads the items into pieces; `fail(message)` throws for an item of the wrong shape. */
function readPieces(items: readonly unknown[], fail: (message: string) => never): Piece[] {
  const pieces: Piece[] = [];
  items.forEach((raw, k) => {
    if (raw === null || typeof raw !== 'object') fail(`item ${k} is not an object`);
    const item = raw as Record<string, unknown>;
    const grouped = item.entity_group !== undefined;
    const tag = grouped ? item.entity_group : item.entity;
    if (typeof tag !== 'string' || tag === '') fail(`item ${k} has no entity or entity_group`);
    if (typeof item.word !== 'string') fail(`item ${k} has no word`);
    const score = item.score;
    if (typeof score !== 'number' || !Number.isFinite(score))
      fail(`item ${k} has no numeric score`);
    const { start, end, index } = item;
    const hasHint = start !== undefined && start !== null;
    if (
      hasHint !== (end !== undefined && end !== null) ||
      (hasHint && !(isInteger(start) && isInteger(end)))
    ) {
      fail(`item ${k} has invalid start/end offsets`);
    }
    if (index !== undefined && index !== null && !isInteger(index))
      fail(`item ${k} has an invalid index`);
    const prefixed = TAG.exec(tag);
    const type = (prefixed ? prefixed[2]! : tag).toUpperCase();
    if (type === 'O') return;
    let word = item.word as string;
    let at: Piece['at'] = 'anywhere';
    if (word.startsWith('##')) {
      at = 'continuation';
      word = word.slice(2);
    } else if (word.startsWith('\u2581') || word.startsWith('\u0120')) {
      at = 'word-start';
      word = word.slice(1);
    }
    word = word.replaceAll('\u2581', ' ');
    if (SPECIAL_TOKEN.test(word.trim())) return;
    const codes = foldedCodes(word);
    if (codes.length === 0) return;
    const prefix = prefixed?.[1];
    pieces.push({
      type,
      inside: prefix === 'I' || prefix === 'E' || prefix === 'L' || (!prefixed && !grouped),
      score,
      codes,
      at,
      hint: hasHint ? [start as number, end as number] : undefined,
      index: isInteger(index) ? index : undefined,
      start: -1,
      end: -1,
    });
  });
  // Within one output, the pieces that lack the marker are the other kind: without `##`, a
  // WordPiece opens a word; without `▁`, a SentencePiece continues one.
  const marked = pieces.find((p) => p.at !== 'anywhere')?.at;
  if (marked) {
    const other = marked === 'continuation' ? 'word-start' : 'continuation';
    for (const p of pieces) if (p.at === 'anywhere') p.at = other;
  }
  return pieces;
}

/** Where the folded word `codes` ends when read from `i` in `text`, or -1. */
function matchAt(text: string, i: number, codes: readonly number[]): number {
  let j = i;
  for (let k = 0; k < codes.length; k++) {
    const code = codes[k]!;
    if (code === SPACE_RUN) {
      // Tokenizers decode with spaces of their own (`O ' Brien`): zero or more in the text.
      while (
        j < text.length &&
        (isSpaceCode(text.charCodeAt(j)) || isInvisibleCode(text.charCodeAt(j)))
      )
        j++;
      continue;
    }
    if (k > 0) while (j < text.length && isInvisibleCode(text.charCodeAt(j))) j++;
    if (j >= text.length || foldCode(text.charCodeAt(j)) !== code) return -1;
    j++;
  }
  // Combining marks after the last letter belong to it (`René` written in NFD).
  while (j < text.length && isInvisibleCode(text.charCodeAt(j))) j++;
  return j;
}

const wordBefore = (text: string, i: number) => i > 0 && isWordCode(text.charCodeAt(i - 1));

/** The range of `piece` read at its offsets (UTF-16, else code points), if the text agrees. */
function atHint(text: string, piece: Piece, toUtf16: (cp: number) => number | undefined) {
  const [s, e] = piece.hint!;
  for (const [start, end] of [
    [s, e],
    [toUtf16(s), toUtf16(e)],
  ] as const) {
    if (start === undefined || end === undefined || start < 0 || end > text.length || start >= end)
      continue;
    if (insideSurrogatePair(text, start) || insideSurrogatePair(text, end)) continue;
    let a = start;
    let b = end;
    while (a < b && isSpaceCode(text.charCodeAt(a))) a++;
    while (b > a && isSpaceCode(text.charCodeAt(b - 1))) b--;
    if (a < b && matchAt(text, a, piece.codes) === b) return [a, b] as const;
  }
  return undefined;
}

/**
 * The range of `piece` right after the piece before it (`from`, its end), past what may join
 * two pieces of a name: where the next token of the model's input must be.
 */
function adjacent(text: string, from: number, piece: Piece) {
  for (let i = from; i <= Math.min(text.length - 1, from + MAX_GAP); i++) {
    const end = matchAt(text, i, piece.codes);
    if (end !== -1 && !insideSurrogatePair(text, i)) return [i, end] as const;
    const c = text.charCodeAt(i);
    if (!isSpaceCode(c) && !JOINERS.has(c) && !isInvisibleCode(c)) return undefined;
  }
  return undefined;
}

/**
 * The first place at or after `from` where `piece`'s word reads, or undefined; `strict`, only
 * where its kind of piece may start (see `Piece.at`: `anywhere` means a word start here).
 */
function search(text: string, from: number, piece: Piece, strict: boolean) {
  const first = piece.codes[0]!;
  for (let i = from; i < text.length; i++) {
    if (foldCode(text.charCodeAt(i)) !== first) continue;
    if (strict && piece.at === 'continuation' && !wordBefore(text, i)) continue;
    if (strict && piece.at !== 'continuation' && wordBefore(text, i)) continue;
    if (insideSurrogatePair(text, i)) continue;
    const end = matchAt(text, i, piece.codes);
    if (end !== -1) return [i, end] as const;
  }
  return undefined;
}

/** Widens `[start, end)` to whole words (letters and digits of spaced scripts). */
function wholeWords(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s > 0 && isWordCode(text.charCodeAt(s - 1)) && isWordCode(text.charCodeAt(s))) s--;
  while (e < text.length && isWordCode(text.charCodeAt(e)) && isWordCode(text.charCodeAt(e - 1)))
    e++;
  return [s, e];
}

/** Whether the text between two pieces may join them into one entity. */
function joinable(text: string, from: number, to: number): boolean {
  if (to - from > MAX_GAP) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!isSpaceCode(c) && !JOINERS.has(c) && !isInvisibleCode(c)) return false;
  }
  return true;
}

/**
 * The entities of a pipeline's output in `text`. `fail(message)` is called (and must throw)
 * for an item of the wrong shape or a word that is not in the text: detection fails closed.
 */
export function nerEntities(
  text: string,
  items: readonly unknown[],
  fail: (message: string) => never,
): NerEntity[] {
  const pieces = readPieces(items, fail);
  const toUtf16 = codePointToUtf16(text);
  let cursor = 0;
  let previous: Piece | undefined;
  pieces.forEach((piece, k) => {
    const next =
      previous?.index !== undefined &&
      piece.index !== undefined &&
      piece.index === previous.index + 1;
    const found =
      (piece.hint && atHint(text, piece, toUtf16)) ??
      (next ? adjacent(text, cursor, piece) : undefined) ??
      search(text, cursor, piece, true) ??
      search(text, cursor, piece, false);
    if (!found) {
      fail(
        `the word of entity ${k} (${piece.type}) is not in the text after the entities before it, at its offsets or anywhere later`,
      );
    }
    [piece.start, piece.end] = wholeWords(text, found[0], found[1]);
    cursor = Math.max(cursor, found[1]);
    previous = piece;
  });
  pieces.sort((a, b) => a.start - b.start);
  const entities: NerEntity[] = [];
  let current:
    | (NerEntity & { scores: number; count: number; last: number | undefined })
    | undefined;
  const close = () => {
    if (current) {
      entities.push({
        type: current.type,
        start: current.start,
        end: current.end,
        score: current.scores / current.count,
      });
    }
  };
  for (const piece of pieces) {
    const continues =
      current !== undefined &&
      // Pieces of one word are one entity, whatever their tags (the first one's type wins).
      (piece.start < current.end ||
        (piece.inside &&
          piece.type === current.type &&
          joinable(text, current.end, piece.start) &&
          (piece.index === undefined ||
            current.last === undefined ||
            piece.index === current.last + 1)));
    if (continues && current) {
      current.end = Math.max(current.end, piece.end);
      current.scores += piece.score;
      current.count++;
      current.last = piece.index;
    } else {
      close();
      current = {
        type: piece.type,
        start: piece.start,
        end: piece.end,
        score: 0,
        scores: piece.score,
        count: 1,
        last: piece.index,
      };
    }
  }
  close();
  return entities;
}
