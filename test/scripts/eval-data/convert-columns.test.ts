import { describe, expect, it } from 'vitest';
import { readColumns } from '../../../scripts/eval-data/conll-reader';
import { columnUnits } from '../../../scripts/eval-data/convert-columns';

const context = {
  source: 'toy',
  lang: 'en' as const,
  genre: 'news' as const,
  split: 'test' as const,
  idPrefix: 'toy:test',
  labelMap: { PER: 'PERSON', LOC: 'LOCATION' },
};
const slices = (u: { text: string; spans: { start: number; end: number; label: string }[] }) =>
  u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`);

describe('readColumns', () => {
  it('splits sentences on blank lines, skips DOCSTART and reads the chosen columns', () => {
    const text = '-DOCSTART- O\n\n0\tAnn\tB-PER\n1\tsmiled\tO\n\n0\tOk\tO\n';
    expect(readColumns(text, { token: 1, tag: 2 })).toEqual([
      { tokens: ['Ann', 'smiled'], tags: ['B-PER', 'O'], comments: {} },
      { tokens: ['Ok'], tags: ['O'], comments: {} },
    ]);
  });

  it('keeps CoNLL-U comments and skips multi-word token lines', () => {
    const text = "# text = Don't\n1-2\tDon't\t_\n1\tDo\tO\n2\tn't\tO\n";
    expect(readColumns(text, { token: 1, tag: 2, comments: true })).toEqual([
      { tokens: ['Do', "n't"], tags: ['O', 'O'], comments: { text: "Don't" } },
    ]);
  });

  it('reads # as a token where comments are off (tweets)', () => {
    expect(readColumns('#\tO\nfun\tO\n', { token: 0, tag: 1 })[0]!.tokens).toEqual(['#', 'fun']);
  });
});

describe('columnUnits', () => {
  it('maps entity runs to labelled character spans and drops unmapped types', () => {
    const sentences = readColumns(
      'Ann\tB-PER\nLee\tI-PER\nof\tO\nOslo\tB-LOC\nInc\tB-ORG\n.\tO\n',
      {
        token: 0,
        tag: 1,
      },
    );
    const { units, unmappedSpans } = columnUnits(sentences, context);
    expect(units[0]!.text).toBe('Ann Lee of Oslo Inc.');
    expect(slices(units[0]!)).toEqual(['PERSON:Ann Lee', 'LOCATION:Oslo']);
    expect(units[0]!.id).toBe('toy:test:0');
    expect(unmappedSpans).toBe(1);
  });

  it('keeps the raw text where the tokens align with it, detokenizes where not', () => {
    const aligned = columnUnits(
      [{ tokens: ['Ann', '!'], tags: ['B-PER', 'O'], comments: { text: 'Ann  !' } }],
      { ...context, rawTextComment: 'text' },
    ).units[0]!;
    expect(aligned.text).toBe('Ann  !');
    const fallback = columnUnits(
      [{ tokens: ['Ann', '!'], tags: ['B-PER', 'O'], comments: { text: 'Anne !' } }],
      { ...context, rawTextComment: 'text' },
    ).units[0]!;
    expect(fallback.text).toBe('Ann!');
    expect(slices(fallback)).toEqual(['PERSON:Ann']);
  });

  it('cuts long runs after sentence ends or at the limit, never inside an entity', () => {
    const tokens = ['a', 'b', 'c', 'd', 'e', '.', 'Ann', 'Lee', 'Ray', 'went'];
    const tags = ['O', 'O', 'O', 'O', 'O', 'O', 'B-PER', 'I-PER', 'I-PER', 'O'];
    const { units } = columnUnits([{ tokens, tags, comments: {} }], { ...context, maxTokens: 7 });
    expect(units.map((u) => u.text)).toEqual(['a b c d e.', 'Ann Lee Ray went']);
    expect(slices(units[1]!)).toEqual(['PERSON:Ann Lee Ray']);
  });

  it('leaves outside tokens out of entities (@ before a user name)', () => {
    const { units } = columnUnits(
      [{ tokens: ['@', 'ann_lee', 'hi'], tags: ['B-PER', 'I-PER', 'O'], comments: {} }],
      { ...context, outsideTokens: ['@'] },
    );
    expect(units[0]!.text).toBe('@ann_lee hi');
    expect(slices(units[0]!)).toEqual(['PERSON:ann_lee']);
  });
});

describe('sentences of mixed genres', () => {
  it('takes each sentence genre from its comments (GermEval source URLs)', () => {
    const text =
      '#\thttp://de.wikipedia.org/wiki/X\t[2009]\n1\tAnn\tB-PER\tO\n\n#\thttp://www.sueddeutsche.de/a\t[2007]\n1\tBo\tB-PER\tO\n';
    const sentences = readColumns(text, { token: 1, tag: 2, comments: true });
    const { units } = columnUnits(sentences, {
      ...context,
      genreOf: (c) => (/wikipedia\.org/.test(c['#'] ?? '') ? 'wiki' : 'news'),
    });
    expect(units.map((u) => [u.text, u.genre])).toEqual([
      ['Ann', 'wiki'],
      ['Bo', 'news'],
    ]);
  });
});
