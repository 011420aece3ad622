/**
 * Where a text holding encoded characters (JSON `\uXXXX` escapes, HTML references,
 * percent-encoding, quoted-printable and RFC 2047 `Q` words) must also be read as written: the windows around them. The text is read
 * decoded whole (`text-reading.ts`); read as written, it gives only the values that decoding
 * glues to a neighbour (`06 12 34 56 78&#49;` reads `…781` decoded), and elsewhere it reads as
 * it does decoded: reading all of a long text twice because one line holds `&amp;` doubled the
 * cost of detection for nothing.
 *
 * A text of up to `wholeUpTo` code units (16 KB: most messages and tool results) is one window,
 * so that detectors there keep every signal they read anywhere in it. In a longer text, a
 * window is each paragraph that holds encoded characters (a blank line ends one; a table, a
 * JSON document or a log with no blank line is one paragraph, read whole with its header rows),
 * plus the end of the paragraph before it, up to `before` code units cut at a word (a greeting
 * or a sign-off separated from the name by a blank line). Windows that touch, or that only
 * blank lines keep apart, are merged; the scan reads each code unit at most three times.
 */

import { MAIL_ENCODING } from './mail-encodings';

/** A character written as a JSON `\uXXXX` escape, an HTML reference or a percent-encoded byte. */
const CHARACTER_ENCODINGS = /\\u[0-9a-fA-F]{4}|&#?[a-zA-Z0-9]{1,8};|%[0-9a-fA-F]{2}/;

/**
 * The JSON escapes `\n`, `\r`, `\t`, whose letter would otherwise be read glued to the value
 * after it (`"ok\n4111 1111 1111 1111"`).
 */
export const CONTROL_ESCAPE = /\\[nrt]/;

/** The pattern of one encoded character, as `decodeText` reads it. */
export const ENCODED = new RegExp(
  `${CHARACTER_ENCODINGS.source}|${CONTROL_ESCAPE.source}|${MAIL_ENCODING.source}`,
);

/** Texts up to this length are one window. */
export const WHOLE_TEXT_UP_TO = 16_384;

/** How much of the paragraph before a window's own the window takes. */
export const CONTEXT_BEFORE = 256;

export interface TextWindow {
  start: number;
  end: number;
}

const NEWLINE = 10;
const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 0xa0;

/**
 * Where the paragraph holding `at` starts (after a blank line, or at the start of the text),
 * looking back no further than `floor`: `floor` when it gets there first.
 */
function paragraphStart(text: string, at: number, floor: number): number {
  let lineStart = -1; // start of the line after the last line break seen
  let blank = false; // whether that line holds only spaces, up to where it was read
  for (let i = at - 1; i >= floor; i--) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      if (blank && lineStart >= 0) return lineStart;
      lineStart = i + 1;
      blank = true;
    } else if (!isSpace(c)) blank = false;
  }
  return floor;
}

/** Where the paragraph holding `at` ends: at the line break before a blank line, or the end. */
function paragraphEnd(text: string, at: number): number {
  let lineEnd = -1; // the last line break seen
  let blank = false;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      if (blank && lineEnd >= 0) return lineEnd;
      lineEnd = i;
      blank = true;
    } else if (!isSpace(c)) blank = false;
  }
  return text.length;
}

/** Whether `text` holds only spaces and line breaks from `from` to `to`. */
function blankBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== NEWLINE && !isSpace(c)) return false;
  }
  return true;
}

/** The start of the first word at least `from`, before `at`; `at` when there is none. */
function wordStartFrom(text: string, from: number, at: number): number {
  if (from === 0) return 0;
  for (let i = from; i < at; i++) {
    const c = text.charCodeAt(i - 1);
    if (c === NEWLINE || isSpace(c)) return i;
  }
  return at;
}

/**
 * The windows of `text` to read decoded, in order, disjoint and not touching. Empty when the
 * text holds no encoded character.
 *
 * @example
 * encodedWindows('Intro.\n\nContact: Jos&eacute; Garc&iacute;a\n\nOutro.', 0, 0);
 * // [{ start: 8, end: 42 }]: the paragraph of the references
 */
export function encodedWindows(
  text: string,
  before = CONTEXT_BEFORE,
  wholeUpTo = WHOLE_TEXT_UP_TO,
): TextWindow[] {
  if (text.length <= wholeUpTo) return ENCODED.test(text) ? [{ start: 0, end: text.length }] : [];
  const windows: TextWindow[] = [];
  const markers = new RegExp(ENCODED.source, 'g');
  let last: TextWindow | undefined;
  for (let m = markers.exec(text); m; m = markers.exec(text)) {
    if (last && m.index < last.end) continue; // a window ends with its paragraph
    // Paragraphs are not read back into the window before.
    const floor = last?.end ?? 0;
    const own = paragraphStart(text, m.index, floor);
    const context = own > floor ? wordStartFrom(text, Math.max(floor, own - before), own) : own;
    const end = paragraphEnd(text, m.index);
    if (last && (context <= last.end || blankBetween(text, last.end, context))) last.end = end;
    else {
      last = { start: context, end };
      windows.push(last);
    }
    markers.lastIndex = Math.max(markers.lastIndex, end);
  }
  return windows;
}
