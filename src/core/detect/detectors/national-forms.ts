import { type CountryCode, Metadata } from 'libphonenumber-js/max';

/**
 * Whether digits written without `+` or `00` can be a valid number of a default country as
 * people write it there, that is, equal the digits of its `formatNational()` (or `1` and them
 * for the North American plan): a necessary condition, read from the metadata, that lets the
 * phone detector skip `parsePhoneNumberFromString` for a (candidate, country) pair that cannot
 * pass. It never says no to a pair that could (see {@link nationalFormTest}).
 */
export type NationalFormTest = (digits: string) => boolean;

/**
 * The test for `country`, or `undefined` when its metadata has a shape this reading does not
 * prove (then every candidate is parsed, as before). Built once per country.
 *
 * Why it is exact. With `country` as default and no `+` in front, `parsePhoneNumberFromString`
 * reads the digits either as international after the country's IDD prefix (the test then says
 * yes: any country may follow), or as a number of the country's calling code: its national
 * significant number N must then be valid for a country F sharing that calling code, whose
 * numbering plan both validates and formats it. The test checks validity as `isValid` does
 * (`getNumberType`: the national number pattern, then a number type's lengths and pattern).
 * `formatNational()` is N when no format of F applies, or N run through the first format that
 * does (`chooseFormatForNumber`, replayed here). When every format's pattern is a row of
 * capturing groups only and its national form (with its national prefix rule) writes literal
 * digits only before `$1`, then `$1`…`$n` in order, the formatted digits are that format's
 * literal digits P followed by N. So the written digits must be P + N, or `1` + P + N for
 * calling code `1` (the trunk prefix the detector also accepts), for some F and some split
 * of them whose N is valid for F and formatted by a format writing P. Metadata of any other
 * shape leaves the country unproven.
 *
 * This replays the library's code, which a release could change without the metadata's shape
 * changing: `libphonenumber-js` is pinned to one version in `package.json`, and a test draws
 * numbers of every type of every country from the metadata and checks that none is refused
 * (`national-forms.test.ts`). Upgrading the library means that test passing on the new one.
 */
export function nationalFormTest(country: CountryCode): NationalFormTest | undefined {
  let test = TESTS.get(country);
  if (test === undefined) {
    test = buildTest(country) ?? null;
    TESTS.set(country, test);
  }
  return test ?? undefined;
}

const TESTS = new Map<string, NationalFormTest | null>();

/**
 * Whether digits can be the national significant number of a valid number of `country`'s
 * calling code (its national number pattern, then a number type's lengths and pattern, as
 * `isValid` checks them): a necessary condition for a number written without its national
 * prefix, whose digits are that number. `undefined` when the metadata has a shape this reading
 * does not prove (then every candidate is parsed).
 */
export function nationalNumberTest(country: CountryCode): NationalFormTest | undefined {
  let test = NUMBER_TESTS.get(country);
  if (test === undefined) {
    const plans = plansOf(country)?.plans;
    test = plans ? (digits: string) => plans.some((plan) => isValidIn(plan, digits)) : null;
    NUMBER_TESTS.set(country, test);
  }
  return test ?? undefined;
}

const NUMBER_TESTS = new Map<string, NationalFormTest | null>();

/** A numbering plan (one country of a calling code), as validation and formatting read it. */
interface Plan {
  /** The national number pattern, matched entirely. */
  national: RegExp;
  /** The number types that have a pattern, or `undefined` when the plan has none. */
  types: readonly NumberType[] | undefined;
  formats: readonly Format[];
  /** The literal digits its formats write before the number, and `''` (no format applies). */
  prefixes: readonly string[];
}

interface NumberType {
  pattern: RegExp;
  lengths: readonly number[] | undefined;
}

interface Format {
  /** The last of its leading digits patterns, searched at 0, if it has any. */
  leading: RegExp | undefined;
  /** Its pattern, matched entirely. */
  pattern: RegExp;
  /** The literal digits its national form writes before the number. */
  prefix: string;
}

// The parts of libphonenumber's metadata classes this reading relies on (not in its types).
interface MetadataInternals {
  selectNumberingPlan(country: string): void;
  numberingPlan?: PlanInternals;
  getCountryCodesForCallingCode(callingCode: string): string[] | undefined;
}
interface PlanInternals {
  callingCode(): string;
  IDDPrefix(): string | undefined;
  nationalNumberPattern(): string | undefined;
  formats(): FormatInternals[];
  hasTypes(): boolean;
  type(type: string): TypeInternals | undefined;
}
interface FormatInternals {
  pattern(): string;
  format(): string;
  leadingDigitsPatterns(): string[];
  nationalPrefixFormattingRule(): string | 0 | undefined;
  nationalPrefixIsOptionalWhenFormattingInNationalFormat(): boolean;
}
interface TypeInternals {
  pattern(): string;
  possibleLengths(): number[] | undefined;
}

/** The number types `getNumberType` tries: a valid number is one of them. */
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];

/** How `formatNationalNumberUsingFormat` puts the national prefix rule in place of `$1`. */
const FIRST_GROUP_PATTERN = /(\$\d)/;

/** How `matchesEntirely` matches a metadata pattern. */
const entirely = (pattern: string) => new RegExp(`^(?:${pattern})$`);

/**
 * The numbering plans of `country` and of the countries sharing its calling code, with its
 * IDD prefix and calling code; `undefined` when one has a shape this reading does not prove or
 * the metadata cannot be read.
 */
function plansOf(
  country: CountryCode,
): { plans: Plan[]; iddPrefix: RegExp; callingCode: string } | undefined {
  try {
    const metadata = new Metadata() as unknown as MetadataInternals;
    metadata.selectNumberingPlan(country);
    const idd = metadata.numberingPlan?.IDDPrefix();
    const callingCode = metadata.numberingPlan?.callingCode();
    if (!idd || !callingCode) return undefined;
    const iddPrefix = new RegExp(idd);
    const sharing = metadata.getCountryCodesForCallingCode(callingCode);
    if (!sharing) return undefined;
    const plans: Plan[] = [];
    for (const member of new Set([country, ...sharing])) {
      metadata.selectNumberingPlan(member);
      const plan = planOf(metadata.numberingPlan);
      if (!plan) return undefined;
      plans.push(plan);
    }
    return { plans, iddPrefix, callingCode };
  } catch {
    return undefined;
  }
}

function buildTest(country: CountryCode): NationalFormTest | undefined {
  try {
    const read = plansOf(country);
    if (!read) return undefined;
    const { plans, iddPrefix, callingCode } = read;
    const trunk = callingCode === '1';
    return (digits) =>
      digits.search(iddPrefix) === 0 ||
      plans.some(
        (plan) =>
          writtenIn(plan, digits) ||
          (trunk && digits.charCodeAt(0) === 49 && writtenIn(plan, digits.slice(1))),
      );
  } catch {
    return undefined;
  }
}

/** Whether `digits` are the national form of a valid number of `plan`. */
function writtenIn(plan: Plan, digits: string): boolean {
  for (const prefix of plan.prefixes) {
    if (!digits.startsWith(prefix)) continue;
    const national = digits.slice(prefix.length);
    if (isValidIn(plan, national) && prefixWritten(plan, national) === prefix) return true;
  }
  return false;
}

/** `getNumberType(…) !== undefined`, as `isValid` asks it. */
function isValidIn(plan: Plan, national: string): boolean {
  if (!plan.national.test(national)) return false;
  if (!plan.types) return true;
  return plan.types.some(
    (type) =>
      (!type.lengths || type.lengths.includes(national.length)) && type.pattern.test(national),
  );
}

/** The literal digits `formatNational` writes before `national` (`chooseFormatForNumber`). */
function prefixWritten(plan: Plan, national: string): string {
  for (const format of plan.formats) {
    if (format.leading && national.search(format.leading) !== 0) continue;
    if (format.pattern.test(national)) return format.prefix;
  }
  return '';
}

/** One numbering plan's validation and formats, or `undefined` if not of a proven shape. */
function planOf(metadata: PlanInternals | undefined): Plan | undefined {
  const national = metadata?.nationalNumberPattern();
  if (!metadata || !national) return undefined;
  let types: NumberType[] | undefined;
  if (metadata.hasTypes()) {
    types = [];
    for (const name of NUMBER_TYPES) {
      const type = metadata.type(name);
      const pattern = type?.pattern();
      if (!type || !pattern) continue;
      types.push({ pattern: entirely(pattern), lengths: type.possibleLengths() || undefined });
    }
  }
  const formats: Format[] = [];
  const prefixes = new Set(['']);
  for (const format of metadata.formats()) {
    const groups = capturingGroupRow(format.pattern());
    if (groups === undefined) return undefined;
    const rule = format.nationalPrefixFormattingRule();
    const written = rule ? format.format().replace(FIRST_GROUP_PATTERN, rule) : format.format();
    const prefix = digitsBeforeGroups(written, groups);
    if (prefix === undefined) return undefined;
    const leading = format.leadingDigitsPatterns();
    formats.push({
      leading: leading.length > 0 ? new RegExp(leading[leading.length - 1]!) : undefined,
      pattern: entirely(format.pattern()),
      prefix,
    });
    prefixes.add(prefix);
  }
  return { national: entirely(national), types, formats, prefixes: [...prefixes] };
}

/**
 * How many capturing groups `pattern` is a row of (`(\d{3})(\d{2,4})`): nothing outside
 * them, none quantified, no capturing group inside one. `undefined` for any other shape or
 * more than 9 groups (`$10` would read otherwise).
 */
export function capturingGroupRow(pattern: string): number | undefined {
  let count = 0;
  let i = 0;
  while (i < pattern.length) {
    if (pattern[i] !== '(' || pattern[i + 1] === '?') return undefined;
    let depth = 0;
    let inClass = false;
    for (; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch === '\\') i++;
      else if (inClass) inClass = ch !== ']';
      else if (ch === '[') inClass = true;
      else if (ch === '(') {
        // Inside a group, only groups that capture nothing.
        if (depth > 0 && !/^\?[:=!]/.test(pattern.slice(i + 1, i + 3))) return undefined;
        depth++;
      } else if (ch === ')' && --depth === 0) break;
    }
    if (depth !== 0) return undefined;
    count++;
    i++;
  }
  return count > 0 && count <= 9 ? count : undefined;
}

/**
 * The literal digits a replacement string writes before `$1`, when it then writes `$1` to
 * `$groups` once each in order and no other digit; `undefined` otherwise.
 */
export function digitsBeforeGroups(replacement: string, groups: number): string | undefined {
  let prefix = '';
  let next = 1;
  for (let i = 0; i < replacement.length; i++) {
    const code = replacement.charCodeAt(i);
    if (code === 36) {
      // `$`: only `$1`…`$9`, the next group.
      if (replacement.charCodeAt(i + 1) !== 48 + next || next > groups) return undefined;
      next++;
      i++;
    } else if (code >= 48 && code <= 57) {
      if (next > 1) return undefined;
      prefix += replacement[i];
    }
  }
  return next === groups + 1 ? prefix : undefined;
}

/**
 * Whether people in `country` may write a national number without its national prefix: one of
 * its formats marks the prefix optional in the national form, and the prefix writes digits
 * (India's `098765 43210` is also written `98765 43210`, Russia's `8 (912) 345-67-89` also
 * `(912) 345-67-89`). In `libphonenumber-js` 1.13.16: AR, CN, IN, KZ, LT, RU, SY, TR and VN;
 * none of the phone detector's default countries.
 *
 * Reads the metadata's formats, which the library's types do not declare: a country whose
 * formats cannot be read so gives `false`, and the detector reads the forms with the prefix
 * only, as it does for every other country.
 */
export function omitsNationalPrefix(country: CountryCode): boolean {
  let omits = OMITS.get(country);
  if (omits === undefined) {
    omits = readOptionalPrefix(country);
    OMITS.set(country, omits);
  }
  return omits;
}

const OMITS = new Map<string, boolean>();

/** `$1`… in a national prefix formatting rule (`0$1`, `8 ($1)`): the rest is the prefix. */
const GROUP_REFERENCES = /\$\d/g;
const DIGIT = /\d/;

function readOptionalPrefix(country: CountryCode): boolean {
  try {
    const metadata = new Metadata() as unknown as MetadataInternals;
    metadata.selectNumberingPlan(country);
    return (metadata.numberingPlan?.formats() ?? []).some((format) => {
      const rule = format.nationalPrefixFormattingRule();
      return (
        typeof rule === 'string' &&
        DIGIT.test(rule.replace(GROUP_REFERENCES, '')) &&
        format.nationalPrefixIsOptionalWhenFormattingInNationalFormat() === true
      );
    });
  } catch {
    return false;
  }
}
