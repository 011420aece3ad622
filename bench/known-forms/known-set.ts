/**
 * The known sets of the benches of other forms of known values (`bench/known-forms-*.ts`):
 * names drawn from the PERSON detector's lists (seeded), names that are words too, and for each
 * name an e-mail address, a phone, an IBAN and an IPv4 address.
 */
import { FIRST_NAMES } from '../../src/core/detect/detectors/person-names/first-names';
import { SURNAMES_LIST } from '../../src/core/detect/detectors/person-names/surnames';

/** Names whose words are common words too (`Rose`, `Will`, `Koch`). */
export const WORD_NAMES = [
  'Rose Martin',
  'Pierre Boulanger',
  'Will Koch',
  'Grace Fischer',
  'Amy Brown',
  'Hope Baker',
  'Mark King',
];

/** A seeded generator (mulberry32): the same known set at every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(list: readonly T[], rnd: () => number) => list[Math.floor(rnd() * list.length)]!;
const digits = (n: number, rnd: () => number) =>
  Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

/** A French IBAN with a valid key (mod 97) over random bank, branch and account numbers. */
function frenchIban(rnd: () => number): string {
  const bban = digits(23, rnd);
  let rest = 0;
  for (const c of `${bban}152700`) rest = (rest * 10 + Number(c)) % 97;
  const key = String(98 - rest).padStart(2, '0');
  return `FR${key}${bban}`.replace(/(.{4})/g, '$1 ').trim();
}

/** The known set: names, and an e-mail address, a phone, an IBAN and an IPv4 address each. */
export function knownSet(names: readonly string[]): [string, string][] {
  const rnd = random(20261201);
  const out: [string, string][] = [];
  for (const name of names) {
    const ascii = name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z ]/g, '');
    out.push(['PERSON', name]);
    out.push(['EMAIL', `${ascii.replace(/ /g, '.')}@example.org`]);
    out.push([
      'PHONE',
      `+33 6 ${digits(2, rnd)} ${digits(2, rnd)} ${digits(2, rnd)} ${digits(2, rnd)}`,
    ]);
    out.push(['IBAN', frenchIban(rnd)]);
    out.push([
      'IP_ADDRESS',
      `${10 + Math.floor(rnd() * 200)}.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}.${1 + Math.floor(rnd() * 254)}`,
    ]);
  }
  return out;
}

/** `count` names, a first name and a family name of the lists each, the same at every run. */
export function drawnNames(count: number): string[] {
  const rnd = random(15);
  const names = new Set<string>();
  while (names.size < count) names.add(`${pick(FIRST_NAMES, rnd)} ${pick(SURNAMES_LIST, rnd)}`);
  return [...names];
}
