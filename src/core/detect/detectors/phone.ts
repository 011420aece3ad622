import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { detachedString } from '../../detached-string';
import { isDigitCode, isNumberJoinCode } from '../../match/fold';
import type { DetectedSpan, Detector } from '../types';
import { fillsCsvFieldAfterNumber } from './csv-field';
import { escapeLetterAt } from './escapes';
import { nationalFormTest, nationalNumberTest, omitsNationalPrefix } from './national-forms';
import { withNarrowNoBreakSpaces } from './no-break-spaces';

/** Countries tried, in order, for numbers written without a country code. */
export const DEFAULT_PHONE_COUNTRIES: readonly CountryCode[] = [
  'FR',
  'US',
  'GB',
  'DE',
  'ES',
  'IT',
  'BE',
  'CH',
];

export interface PhoneDetectorOptions {
  /**
   * Countries whose national formats are accepted, tried in order; the first country where the
   * number is valid gives its E.164 form. Numbers with `+` or `00` are accepted for any country.
   */
  defaultCountries?: readonly CountryCode[];
}

// A digit run is bare digits or digit groups joined by at most 3 separator characters
// (`isSeparator`). It starts at `+` or `(` right before a digit, or at a digit, and holds a
// number only if it holds MIN_DIGITS (7) digits: the look-aheads ask for that many digits
// joined the same way, so that runs without (dates, prices, times: most of them) are never
// read. A start inside a run that fails them fails too: the digits it reaches are the run's.
const RUN_START =
  /\d(?=(?:[ .\-/()\u00a0\u202f]{0,3}\d){6})|[+(](?=\d(?:[ .\-/()\u00a0\u202f]{0,3}\d){6})/g;
const NON_DIGIT = /\D/g;
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/;
// Words that make a bare digit run a phone number, or an identifier that is not one.
const PHONE_CONTEXT =
  /(?:t[ée]l|phone|mobile|portable|cell|call|appel|num[ée]ro|number|whats ?app|fax|telefon|tel[ée]fono|cellulare|m[óo]vil|handy|gsm|joindre|rappel|sms)[^\n]{0,20}$/i;
// Words that tell a number written without its national prefix is one (`тел. (912) 345-67-89`,
// `call 98765 43210`), in the languages of the countries where people write it so (see
// `omitsNationalPrefix`): without one, amounts and counts in those groupings are no numbers.
const WITHOUT_PREFIX_CONTEXT =
  /(?:(?<!\p{L})(?:t[ée]l|phone|ph|mob|cell|call|contact|reach|number|whats ?app|sms|fax|gsm|cep|ara|cel|llam|тел|моб|звон|сот|связ|g[oọ]i|đt|sđt|điện|liên hệ|फ़ोन|फोन|मोबाइल|संपर्क|هاتف|جوال|موبايل|اتصل)|电话|手机|電話|联系|聯繫|致电)[^\n]{0,20}$/iu;
const ID_CONTEXT =
  /(?:order|commande|invoice|facture|r[ée]f|n°|#|\bid\b|ticket|tracking|colis|suivi|dossier|compte|account|siret|siren|tva|vat|iban|bic|isbn|bestell|pedido|ordine|sku|lot)[^\n]{0,12}$/i;

// Letters, digits and a few symbols glued to a run mean it is part of a bigger token
// (`v1.2.3`, `ID12345678`, `#123456789`, `€1 234 567`). ASCII is checked in code, where `,`
// `:` and `=` count only after a digit.
const GLUE_BEFORE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_#$€£¥@.,:/\\=-]/u;
const GLUE_AFTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_@%€$£]/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PHONE_PATTERNS: readonly RegExp[] = [
  RUN_START,
  NON_DIGIT,
  DATE,
  PHONE_CONTEXT,
  WITHOUT_PREFIX_CONTEXT,
  ID_CONTEXT,
  GLUE_BEFORE,
  GLUE_AFTER,
];

const MAX_SEPARATOR = 3;
/** The most numbers read in a row from a slash or a no-break space (tel/fax/mobile). */
const MAX_JOINED = 4;
const MEMO_LIMIT = 10_000;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
/** The most digits of a number written without `+` or `00` (with its trunk prefix). */
const MAX_NATIONAL_DIGITS = 12;

function occurrences(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

// ` `, `.`, `-`, `/`, `(`, `)`, no-break spaces.
function isSeparator(code: number): boolean {
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

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) || code === 95;
}

// `GLUE_BEFORE` and `GLUE_AFTER` read one code unit, as `text[i]` gives it.
function gluedBefore(code: number, text: string, at: number): boolean {
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

function gluedAfter(code: number, text: string, at: number): boolean {
  if (code >= 128) return GLUE_AFTER.test(text[at]!);
  return isAsciiWordChar(code) || code === 64 || code === 37 || code === 36; // @ % $
}

interface Group {
  start: number;
  end: number;
  digits: string;
}

/**
 * Finds phone numbers with `libphonenumber-js` validation (max metadata): international ones
 * (`+33 6 12 34 56 78`, `0044 20 7946 0958`, `+44 (0)20 7946 0958`) for every country, and
 * national ones for the default countries. `canonical` is E.164. Dates, times, prices, order
 * numbers, versions and short numbers such as `911` are not matched.
 *
 * @example
 * phoneDetector().detect('Appelez le 06 12 34 56 78');
 * // [{ start: 11, end: 25, label: 'PHONE', canonical: '+33612345678', score: 0.9, ... }]
 * phoneDetector({ defaultCountries: ['DE'] }).detect('Tel. 030 12345678');
 */
export function phoneDetector(options: PhoneDetectorOptions = {}): Detector {
  const countries = [...(options.defaultCountries ?? DEFAULT_PHONE_COUNTRIES)];
  const memo = new Map<string, Validated | null>();
  const config: Countries = {
    countries,
    withoutPrefix: countries.filter(omitsNationalPrefix),
    memo,
  };
  return {
    name: 'phone',
    labels: ['PHONE'],
    // libphonenumber-js reads U+00A0 as a separator but refuses U+202F.
    detect: withNarrowNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      // Chat history is anonymized again at every turn: remember recent verdicts (bounded).
      if (memo.size > MEMO_LIMIT) memo.clear();
      // `test` rather than `exec`: the match is one character, `lastIndex` tells where.
      const re = RUN_START;
      re.lastIndex = 0;
      while (re.test(text)) {
        const index = re.lastIndex - 1;
        const end = scanRun(text, index, config, spans);
        re.lastIndex = Math.max(end, index + 1);
      }
      return spans;
    }),
  };
}

/** The countries a detector reads numbers of, and its memo of verdicts. */
interface Countries {
  /** Its default countries, in order. */
  countries: readonly CountryCode[];
  /** Those where people may write a number without its national prefix. */
  withoutPrefix: readonly CountryCode[];
  memo: Map<string, Validated | null>;
}

/** Reads the digit run at `from`, emits the phone numbers in it, returns where it ends. */
function scanRun(text: string, from: number, config: Countries, out: DetectedSpan[]): number {
  let i = from;
  const plus = text[i] === '+';
  if (plus || text[i] === '(') i++;
  if (i >= text.length || !isDigitCode(text.charCodeAt(i))) return from + 1;
  let glued = from > 0 && gluedBefore(text.charCodeAt(from - 1), text, from - 1);

  const groups: Group[] = [];
  while (i < text.length) {
    const start = i;
    while (i < text.length && isDigitCode(text.charCodeAt(i))) i++;
    groups.push({ start, end: i, digits: text.slice(start, i) });
    let j = i;
    while (j < text.length && j - i < MAX_SEPARATOR && isSeparator(text.charCodeAt(j))) j++;
    if (j === i || j >= text.length || !isDigitCode(text.charCodeAt(j))) break;
    // ` - ` or ` / ` between two numbers lists them; it does not join them.
    if (j - i === 3 && text[i] === ' ' && text[j - 1] === ' ') break;
    // `1.5` or `3,2` style decimals keep going, but a run never crosses a line.
    i = j;
  }
  const runEnd = i;
  // A national number (leading `0`) in a CSV column after a number: `42,0612345678,…`.
  if (glued && text.charCodeAt(from) === 48 && fillsCsvFieldAfterNumber(text, from, runEnd)) {
    glued = false;
  }
  // A first group glued to what comes before (`ID12345678`, `ES63 5880…`) starts no number;
  // a number after a space may follow it (`ES63 … 6666  612 34 56 78`).
  const first = glued ? 1 : 0;
  // The last group glued to letters (`10km`, `5min`) cannot end a number.
  let lastUsable = groups.length - 1;
  if (runEnd < text.length && gluedAfter(text.charCodeAt(runEnd), text, runEnd)) lastUsable--;

  let digits = 0;
  for (let g = first; g <= lastUsable; g++) digits += groups[g]!.digits.length;
  if (digits < MIN_DIGITS) return runEnd;
  const run = new DigitRun(text, groups, first, lastUsable, plus, from, config);
  // Read from the left, taking the longest number at each group, as people write them.
  const reading: PhoneNumber[] = [];
  let g = first;
  let exact = true;
  while (g <= lastUsable) {
    const found = run.longestFrom(g);
    if (found) {
      reading.push(found);
      // A number in no usual grouping may be a misreading.
      if (found.weight < found.digits) exact = false;
      g = found.next;
    } else {
      // Digits left after a number may be a misreading too.
      if (reading.length > 0) exact = false;
      g++;
    }
  }
  // No number starts at a group that reading skipped, so a usual reading with nothing left
  // after its first number covers the most digits. Otherwise (`123-45-6789 06` read before
  // `12 34 56 78`) the run is read again as a whole.
  let numbers = run.withJoinedNumbers(exact ? reading : run.bestReading());
  if (config.withoutPrefix.length > 0) numbers = run.withNumbersWithoutPrefix(numbers);
  for (const found of numbers) out.push(found.span);
  return runEnd;
}

/** Where a number may start inside a run: after a space, or after a number it is joined to. */
type Start = 'usual' | 'joined';

/** A valid number of a run: its span, the group after it, its digits and its weight. */
interface PhoneNumber {
  span: DetectedSpan;
  /** Its first group, and the group after its last. */
  first: number;
  next: number;
  digits: number;
  /** Its digits, or half of them when written in no usual grouping. */
  weight: number;
}

/** The digit groups of one run, and the phone numbers they may hold. */
class DigitRun {
  /** Whether an identifier's context (`n° 2024-…`) comes before group `#idGroup`. */
  #idGroup = -1;
  #idContext = false;

  constructor(
    readonly text: string,
    readonly groups: readonly Group[],
    readonly first: number,
    readonly last: number,
    readonly plus: boolean,
    readonly runStart: number,
    readonly config: Countries,
  ) {}

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
   * prefix.
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
    for (; j >= first && count >= MIN_DIGITS; count -= groups[j--]!.digits.length) {
      const found = this.#numberAt(first, j, begin, plus, count, withoutPrefix);
      if (!found) continue;
      if (!all) return found;
      all.push(found);
    }
    return undefined;
  }

  /**
   * The number written from `start` to the end of group `j`, if it is a valid one (written
   * without its national prefix, `withoutPrefix`).
   */
  #numberAt(
    first: number,
    j: number,
    start: number,
    plus: boolean,
    digits: number,
    withoutPrefix: boolean,
  ): PhoneNumber | undefined {
    const { text, groups, config } = this;
    // Too many digits for a number without `+` or `00` in front of its digits: no country is
    // tried (see `validateUncached`).
    if (digits > MAX_NATIONAL_DIGITS && !plus && !startsWithZeroZero(groups, first)) {
      return undefined;
    }
    let end = groups[j]!.end;
    const raw = text.slice(start, end);
    // A date is three groups.
    if (j === first + 2 && DATE.test(raw)) return undefined;
    // A verdict already known to be no number settles it before the contexts are read: they
    // only ever refuse a number (most candidates of a text read again are known ones).
    const international = plus || raw.startsWith('00');
    // Only a national number goes without its prefix, and never one that a time follows
    // (`2025-01-07 09:15`).
    if (withoutPrefix && (international || isTimeAt(text, end))) return undefined;
    const key = withoutPrefix ? `~${raw}` : memoKey(raw, plus);
    const known = config.memo.get(key);
    if (known === null) return undefined;
    const bare = j === first && !plus;
    // `n° 2024-000123`, `commande 01 23 45 67`: identifiers, not numbers to call.
    if (bare || !international) {
      if (this.#idGroup !== first) {
        this.#idGroup = first;
        this.#idContext = isIdContext(text, start);
      }
      if (this.#idContext) return undefined;
    }
    if (bare && !bareAllowed(text, start, groups[first]!.digits)) return undefined;
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
    let begin = start;
    // `(07 81 22 93 40)`: parentheses around the whole number are not part of it, while
    // `(415) 555-2671` keeps its area code's.
    if (text[start] === '(' && !raw.includes(')')) begin++;
    else if (text[end] === ')' && occurrences(raw, '(') > occurrences(raw, ')')) end++;
    return {
      span: {
        start: begin,
        end,
        label: 'PHONE',
        value: text.slice(begin, end),
        canonical: result.e164,
        // A grouping that matches no national format (`391 16 9088`) is less sure, and so is
        // a national prefix left out.
        score: international ? 0.95 : bare ? 0.75 : result.grouped && !withoutPrefix ? 0.9 : 0.8,
      },
      first,
      next: j + 1,
      digits,
      weight: result.grouped ? digits : digits / 2,
    };
  }
}

/** Whether the digits from group `first` on start with `00` (`0044…`, `0 044…`). */
function startsWithZeroZero(groups: readonly Group[], first: number): boolean {
  const digits = groups[first]!.digits;
  if (digits.length > 1) return digits.startsWith('00');
  return digits === '0' && groups[first + 1]?.digits.startsWith('0') === true;
}

function isIdContext(text: string, start: number): boolean {
  return ID_CONTEXT.test(text.slice(Math.max(0, start - 24), start));
}

// `0612345678` is written that way by people; `4155552671` needs a phone word before it.
function bareAllowed(text: string, start: number, digits: string): boolean {
  return digits.startsWith('0') || PHONE_CONTEXT.test(text.slice(Math.max(0, start - 24), start));
}

/**
 * Where the memo keeps the verdict on `raw` read the usual way (`+`: international); a number
 * read without its national prefix is kept at `~` and `raw`.
 */
const memoKey = (raw: string, plus: boolean) => (plus ? '+' : '') + raw;

/** `found`, the verdict at `key` that the memo (looked up by the caller) did not hold. */
function remember(
  memo: Map<string, Validated | null>,
  key: string,
  found: Validated | null,
): Validated | null {
  // The memo outlives the call: it keeps copies, never views into the text (`raw` and what
  // libphonenumber cut from it would keep the whole message alive, see `detachedString`).
  const result = found && { e164: detachedString(found.e164), grouped: found.grouped };
  memo.set(detachedString(key), result);
  return result;
}

/** Whether a time goes on at `at` (`:` and a digit: `09:15`). */
function isTimeAt(text: string, at: number): boolean {
  return text.charCodeAt(at) === 58 && isDigitCode(text.charCodeAt(at + 1));
}

/**
 * The verdict on `raw` as a national number of one of `countries` written without its national
 * prefix, in the grouping of its national form without it (`98765 43210` under `IN`). Only for
 * digits that the usual reading found no number in: those equal to the form with the prefix
 * were read then.
 */
function validateWithoutPrefix(raw: string, countries: readonly CountryCode[]): Validated | null {
  const digits = raw.replace(NON_DIGIT, '');
  if (digits.length > MAX_NATIONAL_DIGITS) return null;
  const written = groupLengths(raw);
  for (const country of countries) {
    // The digits written are the national number itself: the metadata refuses most at once.
    if (nationalNumberTest(country)?.(digits) === false) continue;
    const parsed = parsePhoneNumberFromString(raw, country);
    if (!parsed?.isValid()) continue;
    const formatted = parsed.format('NATIONAL', { nationalPrefix: false });
    if (formatted.replace(NON_DIGIT, '') !== digits) continue;
    if (written.length === 1 || sameGroups(written, groupLengths(formatted))) {
      return { e164: parsed.number, grouped: true };
    }
  }
  return null;
}

interface Validated {
  e164: string;
  /** Written with the usual grouping of its country. */
  grouped: boolean;
}

function validateUncached(
  raw: string,
  plus: boolean,
  countries: readonly CountryCode[],
): Validated | null {
  const digits = raw.replace(NON_DIGIT, '');
  if (plus || digits.startsWith('00')) {
    const intl = plus ? raw : `+${digits.slice(2)}`;
    const parsed = parsePhoneNumberFromString(intl);
    return parsed?.isValid() ? { e164: parsed.number, grouped: true } : null;
  }
  if (digits.length > MAX_NATIONAL_DIGITS) return null;
  const written = groupLengths(raw);
  let fallback: Validated | null = null;
  for (const country of countries) {
    // Most candidates are no number of most countries as written there: the metadata proves it
    // for a pair (`nationalFormTest`, on the digits alone: the separators can only make the
    // parse fail) without a parse that would end in one of the `continue`s below.
    if (nationalFormTest(country)?.(digits) === false) continue;
    const parsed = parsePhoneNumberFromString(raw, country);
    if (!parsed?.isValid()) continue;
    // The digits written must be the national number as people write it in that country:
    // this refuses `123456789` read as a German number without its trunk prefix `0`.
    const formatted = parsed.formatNational();
    const national = formatted.replace(NON_DIGIT, '');
    const trunk = parsed.countryCallingCode === '1' && digits === `1${national}`;
    if (digits !== national && !trunk) continue;
    // A number valid in several countries belongs to the one whose usual grouping was
    // written (`079 123 45 67` is Swiss, `07 91 23 45 67` French).
    // Nine digits in threes (`915 123 456`, `612 345 678`) is how Spain and Portugal write
    // them too.
    const expected = groupLengths(formatted);
    const grouped =
      written.length === 1 ||
      sameGroups(trunk ? written.slice(1) : written, expected) ||
      (digits.length === 9 && sameGroups(written, NINE_IN_THREES));
    if (grouped) return { e164: parsed.number, grouped };
    fallback ??= { e164: parsed.number, grouped };
  }
  return fallback;
}

const NINE_IN_THREES = [3, 3, 3];

function groupLengths(text: string): number[] {
  const lengths: number[] = [];
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (isDigitCode(text.charCodeAt(i))) run++;
    else if (run > 0) {
      lengths.push(run);
      run = 0;
    }
  }
  if (run > 0) lengths.push(run);
  return lengths;
}

function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
