import type { Context } from './context';
import type { Form, Grouping } from './validate';

/**
 * What the detector knows about a digit run that the metadata finds valid: how it is written,
 * the words before it, and the shape of the digits around it.
 */
export interface Evidence {
  form: Form;
  grouping: Grouping;
  context: Context;
  /** Currency right before or after it: an amount (`612 345 678 €`, `USD 612345678`). */
  currency: boolean;
  /** It covers a decimal among other numbers (`0.25 0.50 0.75 1.00`, `62 .516 3`). */
  decimals: boolean;
  /** It covers a score or a fraction, in a run of several (`15-7 17-15`, `3-116 4-205`). */
  results: boolean;
  /** Two groups of one digit or more after its first (`0 2 0 240 374`). */
  oneDigitGroups: boolean;
  /** Its first groups are a date (`2023-01-24 18`, before `:09`). */
  date: boolean;
  /** A time goes on right after it (`…18:09`). */
  time: boolean;
  /** Its run holds five short numbers or more (`15 7 3 5 20 18 24`: a table's row). */
  manyShort: boolean;
  /** Its line and the next or the previous one hold four numbers or more: a table. */
  tableRow: boolean;
  /** A short number stands next to it in its run, outside any number (`906 962 599 515`). */
  shortNeighbour: boolean;
  /** Its groups are joined by a point and by a slash or a dash (`169.254/16`). */
  mixedSeparators: boolean;
  /** It is three groups or more joined by slashes alone (`821/850/860`). */
  slashList: boolean;
  /** It lies inside the groups of a card as printed or of an IBAN: it would be a fragment. */
  insideBlock: boolean;
}

export interface Signal {
  /** What it says, as `docs/detectors.md` lists it. */
  name: string;
  weight: number;
  holds: (e: Evidence) => boolean;
}

const national = (e: Evidence) => e.form !== 'international';
const misaligned = (e: Evidence) => e.grouping === 'misaligned';
const grouped = (e: Evidence) => e.grouping === 'usual' || e.grouping === 'coarser';

/**
 * The signals that raise or lower the belief that a valid digit run is a phone number, and
 * their weights. A run is a phone number when the weights of the signals that hold add up to
 * {@link PHONE_THRESHOLD} or more. Written with `+` or `00`, a number passes whatever the
 * words around it; a national number with a leading `0` or written as its country groups it
 * passes alone; a number in no usual grouping needs a phone word; the shapes of tables,
 * scores, prices and dates take it back.
 */
export const PHONE_SIGNALS: readonly Signal[] = [
  {
    name: 'written with + or 00 and a country code',
    weight: 6,
    holds: (e) => e.form === 'international',
  },
  { name: 'national, with a leading 0', weight: 3, holds: (e) => e.form === 'leading zero' },
  { name: 'national, without a leading 0', weight: 2, holds: (e) => e.form === 'national' },
  {
    name: 'international digits of a default country (MSISDN)',
    weight: 2,
    holds: (e) => e.form === 'msisdn',
  },
  { name: 'in one group, or grouped as its country does', weight: 1, holds: grouped },
  { name: 'grouped across its country’s grouping', weight: -1, holds: misaligned },
  {
    name: 'one-digit groups after its first',
    weight: -2,
    holds: (e) => national(e) && e.oneDigitGroups,
  },
  { name: 'a phone word or key before it', weight: 4, holds: (e) => e.context === 'phone' },
  {
    name: 'an identifier word or key before it',
    weight: -6,
    holds: (e) => national(e) && e.context === 'identifier',
  },
  { name: 'currency before or after it', weight: -5, holds: (e) => e.currency },
  { name: 'decimals among its numbers', weight: -6, holds: (e) => e.decimals },
  { name: 'two scores or fractions among its numbers', weight: -6, holds: (e) => e.results },
  { name: 'starts with a date', weight: -6, holds: (e) => e.date },
  { name: 'a time right after it', weight: -4, holds: (e) => national(e) && e.time },
  { name: 'inside a card’s or an IBAN’s groups', weight: -8, holds: (e) => e.insideBlock },
  {
    name: 'many short numbers in its run, grouped across, no leading 0',
    weight: -2,
    holds: (e) => e.form === 'national' && misaligned(e) && e.manyShort,
  },
  {
    name: 'a row of a table of numbers, not grouped as its country does',
    weight: -2,
    holds: (e) => !grouped(e) && e.tableRow,
  },
  {
    name: 'a short number next to it, in no number (without a leading 0, or not grouped as its country does)',
    weight: -3,
    holds: (e) => e.shortNeighbour && (e.form === 'national' || !grouped(e)),
  },
  {
    name: 'a point and a slash or a dash among its separators',
    weight: -3,
    holds: (e) => national(e) && e.mixedSeparators,
  },
  {
    name: 'three groups or more joined by slashes alone, no leading 0',
    weight: -3,
    holds: (e) => e.form === 'national' && e.slashList,
  },
];

/** The belief a run needs to be a phone number. */
export const PHONE_THRESHOLD = 2;

/**
 * The sum of the weights of the signals that hold.
 *
 * @example
 * belief({ form: 'national', grouping: 'usual', context: undefined, ... }); // 3: a phone
 */
export function belief(evidence: Evidence): number {
  let sum = 0;
  for (const signal of PHONE_SIGNALS) if (signal.holds(evidence)) sum += signal.weight;
  return sum;
}

/**
 * The best belief that `evidence` can still reach once the signals read from the number
 * itself (its form and grouping) are known: whether the words and shapes around it already
 * rule it out, before a parse.
 */
export function bestBelief(
  evidence: Omit<Evidence, 'form' | 'grouping'>,
  international: boolean,
): number {
  const best: Evidence = {
    ...evidence,
    form: international ? 'international' : 'leading zero',
    grouping: 'usual',
  };
  return belief(best);
}
