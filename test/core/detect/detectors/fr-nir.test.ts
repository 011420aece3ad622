import { describe, expect, it } from 'vitest';
import { mod97 } from '../../../../src/core/detect/detectors/checksums';
import { frNirDetector, isValidNir } from '../../../../src/core/detect/detectors/fr-nir';
import { canonicals, found } from './helpers';

const nir = frNirDetector();

function key(body: string): string {
  const digits = body.replace('2A', '19').replace('2B', '18');
  return String(97 - mod97(digits)).padStart(2, '0');
}

describe('frNirDetector', () => {
  it('finds spaced and compact numbers with a valid key', () => {
    expect(found(nir, 'N° SS : 1 85 05 78 006 084 91')).toEqual(['1 85 05 78 006 084 91']);
    expect(found(nir, 'nir=293027512012306;')).toEqual(['293027512012306']);
    expect(canonicals(nir, '1 85 05 78 006 084 91')).toEqual(['185057800608491']);
  });

  it('handles Corsica (2A, 2B)', () => {
    const a = `1850119004123${key('1850119004123')}`.replace(/^(\d{5})19/, '$12A');
    const b = `2920218004123${key('2920218004123')}`.replace(/^(\d{5})18/, '$12B');
    expect(isValidNir(a)).toBe(true);
    expect(isValidNir(b)).toBe(true);
    expect(
      found(
        nir,
        `Sécu ${a.slice(0, 1)} ${a.slice(1, 3)} ${a.slice(3, 5)} ${a.slice(5, 7)} ${a.slice(7, 10)} ${a.slice(10, 13)} ${a.slice(13)}`,
      ),
    ).toHaveLength(1);
    expect(found(nir, b.toLowerCase())).toEqual([b.toLowerCase()]);
  });

  it('finds a NIR followed by another number after a space, not by decimals', () => {
    expect(found(nir, '1 85 05 78 006 084 91 06 12 34 56 78')).toEqual(['1 85 05 78 006 084 91']);
    expect(found(nir, '185057800608491 4356949146534805')).toEqual(['185057800608491']);
    expect(found(nir, '185057800608491.5')).toEqual([]);
  });

  it('refuses a wrong key, a bad month and a bad sex digit', () => {
    expect(found(nir, '1 85 05 78 006 084 92')).toEqual([]);
    expect(found(nir, '185157800608491')).toEqual([]);
    expect(found(nir, '585057800608491')).toEqual([]);
    expect(found(nir, '1850578006084911')).toEqual([]);
  });

  it('has exact offsets next to accents and emoji', () => {
    const text = 'Sécurité sociale 🏥 : 185057800608491 ✓';
    const [span] = nir.detect(text) as unknown as { start: number; end: number }[];
    expect(text.slice(span!.start, span!.end)).toBe('185057800608491');
  });
});
