import { isDigitCode } from '../../match/fold';
import type { DetectedSpan, Detector } from '../types';
import { luhn } from './checksums';
import { fillsCsvFieldAfterNumber } from './csv-field';
import { withNoBreakSpaces } from './no-break-spaces';

// Digits joined by single spaces or dashes; each step consumes one character, so the
// bounded repetition cannot backtrack more than 40 steps from a start. A comma before the
// digits ends a field (`card,4111...` in a CSV row); after a digit it is checked in code.
// The look-behind tests its ASCII part first (`(?<![0-9A-Za-z_.-])(?<![…])` asks what
// `(?<![…])` asks): the digit or letter before most digits is refused by one short test, not
// by the Unicode classes' long one.
const CANDIDATE =
  /(?<![0-9A-Za-z_.-])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_.-])\d(?:\d|[ -](?=\d)){11,40}/gu;
const LETTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const CREDIT_CARD_PATTERNS: readonly RegExp[] = [CANDIDATE, LETTER];

/**
 * Whether a card number's issuer identification number (IIN) and length belong to a known
 * network: Visa, Mastercard, American Express, Discover, Diners, JCB, UnionPay, Maestro, Mir.
 */
export function knownCardNetwork(digits: string): boolean {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  const p6 = Number(digits.slice(0, 6));
  if (digits[0] === '4') return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 >= 2200 && p4 <= 2204) return n >= 16 && n <= 19; // Mir
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) {
    return n >= 16 && n <= 19; // Discover
  }
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return n >= 14 && n <= 19; // Diners
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p2 === 62) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19; // Maestro
  return false;
}

/**
 * Finds payment card numbers (13 to 19 digits, bare or grouped with spaces or dashes) that
 * pass the Luhn check and belong to a known network. `canonical` is the digits alone. One
 * printed in full (`4111 1111 1111 1112`, 4-6-5) that fails the check is found too, whole,
 * with score 0.5: a card mistyped.
 *
 * @example
 * creditCardDetector().detect('Carte : 4111 1111 1111 1111, exp 12/27');
 * // [{ start: 8, end: 27, label: 'CREDIT_CARD', canonical: '4111111111111111', score: 1, ... }]
 */
export function creditCardDetector(): Detector {
  return {
    name: 'credit-card',
    labels: ['CREDIT_CARD'],
    // Grouped with no-break spaces, the value is the same.
    detect: withNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      CANDIDATE.lastIndex = 0;
      let m = CANDIDATE.exec(text);
      while (m) {
        // The candidate stops after 41 characters (its bound keeps the scan linear): the run
        // goes on to its end here, and the next scan starts after it.
        let end = m.index + m[0].length;
        while (end < text.length) {
          const c = text.charCodeAt(end);
          if (isDigitCode(c)) end++;
          else if ((c === 32 || c === 45) && isDigitCode(text.charCodeAt(end + 1))) end += 2;
          else break;
        }
        CANDIDATE.lastIndex = end;
        cardsIn(text, m.index, text.slice(m.index, end), spans);
        m = CANDIDATE.exec(text);
      }
      return spans;
    }),
  };
}

/**
 * Whether groups `first..last` are grouped as card numbers are printed: one group, groups of
 * four with a shorter last one (`4111 1111 1111 1111`, `6011 0000 0000 0000 000`), or 4-6-5
 * (American Express) and 4-6-4 (Diners). `56 78 4325 5353 7940` is the end of a phone number
 * and the start of a card, not a card.
 */
function usualGrouping(groups: readonly string[], first: number, last: number): boolean {
  if (first === last) return true;
  const lengths = groups.slice(first, last + 1).map((g) => g.length);
  if (lengths.length === 3 && lengths[0] === 4 && lengths[1] === 6) {
    return lengths[2] === 5 || lengths[2] === 4;
  }
  return lengths.every((n, i) => (i < lengths.length - 1 ? n === 4 : n >= 1 && n <= 4));
}

/**
 * Whether groups `first..last` are a whole card as printed: four groups of four (and a last
 * one of three, 19 digits), 4-6-5 or 4-6-4, alone in their run (no group of the same style
 * before or after them). A number printed so whose check fails is a card mistyped.
 */
function printedInFull(
  groups: readonly string[],
  separators: readonly string[],
  first: number,
  last: number,
): boolean {
  const lengths = groups.slice(first, last + 1).map((g) => g.length);
  const shape = lengths.join('-');
  if (!PRINTED.has(shape)) return false;
  const style = separators[first];
  const before = first > 0 && separators[first - 1] === style;
  const after = last < groups.length - 1 && separators[last] === style;
  return !before && !after;
}

const PRINTED = new Set(['4-4-4-4', '4-4-4-4-3', '4-6-5', '4-6-4']);

function cardsIn(text: string, start: number, run: string, out: DetectedSpan[]): void {
  // Fewer than 13 digits (a phone number, a date) holds no card.
  let digitCount = 0;
  for (let i = 0; i < run.length; i++) if (run.charCodeAt(i) >= 48) digitCount++;
  if (digitCount < 13) return;
  // The digit groups of the run, where each starts, and the separator after each.
  const groups: string[] = [];
  const starts: number[] = [];
  const separators: string[] = [];
  let from = 0;
  for (let i = 0; i <= run.length; i++) {
    if (i < run.length && run.charCodeAt(i) >= 48) continue;
    groups.push(run.slice(from, i));
    starts.push(start + from);
    if (i < run.length) separators.push(run[i]!);
    from = i + 1;
  }
  const mistyped: DetectedSpan[] = [];
  for (let g = 0; g < groups.length; g++) {
    // The longest run of whole groups from here that is a valid card standing alone (a date
    // may follow), with one separator style (`4111 1111-1111 1111` is two things;
    // `536-22-8174 6011-…` holds a card after the space). Every group may start a reading,
    // even inside the one just found: in `2200 4111 1111 1111 1111` both `2200 4111 1111 1111`
    // and `4111 1111 1111 1111` are valid, and the pipeline masks such crossing readings as
    // one span, never one and the rest in clear.
    const begin = starts[g]!;
    // After `3,` the digits are decimals, unless they fill a CSV field (`100234,4111…,12/27`).
    const digitComma = text.charCodeAt(begin - 1) === 44 && isDigitCode(text.charCodeAt(begin - 2));
    let digits = '';
    let style: string | undefined;
    let best: { end: number; digits: string; valid: boolean } | undefined;
    for (let k = g; k < groups.length; k++) {
      if (k > g) {
        style ??= separators[k - 1];
        if (separators[k - 1] !== style) break;
      }
      digits += groups[k]!;
      if (digits.length > 19) break;
      if (digits.length < 13 || !usualGrouping(groups, g, k) || !knownCardNetwork(digits)) {
        continue;
      }
      // A card printed in full (`printedInFull`) whose check fails is one mistyped: masked
      // whole, less sure, so that none of it is read as another value and the rest left.
      const valid = luhn(digits);
      if (!valid && !printedInFull(groups, separators, g, k)) continue;
      const end = starts[k]! + groups[k]!.length;
      // A number glued to more digits or letters is something else (a longer identifier);
      // a shorter reading may still stand alone (`6011 0009 9013 9424 18h`).
      const next = text.charCodeAt(end);
      if (end < text.length && (isDigitCode(next) || LETTER.test(text[end]!))) continue;
      if (digitComma && !fillsCsvFieldAfterNumber(text, begin, end)) continue;
      // The longest valid reading, or else the longest mistyped one.
      if (valid || !best?.valid) best = { end, digits, valid };
    }
    if (!best) continue;
    const span: DetectedSpan = {
      start: begin,
      end: best.end,
      label: 'CREDIT_CARD',
      value: text.slice(begin, best.end),
      canonical: best.digits,
      score: best.valid ? 1 : 0.5,
    };
    if (best.valid) out.push(span);
    else mistyped.push(span);
  }
  // A mistyped reading never crosses a valid card: `6046 4538 4632 544` in
  // `4832 6046 4538 4632 544 333` is the valid card's end and more digits.
  for (const span of mistyped) {
    if (!out.some((s) => s.start < span.end && span.start < s.end)) out.push(span);
  }
}
