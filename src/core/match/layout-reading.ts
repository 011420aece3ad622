import type { PiiSpan } from '../detect/types';
import { type DecodedView, type Piece, viewWithPieces } from './edited-view';
import { lastAtOrBefore } from './last-at-or-before';
import { disjointPieces, findLayoutPieces } from './layout-pieces';
import { obfuscatedEmailPieces } from './obfuscated-emails';
import type { TextReading } from './text-reading';

/** Texts up to this length are read whole, with every signal they hold. */
export const LAYOUT_WHOLE_UP_TO = 4096;
/** How much text around a piece a window of a longer text takes, on each side. */
export const LAYOUT_CONTEXT = 160;
/** What stands between two windows: a paragraph break, read as such. */
const JOINT = '\n\n';

/**
 * The layout pieces of a text (see `layout-pieces.ts` and `obfuscated-emails.ts`): in order,
 * disjoint; empty for a text with none.
 *
 * @example
 * layoutPieces('jean\u00ad.dupont@exemple.fr'); // [{ from: 4, to: 5, decoded: '' }]
 */
export function layoutPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  findLayoutPieces(text, pieces);
  obfuscatedEmailPieces(text, pieces);
  return pieces.length === 0 ? pieces : disjointPieces(pieces);
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The windows of a text to read with its pieces undone: around each piece, merged. */
function windowsOf(text: string, pieces: readonly Piece[]): { start: number; end: number }[] {
  if (text.length <= LAYOUT_WHOLE_UP_TO) return [{ start: 0, end: text.length }];
  const windows: { start: number; end: number }[] = [];
  for (const p of pieces) {
    let start = Math.max(0, p.from - LAYOUT_CONTEXT);
    // Cut at a word: from the first blank on (no half word to misread).
    while (start > 0 && start < p.from && !isBlank(text.charCodeAt(start - 1))) start++;
    let end = Math.min(text.length, p.to + LAYOUT_CONTEXT);
    while (end < text.length && end > p.to && !isBlank(text.charCodeAt(end))) end--;
    const last = windows[windows.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

/** Whether a span (original offsets) overlaps one of `pieces` (sorted, disjoint). */
function touchesPiece(start: number, end: number, pieces: readonly Piece[]): boolean {
  let lo = 0;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pieces[mid]!.to <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < pieces.length && pieces[lo]!.from < end;
}

/**
 * A text read with its layout undone (`layoutPieces`): invisible characters dropped, full-width
 * and other-script digits as ASCII, hard wraps joined, folded vCard lines unfolded, spelled-out
 * addresses as addresses. A text up to 4 KB is read whole; a longer one in windows around its
 * pieces, joined as one excerpt. Only spans across a piece are kept: elsewhere the text reads
 * as it does as written, where it was read already. Undefined when the text has no piece, so a
 * text with nothing of the kind costs one scan (`pieces`: the text's, when already known).
 *
 * @example
 * const reading = layoutReading('Écrivez à jean.dupont@\nexemple.fr');
 * reading?.text; // 'Écrivez à jean.dupont@exemple.fr'
 */
export function layoutReading(
  text: string,
  pieces: readonly Piece[] = layoutPieces(text),
): TextReading | undefined {
  if (pieces.length === 0) return undefined;
  const windows = windowsOf(text, pieces);
  // Each window is a view of its own: where it starts in the excerpt and how it maps back.
  const views: { start: number; view: DecodedView }[] = [];
  const viewStarts: number[] = [];
  const parts: string[] = [];
  let length = 0;
  let p = 0;
  for (const w of windows) {
    const own: Piece[] = [];
    while (p < pieces.length && pieces[p]!.from < w.end) {
      const piece = pieces[p++]!;
      if (piece.from >= w.start && piece.to <= w.end) {
        own.push({ from: piece.from - w.start, to: piece.to - w.start, decoded: piece.decoded });
      }
    }
    if (parts.length > 0) length += JOINT.length;
    const view = viewWithPieces(text.slice(w.start, w.end), own);
    views.push({ start: w.start, view });
    viewStarts.push(length);
    parts.push(view.text);
    length += view.text.length;
  }
  return {
    text: parts.join(JOINT),
    toOriginal(spans: readonly PiiSpan[]): PiiSpan[] {
      const out: PiiSpan[] = [];
      for (const span of spans) {
        // The last window starting at or before the span.
        const k = lastAtOrBefore(viewStarts, span.start);
        if (k < 0) continue;
        const at = viewStarts[k]!;
        const { start: offset, view } = views[k]!;
        if (span.end - at > view.text.length || span.start < at) continue;
        const start = offset + view.sourceStart(span.start - at);
        const end = offset + view.sourceEnd(span.end - 1 - at);
        if (touchesPiece(start, end, pieces)) out.push({ ...span, start, end });
      }
      return out;
    },
  };
}
