import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAME_BANDS_FILE, nameBandsSource } from '../../../../../scripts/person-tagger/name-bands';
import { nameBands } from '../../../../../src/core/detect/detectors/person-names/name-bands';
import {
  encodeBandTable,
  loadBandTable,
} from '../../../../../src/core/detect/detectors/person-tagger/band-table';

describe('word bands are looked up in a compact table', () => {
  it('finds each word by its key, whatever its case and accents, and nothing else', () => {
    const table = loadBandTable(
      encodeBandTable([
        ['helene', 3],
        ['dupont', 0x52],
        ['rare', 1],
      ]),
    );
    expect(table.byteOf('Hélène')).toBe(3);
    expect(table.byteOf('DUPONT')).toBe(0x52);
    expect(table.byteOf('rare')).toBe(1);
    expect(table.byteOf('absent')).toBe(0);
  });

  it('keeps the largest byte of a key given twice', () => {
    expect(
      loadBandTable(
        encodeBandTable([
          ['x', 2],
          ['x', 5],
          ['x', 1],
        ]),
      ).byteOf('x'),
    ).toBe(5);
  });

  it('gives the census and birth statistics their bands', () => {
    const bands = nameBands();
    expect(bands.surname('Smith')).toBe(5);
    expect(bands.given('Élodie')).toBeGreaterThanOrEqual(4);
    expect(bands.surname('Zzyzzq')).toBe(0);
  });

  it('ships the table that the name lists give (scripts/person-tagger/name-bands.ts)', () => {
    expect(readFileSync(NAME_BANDS_FILE, 'utf8')).toBe(nameBandsSource());
  });
});
