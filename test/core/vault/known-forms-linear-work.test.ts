import { describe, expect, it } from 'vitest';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import type { VaultEntry } from '../../../src/core/vault/types';
import { scanWorkOf } from '../helpers';

/** Known entries as the vault holds them (canonical forms as the default canonicalisers write). */
function entries(values: readonly [label: string, value: string][]): VaultEntry[] {
  return values.map(([label, value], i) => ({
    label,
    n: i + 1,
    value,
    canonical: label === 'PERSON' ? value.toLowerCase() : value.replace(/\s+/g, '').toUpperCase(),
  }));
}

/** `count` names of words of no list, two by two (`Vorakel Quindar`): the gate reads each. */
function inventedNames(count: number): [string, string][] {
  const syllables = ['vor', 'quin', 'dal', 'mek', 'tor', 'zan', 'bri', 'lu', 'sep', 'ork'];
  const word = (k: number) => {
    let w = '';
    for (let n = k + 11; n > 0; n = Math.floor(n / 10)) w += syllables[n % 10];
    return w.charAt(0).toUpperCase() + w.slice(1);
  };
  return Array.from({ length: count }, (_, k) => ['PERSON', `${word(2 * k)} ${word(2 * k + 1)}`]);
}

const KNOWN = entries([
  ['PERSON', 'Jean Dupont'],
  ['PERSON', 'Marie Dupont'],
  ['PERSON', 'Pierre Martin'],
  ['PERSON', 'Will Grace'],
  ['IBAN', 'FR76 3000 6000 0112 3456 7890 189'],
  ['IP_ADDRESS', '10.20.30.40'],
]);

describe('the sweep of other forms of known values: linear work (counted, not timed)', () => {
  const shapes: [string, (n: number) => string, 'words' | 'none'][] = [
    ['words of names alone', (n) => 'Dupont a rappelé, Jean aussi. '.repeat(n), 'words'],
    [
      'words of names in lower case',
      (n) => 'la pierre, le martin-pêcheur et Pierre '.repeat(n),
      'words',
    ],
    ['words side by side', (n) => 'Dupont, Jean; jean-dupont '.repeat(n), 'words'],
    ['words next to initials', (n) => 'J. Dupont, M. Dupont et Dupont J. '.repeat(n), 'words'],
    ['handles', (n) => '@jdupont42 JeanDupont '.repeat(n), 'words'],
    ['one sentence, no end', (n) => 'with grace and will and pierre, '.repeat(n), 'words'],
    ['words glued, model text', (n) => 'dupontjeandupontmartin'.repeat(n), 'none'],
    ['RIB and account numbers', (n) => 'RIB 30006 00001 12345678901 89, '.repeat(n), 'words'],
    ['host names', (n) => 'ip-10-20-30-40.ec2 40.30.20.10.in-addr '.repeat(n), 'words'],
  ];
  it.each(shapes)('%s', (_shape, make, boundaries) => {
    const matcher = buildKnownValueMatcher(KNOWN);
    const work = (n: number) => scanWorkOf(() => matcher.find(make(n), boundaries));
    const small = work(400);
    const large = work(800);
    expect(matcher.find(make(1), boundaries).length).toBeGreaterThan(0);
    // Doubling the text may double the work, plus slack; never square it.
    expect(large).toBeLessThanOrEqual(2.5 * small + 1000);
  });

  it('many known names whose words the gate reads, each written in the text', () => {
    const work = (n: number) => {
      const known = inventedNames(n);
      const matcher = buildKnownValueMatcher(entries(known));
      // Each word capitalised once and in lower case once: the gate asks how the text uses it.
      const text = known
        .map(([, name]) => {
          const [given, family] = name.split(' ');
          return `Ask ${family} today. The ${given!.toLowerCase()} is here. `;
        })
        .join('');
      expect(matcher.find(text).length).toBeGreaterThan(0);
      return scanWorkOf(() => matcher.find(text));
    };
    const small = work(300);
    const large = work(600);
    expect(large).toBeLessThanOrEqual(2.5 * small + 1000);
  });
});
