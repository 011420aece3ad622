import type { CountryCode } from 'libphonenumber-js/max';
import { isNumberJoinCode } from '../../../match/fold';
import type { DetectedSpan } from '../../types';
import {
  type Context,
  contextBefore,
  currencyAfter,
  currencyBefore,
  endingBefore,
  phoneLabelBefore,
} from './context';
import {
  crossesListSlash,
  type DigitRunText,
  type Group,
  MAX_DIGITS,
  MIN_DIGITS,
} from './digit-runs';
import {
  DATE,
  isTimeAt,
  occurrences,
  oneDigitGroups,
  plausibleDate,
  startsWithZeroZero,
} from './group-shapes';
import { ibanOpening, RunShape } from './run-shape';
import { belief, bestBelief, type Evidence, PHONE_THRESHOLD } from './signals';
import type { TableRows } from './table-rows';
import {
  memoKey,
  NON_DIGIT,
  remember,
  type Validated,
  validateUncached,
  validateWithoutPrefix,
} from './validate';
import { writtenInternationalEnd } from './written-international';

/** The most numbers read in a row from a slash or a no-break space (tel/fax/mobile). */
const MAX_JOINED = 4;

// Words that tell a number written without its national prefix is one (`тел. (912) 345-67-89`,
// `call 98765 43210`), in the languages of the countries where people write it so (see
// `omitsNationalPrefix`): without one, amounts and counts in those groupings are no numbers.
export const WITHOUT_PREFIX_CONTEXT =
  /(?:(?<!\p{L})(?:t[ée]l|phone|ph|mob|cell|call|contact|reach|number|whats ?app|sms|fax|gsm|cep|ara|cel|llam|тел|моб|звон|сот|связ|g[oọ]i|đt|sđt|điện|liên hệ|फ़ोन|फोन|मोबाइल|संपर्क|هاتف|جوال|موبايل|اتصل)|电话|手机|電話|联系|聯繫|致电)[^\n]{0,20}$/iu;

/** The countries a detector reads numbers of, and its memo of verdicts. */
export interface Countries {
  /** Its default countries, in order. */
  countries: readonly CountryCode[];
  /** Those where people may write a number without its national prefix. */
  withoutPrefix: readonly CountryCode[];
  memo: Map<string, Validated | null>;
}

/** Where a number may start inside a run: after a space, or after a number it is joined to. */
type Start = 'usual' | 'joined';

/** A number of a run: its span, the group after it, its digits, weight and evidence. */
export interface PhoneNumber {
  span: DetectedSpan;
  /** Its first group, and the group after its last. */
  first: number;
  next: number;
  digits: number;
  /** Its digits, or half of them when written in no usual grouping. */
  weight: number;
  evidence: Evidence;
}

/** The words and shapes around a candidate that its start alone decides. */
interface Around {
  context: Context;
  currencyBefore: boolean;
}

/** The digit groups of one run, and the phone numbers they may hold. */
export class DigitRun {
  readonly groups: readonly Group[];
  readonly first: number;
  readonly last: number;
  readonly plus: boolean;
  readonly runStart: number;
  /** An extension after the run's last group (`x4587`), part of a number that ends there. */
  readonly extension: DigitRunText['extension'];
  #shape: RunShape | undefined;
  /** The words before group `#aroundGroup` (read once per start). */
  #aroundGroup = -1;
  #around: Around = { context: undefined, currencyBefore: false };
  #tableRow: boolean | undefined;
  #ending: boolean | undefined;
  readonly #evidence: Evidence = { ...NO_EVIDENCE };

  constructor(
    readonly text: string,
    run: DigitRunText,
    readonly config: Countries,
    readonly rows: TableRows,
  ) {
    this.groups = run.groups;
    this.first = run.first;
    this.last = run.last;
    this.plus = run.plus;
    this.runStart = run.from;
    this.extension = run.extension;
  }

  /** The shape of the run's digits, read when a candidate first needs it. */
  get shape(): RunShape {
    // Whether the run continues an IBAN's opening is asked with its shape, when first needed.
    this.#shape ??= new RunShape(
      this.text,
      this.groups,
      ibanOpening(this.text, this.groups[0]!.start),
    );
    return this.#shape;
  }

  /** The longest valid number that starts at group `first`. */
  longestFrom(first: number): PhoneNumber | undefined {
    return this.#numbersFrom(first, undefined, this.last, 'usual', false);
  }

  /**
   * `reading` (the numbers of the run, in order) with the numbers written right after one of
   * them and joined to it by a slash or a no-break space alone (`06 12 34 56 78/01 23 45 67 89`,
   * tel/fax). A reading starts numbers only after a space, so that a date or a stray group
   * never takes the first digits of a number (`12/03 06 12 34 56 78`). A joined number is read
   * only right after a number of the reading, and it (with the numbers joined to it in turn, at
   * most MAX_JOINED) replaces the numbers of the reading it overlaps only where it covers all of
   * their digits and each of them was in no usual grouping (`23 45 67 89/04`): what the reading
   * masked stays masked, and a number it read as people write it keeps its reading (and its
   * token), whatever stray group comes before it (`06 12 34 56 78/3 201 555 0123`).
   */
  withJoinedNumbers(reading: readonly PhoneNumber[]): readonly PhoneNumber[] {
    let all: PhoneNumber[] | undefined;
    let i = 0;
    while (i < reading.length) {
      let found = reading[i++]!;
      all?.push(found);
      for (;;) {
        const chain = this.#joinedChain(found.next);
        // The longest part of the chain that holds whole every number of the reading that
        // starts inside it (`m`: the first number of the reading after it).
        let taken = chain.length;
        let m = i;
        for (; taken > 0; taken--) {
          const end = chain[taken - 1]!.next;
          let replaceable = true;
          for (m = i; m < reading.length && reading[m]!.first < end; m++) {
            const held = reading[m]!;
            if (held.next > end || held.weight === held.digits) replaceable = false;
          }
          if (replaceable) break;
        }
        if (taken === 0) break;
        all ??= reading.slice(0, i);
        for (let c = 0; c < taken; c++) all.push(chain[c]!);
        i = m;
        found = chain[taken - 1]!;
      }
    }
    return all ?? reading;
  }

  /**
   * The numbers read from group `g` when it is joined to the number before (a slash or a
   * no-break space alone): the longest number there in a usual grouping, and those written
   * right after it (joined, or after a space: there, the longest in a usual grouping, else the
   * longest), at most MAX_JOINED. Empty when no number starts at `g`. A joined number is one
   * written as people write them, never a date (`06 12 34 56 78/2024/06/16 09:05`) or a path
   * (`0292/096/0480`).
   */
  #joinedChain(g: number): PhoneNumber[] {
    const chain: PhoneNumber[] = [];
    let joined = g <= this.last && this.#joinedAt(g);
    if (!joined) return chain;
    const candidates: PhoneNumber[] = [];
    while (g <= this.last && chain.length < MAX_JOINED && !(joined && this.#dateAt(g))) {
      candidates.length = 0;
      this.#numbersFrom(g, candidates, this.last, joined ? 'joined' : 'usual', false);
      // `030 783918/0` holds the Berlin `030 783918` and, in no usual grouping, a French number.
      const found =
        candidates.find((c) => c.weight === c.digits) ?? (joined ? undefined : candidates[0]);
      if (!found) break;
      chain.push(found);
      g = found.next;
      joined = g <= this.last && this.#joinedAt(g);
    }
    return chain;
  }

  /**
   * `numbers` (the numbers of the run, in order) with the numbers written without their
   * national prefix in the groups they leave (`98765 43210` under India, whose national form
   * is `098765 43210`), read from the left. Such a number is read only where no number written
   * the usual way is, so it never takes digits from one; in its format's grouping, so that
   * dates, times and versions are not read as one; after a phone word or in a run that holds
   * a number, so that amounts and counts are not either; and only where such numbers fill all
   * the groups left between two numbers (or the run's ends), so that none starts or ends
   * inside another value's digits (the last groups of a card, `4632 544 333`).
   */
  withNumbersWithoutPrefix(numbers: readonly PhoneNumber[]): readonly PhoneNumber[] {
    if (numbers.length === 0 && !this.#afterPhoneWord()) return numbers;
    const all: PhoneNumber[] = [];
    const gap: PhoneNumber[] = [];
    let g = this.first;
    for (let k = 0; k <= numbers.length; k++) {
      const last = k < numbers.length ? numbers[k]!.first - 1 : this.last;
      // Right after a number, one joined to it by a slash or a no-break space may start too.
      let joined = k > 0 && g <= last && this.#joinedAt(g);
      let filled = true;
      gap.length = 0;
      while (g <= last) {
        const found = this.#numbersFrom(g, undefined, last, joined ? 'joined' : 'usual', true);
        if (found) {
          gap.push(found);
          g = found.next;
          joined = g <= last && this.#joinedAt(g);
        } else {
          // A group that starts no number: the gap is not filled, nothing in it is read.
          filled = false;
          g = last + 1;
        }
      }
      if (filled && gap.length > 0) {
        if (gap[0]!.first === 1 && this.first === 1) gap[0] = this.#withGluedPrefix(gap[0]!);
        all.push(...gap);
      }
      if (k === numbers.length) break;
      all.push(numbers[k]!);
      g = numbers[k]!.next;
    }
    return all;
  }

  /**
   * `numbers` without those written in a row of figures: a short number stands next to it,
   * in no number of the reading (`906 962 599 515`, `22 10 0 12 599 730 20`), and that is
   * enough to take its belief below the threshold.
   */
  withoutRowsOfFigures(numbers: readonly PhoneNumber[]): readonly PhoneNumber[] {
    if (numbers.length === 0) return numbers;
    const covered = new Uint8Array(this.groups.length);
    for (const n of numbers) covered.fill(1, n.first, n.next);
    let kept: PhoneNumber[] | undefined;
    for (const [i, n] of numbers.entries()) {
      const drop =
        this.shape.shortNeighbour(n.first, n.next - 1, covered) &&
        belief({ ...n.evidence, shortNeighbour: true }) < PHONE_THRESHOLD;
      if (drop) kept ??= numbers.slice(0, i);
      else kept?.push(n);
    }
    return kept ?? numbers;
  }

  /**
   * The run's digits as one phone number, when none of its readings is one but a phone label,
   * key or word stands right before it (`Phone:\n780 6326`, `call me on (64) 3591-3246`): a
   * number of a country that is not a default one, or one the metadata does not know, is
   * masked whole all the same (score 0.6, canonical its digits), unless its digits are the
   * shape of something else (decimals, scores, a date, a card's groups, currency).
   */
  labelledNumber(): PhoneNumber | undefined {
    const { text, groups, first, last, shape } = this;
    if (last < first) return undefined;
    let digits = '';
    for (let g = first; g <= last; g++) digits += groups[g]!.digits;
    if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return undefined;
    const firstGroup = groups[first]!;
    const begin =
      first === 0
        ? this.runStart
        : firstGroup.start - (text.charCodeAt(firstGroup.start - 1) === 40 ? 1 : 0);
    let end = groups[last]!.end;
    const written = text.slice(begin, end);
    if (
      // With a U+202F, the detector's second reading (U+00A0 for it) validates the number; a
      // U+00A0 or a slash between groups joins several numbers (`482\u00a001 23 45 67 39`),
      // each read as such.
      written.includes('\u202f') ||
      written.includes('\u00a0') ||
      written.includes('/') ||
      !phoneLabelBefore(text, begin) ||
      shape.holdsDecimals(first, last) ||
      shape.holdsResults(first, last) ||
      shape.insideBlock(first, last) ||
      shape.slashList(first, last) ||
      this.#afterEnding() ||
      // A row of a table (`Hapoel Tel Aviv 12 2 3 7 7 16 9`: `Tel` is a city's).
      oneDigitGroups(groups, first, last) ||
      this.#inTableRow() ||
      shape.mixesSeparators(first, last) ||
      (last >= first + 2 && this.#dateAt(first) && plausibleDate(groups, first)) ||
      isTimeAt(text, end) ||
      currencyAfter(text, end)
    ) {
      return undefined;
    }
    if (
      text[end] === ')' &&
      occurrences(text.slice(begin, end), '(') > occurrences(text.slice(begin, end), ')')
    )
      end++;
    let canonical = (this.plus && first === 0 ? '+' : '') + digits;
    if (this.extension && last === groups.length - 1) {
      end = this.extension.end;
      canonical += `;ext=${this.extension.digits}`;
    }
    return {
      span: {
        start: begin,
        end,
        label: 'PHONE',
        value: text.slice(begin, end),
        canonical,
        score: 0.6,
      },
      first,
      next: last + 1,
      digits: digits.length,
      weight: digits.length,
      evidence: { ...NO_EVIDENCE, context: 'phone', grouping: 'misaligned' },
    };
  }

  /**
   * `found` (a number without its prefix, right after the run's first group, which is glued to
   * what comes before: `тел.8 800 704 88 28`) with that group, where the two are the same
   * number written with its prefix: the prefix is masked with it.
   */
  #withGluedPrefix(found: PhoneNumber): PhoneNumber {
    const { text, groups, config } = this;
    const start = groups[0]!.start;
    const raw = text.slice(start, found.span.end);
    const key = memoKey(raw, false);
    const known = config.memo.get(key);
    const result =
      known !== undefined
        ? known
        : remember(config.memo, key, validateUncached(raw, false, config.countries));
    if (result?.e164 !== found.span.canonical) return found;
    return { ...found, first: 0, span: { ...found.span, start, value: raw } };
  }

  /** Whether a phone word comes before the run (`WITHOUT_PREFIX_CONTEXT`). */
  #afterPhoneWord(): boolean {
    const start = this.groups[this.first]!.start;
    return WITHOUT_PREFIX_CONTEXT.test(this.text.slice(Math.max(0, start - 24), start));
  }

  /** Whether groups `g` to `g + 2` are written as a date (`2024/06/16`, `16.06.24`). */
  #dateAt(g: number): boolean {
    const { groups } = this;
    return (
      g + 2 < groups.length && DATE.test(this.text.slice(groups[g]!.start, groups[g + 2]!.end))
    );
  }

  /**
   * Whether groups `g` to `g + 2` are a date that more digits follow, written otherwise
   * (`2023-01-24 18`, before `:09`): not the first groups of a number written with one
   * separator (`02.65.96.00.96`).
   */
  #dateBefore(g: number): boolean {
    const { text, groups } = this;
    if (!this.#dateAt(g) || g + 3 >= groups.length) return false;
    const after = text.slice(groups[g + 2]!.end, groups[g + 3]!.start);
    const inside = text.slice(groups[g + 1]!.end, groups[g + 2]!.start);
    return after !== inside && plausibleDate(groups, g);
  }

  /** Whether group `g` is joined to the one before by a slash or a no-break space alone. */
  #joinedAt(g: number): boolean {
    const { text, groups } = this;
    let joined = false;
    for (let i = groups[g - 1]!.end; i < groups[g]!.start; i++) {
      const code = text.charCodeAt(i);
      if (code === 32) return false;
      if (isNumberJoinCode(code)) joined = true;
    }
    return joined;
  }

  /**
   * The reading of the whole run that covers the most digits, a number in no usual grouping
   * counting half: `123-45-6789 06 12 34 56 78` holds an identifier and `06 12 34 56 78`, not
   * `123-45-6789 06` and digits left over. Ties keep the earliest, longest number.
   */
  bestReading(): PhoneNumber[] {
    const count = this.last + 1;
    // best[g]: the best weight of groups g..last; choice[g]: the number taken at g, if any.
    const best: number[] = new Array(count + 1).fill(0);
    const choice: (PhoneNumber | undefined)[] = new Array(count);
    const candidates: PhoneNumber[] = [];
    for (let g = count - 1; g >= this.first; g--) {
      best[g] = best[g + 1]!;
      candidates.length = 0;
      this.#numbersFrom(g, candidates, this.last, 'usual', false);
      for (const found of candidates) {
        const weight = found.weight + best[found.next]!;
        // A number beats skipping its first group when equal (the earliest one is kept), and
        // a shorter number beats a longer one from the same group only when strictly better.
        if (choice[g] ? weight > best[g]! : weight >= best[g]!) {
          best[g] = weight;
          choice[g] = found;
        }
      }
    }
    const reading: PhoneNumber[] = [];
    for (let g = this.first; g < count; ) {
      const found = choice[g];
      if (found) {
        reading.push(found);
        g = found.next;
      } else g++;
    }
    return reading;
  }

  /**
   * The valid numbers that start at group `first` and end by group `last`, longest first: all
   * of them into `all`, or only the longest, returned. Inside a run, a number starts after a
   * space (`10.0.19045.3570` holds no number at `0.1…`), or, `joined`, where the caller found
   * one joined to the number before. `withoutPrefix`: numbers written without their national
   * prefix. At the run's `+`, when no valid number starts there, the number as written
   * (`writtenInternational`).
   */
  #numbersFrom(
    first: number,
    all: PhoneNumber[] | undefined,
    last: number,
    start: Start,
    withoutPrefix: boolean,
  ): PhoneNumber | undefined {
    const { text, groups } = this;
    const firstGroup = groups[first]!;
    if (
      first > 0 &&
      start !== 'joined' &&
      !text.slice(groups[first - 1]!.end, firstGroup.start).includes(' ')
    )
      return undefined;
    const plus = this.plus && first === 0;
    // A run's own start may carry `+` or `(`; a later group only `(` (`… 6666 (415) 555-0132`).
    const begin =
      first === 0
        ? this.runStart
        : firstGroup.start - (text.charCodeAt(firstGroup.start - 1) === 40 ? 1 : 0);
    // Candidates hold MIN_DIGITS to MAX_DIGITS + 2 digits (room for a `00` prefix).
    let j = first - 1;
    let count = 0;
    while (j < last && count + groups[j + 1]!.digits.length <= MAX_DIGITS + 2) {
      count += groups[++j]!.digits.length;
    }
    let found = false;
    for (; j >= first && count >= MIN_DIGITS; count -= groups[j--]!.digits.length) {
      const number = this.#numberAt(first, j, begin, plus, count, withoutPrefix);
      if (!number) continue;
      if (!all) return number;
      all.push(number);
      found = true;
    }
    if (plus && !withoutPrefix && !found) {
      const kept = this.#writtenInternational(last);
      if (kept && all) all.push(kept);
      return kept;
    }
    return undefined;
  }

  /**
   * The number written with `+` at the run's start when the metadata finds it invalid: masked
   * whole from the `+` (`+33 690 62 87 03`), with its digits as canonical form, unless the
   * digits are the shape of something else (decimals, scores, a card's groups).
   */
  #writtenInternational(last: number): PhoneNumber | undefined {
    const { text, groups, shape } = this;
    if (this.first !== 0) return undefined;
    const around = this.#aroundAt(0, this.runStart);
    // Not across a `(` after its first group (another number's area code) nor a U+202F: the
    // detector's second reading, with U+00A0 for it, reads that number (`withNarrowNoBreakSpaces`).
    const fits = (j: number) =>
      (j < 2 || !text.slice(groups[1]!.end, groups[j]!.start).includes('(')) &&
      !text.slice(this.runStart, groups[j]!.end).includes('\u202f') &&
      crossesListSlash(groups, 0, j, true) &&
      !shape.holdsDecimals(0, j) &&
      !shape.holdsResults(0, j) &&
      !shape.insideBlock(0, j) &&
      !(j >= 2 && this.#dateAt(0));
    const written = writtenInternationalEnd(groups, last, fits);
    if (!written || around.currencyBefore) return undefined;
    const end = groups[written.j]!.end;
    if (currencyAfter(text, end)) return undefined;
    const evidence: Evidence = {
      ...NO_EVIDENCE,
      form: 'international',
      grouping: 'misaligned',
      context: around.context,
    };
    return {
      span: {
        start: this.runStart,
        end,
        label: 'PHONE',
        value: text.slice(this.runStart, end),
        canonical: `+${written.digits}`,
        score: 0.7,
      },
      first: 0,
      next: written.j + 1,
      digits: written.digits.length,
      weight: written.digits.length,
      evidence,
    };
  }

  /** The words before a number that starts at `start` with group `first` (read once). */
  #aroundAt(first: number, start: number): Around {
    if (this.#aroundGroup !== first) {
      this.#aroundGroup = first;
      this.#around = {
        context: contextBefore(this.text, start),
        currencyBefore: currencyBefore(this.text, start) || this.#gluedToCurrency(),
      };
    }
    return this.#around;
  }

  /** Whether the run is glued to a currency sign (`€1 612 345 678`): every number in it is an amount. */
  #gluedToCurrency(): boolean {
    if (this.first === 0) return false;
    return CURRENCY_SIGN.test(this.text[this.groups[0]!.start - 1] ?? '');
  }

  /** Whether words that announce the end of another value stand right before the run (read once). */
  #afterEnding(): boolean {
    this.#ending ??= endingBefore(this.text, this.runStart);
    return this.#ending;
  }

  /** Whether the run's line is a row of a table of numbers (read once). */
  #inTableRow(): boolean {
    this.#tableRow ??= this.rows.holds(this.runStart);
    return this.#tableRow;
  }

  /**
   * The number written from `start` to the end of group `j`, if it is a valid one (written
   * without its national prefix, `withoutPrefix`) and what is around it does not take it back
   * (`PHONE_SIGNALS`).
   */
  #numberAt(
    first: number,
    j: number,
    start: number,
    plus: boolean,
    digits: number,
    withoutPrefix: boolean,
  ): PhoneNumber | undefined {
    const { text, groups, config, shape } = this;
    // Too many digits for a number without `+` or `00` in front of its digits: no country is
    // tried (see `validateUncached`).
    if (digits > MAX_DIGITS && !plus && !startsWithZeroZero(groups, first)) return undefined;
    if (!crossesListSlash(groups, first, j, plus)) return undefined;
    let end = groups[j]!.end;
    const raw = text.slice(start, end);
    // A date is three groups.
    if (j === first + 2 && DATE.test(raw)) return undefined;
    const international = plus || raw.startsWith('00');
    // Only a national number goes without its prefix, and never one that a time follows
    // (`2025-01-07 09:15`).
    if (withoutPrefix && (international || isTimeAt(text, end))) return undefined;
    // A verdict already known to be no number settles it before the words are read: they
    // only ever lower the belief (most candidates of a text read again are known ones).
    const key = withoutPrefix ? `~${raw}` : memoKey(raw, plus);
    const known = config.memo.get(key);
    if (known === null) return undefined;
    // One object per run, filled again for each candidate (a copy is kept with a number).
    const evidence = this.#evidence;
    const single = j === first;
    evidence.form = 'national';
    evidence.grouping = 'usual';
    // The best the words before it could say, until they are read.
    evidence.context = 'phone';
    evidence.currency = false;
    // One group holds no shape of other values.
    evidence.decimals = !single && shape.holdsDecimals(first, j);
    evidence.results = !single && shape.holdsResults(first, j);
    evidence.date = j >= first + 3 && this.#dateBefore(first);
    evidence.time = isTimeAt(text, end);
    evidence.insideBlock = shape.insideBlock(first, j);
    evidence.ending = this.#afterEnding();
    evidence.manyShort = shape.shortSingles >= 5;
    evidence.tableRow = false;
    evidence.shortNeighbour = false;
    evidence.oneDigitGroups = !single && oneDigitGroups(groups, first, j);
    evidence.mixedSeparators = !single && shape.mixesSeparators(first, j);
    evidence.slashList = !single && shape.slashList(first, j);
    // The shapes, then the words, may rule the number out whatever it is: no parse then (and
    // no words read where the shapes do: the groups of a card).
    if (bestBelief(evidence, international) < PHONE_THRESHOLD) return undefined;
    const around = this.#aroundAt(first, start);
    evidence.context = around.context;
    evidence.currency = around.currencyBefore || currencyAfter(text, end);
    // A known verdict has no parse to save: its belief is read once, below.
    if (!known && bestBelief(evidence, international) < PHONE_THRESHOLD) return undefined;
    const result =
      known ??
      remember(
        config.memo,
        key,
        withoutPrefix
          ? validateWithoutPrefix(raw, config.withoutPrefix)
          : validateUncached(raw, plus, config.countries),
      );
    if (!result) return undefined;
    evidence.form = result.form;
    evidence.grouping = result.grouping;
    if (evidence.grouping !== 'usual' && evidence.grouping !== 'coarser') {
      evidence.tableRow = this.#inTableRow();
    }
    if (belief(evidence) < PHONE_THRESHOLD) return undefined;
    let begin = start;
    // `(07 81 22 93 40)`: parentheses around the whole number are not part of it, while
    // `(415) 555-2671` keeps its area code's.
    if (text[start] === '(' && !raw.includes(')')) begin++;
    else if (text[end] === ')' && occurrences(raw, '(') > occurrences(raw, ')')) end++;
    // Its extension, when it ends the run: part of the value, and of its identity.
    let canonical = result.e164;
    if (this.extension && j === groups.length - 1) {
      end = this.extension.end;
      canonical += `;ext=${this.extension.digits}`;
    }
    const bare = j === first && !plus;
    return {
      span: {
        start: begin,
        end,
        label: 'PHONE',
        value: text.slice(begin, end),
        canonical,
        // After a phone word or key, sure (it then wins over a card read from the same digits:
        // `"wa_id": "4915112345678"`); a grouping that matches no national format
        // (`391 16 9088`) is less sure, and so is a national prefix left out.
        score:
          evidence.context === 'phone'
            ? 1
            : international
              ? 0.95
              : bare
                ? 0.75
                : result.grouped && !withoutPrefix
                  ? 0.9
                  : 0.8,
      },
      first,
      next: j + 1,
      digits,
      weight: result.grouped ? digits : digits / 2,
      evidence: { ...evidence },
    };
  }
}

/** Evidence with no signal: what each reading then fills in. */
const NO_EVIDENCE: Evidence = {
  form: 'national',
  grouping: 'usual',
  context: undefined,
  ending: false,
  currency: false,
  decimals: false,
  results: false,
  date: false,
  time: false,
  manyShort: false,
  tableRow: false,
  shortNeighbour: false,
  insideBlock: false,
  oneDigitGroups: false,
  mixedSeparators: false,
  slashList: false,
};

const CURRENCY_SIGN = /[€$£¥₹]/;

/** Exported for the ReDoS shape test. */
export const READING_PATTERNS: readonly RegExp[] = [
  DATE,
  WITHOUT_PREFIX_CONTEXT,
  CURRENCY_SIGN,
  NON_DIGIT,
];
