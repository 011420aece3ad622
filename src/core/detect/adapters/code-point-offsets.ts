/**
 * Offsets counted in Unicode code points (Python's `str` indices, what Presidio and the Python
 * `transformers` pipelines give) turned into UTF-16 code units (JavaScript's), in one pass over
 * the text.
 */

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Whether `text` holds a character outside the BMP (a surrogate pair): offsets then differ. */
export function hasSurrogatePair(text: string): boolean {
  for (let i = 0; i + 1 < text.length; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) return true;
  }
  return false;
}

/**
 * `toUtf16(cp)`: the UTF-16 offset of code point offset `cp` in `text`, or `undefined` when
 * `cp` is not a whole number from 0 to the text's length in code points. A lone surrogate
 * counts as one code point, as in Python.
 */
export function codePointToUtf16(text: string): (cp: number) => number | undefined {
  if (!hasSurrogatePair(text)) {
    return (cp) => (Number.isInteger(cp) && cp >= 0 && cp <= text.length ? cp : undefined);
  }
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    offsets.push(i);
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
  }
  offsets.push(text.length);
  return (cp) => (Number.isInteger(cp) && cp >= 0 && cp < offsets.length ? offsets[cp] : undefined);
}

/** Whether `i` falls between the two halves of a surrogate pair (no span may start or end there). */
export function insideSurrogatePair(text: string, i: number): boolean {
  return (
    i > 0 &&
    i < text.length &&
    isHighSurrogate(text.charCodeAt(i - 1)) &&
    isLowSurrogate(text.charCodeAt(i))
  );
}
