import type { Group } from './digit-runs';

/**
 * The printed shapes of national identifiers that no default country groups a phone number
 * in. A run of digit groups written so is that identifier, its check digits right or wrong:
 * no phone number is read inside it (it would mask part of it and leave the rest in clear;
 * the identifier's own detector masks it whole when its check digits hold).
 */
interface IdentifierShape {
  /** What it is, for the docs. */
  name: string;
  /** The digits of each group, in order. */
  groups: readonly number[];
  /** Whether every joint is the same single separator (else any single separator each). */
  oneStyle: boolean;
  /** What its digits must also be (a prefix, date parts). */
  digits?: (groups: readonly string[]) => boolean;
  /**
   * A control letter follows, after a dash or nothing, or in capitals after a space (a Spanish
   * DNI or NIE; `y` after a space is "and").
   */
  letterAfter?: boolean;
  /** `X`, `Y` or `Z` (any case) comes before, glued or after one separator (a Spanish NIE). */
  nieBefore?: boolean;
}

const month = (g: string) => {
  const m = Number(g);
  return m <= 12 || (m >= 20 && m <= 32) || (m >= 40 && m <= 52);
};

// biome-ignore format: one shape a line
export const IDENTIFIER_SHAPES: readonly IdentifierShape[] = [
  { name: 'German Steuer-IdNr. `12 345 678 901`', groups: [2, 3, 3, 3], oneStyle: true, digits: (g) => g[0]![0] !== '0' },
  { name: 'Belgian national number `85.07.30-033.28`', groups: [2, 2, 2, 3, 2], oneStyle: false, digits: (g) => month(g[1]!) && Number(g[2]) <= 31 },
  { name: 'Belgian national number `850730 033 28`', groups: [6, 3, 2], oneStyle: false, digits: (g) => month(g[0]!.slice(2, 4)) && Number(g[0]!.slice(4)) <= 31 },
  { name: 'Swiss AHV number `756.1234.5678.97`', groups: [3, 4, 4, 2], oneStyle: true, digits: (g) => g[0] === '756' },
  { name: 'Spanish DNI `12.345.678-Z`', groups: [2, 3, 3], oneStyle: true, letterAfter: true },
  { name: 'Spanish DNI `12345678-Z`', groups: [8], oneStyle: true, letterAfter: true },
  { name: 'Spanish NIE `X 1234567 L`', groups: [7], oneStyle: true, letterAfter: true, nieBefore: true },
];

/** ` `, `.`, `-` and the no-break spaces: how identifiers are grouped. */
const isJoint = (code: number) =>
  code === 32 || code === 46 || code === 45 || code === 0xa0 || code === 0x202f;
const isAsciiLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;
const isWordCode = (code: number) =>
  isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 95 || code >= 0xc0;

/**
 * Whether the whole run (`groups`, every one of them) is written in the printed shape of a
 * national identifier (see {@link IDENTIFIER_SHAPES}), not after `+` or `(`.
 *
 * @example
 * isIdentifierShaped('IdNr 55 861 678 691', groups); // true: no phone inside it
 */
export function isIdentifierShaped(text: string, groups: readonly Group[]): boolean {
  // After `+` or `(`, a country or area code: a phone number's shape.
  const before = text.charCodeAt(groups[0]!.start - 1);
  if (before === 43 || before === 40) return false;
  for (const shape of IDENTIFIER_SHAPES) {
    if (shape.groups.length === groups.length && fits(text, groups, shape)) return true;
  }
  return false;
}

function fits(text: string, groups: readonly Group[], shape: IdentifierShape): boolean {
  let style = -1;
  for (let g = 0; g < groups.length; g++) {
    if (groups[g]!.digits.length !== shape.groups[g]) return false;
    if (g === 0) continue;
    // One separator character between two groups.
    if (groups[g]!.start !== groups[g - 1]!.end + 1) return false;
    const joint = text.charCodeAt(groups[g - 1]!.end);
    if (!isJoint(joint)) return false;
    if (shape.oneStyle && style !== -1 && joint !== style) return false;
    style = joint;
  }
  if (shape.digits && !shape.digits(groups.map((g) => g.digits))) return false;
  if (shape.letterAfter) {
    let i = groups[groups.length - 1]!.end;
    const space = text.charCodeAt(i) === 32;
    if (space || text.charCodeAt(i) === 45) i++;
    const letter = text.charCodeAt(i);
    if (!isAsciiLetter(letter) || (space && letter >= 97) || isWordCode(text.charCodeAt(i + 1))) {
      return false;
    }
  }
  if (shape.nieBefore) {
    let i = groups[0]!.start - 1;
    if (isJoint(text.charCodeAt(i))) i--;
    const c = text.charCodeAt(i) | 32;
    if (i < 0 || c < 120 || c > 122 || isWordCode(text.charCodeAt(i - 1))) return false;
  }
  return true;
}
