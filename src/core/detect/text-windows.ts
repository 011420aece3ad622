/** A window of a text: `[start, end)` in UTF-16 code units. */
export interface TextWindow {
  start: number;
  end: number;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Where to cut near `at`: just after the last white space in `[floor, at)`, so that no word is
 * cut in two, else `at` itself moved off the middle of a surrogate pair: back by one, or
 * forward by one when back would reach `above` (the cut must stay after it).
 */
function cutBefore(text: string, at: number, floor: number, above: number): number {
  for (let i = at - 1; i >= floor; i--) if (isSpace(text.charCodeAt(i))) return i + 1;
  if (at <= 0 || at >= text.length || !isLowSurrogate(text.charCodeAt(at))) return at;
  return at - 1 > above ? at - 1 : at + 1;
}

/**
 * Cuts a text into windows of at most `size` code units that overlap, so that any value of
 * `overlap` code units or fewer lies whole in one window (two windows share `overlap` units,
 * one less where a surrogate pair sits on the cut). Cuts fall after a white space when there is
 * one in the last quarter of a window, and never inside a surrogate pair. Every window starts
 * after the previous one, so the count is linear in the text. Requires `size >= 2` and
 * `overlap < size / 2`.
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
    // More than `overlap` units in the window, so that the next one starts after this one.
    const floor = Math.max(start + size - slack, start + overlap + 1);
    const end = cutBefore(text, start + size, floor, start + overlap);
    windows.push({ start, end });
    const back = end - overlap;
    start = cutBefore(text, back, Math.max(back - slack, start + 1), start);
  }
}
