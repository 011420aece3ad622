import { describe, expect, it } from 'vitest';
import { chAhvDetector, isValidAhv } from '../../../../src/core/detect/detectors/ch-ahv';
import { canonicals, found } from './helpers';

const ahv = chAhvDetector();

describe('chAhvDetector', () => {
  it('validates 756 and the EAN-13 check digit', () => {
    // sozialversicherungsnummer.ch, "Aufbau der neuen AHV-Nummer": 756.9217.0769.85.
    expect(isValidAhv('7569217076985')).toBe(true);
    expect(isValidAhv('7561234567897')).toBe(true);
    expect(isValidAhv('7561234567896')).toBe(false);
    // A valid EAN-13 that does not start with 756 is a product, not an AHV number.
    expect(isValidAhv('4006381333931')).toBe(false);
  });

  it('finds it dotted, spaced, dashed and compact', () => {
    expect(found(ahv, 'AHV-Nr. 756.1234.5678.97')).toEqual(['756.1234.5678.97']);
    expect(found(ahv, 'N° AVS 756 9217 0769 85')).toEqual(['756 9217 0769 85']);
    expect(found(ahv, 'numero AVS: 756-9217-0769-85')).toEqual(['756-9217-0769-85']);
    expect(found(ahv, '7569217076985')).toEqual(['7569217076985']);
    expect(canonicals(ahv, '756.1234.5678.97')).toEqual(['7561234567897']);
  });

  it('refuses a wrong check digit, mixed separators and longer numbers', () => {
    expect(found(ahv, 'AHV 756.1234.5678.96')).toEqual([]);
    expect(found(ahv, '756.1234 5678.97')).toEqual([]);
    expect(found(ahv, '17561234567897')).toEqual([]);
    expect(found(ahv, '756.1234.5678.97.1')).toEqual([]);
  });
});
