import { describe, expect, it } from 'vitest';
import { seeded as prng } from '../../../scripts/shared/seeded-random';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import { MAKE, mistyped, NATIONAL_ID_LABELS, spellings } from '../../fixtures/national-ids/values';

const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
// Neutral words before each number, and for the labels whose bare digit runs are ambiguous
// (a BSN, a DE tax id) also the words that name them: with them, a wrong one must still not be
// read, nor split.
const NEUTRAL = ['Nummer: ', 'my number is ', 'numero ', 'n° '];
const NAMING: Partial<Record<string, readonly string[]>> = {
  NL_BSN: ['BSN: ', 'burgerservicenummer ', 'sofinummer ', 'BSN '],
  DE_TAX_ID: ['Steuer-ID: ', 'Nummer: ', 'IdNr. ', 'my number is '],
};
const wordsBefore = (label: string, i: number) => {
  const list = NAMING[label] ?? NEUTRAL;
  return list[i % list.length]!;
};
const PER_SPELLING = 12;

/** The spans of the pipeline over `value` written after `before` and before `after`. */
async function spansOver(value: string, before: string, after = ' merci.') {
  const text = `${before}${value}${after}`;
  const start = before.length;
  const end = start + value.length;
  const spans = await pipeline.run(text);
  return { spans: spans.filter((s) => s.start < end && s.end > start), start, end };
}

describe('a national identifier is masked whole or not at all', () => {
  it.each(NATIONAL_ID_LABELS)(
    '%s: valid ones in every usual spelling are one span of their label',
    async (label) => {
      const random = prng(label.length * 7919);
      for (let i = 0; i < PER_SPELLING; i++) {
        const compact = MAKE[label](random);
        for (const written of spellings(label, compact)) {
          const { spans, start, end } = await spansOver(written, wordsBefore(label, i));
          expect(
            spans.map((s) => [s.label, s.start, s.end]),
            written,
          ).toEqual([[label, start, end]]);
        }
      }
    },
  );

  it.each(NATIONAL_ID_LABELS)(
    '%s: with a wrong check digit, no span of its label and no fragment under another',
    async (label) => {
      const random = prng(label.length * 104729);
      let masked = 0;
      let total = 0;
      for (let i = 0; i < PER_SPELLING; i++) {
        const wrong = mistyped(label, MAKE[label](random));
        for (const written of spellings(label, wrong)) {
          const { spans, start, end } = await spansOver(written, wordsBefore(label, i));
          total++;
          expect(
            spans.filter((s) => s.label === label).map((s) => s.value),
            written,
          ).toEqual([]);
          // Another label may read it (a valid phone number is one), but then all of it.
          for (const s of spans) {
            expect(s.start <= start && s.end >= end, `${written}: ${s.label} ${s.value}`).toBe(
              true,
            );
          }
          if (spans.length > 0) masked++;
        }
      }
      expect(total).toBeGreaterThan(0);
      expect(masked).toBeLessThan(total);
    },
  );

  it('reads no phone number inside a run printed as an identifier (check digits wrong)', async () => {
    // Each of these held a valid phone number in its last groups before the identifier shapes
    // (`861 678 691` Spanish, `09 10 460 11` French…): half of the number was masked.
    for (const written of [
      '55 861 678 691',
      '13 09 10 460 11',
      '80.06.12-197.47',
      '600812 130 54',
      '756 5155 4242 82',
      '01.213.904-Z',
      '06990320-G',
      'X 0683807 P',
    ]) {
      const { spans } = await spansOver(written, 'Referenz ');
      expect(
        spans.map((s) => s.value),
        written,
      ).toEqual([]);
    }
    // The same digits after `+` are a phone number, masked whole.
    const { spans } = await spansOver('+33 690 628 703', 'tel ');
    expect(spans.map((s) => s.value)).toEqual(['+33 690 628 703']);
  });
});
