/**
 * Offsets of an entity without the punctuation that OCR or a tokenizer left on it: spaces,
 * quotes and brackets at either end, `,;:` at the end, and a final `.` after a word of three
 * letters or more (`Scanzoni.`, not `III.` or `M.`).
 *
 * @example
 * trimSpan('Anna Palanowsky, 57', 0, 16); // [0, 15]
 */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  const lead = /[\s"'«»“”„([]/u;
  const trail = /[\s"'«»“”)\],;:]/u;
  for (;;) {
    const before = [s, e];
    while (s < e && lead.test(text[s]!)) s++;
    while (e > s && trail.test(text[e - 1]!)) e--;
    if (e - s > 1 && text[e - 1] === '.' && /\p{Ll}{3}$/u.test(text.slice(s, e - 1))) e--;
    if (before[0] === s && before[1] === e) break;
  }
  return e > s ? [s, e] : [start, end];
}
