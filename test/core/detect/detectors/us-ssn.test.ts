import { describe, expect, it } from 'vitest';
import { usSsnDetector } from '../../../../src/core/detect/detectors/us-ssn';
import { canonicals, found } from './helpers';

const ssn = usSsnDetector();

describe('usSsnDetector', () => {
  it('finds dashed and spaced numbers', () => {
    expect(found(ssn, 'SSN: 536-22-8174.')).toEqual(['536-22-8174']);
    expect(found(ssn, 'his number is 536 22 8174')).toEqual(['536 22 8174']);
    expect(canonicals(ssn, '536-22-8174')).toEqual(['536228174']);
  });

  it('finds bare digits only after an SSN word', () => {
    expect(found(ssn, 'SSN 536228174')).toEqual(['536228174']);
    expect(found(ssn, 'social security number: 536228174')).toEqual(['536228174']);
    expect(found(ssn, 'order 536228174')).toEqual([]);
  });

  it('applies area, group and serial rules', () => {
    expect(found(ssn, '000-12-3456 666-12-3456 900-12-3456 987-65-4321')).toEqual([]);
    expect(found(ssn, '536-00-8174 536-22-0000')).toEqual([]);
  });

  it('refuses mixed separators and longer numbers', () => {
    expect(found(ssn, '536-22 8174')).toEqual([]);
    expect(found(ssn, '1536-22-8174 and 536-22-81745 and 536-22-8174-1')).toEqual([]);
  });

  it('has exact offsets next to accents and emoji', () => {
    const text = 'Numéro 🪪 536-22-8174 é';
    const [span] = ssn.detect(text) as unknown as { start: number; end: number }[];
    expect(text.slice(span!.start, span!.end)).toBe('536-22-8174');
  });
});
