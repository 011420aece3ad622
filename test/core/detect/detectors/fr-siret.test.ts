import { describe, expect, it } from 'vitest';
import { frSiretDetector, isValidSiret } from '../../../../src/core/detect/detectors/fr-siret';
import { canonicals, found } from './helpers';

const siret = frSiretDetector();

describe('frSiretDetector', () => {
  it('finds spaced and compact SIRET numbers', () => {
    expect(found(siret, 'SIRET : 732 829 320 00074.')).toEqual(['732 829 320 00074']);
    expect(canonicals(siret, 'siret=73282932000074')).toEqual(['73282932000074']);
  });

  it('accepts La Poste establishments (digit sum multiple of 5)', () => {
    expect(isValidSiret('35600000000047')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(false);
  });

  it('refuses Luhn failures and longer numbers', () => {
    expect(found(siret, '732 829 320 00075')).toEqual([]);
    expect(found(siret, '732829320000741')).toEqual([]);
  });
});
