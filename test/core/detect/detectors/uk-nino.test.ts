import { describe, expect, it } from 'vitest';
import {
  isValidNino,
  isValidNinoWithoutSuffix,
  ukNinoDetector,
} from '../../../../src/core/detect/detectors/uk-nino';
import { canonicals, found } from './helpers';

const nino = ukNinoDetector();

// A NINO has no check digit: what makes one valid is HMRC's allocation rules (National
// Insurance Manual NIM39110): prefix letters, unallocated prefixes, six digits, suffix A-D.
describe('ukNinoDetector', () => {
  it('applies the prefix and suffix rules', () => {
    expect(isValidNino('AB123456C')).toBe(true);
    expect(isValidNino('ab123456c')).toBe(true);
    // D, F, I, Q, U, V are never used; O never second.
    for (const bad of ['DA123456A', 'FA123456A', 'IA123456A', 'QA123456A', 'UA123456A']) {
      expect(isValidNino(bad)).toBe(false);
    }
    expect(isValidNino('VA123456A')).toBe(false);
    expect(isValidNino('AO123456A')).toBe(false);
    expect(isValidNino('OA123456A')).toBe(true);
    // QQ 12 34 56 C is HMRC's specimen number, not one it can allocate.
    expect(isValidNino('QQ123456C')).toBe(false);
    for (const prefix of ['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']) {
      expect(isValidNino(`${prefix}123456A`)).toBe(false);
    }
    expect(isValidNino('AB123456E')).toBe(false);
  });

  it('finds it compact and grouped', () => {
    expect(found(nino, 'NI number: AB 12 34 56 C')).toEqual(['AB 12 34 56 C']);
    expect(found(nino, 'NINO AB123456C.')).toEqual(['AB123456C']);
    expect(found(nino, 'AB 123456 C')).toEqual(['AB 123456 C']);
    expect(found(nino, 'my ni no is ab123456c')).toEqual(['ab123456c']);
    expect(canonicals(nino, 'AB 12 34 56 C')).toEqual(['AB123456C']);
  });

  it('reads lower case spaced only after a word that names it, never mixed case', () => {
    expect(found(nino, 'as 12 34 56 a')).toEqual([]);
    expect(found(nino, 'national insurance: ab 12 34 56 c')).toEqual(['ab 12 34 56 c']);
    expect(found(nino, 'Ab123456c')).toEqual([]);
  });

  it('refuses longer tokens', () => {
    expect(found(nino, 'XAB123456C')).toEqual([]);
    expect(found(nino, 'AB123456CD')).toEqual([]);
    expect(found(nino, 'AB1234567C')).toEqual([]);
  });

  it('reads a NINO without its suffix letter after a word that names it', () => {
    expect(found(nino, 'NI number: AB 12 34 56')).toEqual(['AB 12 34 56']);
    expect(canonicals(nino, 'NI number: AB 12 34 56')).toEqual(['AB123456']);
    expect(found(nino, 'NINO: AB123456.')).toEqual(['AB123456']);
    expect(found(nino, 'national insurance ab 12 34 56')).toEqual(['ab 12 34 56']);
    expect(isValidNinoWithoutSuffix('AB123456')).toBe(true);
    expect(isValidNinoWithoutSuffix('GB123456')).toBe(false);
    expect(isValidNino('AB123456')).toBe(false);
  });

  it('ends a NINO without suffix after its digits, before the next word', () => {
    expect(found(nino, 'NINO: AB123456 and more')).toEqual(['AB123456']);
    expect(found(nino, 'NINO AB 12 34 56 Smith')).toEqual(['AB 12 34 56']);
    // `a` after capitals is a word, not a suffix written in another case.
    expect(found(nino, 'NINO AB123456 a while ago')).toEqual(['AB123456']);
    // With a suffix, the suffix is part of it.
    expect(found(nino, 'NINO AB 12 34 56 C and more')).toEqual(['AB 12 34 56 C']);
  });

  it('requires the suffix without a naming word, and the allocation rules with one', () => {
    expect(found(nino, 'AB 12 34 56')).toEqual([]);
    expect(found(nino, 'Ref AB123456 and more')).toEqual([]);
    expect(found(nino, 'NINO QQ123456')).toEqual([]);
    expect(found(nino, 'NINO GB 12 34 56')).toEqual([]);
    expect(found(nino, 'NINO AB123456E')).toEqual([]);
    expect(found(nino, 'NINO AB1234567')).toEqual([]);
    expect(found(nino, 'NINO Ab123456')).toEqual([]);
  });
});
