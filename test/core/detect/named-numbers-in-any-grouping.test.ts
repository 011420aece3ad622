import { describe, expect, it } from 'vitest';
import { seeded as prng } from '../../../scripts/shared/seeded-random';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import { namedRuns } from '../../../src/core/detect/detectors/national-id-context';
import { MAKE, mistyped } from '../../fixtures/national-ids/values';

const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });

/** `digits` in groups of two to five (the last what remains), with one of `separators`. */
function regrouped(digits: string, separators: readonly string[], random: () => number): string {
  const separator = separators[Math.floor(random() * separators.length)]!;
  const groups: string[] = [];
  for (let i = 0; i < digits.length; ) {
    const size = 2 + Math.floor(random() * 4);
    groups.push(digits.slice(i, i + size));
    i += size;
  }
  return groups.join(separator);
}

const CASES = [
  {
    label: 'DE_TAX_ID',
    names: ['Steuer-ID: ', 'IdNr. ', 'Steuer-IdNr ', 'Identifikationsnummer ist '],
    separators: [' ', '.', '/', '-'],
  },
  {
    label: 'CH_AHV',
    names: ['AHV: ', 'AHV-Nr. ', 'numéro AVS ', 'Sozialversicherungsnummer: '],
    separators: [' ', '.', '-'],
  },
] as const;

describe('a Steuer-ID or AHV number right after its name is read in any grouping', () => {
  it.each(CASES)(
    '$label: valid ones are one span of the label, whole',
    async ({ label, names, separators }) => {
      const random = prng(label.length * 104729);
      for (let i = 0; i < 40; i++) {
        const written = regrouped(MAKE[label](random), separators, random);
        const before = names[i % names.length]!;
        const spans = await pipeline.run(`${before}${written}, danke.`);
        expect(
          spans.map((s) => [s.label, s.start, s.end]),
          `${before}${written}`,
        ).toEqual([[label, before.length, before.length + written.length]]);
      }
    },
  );

  it.each(CASES)(
    '$label: a wrong check digit is neither the label nor split',
    async ({ label, names, separators }) => {
      const random = prng(label.length * 7877);
      for (let i = 0; i < 40; i++) {
        const written = regrouped(mistyped(label, MAKE[label](random)), separators, random);
        const before = names[i % names.length]!;
        const text = `${before}${written}, danke.`;
        const over = (await pipeline.run(text)).filter(
          (s) => s.start < before.length + written.length && s.end > before.length,
        );
        // Nothing, or one span of another label over the whole number (a phone, say): never a part.
        const whole = over.every(
          (s) => s.start <= before.length && s.end >= before.length + written.length,
        );
        expect(
          over.some((s) => s.label === label),
          text,
        ).toBe(false);
        expect(whole, `${text}: ${JSON.stringify(over)}`).toBe(true);
      }
    },
  );

  it('reads the loose grouping only right after the name', async () => {
    const labels = async (text: string) => (await pipeline.run(text)).map((s) => s.label);
    expect(await labels('IdNr. 1123456789 0')).toEqual(['DE_TAX_ID']);
    // No name, another word between, or too far: not the loose grouping.
    expect(await labels('Ref 1123456789 0')).not.toContain('DE_TAX_ID');
    expect(await labels('Steuer-ID fehlt, Bestellung 1123456789 0')).not.toContain('DE_TAX_ID');
    expect(await labels('AHV: 75692170769 85')).toEqual(['CH_AHV']);
    expect(await labels('Kunde 75692170769 85')).not.toContain('CH_AHV');
  });
});

describe('namedRuns', () => {
  it('finds the run that starts within reach after each name, across linking words', () => {
    const run = /\d(?:[ ]?\d){3}/u;
    expect(namedRuns('id 12 34 and id is 5678', /\bid\b/g, run)).toEqual([
      { start: 3, end: 8 },
      { start: 19, end: 23 },
    ]);
    expect(namedRuns('id card lost, 1234', /\bid\b/g, run)).toEqual([]);
    expect(namedRuns(`id ${'-'.repeat(30)}1234`, /\bid\b/g, run)).toEqual([]);
  });
});
