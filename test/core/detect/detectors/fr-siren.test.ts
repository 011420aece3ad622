import { describe, expect, it } from 'vitest';
import { frSirenDetector } from '../../../../src/core/detect/detectors/fr-siren';
import { canonicals, found } from './helpers';

const siren = frSirenDetector();

describe('frSirenDetector', () => {
  it('finds Luhn-valid SIREN numbers, scored higher with context', () => {
    expect(found(siren, 'SIREN 732 829 320')).toEqual(['732 829 320']);
    expect(canonicals(siren, 'RCS Paris 732829320')).toEqual(['732829320']);
    const [withContext] = siren.detect('SIREN : 732829320') as unknown as { score?: number }[];
    const [without] = siren.detect('n 732829320') as unknown as { score?: number }[];
    expect(withContext!.score!).toBeGreaterThan(without!.score!);
  });

  it('refuses Luhn failures and SIRET numbers', () => {
    expect(found(siren, 'SIREN 732 829 321')).toEqual([]);
    expect(found(siren, 'SIRET 732 829 320 00074')).toEqual([]);
    expect(found(siren, '000 000 000')).toEqual([]);
  });
});
