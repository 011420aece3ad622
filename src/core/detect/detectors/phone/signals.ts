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
  /**
   * Words right before its run announce the end of another value (`the IBAN ends with 2100
   * 0418 4502`): its digits are that value's last ones.
   */
  ending: boolean;
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
  /**
   * It lies inside the groups of a card as printed, of an IBAN or of a national identifier's
   * printed shape: it would be a fragment.
   */
  insideBlock: boolean;
}

export interface Signal {
  weight: number;
  /** What it says, as `docs/detectors.md` lists it. */
  name: string;
  holds: (e: Evidence) => boolean;
}

const national = (e: Evidence) => e.form !== 'international';
const noLeadingZero = (e: Evidence) => e.form === 'national';
const grouped = (e: Evidence) => e.grouping === 'usual' || e.grouping === 'coarser';
const misaligned = (e: Evidence) => e.grouping === 'misaligned';

/**
 * The signals that raise or lower the belief that a valid digit run is a phone number, and
 * their weights. A run is a phone number when the weights of the signals that hold add up to
 * {@link PHONE_THRESHOLD} or more. Written with `+` or `00`, a number passes whatever the
 * words around it; a national number with a leading `0` or written as its country groups it
 * passes alone; a number in no usual grouping needs a phone word; the shapes of tables,
 * scores, prices and dates take it back. `docs/detectors.md` lists the same table.
 */
// biome-ignore format: one signal a line
export const PHONE_SIGNALS: readonly Signal[] = [
  // How it is written.
  { weight: 6, name: 'written with + or 00 and a country code', holds: (e) => e.form === 'international' },
  { weight: 3, name: 'a national number with a leading 0', holds: (e) => e.form === 'leading zero' },
  { weight: 2, name: 'a national number without a leading 0', holds: noLeadingZero },
  { weight: 2, name: 'the international digits of a default country, without + (MSISDN)', holds: (e) => e.form === 'msisdn' },
  { weight: 1, name: 'in one group, or grouped as its country groups it (or coarser)', holds: grouped },
  { weight: -1, name: 'grouped across its country’s grouping', holds: misaligned },
  { weight: -2, name: 'two one-digit groups or more after its first', holds: (e) => national(e) && e.oneDigitGroups },
  // The words before it.
  { weight: 4, name: 'a phone word, JSON key or label before it', holds: (e) => e.context === 'phone' },
  { weight: -6, name: 'an identifier word, JSON key or label before it (national numbers)', holds: (e) => national(e) && e.context === 'identifier' },
  { weight: -8, name: 'words that announce the end of another value right before its run (national numbers)', holds: (e) => national(e) && e.ending },
  { weight: -5, name: 'currency before or after it', holds: (e) => e.currency },
  // The shape of the digits around it.
  { weight: -6, name: 'decimals among its numbers, or a decimal alone', holds: (e) => e.decimals },
  { weight: -6, name: 'two scores or fractions among its numbers', holds: (e) => e.results },
  { weight: -6, name: 'a date at its start, more digits after it', holds: (e) => e.date },
  { weight: -4, name: 'a time right after it (national numbers)', holds: (e) => national(e) && e.time },
  { weight: -8, name: 'inside the printed groups of a card, an IBAN or a national identifier', holds: (e) => e.insideBlock },
  { weight: -2, name: 'five short numbers or more in its run (grouped across, no leading 0)', holds: (e) => noLeadingZero(e) && misaligned(e) && e.manyShort },
  { weight: -2, name: 'a row of a table of numbers (not grouped as its country groups it)', holds: (e) => !grouped(e) && e.tableRow },
  { weight: -3, name: 'a short number next to it in no number (no leading 0, or not grouped as its country groups it)', holds: (e) => e.shortNeighbour && (noLeadingZero(e) || !grouped(e)) },
  { weight: -3, name: 'a point and a slash or a dash among its separators', holds: (e) => national(e) && e.mixedSeparators },
  { weight: -3, name: 'three groups or more joined by slashes alone (no leading 0)', holds: (e) => noLeadingZero(e) && e.slashList },
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
export function bestBelief(evidence: Evidence, international: boolean): number {
  // The signals of the number itself at their best, on the caller's object (no copy: this runs
  // for every candidate), then put back.
  const { form, grouping } = evidence;
  evidence.form = international ? 'international' : 'leading zero';
  evidence.grouping = 'usual';
  const best = belief(evidence);
  evidence.form = form;
  evidence.grouping = grouping;
  return best;
}
