import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { detachedString } from '../../../detached-string';
import { isDigitCode } from '../../../match/fold';
import { nationalFormTest, nationalNumberTest } from '../national-forms';
import { MAX_DIGITS } from './digit-runs';

/** The most digits of a number written without `+` or `00` (with its trunk prefix). */
export const MAX_NATIONAL_DIGITS = 14;
/**
 * The fewest digits of a number written as an MSISDN (international digits without `+`): a
 * country code and eight digits (`49990091` is a version number, not `+49 990091`).
 */
const MIN_MSISDN_DIGITS = 10;

export const NON_DIGIT = /\D/g;

/** How a valid number was written. */
export type Form =
  /** With `+` or `00` and its country code. */
  | 'international'
  /** A national number that starts with `0` (a trunk prefix, or Italy's leading `0`). */
  | 'leading zero'
  /** A national number that does not (`612345678`, `3471234567`, `2025550143`). */
  | 'national'
  /** International digits without `+` or `00`, of a default country (`33612345678`). */
  | 'msisdn'
  /** The same, of another country. */
  | 'msisdn elsewhere';

/**
 * How its digit groups compare with the usual grouping of its country's national format:
 * the same (or one group), coarser (`347 1234567` for `347 123 4567`), finer (`030 12 34 56 78`
 * for `030 12345678`), or across it (`15 7 3 5 20 18 24` read as `1 573 520 1824`).
 */
export type Grouping = 'usual' | 'coarser' | 'finer' | 'misaligned';

export interface Validated {
  e164: string;
  /** Written with the usual grouping of its country (it counts whole in a reading). */
  grouped: boolean;
  form: Form;
  grouping: Grouping;
}

/** `found`, with copies of its strings: the memo outlives the text (see `detachedString`). */
export function detached(found: Validated | null): Validated | null {
  return found && { ...found, e164: detachedString(found.e164) };
}

/**
 * The verdict on `raw`: international with `plus` or a `00` prefix (any country); otherwise a
 * national number of one of `countries`, written as people write it there, or else the
 * digits of an international number written without `+` (an MSISDN, in one group).
 */
export function validateUncached(
  raw: string,
  plus: boolean,
  countries: readonly CountryCode[],
): Validated | null {
  const digits = raw.replace(NON_DIGIT, '');
  if (plus || digits.startsWith('00')) {
    const intl = plus ? raw : `+${digits.slice(2)}`;
    const parsed = parsePhoneNumberFromString(intl);
    return parsed?.isValid()
      ? { e164: parsed.number, grouped: true, form: 'international', grouping: 'usual' }
      : null;
  }
  const written = groupLengths(raw);
  // Eleven digits or more in one group, with no leading `0` or `1`, are international digits
  // before a national number of a default country (national numbers written without a trunk
  // prefix have ten at most there): `33612345678` is French, not an Italian voicemail number.
  const compact = written.length === 1;
  const first = digits.charCodeAt(0);
  if (compact && digits.length >= 11 && first !== 48 && first !== 49) {
    const international = msisdn(digits, countries);
    if (international?.form === 'msisdn') return international;
  }
  const national =
    digits.length <= MAX_NATIONAL_DIGITS ? nationalIn(raw, digits, written, countries) : null;
  if (national?.grouped) return national;
  return (compact && msisdn(digits, countries)) || national;
}

function nationalIn(
  raw: string,
  digits: string,
  written: readonly number[],
  countries: readonly CountryCode[],
): Validated | null {
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
    // With the trunk `1` of calling code 1 written before the national number, its own group.
    const expected = groupLengths(formatted);
    const grouping = groupingOf(written, trunk ? [1, ...expected] : expected);
    const grouped =
      grouping === 'usual' || (digits.length === 9 && sameGroups(written, NINE_IN_THREES));
    const found: Validated = {
      e164: parsed.number,
      grouped,
      form: digits.charCodeAt(0) === 48 ? 'leading zero' : 'national',
      // Nine digits in threes (`915 123 456`, `612 345 678`) is how Spain and Portugal write
      // them too.
      grouping: grouped ? 'usual' : grouping,
    };
    if (grouped) return found;
    fallback ??= found;
  }
  return fallback;
}

/**
 * The verdict on `raw` as a national number of one of `countries` written without its national
 * prefix, in the grouping of its national form without it (`98765 43210` under `IN`). Only for
 * digits that the usual reading found no number in: those equal to the form with the prefix
 * were read then.
 */
export function validateWithoutPrefix(
  raw: string,
  countries: readonly CountryCode[],
): Validated | null {
  const digits = raw.replace(NON_DIGIT, '');
  if (digits.length > 12) return null;
  const written = groupLengths(raw);
  for (const country of countries) {
    // The digits written are the national number itself: the metadata refuses most at once.
    if (nationalNumberTest(country)?.(digits) === false) continue;
    const parsed = parsePhoneNumberFromString(raw, country);
    if (!parsed?.isValid()) continue;
    const formatted = parsed.format('NATIONAL', { nationalPrefix: false });
    if (formatted.replace(NON_DIGIT, '') !== digits) continue;
    if (written.length === 1 || sameGroups(written, groupLengths(formatted))) {
      return { e164: parsed.number, grouped: true, form: 'national', grouping: 'usual' };
    }
  }
  return null;
}

/** Countries by calling code. */
const BY_CALLING_CODE = new Map<string, CountryCode[]>();
for (const country of getCountries()) {
  const code = getCountryCallingCode(country);
  BY_CALLING_CODE.set(code, [...(BY_CALLING_CODE.get(code) ?? []), country]);
}

/** The countries of calling code `code` (`1`: US, CA and the rest of the plan). */
export function countriesOfCallingCode(code: string): readonly CountryCode[] {
  return BY_CALLING_CODE.get(code) ?? [];
}

/** The calling codes that `digits` start with (one to three digits: `1`, `33`, `353`). */
export function callingCodesOf(digits: string): string[] {
  const codes: string[] = [];
  for (let k = 1; k <= 3 && k < digits.length; k++) {
    if (BY_CALLING_CODE.has(digits.slice(0, k))) codes.push(digits.slice(0, k));
  }
  return codes;
}

/**
 * The verdict on `digits` read as an international number without `+` or `00` (`33612345678`,
 * WhatsApp's `wa_id`): valid for the country its calling code gives. The metadata's national
 * number test refuses most candidates before a parse.
 */
function msisdn(digits: string, countries: readonly CountryCode[]): Validated | null {
  if (digits.length < MIN_MSISDN_DIGITS || digits.length > MAX_DIGITS) return null;
  for (const code of callingCodesOf(digits)) {
    const national = digits.slice(code.length);
    const members = BY_CALLING_CODE.get(code)!;
    if (members.every((c) => nationalNumberTest(c)?.(national) === false)) continue;
    const parsed = parsePhoneNumberFromString(`+${digits}`);
    if (!parsed?.isValid()) continue;
    const home = parsed.country !== undefined && countries.includes(parsed.country);
    return {
      e164: parsed.number,
      grouped: true,
      form: home ? 'msisdn' : 'msisdn elsewhere',
      grouping: 'usual',
    };
  }
  return null;
}

const NINE_IN_THREES = [3, 3, 3];

export function groupLengths(text: string): number[] {
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

export function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** How `written` group lengths compare with `usual` ones (see `Grouping`). */
export function groupingOf(written: readonly number[], usual: readonly number[]): Grouping {
  if (written.length <= 1 || sameGroups(written, usual)) return 'usual';
  const cuts = (lengths: readonly number[]) => {
    const out = new Set<number>();
    let at = 0;
    for (const n of lengths.slice(0, -1)) {
      at += n;
      out.add(at);
    }
    return out;
  };
  const a = cuts(written);
  const b = cuts(usual);
  // People group digits by two to four, one digit first at most (`0 800…`, `+33 6…`):
  // `36 7 19 10` is no way of writing a number.
  if (written.some((n, i) => i > 0 && n === 1)) return 'misaligned';
  if ([...a].every((c) => b.has(c))) return 'coarser';
  if ([...b].every((c) => a.has(c))) return 'finer';
  return 'misaligned';
}

/**
 * Where the memo keeps the verdict on `raw` read the usual way (`+`: international); a number
 * read without its national prefix is kept at `~` and `raw`.
 */
export const memoKey = (raw: string, plus: boolean) => (plus ? '+' : '') + raw;

/** `found`, the verdict at `key` that the memo (looked up by the caller) did not hold. */
export function remember(
  memo: Map<string, Validated | null>,
  key: string,
  found: Validated | null,
): Validated | null {
  // The memo outlives the call: it keeps copies, never views into the text (`raw` and what
  // libphonenumber cut from it would keep the whole message alive, see `detachedString`).
  const result = detached(found);
  memo.set(detachedString(key), result);
  return result;
}
