import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  capturingGroupRow,
  digitsBeforeGroups,
  nationalFormTest,
  omitsNationalPrefix,
} from '../../../../src/core/detect/detectors/national-forms';
import { DEFAULT_PHONE_COUNTRIES } from '../../../../src/core/detect/detectors/phone';
import { parsePattern, sample } from './metadata-numbers';

/** What the phone detector asks of a country: a valid number written as its national form. */
function writtenNationally(digits: string, country: CountryCode): boolean {
  const parsed = parsePhoneNumberFromString(digits, country);
  if (!parsed?.isValid()) return false;
  const national = parsed.formatNational().replace(/\D/g, '');
  return digits === national || (parsed.countryCallingCode === '1' && digits === `1${national}`);
}

const COUNTRIES = getCountries();
const EXAMPLES = examples as Record<string, string>;

describe('nationalFormTest', () => {
  it('accepts numbers written as their country writes them', () => {
    expect(nationalFormTest('FR')?.('0612345678')).toBe(true);
    expect(nationalFormTest('US')?.('4155552671')).toBe(true);
    expect(nationalFormTest('US')?.('14155552671')).toBe(true);
    expect(nationalFormTest('DE')?.('03012345678')).toBe(true);
    expect(nationalFormTest('GB')?.('07400123456')).toBe(true);
    expect(nationalFormTest('ES')?.('612345678')).toBe(true);
  });

  it('refuses digits no valid number is written as', () => {
    // Without the trunk prefix, or with one too many digits.
    expect(nationalFormTest('FR')?.('612345678')).toBe(false);
    expect(nationalFormTest('FR')?.('06123456789')).toBe(false);
    expect(nationalFormTest('DE')?.('3012345678')).toBe(false);
    expect(nationalFormTest('US')?.('12345678')).toBe(false);
  });

  it('accepts digits after the IDD prefix: any country may follow', () => {
    expect(nationalFormTest('US')?.('01133612345678')).toBe(true);
  });

  it('leaves countries whose formats write digits among the groups unproven', () => {
    // Argentina writes mobile numbers `011 15-2345-6789`: `15` among the groups, `9` dropped.
    expect(nationalFormTest('AR')).toBeUndefined();
  });

  it('never refuses a number the parse accepts (examples, variants, prefixes)', () => {
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    const variant = fc
      .tuple(
        fc.constantFrom(...COUNTRIES),
        fc.constantFrom(...COUNTRIES),
        fc.constantFrom('', '0', '1', '8', '00', 'cc'),
        fc.nat(20),
        digit,
        fc.constantFrom('keep', 'replace', 'insert', 'drop'),
      )
      .map(([country, source, prefix, at, d, change]) => {
        let national = EXAMPLES[source] ?? '612345678';
        const i = at % national.length;
        if (change === 'replace') national = national.slice(0, i) + d + national.slice(i + 1);
        if (change === 'insert') national = national.slice(0, i) + d + national.slice(i);
        if (change === 'drop') national = national.slice(0, i) + national.slice(i + 1);
        const lead = prefix === 'cc' ? getCountryCallingCode(source) : prefix;
        return { country, digits: lead + national };
      });
    fc.assert(
      fc.property(variant, ({ country, digits }) => {
        const test = nationalFormTest(country);
        if (test && !test(digits)) expect(writtenNationally(digits, country)).toBe(false);
      }),
      { numRuns: 3000 },
    );
    for (const country of COUNTRIES) {
      const national = EXAMPLES[country];
      const parsed = national && parsePhoneNumberFromString(national, country);
      if (!parsed) continue;
      const digits = parsed.formatNational().replace(/\D/g, '');
      if (writtenNationally(digits, country))
        expect(nationalFormTest(country)?.(digits)).not.toBe(false);
    }
  }, 60_000);
});

describe('nationalFormTest against the installed libphonenumber-js', () => {
  // The test replays what the library's code does with its metadata: a release that changed
  // that code would make it refuse numbers the parse accepts (phones left in clear). Numbers of
  // every type of every country, drawn from the metadata's own patterns, written as their
  // country writes them (and with the trunk `1` of calling code 1), must all pass it, for every
  // country of their calling code. (`libphonenumber-js` is pinned to the version this holds for.)
  it('refuses no number of any type of any country written as people write it there', () => {
    const plans = (metadata as { countries: Record<string, unknown[]> }).countries;
    let seed = 20261130;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const byCallingCode = new Map<string, CountryCode[]>();
    for (const country of COUNTRIES) {
      const code = getCountryCallingCode(country);
      byCallingCode.set(code, [...(byCallingCode.get(code) ?? []), country]);
    }
    let accepted = 0;
    for (const country of COUNTRIES) {
      const plan = plans[country]!;
      const types = ((plan[11] as unknown[][] | undefined) ?? []).filter((t) => t?.[0]);
      const patterns = [plan[2] as string, ...types.map((t) => t[0] as string)];
      const code = getCountryCallingCode(country);
      for (const pattern of patterns) {
        const nodes = parsePattern(pattern);
        for (let k = 0; k < 4; k++) {
          const parsed = parsePhoneNumberFromString(`+${code}${sample(nodes, random)}`);
          if (!parsed?.isValid()) continue;
          const national = parsed.formatNational().replace(/\D/g, '');
          for (const digits of code === '1' ? [national, `1${national}`] : [national]) {
            for (const member of byCallingCode.get(code)!) {
              if (!writtenNationally(digits, member)) continue;
              accepted++;
              expect(nationalFormTest(member)?.(digits), `${digits} in ${member}`).not.toBe(false);
            }
          }
        }
      }
    }
    // Thousands of numbers were checked, not a handful.
    expect(accepted).toBeGreaterThan(3000);
  });
});

describe('capturingGroupRow', () => {
  it('counts a row of capturing groups', () => {
    expect(capturingGroupRow('(\\d{3})(\\d{2})(\\d{2})')).toBe(3);
    expect(capturingGroupRow('(\\d{2}(?:\\d)?)([()]\\d{4,5})')).toBe(2);
  });

  it('refuses any other shape', () => {
    expect(capturingGroupRow('(\\d{3})\\d(\\d{4})')).toBeUndefined();
    expect(capturingGroupRow('(\\d{2}){2}')).toBeUndefined();
    expect(capturingGroupRow('(\\d(\\d))(\\d)')).toBeUndefined();
    expect(capturingGroupRow('(\\d)|(\\d{2})')).toBeUndefined();
    expect(capturingGroupRow('(?:\\d)(\\d)')).toBeUndefined();
  });
});

describe('digitsBeforeGroups', () => {
  it('reads the literal digits before `$1`', () => {
    expect(digitsBeforeGroups('0$1 $2 $3', 3)).toBe('0');
    expect(digitsBeforeGroups('($1) $2-$3', 3)).toBe('');
    expect(digitsBeforeGroups('8 ($1) $2', 2)).toBe('8');
  });

  it('refuses digits among the groups, groups out of order or missing', () => {
    expect(digitsBeforeGroups('$1 15-$2-$3', 3)).toBeUndefined();
    expect(digitsBeforeGroups('$2 $1', 2)).toBeUndefined();
    expect(digitsBeforeGroups('$1 $2', 3)).toBeUndefined();
    expect(digitsBeforeGroups('$1 $$ $2', 2)).toBeUndefined();
  });
});

describe('omitsNationalPrefix', () => {
  it('reads the countries whose formats make the national prefix optional', () => {
    // libphonenumber-js is pinned: a release that changes this list changes what the phone
    // detector reads under these countries, and must be looked at.
    expect(getCountries().filter(omitsNationalPrefix)).toEqual([
      'AR',
      'CN',
      'IN',
      'KZ',
      'LT',
      'RU',
      'SY',
      'TR',
      'VN',
    ]);
  });

  it('holds none of the default countries (their reading is unchanged)', () => {
    expect(DEFAULT_PHONE_COUNTRIES.filter(omitsNationalPrefix)).toEqual([]);
  });

  it('says no for a country it cannot read', () => {
    expect(omitsNationalPrefix('XX' as never)).toBe(false);
  });
});
