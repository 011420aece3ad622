import { describe, expect, it } from 'vitest';
import { exposure, locateComponents, scoreAddressParts } from '../../bench/external/address-parts';

const C = (label: string, value: string) => ({ label, value });
const S = (start: number, end: number, label = 'ADDRESS') => ({ start, end, label });

describe('locateComponents (libpostal values in their text)', () => {
  it('finds lower-cased values in order, a repeated number at its own place', () => {
    const text = '1 First Ave 1';
    const r = locateComponents(text, [
      C('house_number', '1'),
      C('road', 'first ave'),
      C('unit', '1'),
    ]);
    expect(r).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 11 },
      { start: 12, end: 13 },
    ]);
  });

  it('prefers a whole word: the number 3 is not the 3 inside 35', () => {
    expect(locateComponents('Unit 35, 3 Main St', [C('house_number', '3')])).toEqual([
      { start: 9, end: 10 },
    ]);
  });

  it('ignores spacing, punctuation and accents where the plain value is not in the text', () => {
    const text = 'P.O.Box 12, Québec';
    expect(locateComponents(text, [C('po_box', 'p.o. box 12'), C('city', 'quebec')])).toEqual([
      { start: 0, end: 10 },
      { start: 12, end: 18 },
    ]);
  });

  it('says undefined for a value that is not in the text', () => {
    expect(locateComponents('Tea &amp; Coffee', [C('house', 'tea & coffee')])).toEqual([undefined]);
  });
});

describe('exposure (letters and digits covered by spans of any label)', () => {
  const text = '12 Elm St';
  it('is fully, partly or clear', () => {
    expect(exposure(text, [S(0, 9)], [S(0, 9, 'PERSON')])).toBe('fully');
    expect(exposure(text, [S(0, 9)], [S(0, 2)])).toBe('partly');
    expect(exposure(text, [S(0, 9)], [])).toBe('clear');
  });
});

describe('scoreAddressParts', () => {
  it('reads only the identifying parts: a city in clear does not count', () => {
    const text = '12 Elm St, Springfield';
    const s = scoreAddressParts(
      text,
      [C('house_number', '12'), C('road', 'elm st'), C('city', 'springfield')],
      [S(0, 9)],
    );
    expect(s).toEqual({
      numbered: true,
      detected: true,
      exposure: 'fully',
      unlocated: [],
      readable: [],
    });
  });

  it('lists the parts a model reads and tells an address with no number', () => {
    const s = scoreAddressParts(
      'Baker Street, London',
      [C('road', 'baker street'), C('city', 'london')],
      [S(14, 20, 'LOCATION')],
    );
    expect(s.numbered).toBe(false);
    expect(s.detected).toBe(false);
    expect(s.exposure).toBe('clear');
    expect(s.readable).toEqual([C('road', 'baker street')]);
  });
});
