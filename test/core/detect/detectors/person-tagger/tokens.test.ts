import { describe, expect, it } from 'vitest';
import {
  T_BREAK,
  T_IDENT,
  T_INITIAL,
  T_NUMBER,
  T_PUNCT,
  T_WORD,
  tokenize,
} from '../../../../../src/core/detect/detectors/person-tagger/tokens';

const tokensOf = (text: string) => {
  const t = tokenize(text);
  return Array.from({ length: t.count }, (_, i) => [
    text.slice(t.start[i], t.end[i]),
    t.kind[i],
    t.capitalised[i],
  ]);
};

describe('the tagger reads words, initials, numbers and punctuation', () => {
  it('keeps inner apostrophes and hyphens, and cuts French and Italian elisions', () => {
    expect(tokensOf("O'Brien et Jean-Pierre, l'homme dell'anno")).toEqual([
      ["O'Brien", T_WORD, 1],
      ['et', T_WORD, 0],
      ['Jean-Pierre', T_WORD, 1],
      [',', T_PUNCT, 0],
      ["l'", T_WORD, 0],
      ['homme', T_WORD, 0],
      ["dell'", T_WORD, 0],
      ['anno', T_WORD, 0],
    ]);
  });

  it('reads a capital letter and its period as an initial, and a line break as one token', () => {
    expect(tokensOf('J. Dupont, 42\n\nMr. X')).toEqual([
      ['J.', T_INITIAL, 1],
      ['Dupont', T_WORD, 1],
      [',', T_PUNCT, 0],
      ['42', T_NUMBER, 0],
      ['\n\n', T_BREAK, 0],
      ['Mr', T_WORD, 1],
      ['.', T_PUNCT, 0],
      ['X', T_WORD, 1],
    ]);
  });

  it('gives UTF-16 offsets next to accents, combining marks and CJK text', () => {
    const text = 'Élodie Zoe\u0301 担当はOscar';
    const t = tokenize(text);
    const words = Array.from({ length: t.count }, (_, i) => text.slice(t.start[i], t.end[i]));
    // CJK characters are no letters of a name's word: a name glued to them is its own word.
    expect(words).toEqual(['Élodie', 'Zoe\u0301', '担', '当', 'は', 'Oscar']);
  });

  it('bounds a word, so that a long run of letters is read in linear time', () => {
    const t = tokenize('a'.repeat(10_000));
    expect(t.count).toBe(Math.ceil(10_000 / 64));
  });
});

describe('the tagger keeps identifiers and possessives apart from names', () => {
  it('reads an English possessive as a token of its own', () => {
    expect(tokensOf("Mensah's laptop").map(([w]) => w)).toEqual(['Mensah', "'s", 'laptop']);
  });

  it('reads words joined by underscores or digits as one identifier, never a name', () => {
    expect(tokensOf('export OPENAI_API_KEY=x86 FR76')).toEqual([
      ['export', T_WORD, 0],
      ['OPENAI_API_KEY', T_IDENT, 1],
      ['=', T_PUNCT, 0],
      ['x86', T_IDENT, 0],
      ['FR76', T_IDENT, 1],
    ]);
  });
});
