import type { PiiSpan } from '../detect/types';
import { addressWindows } from './address-windows';
import { decodedReading, hasEncodedCharacters } from './decoded-view';
import type { Piece } from './edited-view';
import { encodedWindows, type TextWindow } from './encoded-windows';
import { layoutPieces, layoutReading } from './layout-reading';
import { excerptReading } from './text-excerpt';

/**
 * One way `anonymize` reads a text: the text itself, its decoded copy, or an excerpt of it.
 * Detectors and the known-value sweep run on `text`; `toOriginal` moves what they found back to
 * the original text.
 */
export interface TextReading {
  text: string;
  /**
   * Spans found in `text`, at their place in the original text. Their values stay as read (a
   * decoded value is what the value is, and what restoration gives back); a span that has no
   * place there (across two parts of an excerpt) is dropped.
   */
  toOriginal(spans: readonly PiiSpan[]): PiiSpan[];
}

const asIs = (text: string): TextReading => ({ text, toOriginal: (spans) => [...spans] });

/**
 * How a text is read. A text with no JSON escape, HTML reference, percent-encoding or mail
 * encoding: as it is, and with its layout undone where it has any (`layoutReading`: invisible
 * characters, full-width digits, hard wraps, spelled-out addresses). Otherwise twice: decoded, whole (every signal a detector reads anywhere in a text is
 * there: an e-mail address `&#64;`-encoded in one paragraph supports a name in another), and as
 * written where decoding changes the text (a value glued to an encoding reads differently
 * decoded: `06 12 34 56 78&#49;`), which is all of a text up to 16 KB and the paragraphs
 * around the encodings of a longer one (`encodedWindows`) with its e-mail addresses (they
 * support a name anywhere in the text: `thaddeus.whitmore@…` supports `Thaddeus
 * Whitmore&#x41;`, which decoded reads `WhitmoreA`), read in one excerpt, or whole when they
 * cover most of it.
 *
 * `piecesOf` finds the layout pieces of the text it is given (the text, or its decoded copy):
 * `layoutPieces`, or what a memo remembers of them (`ReadingMemo`).
 *
 * @example
 * readingsOf('Sign&eacute; : &Eacute;lodie').map((r) => r.text);
 * // ['Signé : Élodie', 'Sign&eacute; : &Eacute;lodie']
 */
export function readingsOf(
  text: string,
  piecesOf: (text: string) => readonly Piece[] = layoutPieces,
): TextReading[] {
  if (!hasEncodedCharacters(text)) {
    const layout = layoutReading(text, piecesOf(text));
    return layout ? [asIs(text), layout] : [asIs(text)];
  }
  const encoded = encodedWindows(text);
  const windows =
    encoded.length === 1 && encoded[0]!.end - encoded[0]!.start === text.length
      ? encoded
      : disjoint([...encoded, ...addressWindows(text)]);
  // Windows over most of the text: reading it whole costs less than an excerpt.
  let covered = 0;
  for (const w of windows) covered += w.end - w.start;
  const decoded = decodedReading(text);
  const readings = [
    decoded,
    2 * covered > text.length ? asIs(text) : excerptReading(text, windows),
  ];
  // Layout is read on the decoded text: `jean\u00ad.dupont`, `=C3=A9` then a hard wrap.
  const layout = layoutReading(decoded.text, piecesOf(decoded.text));
  if (layout) readings.push(within(layout, decoded));
  return readings;
}

/** A reading of another reading's text, moved back to the original text through both. */
function within(inner: TextReading, outer: TextReading): TextReading {
  return { text: inner.text, toOriginal: (spans) => outer.toOriginal(inner.toOriginal(spans)) };
}

/** `windows` sorted, with those that overlap or touch merged. */
function disjoint(windows: TextWindow[]): TextWindow[] {
  windows.sort((a, b) => a.start - b.start);
  const out: TextWindow[] = [];
  for (const w of windows) {
    const last = out[out.length - 1];
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else out.push({ ...w });
  }
  return out;
}
