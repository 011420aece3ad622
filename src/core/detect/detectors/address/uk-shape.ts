// The shape of a UK postcode, read by character (a constant amount per start): one or two
// capitals, a digit, an optional digit or capital, an optional space, a digit and two
// capitals. Its letters are checked by the GB format (`postcodes.ts`).

const isUpperAscii = (c: number) => c >= 65 && c <= 90;
const isDigitCode = (c: number) => c >= 48 && c <= 57;

/** The end of an inward code (`1AA`) at `i`, after one optional space, or -1. */
function inwardEnd(text: string, i: number): number {
  const k = text.charCodeAt(i) === 32 ? i + 1 : i;
  return isDigitCode(text.charCodeAt(k)) &&
    isUpperAscii(text.charCodeAt(k + 1)) &&
    isUpperAscii(text.charCodeAt(k + 2))
    ? k + 3
    : -1;
}

/**
 * The ends of the UK postcodes that may start at `i`, longest first (`SW1A 1AA` and, if that
 * reading fails, `SW1 A…`).
 *
 * @example
 * ukShapeEnds('SW1A 1AA', 0); // [8]
 */
export function ukShapeEnds(text: string, i: number): number[] {
  let k = i;
  while (k < i + 2 && isUpperAscii(text.charCodeAt(k))) k++;
  if (k === i || !isDigitCode(text.charCodeAt(k))) return [];
  k++;
  const ends: number[] = [];
  const c = text.charCodeAt(k);
  if (isDigitCode(c) || isUpperAscii(c)) {
    const end = inwardEnd(text, k + 1);
    if (end > 0) ends.push(end);
  }
  const end = inwardEnd(text, k);
  if (end > 0) ends.push(end);
  return ends;
}
