import { describe, expect, it } from 'vitest';
import { hipeUnits } from '../../../scripts/train-data/converters/hipe';
import type { ConvertContext } from '../../../scripts/train-data/converters/types';
import type { LabelMap, Lang } from '../../../scripts/train-data/unit';

const MAP: LabelMap = { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION', HumanProd: 'MISC' };
const ctx = (lang: Lang = 'de'): ConvertContext => ({ lang, labelMap: MAP, notes: new Map() });
const HEADER =
  'TOKEN\tNE-COARSE-LIT\tNE-COARSE-METO\tNE-FINE-LIT\tNE-FINE-METO\tNE-FINE-COMP\tNE-NESTED\tNEL-LIT\tNEL-METO\tMISC';
/** A HIPE file from `token tag misc` triples and `#` comment lines. */
const file = (...rows: string[]) => [
  {
    path: 'x.tsv',
    content: `${[
      HEADER,
      ...rows.map((row) => {
        if (row.startsWith('# hipe2022:') || row === '') return row;
        const [token, tag, misc] = row.split(' ');
        return [token, tag, '_', 'O', '_', '_', 'O', '_', '_', misc ?? '_'].join('\t');
      }),
    ].join('\n')}\n`,
  },
];
const shown = (units: ReturnType<typeof hipeUnits>) =>
  units.map((u) => [u.text, u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`)]);

describe('hipeUnits', () => {
  it('makes one unit a sentence, spaced by the NoSpaceAfter flags, grouped by document', () => {
    const units = hipeUnits(
      file(
        '# hipe2022:document_id = d1',
        '# hipe2022:language = de',
        '( O NoSpaceAfter',
        'Posse O NoSpaceAfter',
        ') O _',
        'vor O _',
        'Rudolfsheim B-LOC NoSpaceAfter',
        '. O EndOfSentence',
        'Johann B-PER _',
        'Brandl I-PER NoSpaceAfter',
        '. O EndOfSentence',
        '# hipe2022:document_id = d2',
        'Wien B-LOC _',
      ),
      {},
      ctx(),
    );
    expect(shown(units)).toEqual([
      ['(Posse) vor Rudolfsheim.', ['LOCATION:Rudolfsheim']],
      ['Johann Brandl.', ['PERSON:Johann Brandl']],
      ['Wien', ['LOCATION:Wien']],
    ]);
    expect(units.map((u) => u.group)).toEqual(['x.tsv:d1', 'x.tsv:d1', 'x.tsv:d2']);
  });

  it('joins a word cut by ¬ at a line end, and puts back a line break the flags lost', () => {
    const context = ctx();
    const units = hipeUnits(
      file(
        'Der O _',
        'Fett¬ O NoSpaceAfter|EndOfLine',
        'waarenfabrik O NoSpaceAfter',
        'scheint O NoSpaceAfter',
        ', O NoSpaceAfter',
        'gut O EndOfSentence',
      ),
      {},
      context,
    );
    expect(shown(units)).toEqual([['Der Fettwaarenfabrik scheint, gut', []]]);
    expect(context.notes.get('words cut by ¬ at a line end joined')).toBe(1);
    expect(
      context.notes.get('spaces put back where NoSpaceAfter joined two words (a lost line break)'),
    ).toBe(2);
  });

  it('merges one name split in two runs by a line break, not two names side by side', () => {
    const units = hipeUnits(
      file(
        'Pablo B-PER NoSpaceAfter',
        'Casals B-PER _',
        'und O _',
        'Ana B-PER _',
        'Bea B-PER EndOfSentence',
      ),
      {},
      ctx(),
    );
    expect(shown(units)).toEqual([
      ['Pablo Casals und Ana Bea', ['PERSON:Pablo Casals', 'PERSON:Ana', 'PERSON:Bea']],
    ]);
  });

  it('trims titles and lower-case functions off person spans, keeping particles', () => {
    const personTitles = { label: 'PERSON', titles: ['M.', 'Mme'], particles: ['de'] };
    const units = hipeUnits(
      file(
        'M. B-PER _',
        'Lucien I-PER _',
        'Baumann I-PER _',
        'et O _',
        'docteur B-PER _',
        'de I-PER _',
        'Lasteyrie I-PER _',
        'et O _',
        'Mme B-PER EndOfSentence',
      ),
      { personTitles },
      ctx('fr'),
    );
    expect(shown(units)).toEqual([
      [
        'M. Lucien Baumann et docteur de Lasteyrie et Mme',
        ['PERSON:Lucien Baumann', 'PERSON:de Lasteyrie', 'PERSON:Mme'],
      ],
    ]);
  });

  it('detokenizes files without spacing flags, cuts long sentences, reads `#` as a token', () => {
    const units = hipeUnits(
      file(
        'Dr O _',
        '. O _',
        'H B-PER _',
        '. I-PER _',
        'Klee I-PER _',
        '# O _',
        '. O EndOfSentence',
      ),
      { detokenize: true },
      ctx(),
    );
    expect(shown(units)).toEqual([['Dr. H. Klee #.', ['PERSON:H. Klee']]]);
    const long = Array.from({ length: 12 }, (_, i) => `w${i} O _`);
    const cut = hipeUnits(
      file(...long.slice(0, 5), '. O _', ...long.slice(5)),
      { maxTokens: 8 },
      ctx(),
    );
    expect(cut.map((u) => u.text)).toEqual(['w0 w1 w2 w3 w4 .', 'w5 w6 w7 w8 w9 w10 w11']);
  });

  it('fails on a file without the columns it reads, and on an unknown type', () => {
    expect(() => hipeUnits([{ path: 'y.tsv', content: 'TOKEN\tMISC\n' }], {}, ctx())).toThrow(
      /NE-COARSE-LIT/,
    );
    expect(() => hipeUnits(file('X B-WEIRD EndOfSentence'), {}, ctx())).toThrow(/WEIRD/);
  });
});
