import { Metadata } from 'libphonenumber-js/max';
import { type Group, MAX_DIGITS } from './digit-runs';
import { callingCodesOf, countriesOfCallingCode } from './validate';

/**
 * A number written with `+` and a country code keeps its country, valid or not: `+33 690 62
 * 87 03` (no French number) is masked whole from the `+`, never read as the Spanish national
 * number `690 62 87 03` with `+33` left outside, so the tool receives what the user typed.
 * Its groups are those after `+` whose national digits (after the country code) are at most
 * one more than the longest number of that code; it needs four national digits or more.
 */
export function writtenInternationalEnd(
  groups: readonly Group[],
  last: number,
  fits: (j: number) => boolean,
): { j: number; digits: string } | undefined {
  const head = groups[0]!.digits;
  const [code] = callingCodesOf(`${head}${groups[1]?.digits ?? ''}`);
  if (!code) return undefined;
  const longest = longestNational(code) + 1;
  let digits = '';
  let found: { j: number; digits: string } | undefined;
  for (let j = 0; j <= last; j++) {
    digits += groups[j]!.digits;
    const national = digits.length - code.length;
    if (national > longest || digits.length > MAX_DIGITS) break;
    if (national >= 4 && fits(j)) found = { j, digits };
  }
  return found;
}

const LONGEST = new Map<string, number>();

/** The most national digits of a number of calling code `code` (its countries' lengths). */
function longestNational(code: string): number {
  let longest = LONGEST.get(code);
  if (longest === undefined) {
    longest = 0;
    const metadata = new Metadata() as unknown as {
      selectNumberingPlan(country: string): void;
      numberingPlan?: { possibleLengths(): number[] | undefined };
    };
    for (const country of countriesOfCallingCode(code)) {
      metadata.selectNumberingPlan(country);
      for (const n of metadata.numberingPlan?.possibleLengths() ?? [])
        longest = Math.max(longest, n);
    }
    // A code whose metadata says nothing: E.164's bound.
    if (longest === 0) longest = MAX_DIGITS - code.length;
    LONGEST.set(code, longest);
  }
  return longest;
}
