/** A window of a text: `[start, end)` in UTF-16 code units. */
export interface TextWindow {
  start: number;
  end: number;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Where to cut near `at`: just after the last white space in `[floor, at)`, so that no word is
 * cut in two, else `at` itself (moved off the middle of a surrogate pair).
 */
function cutBefore(text: string, at: number, floor: number): number {
  for (let i = at - 1; i >= floor; i--) if (isSpace(text.charCodeAt(i))) return i + 1;
  return at > 0 && at < text.length && isLowSurrogate(text.charCodeAt(at)) ? at - 1 : at;
}

/**
 * Cuts a text into windows of at most `size` code units, each overlapping the next by at least
 * `overlap`: any value of `overlap` code units or fewer lies whole in one window. Cuts fall
 * after a white space when there is one in the last quarter of a window. Requires
 * `overlap < size / 2` (so that every window moves forward by at least a quarter of `size`).
 *
 * @example
 * textWindows('a'.repeat(10), 6, 2); // [{ start: 0, end: 6 }, { start: 4, end: 10 }]
 */
export function textWindows(text: string, size: number, overlap: number): TextWindow[] {
  const windows: TextWindow[] = [];
  const slack = Math.floor(size / 4);
  let start = 0;
  for (;;) {
    if (text.length - start <= size) {
      windows.push({ start, end: text.length });
      return windows;
    }
    const end = cutBefore(text, start + size, start + size - slack);
    windows.push({ start, end });
    start = cutBefore(text, end - overlap, end - overlap - slack);
  }
}
