import { describe, expect, it } from 'vitest';
import { exposure, nameWords } from '../../bench/external/person-leaks';

describe('exposure of a gold name', () => {
  const text = 'Dr. Ann Lee, hi';
  const gold = { start: 0, end: 11, label: 'PERSON' };

  it('is fully in clear when nothing covers a letter of it', () => {
    expect(exposure(text, gold, [{ start: 11, end: 15, label: 'PERSON' }])).toBe('fully');
  });

  it('is partly in clear when some letters are covered', () => {
    expect(exposure(text, gold, [{ start: 4, end: 7, label: 'PERSON' }])).toBe('partly');
  });

  it('is masked when every letter is covered, by spans of any label, punctuation aside', () => {
    const spans = [
      { start: 0, end: 2, label: 'MISC' },
      { start: 4, end: 11, label: 'PERSON' },
    ];
    expect(exposure(text, gold, spans)).toBe('masked');
  });
});

describe('nameWords', () => {
  it('counts words, keeping hyphens and elisions inside one', () => {
    expect(nameWords('Albright')).toBe(1);
    expect(nameWords("Jean-Luc d'Arcy")).toBe(2);
    expect(nameWords('Mr. Bennet')).toBe(2);
  });
});
