import type { CountryCode } from 'libphonenumber-js/max';
import { checkOptions, type OptionKeys } from '../../check-options';
import type { DetectedSpan, Detector } from '../types';
import { omitsNationalPrefix } from './national-forms';
import { withNarrowNoBreakSpaces } from './no-break-spaces';
import { CONTEXT_PATTERNS } from './phone/context';
import { RUN_PATTERNS, RUN_START, readRun } from './phone/digit-runs';
import { type Countries, DigitRun, type PhoneNumber, READING_PATTERNS } from './phone/reading';
import { SHAPE_PATTERNS } from './phone/run-shape';
import { TableRows } from './phone/table-rows';

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

const PHONE_DETECTOR_KEYS = {
  defaultCountries: 'optional',
} as const satisfies OptionKeys<PhoneDetectorOptions>;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PHONE_PATTERNS: readonly RegExp[] = [
  ...RUN_PATTERNS,
  ...READING_PATTERNS,
  ...CONTEXT_PATTERNS,
  ...SHAPE_PATTERNS,
];

const MEMO_LIMIT = 10_000;

/**
 * Finds phone numbers with `libphonenumber-js` validation (max metadata): international ones
 * (`+33 6 12 34 56 78`, `0044 20 7946 0958`, `+44 (0)20 7946 0958`) for every country, national
 * ones of the default countries (`06 12 34 56 78`, `612345678`, `(415) 555-2671`), and their
 * digits written without `+` (`33612345678`). A valid run of digits is a phone number when the
 * signals around it say so (`phone/signals.ts`: how it is written, the words and JSON keys
 * before it, the shape of tables, scores, prices and dates around it). `canonical` is E.164
 * (the digits after `+` for a `+` number the metadata finds invalid, masked whole all the same).
 *
 * @example
 * phoneDetector().detect('Appelez le 06 12 34 56 78');
 * // [{ start: 11, end: 25, label: 'PHONE', canonical: '+33612345678', score: 0.9, ... }]
 * phoneDetector({ defaultCountries: ['DE'] }).detect('Tel. 030 12345678');
 */
export function phoneDetector(options: PhoneDetectorOptions = {}): Detector {
  checkOptions('phoneDetector', options, PHONE_DETECTOR_KEYS);
  const countries = [...(options.defaultCountries ?? DEFAULT_PHONE_COUNTRIES)];
  const config: Countries = {
    countries,
    withoutPrefix: countries.filter(omitsNationalPrefix),
    memo: new Map(),
  };
  return {
    name: 'phone',
    labels: ['PHONE'],
    // libphonenumber-js reads U+00A0 as a separator but refuses U+202F.
    detect: withNarrowNoBreakSpaces((text) => {
      const spans: DetectedSpan[] = [];
      // Chat history is anonymized again at every turn: remember recent verdicts (bounded).
      if (config.memo.size > MEMO_LIMIT) config.memo.clear();
      const rows = new TableRows(text);
      // `test` rather than `exec`: the match is one character, `lastIndex` tells where.
      const re = RUN_START;
      re.lastIndex = 0;
      while (re.test(text)) {
        const index = re.lastIndex - 1;
        const end = scanRun(text, index, config, rows, spans);
        re.lastIndex = Math.max(end, index + 1);
      }
      return spans;
    }),
  };
}

/** Reads the digit run at `from`, emits the phone numbers in it, returns where it ends. */
function scanRun(
  text: string,
  from: number,
  config: Countries,
  rows: TableRows,
  out: DetectedSpan[],
): number {
  const found = readRun(text, from);
  if (!found) return from + 1;
  if (found.digits < 7) return found.end;
  const run = new DigitRun(text, found, config, rows);
  // Read from the left, taking the longest number at each group, as people write them.
  const reading: PhoneNumber[] = [];
  let g = run.first;
  let exact = true;
  while (g <= run.last) {
    const number = run.longestFrom(g);
    if (number) {
      reading.push(number);
      // A number in no usual grouping may be a misreading.
      if (number.weight < number.digits) exact = false;
      g = number.next;
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
  const kept = run.withoutRowsOfFigures(numbers);
  for (const number of kept) out.push(number.span);
  if (kept.length === 0) {
    const labelled = run.labelledNumber();
    if (labelled) out.push(labelled.span);
  }
  return found.extension?.end ?? found.end;
}
