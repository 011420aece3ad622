/**
 * A normalised view of a text with a map back to original offsets, so that one scan of the
 * view can find values written with other case, spacing or digit grouping.
 */
export interface TextView {
  text: string;
  /** `map[i]` is the original offset of view character `i`. */
  map: number[];
}

const SPACE = /\s/u;
const DIGIT_SEPARATOR = /[\s.\-/]/u;
const isDigit = (c: number) => c >= 48 && c <= 57;

function foldChar(ch: string): string {
  if (ch === '\u2019' || ch === '\u02bc') return "'";
  const lower = ch.toLowerCase();
  return lower.length === 1 ? lower : ch;
}

/**
 * Lower case (where it keeps length), whitespace runs as one space, typographic apostrophes
 * as `'`. With `joinDigitGroups`, a single separator between two digits is dropped (`06 12` → `0612`).
 */
export function foldText(input: string, joinDigitGroups = false): TextView {
  let text = '';
  const map: number[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    // One separator between two digits is grouping (`06 12`, `4111-1111`); more is not (`12 / 34`).
    if (
      joinDigitGroups &&
      DIGIT_SEPARATOR.test(ch) &&
      i > 0 &&
      isDigit(input.charCodeAt(i - 1)) &&
      isDigit(input.charCodeAt(i + 1))
    ) {
      i++;
      continue;
    }
    if (SPACE.test(ch)) {
      let j = i + 1;
      while (j < input.length && SPACE.test(input[j]!)) j++;
      text += ' ';
      map.push(i);
      i = j;
      continue;
    }
    text += foldChar(ch);
    map.push(i);
    i++;
  }
  return { text, map };
}
