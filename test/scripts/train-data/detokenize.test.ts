import { describe, expect, it } from 'vitest';
import { detokenize } from '../../../scripts/train-data/detokenize';

const join = (tokens: string[], lang: Parameters<typeof detokenize>[1] = 'en') =>
  detokenize(tokens, lang).text;

describe('detokenize', () => {
  it('puts no space before closing punctuation nor after opening brackets', () => {
    expect(
      join(['Smith', ',', 'aged', '40', '%', '(', 'or', 'so', ')', ',', 'left', '!', '...']),
    ).toBe('Smith, aged 40% (or so), left!...');
    expect(join(['¿', 'Vino', 'Aznar', '?'], 'es')).toBe('¿Vino Aznar?');
  });

  it('glues English clitics and possessives to the word before', () => {
    expect(join(['I', "'m", 'sure', 'it', "'s", 'Ann', "'s", ',', 'do', "n't", 'ask'])).toBe(
      "I'm sure it's Ann's, don't ask",
    );
    expect(join(['the', 'players', "'", 'bus'])).toBe("the players' bus");
  });

  it('glues French and Italian elisions to the next word, and only there', () => {
    expect(join(["l'", 'homme', 'qu’', 'il', 'a', 'vu'], 'fr')).toBe("l'homme qu’il a vu");
    expect(join(['dell', "'", 'anno'], 'it')).toBe("dell'anno");
    expect(join(["l'", 'homme'], 'en')).toBe("l' homme");
  });

  it('attaches quotes to what they enclose, German ones by German rules', () => {
    expect(join(['He', 'said', '"', 'no', '"', 'twice'])).toBe('He said "no" twice');
    expect(join(['``', 'Yes', ',', "''", 'said', 'Ann'])).toBe('"Yes," said Ann');
    expect(join(['Er', 'sagte', '„', 'nein', '“', '.'], 'de')).toBe('Er sagte „nein“.');
    expect(join(['Il', 'dit', '«', 'non', '»', '.'], 'fr')).toBe('Il dit «non».');
  });

  it('glues a lone @ or # to the handle or tag that follows', () => {
    expect(join(['RT', '@', 'ana_b', ':', 'see', '#', 'Paris'])).toBe('RT @ana_b: see #Paris');
  });

  it('gives each token its UTF-16 range in the text', () => {
    const { text, offsets } = detokenize(['😀', 'Zoë', ',', 'hi'], 'en');
    expect(text).toBe('😀 Zoë, hi');
    expect(offsets).toEqual([
      [0, 2],
      [3, 6],
      [6, 7],
      [8, 10],
    ]);
    for (const [i, [s, e]] of offsets.entries())
      expect(text.slice(s, e)).toBe(['😀', 'Zoë', ',', 'hi'][i]);
  });
});
