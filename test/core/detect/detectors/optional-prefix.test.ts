import { getCountries } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { omitsNationalPrefix } from '../../../../src/core/detect/detectors/optional-prefix';
import { DEFAULT_PHONE_COUNTRIES } from '../../../../src/core/detect/detectors/phone';

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
