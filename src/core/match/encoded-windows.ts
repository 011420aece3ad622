/**
 * Where a text must also be read decoded: the windows around its encoded characters (JSON
 * `\uXXXX` escapes, HTML references, percent-encoding). Elsewhere the decoded text is the text
 * itself, already read once; reading all of a long text twice because one line holds `&amp;`
 * doubled the cost of detection for nothing.
 *
 * A window is the paragraph that holds the encoded characters (a blank line ends it), so that
 * detectors see the context they read (a greeting, a signature, a table's header), but it
 * reaches at most `reach` code units either side of them, where it stops at the farthest line
 * break or space within that reach. Windows that touch are merged; the whole scan reads each
 * code unit a bounded number of times.
 */

/** The pattern of one encoded character, as `decodeText` reads it. */
export const ENCODED = /\\u[0-9a-fA-F]{4}|&#?[a-zA-Z0-9]{1,8};|%[0-9a-fA-F]{2}/;

/** How far a window reaches either side of an encoded character when no paragraph ends it. */
export const DEFAULT_REACH = 2000;

export interface TextWindow {
  start: number;
  end: number;
}

const NEWLINE = 10;
const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 0xa0;

/**
 * Where a window holding `at` starts: after the blank line that opens its paragraph; else at
 * the farthest line start, or word start, at least `least` code units before `at`; else at
 * `floor`, the farthest it may reach.
 */
function windowStart(text: string, at: number, floor: number, least: number): number {
  let lineStart = -1;
  let wordStart = -1;
  let blankSoFar = false; // only spaces since the line break seen last
  for (let i = at - 1; i >= floor; i--) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      if (blankSoFar && lineStart >= 0) return lineStart;
      lineStart = i + 1;
      blankSoFar = true;
    } else if (isSpace(c)) {
      wordStart = i + 1;
    } else {
      blankSoFar = false;
    }
  }
  if (floor === 0) return 0;
  if (lineStart >= 0 && at - lineStart >= least) return lineStart;
  return wordStart >= 0 && at - wordStart >= least ? wordStart : floor;
}

/**
 * Where a window that must hold `from` ends: the mirror of `windowStart`, scanning from `from`
 * to `ceil`. `hard` when the paragraph or the text ends there, so that nothing before it
 * needs the window to reach further.
 */
function windowEnd(
  text: string,
  from: number,
  ceil: number,
  least: number,
): { end: number; hard: boolean } {
  let lineEnd = -1;
  let wordEnd = -1;
  let blankSoFar = false;
  for (let i = from; i < ceil; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      if (blankSoFar && lineEnd >= 0) return { end: lineEnd, hard: true };
      lineEnd = i;
      blankSoFar = true;
    } else if (isSpace(c)) {
      wordEnd = i;
    } else {
      blankSoFar = false;
    }
  }
  if (ceil === text.length) return { end: ceil, hard: true };
  if (lineEnd >= least) return { end: lineEnd, hard: false };
  return { end: wordEnd >= least ? wordEnd : ceil, hard: false };
}

/**
 * The windows of `text` to read decoded, in order, disjoint and not touching. Empty when the
 * text holds no encoded character.
 *
 * @example
 * encodedWindows('Intro.\n\nContact: Jos&eacute; Garc&iacute;a\n\nOutro.');
 * // [{ start: 8, end: 40 }]: the paragraph of the references
 */
export function encodedWindows(text: string, reach = DEFAULT_REACH): TextWindow[] {
  const windows: TextWindow[] = [];
  const markers = new RegExp(ENCODED.source, 'g');
  let current: (TextWindow & { hard: boolean }) | undefined;
  for (let m = markers.exec(text); m; m = markers.exec(text)) {
    const at = m.index;
    const after = at + m[0].length;
    const ceil = Math.min(text.length, after + reach);
    if (current && at < current.end) {
      // Inside the current window: reach further only when the window ends soon after it.
      // Each such step moves the end by at least half the reach, or to a paragraph's end.
      if (current.hard || after + reach / 2 <= current.end) continue;
      const { end, hard } = windowEnd(text, current.end, ceil, after + reach / 2);
      current.end = Math.max(current.end, end);
      current.hard = hard;
      continue;
    }
    // A window never scans back into the one before: it starts there at the farthest.
    const floor = Math.max(current?.end ?? 0, at - reach);
    const start = windowStart(text, at, floor, reach / 2);
    const { end, hard } = windowEnd(text, after, ceil, after + reach / 2);
    if (current && start <= current.end) {
      current.end = Math.max(end, after);
      current.hard = hard;
    } else {
      current = { start, end: Math.max(end, after), hard };
      windows.push(current);
    }
  }
  return windows.map(({ start, end }) => ({ start, end }));
}
