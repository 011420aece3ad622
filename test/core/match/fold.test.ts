import { describe, expect, it } from 'vitest';
import { foldString, isWordCode, skippedInView } from '../../../src/core/match/fold';

describe('folded view', () => {
  it('lower-cases, collapses whitespace runs and normalises apostrophes', () => {
    expect(foldString('Jean \n\t DUPONT’s')).toBe("jean dupont's");
  });

  it('keeps characters whose lower case changes length (offsets stay exact)', () => {
    expect(foldString('İSTANBUL')).toBe('İstanbul');
  });

  it('drops a single separator between digits only', () => {
    expect(foldString('06 12.34-56/78 ab 12', true)).toBe('0612345678 ab 12');
    expect(foldString('12 / 34', true)).toBe('12 / 34');
    expect(foldString('IBAN FR76 3000', true)).toBe('iban fr763000');
    expect(skippedInView('1 2', 1, false)).toBe(false);
  });

  it('reads ß as ss, whatever surrounds it (no pairing that depends on the neighbours)', () => {
    for (const spelling of ['Weiß', 'WEISS', 'weiss', 'WEIẞ', 'Weiｓｓ', 'Wei\u200bss']) {
      expect(foldString(spelling)).toBe('weiss');
    }
    expect(foldString('Jessica Rußell')).toBe('jessica russell');
    expect(foldString('sßs')).toBe('ssss');
  });

  it('handles long whitespace runs without recursion', () => {
    expect(foldString(`a${' '.repeat(100_000)}b`)).toBe('a b');
  });

  it('treats letters of spaced scripts as word characters, not CJK or emoji', () => {
    expect(isWordCode('é'.charCodeAt(0))).toBe(true);
    expect(isWordCode('9'.charCodeAt(0))).toBe(true);
    expect(isWordCode('王'.charCodeAt(0))).toBe(false);
    expect(isWordCode('😀'.charCodeAt(0))).toBe(false);
    expect(isWordCode('-'.charCodeAt(0))).toBe(false);
  });
});
