import { isDigitCode } from '../../../match/fold';

/** The fewest numbers a line of a table holds (`Real Sociedad 15 7 3 5 20 18 24` holds 7). */
const ROW_NUMBERS = 4;

/**
 * The lines of a text that are rows of a table of numbers: a line holding four numbers or
 * more, next to a line that does too (standings, results, price lists). Lines are found once
 * per text and counted once each, when first asked.
 */
export class TableRows {
  #breaks: number[] | undefined;
  readonly #counts = new Map<number, number>();

  constructor(readonly text: string) {}

  /** Whether the line holding `at` is a row of a table of numbers. */
  holds(at: number): boolean {
    const line = this.#lineOf(at);
    if (this.#count(line) < ROW_NUMBERS) return false;
    return this.#count(line - 1) >= ROW_NUMBERS || this.#count(line + 1) >= ROW_NUMBERS;
  }

  /** The index of the line holding `at` (binary search over the line breaks). */
  #lineOf(at: number): number {
    const breaks = this.#lineBreaks();
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #lineBreaks(): number[] {
    if (!this.#breaks) {
      this.#breaks = [];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) {
        this.#breaks.push(i);
      }
    }
    return this.#breaks;
  }

  /** How many numbers line `line` holds: words of digits and `.,:/-` with a digit. */
  #count(line: number): number {
    const breaks = this.#lineBreaks();
    if (line < 0 || line > breaks.length) return 0;
    const known = this.#counts.get(line);
    if (known !== undefined) return known;
    const { text } = this;
    const start = line === 0 ? 0 : breaks[line - 1]! + 1;
    const end = line === breaks.length ? text.length : breaks[line]!;
    let count = 0;
    let inWord = false;
    let digit = false;
    for (let i = start; i <= end; i++) {
      const code = i < end ? text.charCodeAt(i) : 32;
      const numeric =
        isDigitCode(code) ||
        code === 46 ||
        code === 44 ||
        code === 58 ||
        code === 47 ||
        code === 45;
      if (numeric && code !== 32) {
        inWord = true;
        digit ||= isDigitCode(code);
      } else {
        if (inWord && digit && (code === 32 || code === 9 || i === end)) count++;
        inWord = false;
        digit = false;
      }
    }
    this.#counts.set(line, count);
    return count;
  }
}
