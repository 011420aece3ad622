import { isDigitCode } from '../../../match/fold';
import { fillsCsvFieldAfterNumber } from '../csv-field';
import { escapeLetterAt } from '../escapes';

/** The fewest digits of a phone number. */
export const MIN_DIGITS = 7;
/** The most digits of a phone number (E.164). */
export const MAX_DIGITS = 15;
/** The most separator characters between two groups of one run. */
const MAX_SEPARATOR = 3;

// A digit run is bare digits or digit groups joined by at most 3 separator characters
// (`isSeparator`). It starts at `+` or `(` right before a digit, or at a digit, and holds a
// number only if it holds MIN_DIGITS (7) digits: the look-aheads ask for that many digits
// joined the same way, so that runs without (dates, prices, times: most of them) are never
// read. A start inside a run that fails them fails too: the digits it reaches are the run's.
export const RUN_START =
  /\d(?=(?:[ .\-/()\u00a0\u202f]{0,3}\d){6})|[+(](?=\d(?:[ .\-/()\u00a0\u202f]{0,3}\d){6})/g;

// Letters, digits and a few symbols glued to a run mean it is part of a bigger token
// (`v1.2.3`, `ID12345678`, `#123456789`, `€1 234 567`). ASCII is checked in code, where `,`
// `:` and `=` count only after a digit.
export const GLUE_BEFORE =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_#$€£¥@.,:/\\=-]/u;
export const GLUE_AFTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_@%€$£]/u;

export interface Group {
  start: number;
  end: number;
  digits: string;
  /**
   * Written after ` / ` (a slash with a space on each side). Between two numbers it lists
   * them (`06 12 34 56 78 / 01 42 68 53 00`); after an area code it is part of the number
   * (`0171 / 2345678`, `+49 171 / 234 56 78`): see `crossesListSlash`.
   */
  listed: boolean;
}

/** One run of digit groups, as `readRun` finds it. */
export interface DigitRunText {
  /** Where it starts: its `+` or `(`, or its first digit. */
  from: number;
  /** Where it ends: after the last digit of its last group. */
  end: number;
  plus: boolean;
  groups: Group[];
  /** The first group that may start a number: 1 when the first is glued to what precedes. */
  first: number;
  /** The last group that may end a number: one less when the last is glued to letters. */
  last: number;
  /** The digits of groups `first` to `last`. */
  digits: number;
  /** An extension written after its last group (`x4587`): where it ends, its digits. */
  extension?: { end: number; digits: string };
}

// ` `, `.`, `-`, `/`, `(`, `)`, no-break spaces.
export function isSeparator(code: number): boolean {
  return (
    code === 32 ||
    code === 46 ||
    code === 45 ||
    code === 47 ||
    code === 40 ||
    code === 41 ||
    code === 0xa0 ||
    code === 0x202f
  );
}

function isLetterCode(code: number): boolean {
  return (code | 32) >= 97 && (code | 32) <= 122;
}

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) || code === 95;
}

// `GLUE_BEFORE` and `GLUE_AFTER` read one code unit, as `text[i]` gives it.
export function gluedBefore(code: number, text: string, at: number): boolean {
  if (code >= 128) return GLUE_BEFORE.test(text[at]!);
  // `,` `:` `=` continue a number (`3,14`, `10:30`, `x=1=2`) but end a field or a key
  // (`Dupont,0612345678` in a CSV row, `tel:+33...`, `phone=06...`); a `+` never continues one.
  if (code === 44 || code === 58 || code === 61) {
    return at > 0 && isDigitCode(text.charCodeAt(at - 1)) && text.charCodeAt(at + 1) !== 43;
  }
  // The `n` of an escaped line break (`ok\n+33 6…`, a JSON string read as written) ends a line.
  if (escapeLetterAt(text, at)) return false;
  return (
    isAsciiWordChar(code) ||
    code === 35 || // #
    code === 36 || // $
    code === 64 || // @
    code === 46 || // .
    code === 47 || // /
    code === 92 || // backslash
    code === 45 // -
  );
}

export function gluedAfter(code: number, text: string, at: number): boolean {
  if (code >= 128) return GLUE_AFTER.test(text[at]!);
  return isAsciiWordChar(code) || code === 64 || code === 37 || code === 36; // @ % $
}

/**
 * The run of digit groups that starts at `from` (a digit, or `+` or `(` before one), or
 * `undefined` when there is none. A run never crosses a line, nor ` - ` between two groups
 * (a list); ` / ` is read on, its group marked `listed`.
 */
export function readRun(text: string, from: number): DigitRunText | undefined {
  let i = from;
  const plus = text[i] === '+';
  if (plus || text[i] === '(') i++;
  if (i >= text.length || !isDigitCode(text.charCodeAt(i))) return undefined;
  // A `+` after letters starts a number (`Tel+44 171 …`, `Fax+33…`): only digits continue one.
  let glued =
    from > 0 &&
    gluedBefore(text.charCodeAt(from - 1), text, from - 1) &&
    !(plus && isLetterCode(text.charCodeAt(from - 1)));

  const groups: Group[] = [];
  let listed = false;
  while (i < text.length) {
    const start = i;
    while (i < text.length && isDigitCode(text.charCodeAt(i))) i++;
    groups.push({ start, end: i, digits: text.slice(start, i), listed });
    let j = i;
    while (j < text.length && j - i < MAX_SEPARATOR && isSeparator(text.charCodeAt(j))) j++;
    if (j === i || j >= text.length || !isDigitCode(text.charCodeAt(j))) break;
    // `0..1048575` is a range.
    if (text.startsWith('..', i)) break;
    // ` - ` between two numbers lists them; it does not join them.
    listed = j - i === 3 && text[i] === ' ' && text[j - 1] === ' ';
    if (listed && text[i + 1] !== '/') break;
    // `1.5` or `3,2` style decimals keep going, but a run never crosses a line.
    i = j;
  }
  const end = i;
  // A national number (leading `0`) in a CSV column after a number: `42,0612345678,…`.
  if (glued && text.charCodeAt(from) === 48 && fillsCsvFieldAfterNumber(text, from, end)) {
    glued = false;
  }
  // A first group glued to what comes before (`ID12345678`, `ES63 5880…`) starts no number;
  // a number after a space may follow it (`ES63 … 6666  612 34 56 78`).
  const first = glued ? 1 : 0;
  // The last group glued to letters (`10km`, `5min`) cannot end a number, but an extension
  // may follow one (`345-899-3560x4587`, `555 0199 ext. 12`).
  const extension = EXTENSION.exec(text.slice(end, end + 16));
  let last = groups.length - 1;
  if (!extension && end < text.length && gluedAfter(text.charCodeAt(end), text, end)) last--;
  let digits = 0;
  for (let g = first; g <= last; g++) digits += groups[g]!.digits.length;
  const run: DigitRunText = { from, end, plus, groups, first, last, digits };
  if (extension) run.extension = { end: end + extension[0].length, digits: extension[1]! };
  return run;
}

/** An extension after a number: `x4587`, ` ext. 12`, `#3` is not one. */
const EXTENSION = /^ ?(?:x|ext\.?|extn\.?|poste|Durchwahl) ?(\d{1,6})(?![\p{L}\p{N}_])/iu;

/** Exported for the ReDoS shape test. */
export const RUN_PATTERNS: readonly RegExp[] = [RUN_START, GLUE_BEFORE, GLUE_AFTER, EXTENSION];

/**
 * Whether groups `first` to `j` may be one number although they cross a ` / `: once, after
 * an area code (at most six digits, seven with a country code: `0171 / 2345678`,
 * `+49 171 / 234 56 78`) and before at least four. Two numbers listed with ` / ` hold more.
 */
export function crossesListSlash(
  groups: readonly Group[],
  first: number,
  j: number,
  plus = false,
): boolean {
  let before = 0;
  let after = 0;
  let crossings = 0;
  for (let g = first; g <= j; g++) {
    const group = groups[g]!;
    if (g > first && group.listed) crossings++;
    if (crossings === 0) before += group.digits.length;
    else after += group.digits.length;
  }
  if (crossings === 0) return true;
  return crossings === 1 && before <= (plus ? 7 : 6) && after >= 4;
}
