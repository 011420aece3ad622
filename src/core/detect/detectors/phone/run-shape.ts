import { isDigitCode } from '../../../match/fold';
import { IBAN_LENGTHS } from '../iban';
import type { Group } from './digit-runs';
import { isIdentifierShaped } from './identifier-shapes';

/**
 * What the digits of a run look like around a candidate number: the shape of scores, tables,
 * prices and other values that are not phone numbers. A run is cut into tokens where a space
 * (or a no-break space) stands between two groups: `15 7 3 5 20 18 24` is seven tokens,
 * `06 12 34 56 78` five, `415-555-2671` one.
 */
export type TokenKind =
  /** One group: `15`, `0612345678`. */
  | 'single'
  /** A decimal number: `0.25`, `387.4`, `0.939000`, `.516` (a batting average). */
  | 'decimal'
  /** Two short numbers joined by `-` or `/`: a score `15-7`, `245/6`, a fraction `1/2`. */
  | 'pair'
  | 'other';

interface Token {
  first: number;
  last: number;
  kind: TokenKind;
}

const isSpaceCode = (code: number) => code === 32 || code === 0xa0 || code === 0x202f;

/** The tokens of one run and the counts that its candidates' signals read. */
export class RunShape {
  readonly tokens: Token[] = [];
  /** The token of each group. */
  readonly tokenOf: number[] = [];
  /** Tokens that are one group of at most three digits (`15`, `7`: a table's cells). */
  readonly shortSingles: number;
  /** Tokens that are pairs (`15-7`, `3-116`). */
  readonly pairs: number;
  /**
   * For each group, the end of the run of card-, IBAN- or identifier-shaped groups it is in,
   * or -1.
   */
  readonly #blockEnd: number[];

  constructor(
    readonly text: string,
    readonly groups: readonly Group[],
    /** How the run continues an IBAN's opening (`FR76`, `GB29 NWBK`): see `ibanOpening`. */
    opening: IbanOpening,
  ) {
    let first = 0;
    for (let g = 1; g <= groups.length; g++) {
      if (g < groups.length && !this.#spaceBefore(g)) continue;
      this.tokens.push({ first, last: g - 1, kind: this.#kind(first, g - 1) });
      first = g;
    }
    for (const [t, token] of this.tokens.entries()) {
      for (let g = token.first; g <= token.last; g++) this.tokenOf[g] = t;
    }
    let shortSingles = 0;
    let pairs = 0;
    for (const t of this.tokens) {
      if (t.kind === 'single' && groups[t.first]!.digits.length <= 3) shortSingles++;
      else if (t.kind === 'pair') pairs++;
    }
    this.shortSingles = shortSingles;
    this.pairs = pairs;
    this.#blockEnd = this.#blocks(opening);
    // A run in the printed shape of a national identifier is one block: a phone read inside it
    // would be a fragment of that identifier.
    if (isIdentifierShaped(text, groups)) this.#blockEnd.fill(groups.length - 1);
  }

  /**
   * Whether groups `first` to `j` cover a decimal among other numbers (`0.25 0.50`), or are
   * one decimal that no phone number is written as: one digit before the point (`0.939000`,
   * `1.4705882353`) or three digits at most after it (`16408.700`).
   */
  holdsDecimals(first: number, j: number): boolean {
    if (this.#covers(first, j, 'decimal', 2)) return true;
    const { groups, text } = this;
    return (
      j === first + 1 &&
      this.tokens[this.tokenOf[first]!]!.kind === 'decimal' &&
      text.charCodeAt(groups[first]!.end) === 46 &&
      (groups[first]!.digits.length === 1 || groups[j]!.digits.length <= 3)
    );
  }

  /**
   * Whether groups `first` to `j` are joined by a point and by a slash or a dash (`169.254/16`,
   * an address block; `1.2-3`): no phone number mixes them.
   */
  mixesSeparators(first: number, j: number): boolean {
    const { text, groups } = this;
    let point = false;
    let other = false;
    for (let g = first + 1; g <= j; g++) {
      const joint = text.slice(groups[g - 1]!.end, groups[g]!.start);
      point ||= joint.includes('.');
      other ||= joint.includes('/') || joint.includes('-');
    }
    return point && other;
  }

  /**
   * Whether groups `first` to `j` are three or more joined by slashes alone (`821/850/860`, a
   * list of models).
   */
  slashList(first: number, j: number): boolean {
    const { text, groups } = this;
    if (j < first + 2) return false;
    for (let g = first + 1; g <= j; g++) {
      if (text.slice(groups[g - 1]!.end, groups[g]!.start) !== '/') return false;
    }
    return true;
  }

  /**
   * Whether groups `first` to `j` cover two pairs or more (`15-7 17-15`, `3-116 4-205`): a
   * single one is a slash between two numbers (`…56 78/01 23…`, tel/fax) or a date's end.
   */
  holdsResults(first: number, j: number): boolean {
    if (this.pairs < 2) return false;
    let pairs = 0;
    for (let t = this.tokenOf[first]!; t <= this.tokenOf[j]!; t++) {
      const token = this.tokens[t]!;
      if (token.kind === 'pair' && token.first >= first && token.last <= j && ++pairs === 2) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether groups `first` to `j` lie inside four or more groups of four digits joined by one
   * separator (a card as printed), inside an IBAN's groups or in a run printed as a national
   * identifier (`identifier-shapes.ts`): any number read there would be a fragment of that
   * value.
   */
  insideBlock(first: number, j: number): boolean {
    const end = this.#blockEnd[first]!;
    return end >= j && end >= 0;
  }

  /**
   * Whether the group next to groups `first` to `j` (before it, or after it), outside every
   * number (`covered[g]` is 1 for the groups of the numbers read), is a short number (three digits at most) written after or before a
   * space: a cell of the same row of figures (`906 962 599 515`, `22 10 0 12 599 730 20`).
   */
  shortNeighbour(first: number, j: number, covered: Uint8Array): boolean {
    const { tokens, tokenOf } = this;
    const firstToken = tokens[tokenOf[first]!]!;
    const lastToken = tokens[tokenOf[j]!]!;
    return (
      (firstToken.first === first && this.#spaceBefore(first) && this.#short(first - 1, covered)) ||
      (lastToken.last === j && this.#spaceBefore(j + 1) && this.#short(j + 1, covered))
    );
  }

  /** Whether group `g` is a short number alone (three digits at most) in no number or block. */
  #short(g: number, covered: Uint8Array): boolean {
    const { groups } = this;
    if (g < 0 || g >= groups.length || covered[g] === 1) return false;
    const token = this.tokens[this.tokenOf[g]!]!;
    return token.kind === 'single' && groups[g]!.digits.length <= 3 && this.#blockEnd[g] === -1;
  }

  #covers(first: number, j: number, kind: TokenKind, least: number): boolean {
    const from = this.tokenOf[first]!;
    const to = this.tokenOf[j]!;
    if (to - from + 1 < least) return false;
    for (let t = from; t <= to; t++) if (this.tokens[t]!.kind === kind) return true;
    return false;
  }

  /** Whether a space stands between group `g - 1` and group `g`. */
  #spaceBefore(g: number): boolean {
    const { text, groups } = this;
    if (g <= 0 || g >= groups.length) return false;
    for (let i = groups[g - 1]!.end; i < groups[g]!.start; i++) {
      if (isSpaceCode(text.charCodeAt(i))) return true;
    }
    return false;
  }

  #kind(first: number, last: number): TokenKind {
    const { text, groups } = this;
    const a = groups[first]!;
    if (first === last) {
      // `.516` after a space: a decimal written without its `0`.
      return text.charCodeAt(a.start - 1) === 46 && first > 0 ? 'decimal' : 'single';
    }
    if (last !== first + 1) return 'other';
    const b = groups[last]!;
    if (b.start !== a.end + 1) return 'other';
    const joint = text.charCodeAt(a.end);
    if (joint === 46 && (a.digits.length === 1 || (a.digits.length <= 6 && b.digits.length <= 3))) {
      return 'decimal';
    }
    if ((joint === 45 || joint === 47) && a.digits.length <= 3 && b.digits.length <= 3) {
      return 'pair';
    }
    return 'other';
  }

  /**
   * `#blockEnd`: a card as printed (four groups of four digits or more, or three and a shorter
   * last one, joined by one separator: a space or a dash), and the groups of four after an
   * IBAN's opening (one space each, the last one shorter).
   */
  #blocks(opening: IbanOpening): number[] {
    const { groups } = this;
    const end = new Array<number>(groups.length).fill(-1);
    for (let g = 0; g < groups.length; ) {
      const iban = opening !== undefined && g === 0;
      // The IBAN's own digits, and one more for a typo.
      let left = iban ? opening.left + 1 - groups[0]!.digits.length : 0;
      if (!iban && groups[g]!.digits.length !== 4) {
        g++;
        continue;
      }
      const style = iban ? 32 : g + 1 < groups.length ? this.#joint(g + 1) : -1;
      const styled = style === 32 || style === 45;
      let k = g;
      if (styled) {
        // An IBAN's groups may mix letters: its digits come in groups of four or fewer.
        while (
          k + 1 < groups.length &&
          this.#joint(k + 1) === style &&
          (iban
            ? groups[k + 1]!.digits.length <= Math.min(4, left)
            : groups[k + 1]!.digits.length === 4)
        ) {
          k++;
          left -= groups[k]!.digits.length;
        }
      }
      const fours = k - g + 1;
      // A card's shorter last group: the run's last one, or one that the style stops after.
      const tail =
        !iban &&
        styled &&
        k + 1 < groups.length &&
        this.#joint(k + 1) === style &&
        groups[k + 1]!.digits.length < 4 &&
        (k + 2 >= groups.length || this.#joint(k + 2) !== style);
      const block = iban || fours >= 4 || (fours === 3 && tail);
      if (block) {
        if (tail) k++;
        end.fill(k, g, k + 1);
      }
      g = k + 1;
    }
    return end;
  }

  /** The one character between group `g - 1` and group `g`, or -1 when there are more. */
  #joint(g: number): number {
    const { groups } = this;
    return groups[g]!.start === groups[g - 1]!.end + 1
      ? this.text.charCodeAt(groups[g - 1]!.end)
      : -1;
  }
}

/**
 * Whether the run at `from` continues an IBAN's opening, and how many of the IBAN's letters
 * and digits are left from there (its country's length, less what comes before): glued to
 * its country code (`FR76 3000 …`: the run's first group is the check digits `76`), or after
 * it and groups of four (`GB29 NWBK 6016 …`, `IE13 0AAA A000 1000 …`). `undefined` for no IBAN.
 */
export type IbanOpening = { left: number } | undefined;

export function ibanOpening(text: string, from: number): IbanOpening {
  const a = text.charCodeAt(from - 1);
  const b = text.charCodeAt(from - 2);
  if (
    isUpper(a) &&
    isUpper(b) &&
    !isLetterOrDigit(text.charCodeAt(from - 3)) &&
    isDigitCode(text.charCodeAt(from)) &&
    isDigitCode(text.charCodeAt(from + 1)) &&
    !isDigitCode(text.charCodeAt(from + 2))
  ) {
    const length = IBAN_LENGTHS[text.slice(from - 2, from)];
    return length === undefined ? undefined : { left: length - 2 };
  }
  const opening = IBAN_OPENING.exec(text.slice(Math.max(0, from - 48), from));
  const length = opening ? IBAN_LENGTHS[opening[1]!] : undefined;
  if (!opening || length === undefined) return undefined;
  return { left: length - opening[0].replace(NOT_ALNUM, '').length };
}

const isLetterOrDigit = (code: number) =>
  isDigitCode(code) || ((code | 32) >= 97 && (code | 32) <= 122);
const isUpper = (code: number) => code >= 65 && code <= 90;
// A country code, check digits and up to eight groups of four, then a space and the letters of
// the group the run starts in.
const IBAN_OPENING = /(?<![\p{L}\p{N}])([A-Z]{2})\d{2}(?: [A-Z0-9]{4}){0,8} [A-Z]{0,3}$/u;
const NOT_ALNUM = /[^A-Z0-9]/g;

/** Exported for the ReDoS shape test. */
export const SHAPE_PATTERNS: readonly RegExp[] = [IBAN_OPENING, NOT_ALNUM];
