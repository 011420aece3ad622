import { describe, expect, it } from 'vitest';
import { alignTokens, detokenize } from '../../../scripts/eval-data/detokenize';

describe('detokenize', () => {
  it('attaches punctuation, brackets and straight quotes', () => {
    const tokens = ['He', 'said', '(', 'twice', ')', ':', '"', 'no', '"', ',', '50', '%', '!'];
    expect(detokenize(tokens, 'en').text).toBe('He said (twice): "no", 50%!');
  });

  it('glues French and Italian elisions but not English quotes', () => {
    expect(detokenize(["jusqu'", 'en', 'Chine', '.'], 'fr').text).toBe("jusqu'en Chine.");
    expect(detokenize(["dell'", 'Italia'], 'it').text).toBe("dell'Italia");
    expect(detokenize(['I', 'do', "n't", 'know', 'Mary', "'s", 'dog'], 'en').text).toBe(
      "I don't know Mary's dog",
    );
  });

  it('reads German low-high quotes and Spanish inverted marks', () => {
    expect(detokenize(['Er', 'sagte', '„', 'ja', '“', '.'], 'de').text).toBe('Er sagte „ja“.');
    expect(detokenize(['¿', 'Qué', '?'], 'es').text).toBe('¿Qué?');
  });

  it('gives offsets that slice back to each token', () => {
    const tokens = ['Ana', 'López', ',', 'de', '(', 'Madrid', ')', '.'];
    const { text, offsets } = detokenize(tokens, 'es');
    expect(offsets.map(([s, e]) => text.slice(s, e))).toEqual(tokens);
  });

  it('rewrites treebank escapes', () => {
    expect(detokenize(['-LRB-', 'x', '-RRB-', '``', 'y', "''"], 'en').text).toBe('(x) "y"');
  });
});

describe('alignTokens', () => {
  it('finds tokens in the raw text, contractions included', () => {
    expect(alignTokens("Don't go.", ['Do', "n't", 'go', '.'])).toEqual([
      [0, 2],
      [2, 5],
      [6, 8],
      [8, 9],
    ]);
  });

  it('gives up when a token is missing or text other than spaces lies between', () => {
    expect(alignTokens('gonna go', ['going', 'go'])).toBeUndefined();
    expect(alignTokens('a x b', ['a', 'b'])).toBeUndefined();
  });
});
