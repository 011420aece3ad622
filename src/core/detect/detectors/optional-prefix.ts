import { type CountryCode, Metadata } from 'libphonenumber-js/max';

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
    omits = readFormats(country);
    OMITS.set(country, omits);
  }
  return omits;
}

const OMITS = new Map<string, boolean>();

// The parts of libphonenumber's metadata classes this reading relies on (not in its types).
interface MetadataInternals {
  selectNumberingPlan(country: string): void;
  numberingPlan?: { formats(): FormatInternals[] };
}
interface FormatInternals {
  nationalPrefixFormattingRule(): string | 0 | undefined;
  nationalPrefixIsOptionalWhenFormattingInNationalFormat(): boolean;
}

/** `$1` in a national prefix formatting rule (`0$1`, `8 ($1)`): the rest is the prefix. */
const FIRST_GROUP = /\$\d/g;
const DIGIT = /\d/;

function readFormats(country: CountryCode): boolean {
  try {
    const metadata = new Metadata() as unknown as MetadataInternals;
    metadata.selectNumberingPlan(country);
    return (metadata.numberingPlan?.formats() ?? []).some((format) => {
      const rule = format.nationalPrefixFormattingRule();
      return (
        typeof rule === 'string' &&
        DIGIT.test(rule.replace(FIRST_GROUP, '')) &&
        format.nationalPrefixIsOptionalWhenFormattingInNationalFormat() === true
      );
    });
  } catch {
    return false;
  }
}
