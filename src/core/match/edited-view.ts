import { lastAtOrBefore } from './last-at-or-before';

/**
 * A copy of a text with some of its ranges replaced (encodings decoded, layout undone), and the
 * map from each unit of the copy back to the original text. Only the replaced ranges are
 * recorded; positions are mapped back by a binary search among them.
 */

/** A range of the original text (`from`..`to`) and what stands for it in the copy. */
export interface Piece {
  from: number;
  to: number;
  decoded: string;
}

/** A copy of a text, and where each of its code units comes from. */
export interface DecodedView {
  text: string;
  /** Where code unit `i` of the copy starts in the original text (where its piece starts). */
  sourceStart(i: number): number;
  /** Where code unit `i` of the copy ends in the original text (where its piece ends). */
  sourceEnd(i: number): number;
}

/**
 * `text` with each of `pieces` (in order, disjoint) put in place of its range. A piece may be
 * empty (a soft line break, an invisible character: the copy drops it).
 *
 * @example
 * const view = viewWithPieces('jean\u00ad.dupont', [{ from: 4, to: 5, decoded: '' }]);
 * view.text; // 'jean.dupont'
 * view.sourceStart(4); // 5
 */
export function viewWithPieces(text: string, pieces: readonly Piece[]): DecodedView {
  if (pieces.length === 0) return { text, sourceStart: (i) => i, sourceEnd: (i) => i + 1 };
  const parts: string[] = [];
  // Per piece: where its code units start in the copy, how many, and its range in the text.
  const viewAt = new Array<number>(pieces.length);
  const viewLength = new Array<number>(pieces.length);
  let copied = 0; // the text before this offset is in `parts`
  let length = 0; // of the copy so far
  pieces.forEach((piece, k) => {
    if (piece.from > copied) parts.push(text.slice(copied, piece.from));
    length += piece.from - copied;
    viewAt[k] = length;
    viewLength[k] = piece.decoded.length;
    parts.push(piece.decoded);
    length += piece.decoded.length;
    copied = piece.to;
  });
  if (copied < text.length) parts.push(text.slice(copied));
  /** The last piece whose units start at or before `i`, or -1. */
  const pieceBefore = (i: number) => lastAtOrBefore(viewAt, i);
  return {
    text: parts.join(''),
    sourceStart(i) {
      const k = pieceBefore(i);
      if (k < 0) return i;
      const past = i - viewAt[k]! - viewLength[k]!;
      return past < 0 ? pieces[k]!.from : pieces[k]!.to + past;
    },
    sourceEnd(i) {
      const k = pieceBefore(i);
      if (k < 0) return i + 1;
      const past = i - viewAt[k]! - viewLength[k]!;
      return past < 0 ? pieces[k]!.to : pieces[k]!.to + past + 1;
    },
  };
}
