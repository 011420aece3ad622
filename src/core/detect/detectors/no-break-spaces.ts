import { isDigitCode } from '../../match/fold';
import type { DetectedSpan } from '../types';

/** U+00A0 and U+202F: how French typography (and word processors) group the digits of one number. */
const NO_BREAK_SPACES = /[\u00a0\u202f]/g;
const NO_BREAK_SPACE = /[\u00a0\u202f]/;
const NARROW_NO_BREAK_SPACES = /\u202f/g;
/**
 * Digits in thousands (`720\u202f428\u202f905`): how `Intl.NumberFormat('fr-FR')` and French
 * typography write amounts and counts, which is where U+202F comes from; people do not type it
 * in phone numbers grouped so.
 */
const THOUSANDS = /^\d{1,3}(?:\u202f\d{3})+$/;
/** U+202F next to a slash: ` / ` lists numbers. */
const NARROW_AROUND_SLASH = /\u202f(?=\/)|(?<=\/)\u202f/g;

/**
 * Whether `space` comes somewhere in `text` right before a digit (or `(`, `orParen`) and, with
 * `digitBefore`, right after one. `indexOf` finds the rare character at once; a regex such as
 * `/\d[\u00a0\u202f]\d/` tries every digit of a text full of them (0.15 ms per 100 KB).
 */
function spaceInNumber(text: string, space: string, digitBefore: boolean, orParen: boolean) {
  for (let i = text.indexOf(space); i !== -1; i = text.indexOf(space, i + 1)) {
    const after = text.charCodeAt(i + 1);
    if (!isDigitCode(after) && !(orParen && after === 40)) continue;
    if (!digitBefore || isDigitCode(text.charCodeAt(i - 1))) return true;
  }
  return false;
}

/** A no-break space between two digits: where a value grouped with them can be. */
const noBreakSpaceBetweenDigits = (text: string) =>
  spaceInNumber(text, '\u00a0', true, false) || spaceInNumber(text, '\u202f', true, false);

/** A narrow no-break space before a digit or `(`: where a number can hold one (`(415)\u202f555-2671`). */
const narrowNoBreakSpaceInNumber = (text: string) => spaceInNumber(text, '\u202f', false, true);

/**
 * `detect`, and the values it finds grouped with no-break spaces: a card, an IBAN or a NIR
 * written `4111\u00a01111\u00a01111\u00a01111` is the same value as one grouped with spaces.
 * Where a no-break space sits between two digits, the text is read a second time with each one
 * as a space (one code unit for one, so offsets hold). What that reading adds are the values
 * grouped with one kind of no-break space only (no ASCII space inside) that overlap nothing
 * found the first time, so that a value never runs on into a number grouped otherwise next to
 * it (`500 277 3918\u00a04111 1111 1111 1111`). Values are cut from the text itself.
 */
export function withNoBreakSpaces(
  detect: (text: string) => DetectedSpan[],
): (text: string) => DetectedSpan[] {
  return (text) => {
    const spans = detect(text);
    if (!noBreakSpaceBetweenDigits(text)) return spans;
    return withAdded(text, spans, detect(text.replace(NO_BREAK_SPACES, ' ')), (value) => {
      // One kind of no-break space, as one value is grouped: `6636\u202f082172\u00a087570` is two
      // numbers, not a card.
      if (!NO_BREAK_SPACE.test(value) || value.includes(' ')) return false;
      return !(value.includes('\u00a0') && value.includes('\u202f'));
    });
  };
}

/**
 * `detect`, and the values it finds grouped with narrow no-break spaces (U+202F): for a detector
 * that reads U+00A0 already but whose validation refuses U+202F (libphonenumber-js does, so a
 * phone number written `06\u202f12\u202f34\u202f56\u202f78` was left whole in clear). Where
 * one comes before a digit or `(`, the text is read a second time as `narrowAsNoBreak` writes it
 * (one code unit for one, so offsets hold). What that reading adds are the values holding a
 * narrow no-break space and no U+00A0 (one kind of no-break space per value, as in
 * `withNoBreakSpaces`), are not digits in thousands (`THOUSANDS`), and overlap nothing found the
 * first time: the first reading keeps every value it found, and the digits it masked stay
 * masked. Values are cut from the text itself.
 */
export function withNarrowNoBreakSpaces(
  detect: (text: string) => DetectedSpan[],
): (text: string) => DetectedSpan[] {
  return (text) => {
    const spans = detect(text);
    if (!narrowNoBreakSpaceInNumber(text)) return spans;
    return withAdded(text, spans, detect(narrowAsNoBreak(text)), (value) => {
      return value.includes('\u202f') && !value.includes('\u00a0') && !THOUSANDS.test(value);
    });
  };
}

/**
 * Ends a digit run where a space stood (see `narrowAsNoBreak`): no separator, nothing a value is
 * glued to, and no line break (a phone word is looked for up to the start of its line).
 */
const RUN_BREAK = '\u2028';

/** Whether the code unit ends a chunk: ASCII whitespace or `/`. */
const endsChunk = (code: number) =>
  code === 32 || code === 9 || code === 10 || code === 13 || code === 47;

/**
 * `text` with every U+202F as U+00A0, so that numbers grouped with it are read as those grouped
 * with U+00A0 are, but for two things where a U+202F and a space are not read alike:
 * - a U+202F next to a slash is a space: `07\u202f/\u202f10` lists two numbers, as ` / ` does,
 *   and is no phone number (`07\u00a0/\u00a010` would be one);
 * - a space between two chunks that each hold a U+202F (chunks: what lies between whitespace
 *   and `/`) is `RUN_BREAK`: one value is grouped one way, so such chunks are two values, and
 *   neither is read on into the other (`+49\u202f89\u202f1238780 (0450\u202f14…`, a German and
 *   a French number; `+43\u202f664\u202f849109 21\u202fh\u202f37`, a number and a time). A space
 *   next to a chunk grouped otherwise stays: `+31 6\u202f12388417` is one number.
 */
export function narrowAsNoBreak(text: string): string {
  const breaks: number[] = [];
  let start = 0;
  /** Whether the chunk before the last space seen holds U+202F, and where that space is. */
  let previousHolds = false;
  let space = -1;
  for (let k = 0; k <= text.length; k++) {
    const code = k < text.length ? text.charCodeAt(k) : 32;
    if (!endsChunk(code)) continue;
    if (k === start && code === 32 && space === k - 1) {
      // Spaces in a row: the last one is the one before the next chunk.
      space = k;
      start = k + 1;
      continue;
    }
    const holds = k > start && text.slice(start, k).includes('\u202f');
    // A chunk right after a single space, after a chunk that holds U+202F too.
    if (holds && previousHolds && space === start - 1) breaks.push(space);
    previousHolds = holds;
    space = code === 32 ? k : -1;
    start = k + 1;
  }
  const out = text.replace(NARROW_AROUND_SLASH, ' ').replace(NARROW_NO_BREAK_SPACES, '\u00a0');
  if (breaks.length === 0) return out;
  const parts: string[] = [];
  let from = 0;
  for (const at of breaks) {
    parts.push(out.slice(from, at), RUN_BREAK);
    from = at + 1;
  }
  parts.push(out.slice(from));
  return parts.join('');
}

/**
 * `spans`, and those of a second reading of `text` that `accepts` keeps (given the value as
 * written in `text`) and that overlap none of `spans`, in order of start.
 */
function withAdded(
  text: string,
  spans: DetectedSpan[],
  second: DetectedSpan[],
  accepts: (value: string) => boolean,
): DetectedSpan[] {
  const added: DetectedSpan[] = [];
  for (const span of second) {
    const value = text.slice(span.start, span.end);
    if (!accepts(value)) continue;
    if (spans.some((s) => s.start < span.end && span.start < s.end)) continue;
    if (span.value !== undefined) span.value = value;
    added.push(span);
  }
  return added.length === 0 ? spans : [...spans, ...added].sort((a, b) => a.start - b.start);
}
