/**
 * The ADDRESS detector's work grows linearly with the text, whatever it holds: reads are
 * counted (`scanWorkOf`), not timed. Each run of digits reads a bounded number of tokens around
 * it, each colon a bounded stretch before and after it.
 */
import { describe, expect, it } from 'vitest';
import { addressDetector } from '../../../../../src/core/detect/detectors/address';
import { scanWorkOf } from '../../../helpers';

const address = addressDetector();
const repeat = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const SHAPES: Record<string, string> = {
  'addresses one after the other': '12 rue des Lilas, 69003 Lyon\n',
  'a name that never reaches its number': 'Calle de la Plaza de la Villa ',
  'capitalised words and numbers': 'Roma 1 Roma 2 Berlin 3 ',
  'a city line after a street line': '10 Downing Street\nLondon\n',
  'units without a street': 'Apt 4 Suite 300 Flat 3 ',
  'keys with long values': `"address": "${'x'.repeat(150)} 12",\n`,
  'labels without a line end': 'Anschrift: Hauptstraße 5 ',
  'digit groups next to words': 'Postfach 10 12 34 56 78 ',
};

describe('ADDRESS detection stays linear (G7)', () => {
  it.each(Object.entries(SHAPES))('%s', (_name, unit) => {
    const small = scanWorkOf(() => address.detect(repeat(unit, 8_000)));
    const large = scanWorkOf(() => address.detect(repeat(unit, 32_000)));
    // 4x the text may cost 4x the reads (plus slack), never 16x.
    expect(large).toBeLessThanOrEqual(6 * small + 1000);
  });
});
