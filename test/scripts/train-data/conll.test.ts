import { describe, expect, it } from 'vitest';
import { conllUnits, segment } from '../../../scripts/train-data/converters/conll';
import type { ConvertContext } from '../../../scripts/train-data/converters/types';
import type { LabelMap, Lang } from '../../../scripts/train-data/unit';

const MAP: LabelMap = { PER: 'PERSON', LOC: 'LOCATION', ORG: null, person: 'PERSON' };
const ctx = (lang: Lang = 'en'): ConvertContext => ({ lang, labelMap: MAP, notes: new Map() });
const file = (content: string) => [{ path: 'f.conll', content }];
const shown = (units: ReturnType<typeof conllUnits>) =>
  units.map((u) => [u.text, u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`)]);

describe('conllUnits', () => {
  it('makes one unit a sentence, with spans over the detokenized text', () => {
    const units = conllUnits(
      file('Ada\tB-PER\nLovelace\tI-PER\n,\tO\nin\tO\nLondon\tB-LOC\n.\tO\n\t\nHi\tO\n'),
      {},
      ctx(),
    );
    expect(shown(units)).toEqual([
      ['Ada Lovelace, in London.', ['PERSON:Ada Lovelace', 'LOCATION:London']],
      ['Hi', []],
    ]);
  });

  it('keeps a sentence without entities, drops spans mapped to null, and fails on an unknown type', () => {
    const units = conllUnits(file('Acme B-ORG\nhired O\nBob B-person\n'), {}, ctx());
    expect(shown(units)).toEqual([['Acme hired Bob', ['PERSON:Bob']]]);
    expect(() => conllUnits(file('X B-WEIRD\n'), {}, ctx())).toThrow(/WEIRD/);
  });

  it('ends a sentence at -DOCSTART- and comment lines', () => {
    const units = conllUnits(file('-DOCSTART- O\nA O\n# file: x\nB O\n'), {}, ctx());
    expect(units.map((u) => u.text)).toEqual(['A', 'B']);
  });

  it('reads a token holding spaces when the tag is the last field, and a line without tag as O', () => {
    const context = ctx('de');
    const units = conllUnits(
      file('Deutsche Bank B-ORG\nzahlt\nHerr O\nMüller B-PER\n'),
      {},
      context,
    );
    expect(shown(units)).toEqual([['Deutsche Bank zahlt Herr Müller', ['PERSON:Müller']]]);
    expect(context.notes.get('lines without a tag, read as O')).toBe(1);
  });

  it('upper-cases types and trims OCR punctuation at span edges when asked', () => {
    const units = conllUnits(
      file('nach O\nTrento. B-LOC\nmit O\nLeopoldus/ B-PEr\n'),
      { upperCaseTypes: true, trimSpanPunctuation: true },
      ctx('de'),
    );
    expect(shown(units)).toEqual([
      ['nach Trento. mit Leopoldus/', ['LOCATION:Trento', 'PERSON:Leopoldus']],
    ]);
  });

  it('reads the token and the tag from given columns (GermEval, UNER: an index first)', () => {
    const units = conllUnits(
      file(
        '#\thttp://de.wikipedia.org/x\t[2010]\n1\tAngela\tB-PER\tO\n2\tMerkel\tI-PER\tO\n3\tsagte\tO\tO\n',
      ),
      { tokenColumn: 1, tagColumn: 2 },
      ctx('de'),
    );
    expect(shown(units)).toEqual([['Angela Merkel sagte', ['PERSON:Angela Merkel']]]);
  });

  it('merges two touching spans of one label (a handle split in two tokens)', () => {
    const units = conllUnits(
      file('RT O\n@ B-PER\nana B-PER\nand O\nBob B-PER\nAl B-PER\n'),
      {},
      ctx(),
    );
    expect(shown(units)).toEqual([
      ['RT @ana and Bob Al', ['PERSON:@ana', 'PERSON:Bob', 'PERSON:Al']],
    ]);
  });
});

describe('segment', () => {
  const tokens = (s: string) => s.split(' ');
  it('cuts after a stop once a unit has five tokens, never inside an entity', () => {
    const t = tokens('Er kam . Dann sprach Herr Anton Berg . Der Rest folgt hier .');
    const tags = t.map((w) => (w === 'Anton' ? 'B-PER' : w === 'Berg' ? 'I-PER' : 'O'));
    expect(segment({ tokens: t, tags }, 10).map((s) => s.tokens.join(' '))).toEqual([
      'Er kam . Dann sprach Herr Anton Berg .',
      'Der Rest folgt hier .',
    ]);
    const entity = tokens('a b c d Anton . Berg kam x y z');
    const entityTags = ['O', 'O', 'O', 'O', 'B-PER', 'I-PER', 'I-PER', 'O', 'O', 'O', 'O'];
    expect(segment({ tokens: entity, tags: entityTags }, 8).map((s) => s.tokens.join(' '))).toEqual(
      ['a b c d Anton . Berg kam', 'x y z'],
    );
  });

  it('cuts a run without stops every maxTokens tokens, at an O token', () => {
    const t = tokens('a b c d e f g');
    const tags = ['O', 'O', 'B-PER', 'I-PER', 'O', 'O', 'O'];
    expect(segment({ tokens: t, tags }, 3).map((s) => s.tokens.join(' '))).toEqual([
      'a b c d',
      'e f g',
    ]);
  });
});
