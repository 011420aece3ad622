import { isDigitCode } from '../../../match/fold';
import type { Group } from './digit-runs';

/**
 * Shapes of a run's digit groups that the reading asks about: dates, times, one-digit groups,
 * a `00` prefix across groups.
 */

/** Three groups written as a date (`2024/06/16`, `16.06.24`). */
export const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/;

/** Whether two groups of one digit or more come after group `first`, up to group `j`. */
export function oneDigitGroups(groups: readonly Group[], first: number, j: number): boolean {
  let n = 0;
  for (let g = first + 1; g <= j; g++) if (groups[g]!.digits.length === 1 && ++n === 2) return true;
  return false;
}

/** Whether groups `g` to `g + 2` hold a day and a month (either order) and a year, or Y-M-D. */
export function plausibleDate(groups: readonly Group[], g: number): boolean {
  const a = Number(groups[g]!.digits);
  const b = Number(groups[g + 1]!.digits);
  const c = Number(groups[g + 2]!.digits);
  if (groups[g]!.digits.length === 4) return dayAndMonth(c, b);
  return dayAndMonth(a, b) || dayAndMonth(b, a);
}

function dayAndMonth(day: number, month: number): boolean {
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** How many times `ch` is in `text` (parentheses of a number). */
export function occurrences(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** Whether the digits from group `first` on start with `00` (`0044…`, `0 044…`). */
export function startsWithZeroZero(groups: readonly Group[], first: number): boolean {
  const digits = groups[first]!.digits;
  if (digits.length > 1) return digits.startsWith('00');
  return digits === '0' && groups[first + 1]?.digits.startsWith('0') === true;
}

/** Whether a time goes on at `at` (`:` and a digit: `09:15`). */
export function isTimeAt(text: string, at: number): boolean {
  return text.charCodeAt(at) === 58 && isDigitCode(text.charCodeAt(at + 1));
}
