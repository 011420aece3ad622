import { nameKey, PARTICLE_KEYS } from '../detect/detectors/person-names/lexicon';

/**
 * The parts of a known value that people write on their own: the words of a name (`Dupont`,
 * `Jean`), the fields of an IBAN's national account number (a French RIB: bank, branch,
 * account, key), the octets of an IPv4 address (`ip-10-20-30-40`). A part written alone gets
 * the part's token (`<<PERSON:1.2>>`), restored to the part: the model reads whose part it is,
 * and restoring gives back what was written. Parts are computed from the entry; nothing more is
 * stored.
 */

/** The most parts a value has (a part's number is one digit in its token). */
export const MAX_PARTS = 9;

/** One field of a national account number: what it is, and how many characters it has. */
type Field = readonly [role: 'bank' | 'branch' | 'check' | 'account', length: number];

/**
 * The fields of the national account number (BBAN) of an IBAN, by country (ISO 13616 registry
 * layouts). The account field, written alone, is masked by itself; the others only with it.
 * A country not listed has its BBAN as one part.
 */
const BBAN_FIELDS: Readonly<Record<string, readonly Field[]>> = {
  FR: [
    ['bank', 5],
    ['branch', 5],
    ['account', 11],
    ['check', 2],
  ],
  MC: [
    ['bank', 5],
    ['branch', 5],
    ['account', 11],
    ['check', 2],
  ],
  DE: [
    ['bank', 8],
    ['account', 10],
  ],
  IT: [
    ['check', 1],
    ['bank', 5],
    ['branch', 5],
    ['account', 12],
  ],
  SM: [
    ['check', 1],
    ['bank', 5],
    ['branch', 5],
    ['account', 12],
  ],
  ES: [
    ['bank', 4],
    ['branch', 4],
    ['check', 2],
    ['account', 10],
  ],
  PT: [
    ['bank', 4],
    ['branch', 4],
    ['account', 11],
    ['check', 2],
  ],
  BE: [
    ['bank', 3],
    ['account', 7],
    ['check', 2],
  ],
  NL: [
    ['bank', 4],
    ['account', 10],
  ],
  GB: [
    ['bank', 4],
    ['branch', 6],
    ['account', 8],
  ],
  IE: [
    ['bank', 4],
    ['branch', 6],
    ['account', 8],
  ],
  CH: [
    ['bank', 5],
    ['account', 12],
  ],
  LI: [
    ['bank', 5],
    ['account', 12],
  ],
  AT: [
    ['bank', 5],
    ['account', 11],
  ],
  LU: [
    ['bank', 3],
    ['account', 13],
  ],
};

/** An account field shorter than this is masked only with the fields around it. */
const MIN_ACCOUNT_ALONE = 7;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A word of a name that handles glue to the others: two letters or more, no particle. */
const GLUED_WORD = /^\p{L}[\p{L}\p{M}'’-]+$/u;
/** The shortest word glued to an initial that the sweep looks for (`jdupont`). */
const MIN_AFTER_INITIAL = 5;
/** Names of more words than this get no glued spellings. */
const MAX_GLUED = 4;

/** The words of a name as parts: spacing collapsed, `Jean - Pierre` read as `Jean-Pierre`. */
export function nameWords(value: string): string[] {
  // Most names are letters and single spaces already: no need to normalise them.
  const words = (
    PLAIN_WORDS.test(value)
      ? value
      : value.normalize('NFC').trim().replace(/\s+/gu, ' ').replace(/ ?- ?/g, '-')
  ).split(' ');
  return words.length >= 2 && words.length <= MAX_PARTS ? words : [];
}

/** ASCII letters (and inner `'`, `-`) in words joined by single spaces. */
const PLAIN_WORDS = /^[A-Za-z](?:[A-Za-z'-]*[A-Za-z])?(?: [A-Za-z](?:[A-Za-z'-]*[A-Za-z])?)*$/;

/** The fields of an IBAN's BBAN, from its canonical form (compact, upper case). */
function bbanFields(canonical: string): { fields: string[]; roles: Field[0][] } {
  const bban = canonical.slice(4);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(canonical)) return { fields: [], roles: [] };
  const layout = BBAN_FIELDS[canonical.slice(0, 2)];
  const total = layout?.reduce((sum, [, length]) => sum + length, 0);
  if (!layout || total !== bban.length) return { fields: [bban], roles: ['account'] };
  const fields: string[] = [];
  let at = 0;
  for (const [, length] of layout) {
    fields.push(bban.slice(at, at + length));
    at += length;
  }
  return { fields, roles: layout.map(([role]) => role) };
}

/**
 * The parts of a value, in order: what `<<LABEL:n.k>>` restores to is part `k` (1-based).
 * Empty for a value without parts (an e-mail address, a one-word name, an IPv6 address).
 *
 * @example
 * valueParts({ label: 'PERSON', value: 'Jean Dupont', canonical: 'jean dupont' });
 * // ['Jean', 'Dupont']
 * valueParts({ label: 'IBAN', value: 'FR76 3000 6000 0112 3456 7890 189', canonical: 'FR7630006000011234567890189' });
 * // ['30006', '00001', '12345678901', '89']
 */
export function valueParts(entry: {
  label: string;
  value: string;
  canonical: string;
}): readonly string[] {
  switch (entry.label) {
    case 'PERSON':
      return nameWords(entry.value);
    case 'IBAN':
      return bbanFields(entry.canonical).fields;
    case 'IP_ADDRESS': {
      const octets = IPV4.exec(entry.canonical);
      return octets ? octets.slice(1) : [];
    }
    default:
      return [];
  }
}

/** Part `part` (1-based) of a value, or `undefined` when it has no such part. */
export function valuePart(
  entry: { label: string; value: string; canonical: string },
  part: number,
): string | undefined {
  return valueParts(entry)[part - 1];
}

/**
 * A spelling of a value, or of some of its parts, that the sweep looks for, with the parts it
 * covers: `[start, end, part]` in the spelling's characters, separators between them left out
 * (they stay in the text as written).
 */
export interface PartSpelling {
  spelling: string;
  parts: readonly (readonly [start: number, end: number, part: number])[];
}

/** The parts at `order` (0-based) joined by `separator`, as a spelling. */
function joined(
  parts: readonly string[],
  order: readonly number[],
  separator: string,
): PartSpelling {
  let spelling = '';
  const covered: [number, number, number][] = [];
  for (const k of order) {
    if (spelling !== '') spelling += separator;
    covered.push([spelling.length, spelling.length + parts[k]!.length, k + 1]);
    spelling += parts[k]!;
  }
  return { spelling, parts: covered };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The spellings of parts of a value that the sweep looks for, besides the value's own: the
 * words of a name glued together (`JeanDupont`), or to the first one's initial (`jdupont`); an
 * IBAN's BBAN (a RIB written whole) and its
 * runs of fields that hold the account number (`12345678901 89`); an IPv4 address written with
 * dashes or underscores in a host name (`ip-10-20-30-40`) or reversed
 * (`40.30.20.10.in-addr.arpa`). The words of a name are also looked for one by one (see
 * `nameWords`), and read together where they stand side by side.
 *
 * @example
 * partSpellings({ label: 'IP_ADDRESS', value: '10.20.30.40', canonical: '10.20.30.40' })[0];
 * // { spelling: '10-20-30-40', parts: [[0, 2, 1], [3, 5, 2], [6, 8, 3], [9, 11, 4]] }
 */
export function partSpellings(
  entry: { label: string; value: string; canonical: string },
  words: readonly string[] = entry.label === 'PERSON' ? nameWords(entry.value) : [],
): PartSpelling[] {
  if (entry.label === 'IBAN') {
    const { fields, roles } = bbanFields(entry.canonical);
    const account = roles.indexOf('account');
    if (account < 0) return [];
    // The whole BBAN (a RIB), the account number alone, with the fields after it (`12345678901
    // 89`: account and key) and with the one before it (`45 0200051332`: a Spanish check and
    // account).
    const last = fields.length - 1;
    const runs = [
      [0, last],
      [account, account],
      [account, last],
      [Math.max(0, account - 1), account],
    ];
    const out: PartSpelling[] = [];
    const seen = new Set<string>();
    for (const [from, to] of runs) {
      const key = `${from}-${to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const run = joined(fields, range(from!, to!), '');
      if (run.spelling.length >= MIN_ACCOUNT_ALONE) out.push(run);
    }
    // The account number alone is often written without its leading zeros (`Konto 532013000`).
    const bare = fields[account]!.replace(/^0+/, '');
    if (bare !== fields[account] && bare.length >= MIN_ACCOUNT_ALONE) {
      out.push({ spelling: bare, parts: [[0, bare.length, account + 1]] });
    }
    return out;
  }
  if (entry.label === 'PERSON') {
    // Words of the name glued together, in order (`JeanDupont`, `gabrielgarciamarquez`), and
    // the first and the last (`gabrielmarquez`): handles, user names.
    const glued = words.flatMap((w, k) =>
      GLUED_WORD.test(w) && !PARTICLE_KEYS.has(nameKey(w)) ? [k] : [],
    );
    if (glued.length < 2 || glued.length > MAX_GLUED) return [];
    const out = [joined(words, glued, '')];
    if (glued.length > 2) out.push(joined(words, [glued[0]!, glued[glued.length - 1]!], ''));
    // The first word's initial glued to each other word (`jdupont`, `@jdupont`): the initial
    // stays as written.
    const initial = words[glued[0]!]!.charAt(0);
    for (const k of glued.slice(1)) {
      // A short word after an initial spells common words (`adang`, `amark`).
      if (words[k]!.length < MIN_AFTER_INITIAL) continue;
      out.push({ spelling: initial + words[k]!, parts: [[1, 1 + words[k]!.length, k + 1]] });
    }
    return out;
  }
  if (entry.label === 'IP_ADDRESS') {
    const octets = IPV4.exec(entry.canonical)?.slice(1);
    if (!octets) return [];
    return [
      joined(octets, [0, 1, 2, 3], '-'),
      joined(octets, [0, 1, 2, 3], '_'),
      joined(octets, [3, 2, 1, 0], '.'),
    ];
  }
  return [];
}

/**
 * Other spellings of a whole value that the sweep looks for: an IPv4 address with its octets
 * zero-padded (`010.020.030.040`), the same address.
 */
export function wholeSpellings(entry: { label: string; canonical: string }): string[] {
  if (entry.label !== 'IP_ADDRESS') return [];
  const octets = IPV4.exec(entry.canonical)?.slice(1);
  if (!octets) return [];
  const padded = octets.map((o) => o.padStart(3, '0')).join('.');
  return padded === entry.canonical ? [] : [padded];
}
