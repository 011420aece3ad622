import { describe, expect, it } from 'vitest';
import { bratUnits } from '../../../scripts/train-data/converters/brat';
import { bratDocuments } from '../../../scripts/train-data/converters/brat-documents';
import { litbankUnits } from '../../../scripts/train-data/converters/litbank';
import type { ConvertContext } from '../../../scripts/train-data/converters/types';
import type { ConvertedUnit, LabelMap } from '../../../scripts/train-data/unit';

const ctx = (labelMap: LabelMap, lang: ConvertContext['lang'] = 'es'): ConvertContext => ({
  lang,
  labelMap,
  notes: new Map(),
});
const shown = (units: ConvertedUnit[]) =>
  units.map((u) => [u.text, u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`)]);

describe('bratUnits', () => {
  const MAP: LabelMap = { NOMBRE: 'PERSON', CORREO: 'EMAIL', FECHA: null };

  it('makes one unit a line, with offsets moved to the line', () => {
    const text = 'Nombre: Ana.\n\nMédico: Luis Pérez, luis@x.es, 03/03/1946.\n';
    const ann = [
      'T1\tNOMBRE 8 11\tAna',
      'T2\tNOMBRE 22 32\tLuis Pérez',
      'T3\tCORREO 34 43\tluis@x.es',
      'T4\tFECHA 45 55\t03/03/1946',
    ].join('\n');
    expect(shown(bratUnits(text, ann, {}, ctx(MAP)))).toEqual([
      ['Nombre: Ana.', ['PERSON:Ana']],
      ['Médico: Luis Pérez, luis@x.es, 03/03/1946.', ['PERSON:Luis Pérez', 'EMAIL:luis@x.es']],
    ]);
  });

  it('drops a span across a line break and a discontinuous one, and keeps the outermost of nested ones', () => {
    const context = ctx(MAP);
    const text = 'Ana\nRuiz y Luis Pérez Gil';
    const ann = [
      'T1\tNOMBRE 0 8\tAna Ruiz',
      'T2\tNOMBRE 0 3;4 8\tAna Ruiz',
      'T3\tNOMBRE 11 21\tLuis Pérez',
      'T4\tNOMBRE 11 25\tLuis Pérez Gil',
    ].join('\n');
    expect(shown(bratUnits(text, ann, {}, context))).toEqual([
      ['Ana', []],
      ['Ruiz y Luis Pérez Gil', ['PERSON:Luis Pérez Gil']],
    ]);
    expect(Object.fromEntries(context.notes)).toMatchObject({
      'spans across a line break dropped': 1,
      'discontinuous annotations dropped': 1,
      'nested or overlapping spans dropped (outermost kept)': 1,
    });
  });

  it('detokenizes a tokenized line and moves its spans, counted in UTF-16', () => {
    const text = '“ Mr. Zoë Bennet , ” said she .';
    const ann = 'T1\tNOMBRE 2 16\tMr. Zoë Bennet';
    const [unit] = bratUnits(text, ann, { tokenized: true }, ctx(MAP, 'en'));
    expect(shown([unit!])).toEqual([['“Mr. Zoë Bennet,” said she.', ['PERSON:Mr. Zoë Bennet']]]);
  });

  it('pairs each text with its annotation file and fails when one is missing', () => {
    const files = [
      { path: 'd/a.txt', content: 'Ana' },
      { path: 'd/a.ann', content: 'T1\tNOMBRE 0 3\tAna\n' },
    ];
    expect(shown(bratDocuments(files, {}, ctx(MAP)))).toEqual([['Ana', ['PERSON:Ana']]]);
    expect(() => bratDocuments([{ path: 'd/b.txt', content: 'x' }], {}, ctx(MAP))).toThrow(
      /b\.ann/,
    );
  });
});

describe('litbankUnits', () => {
  const MAP: LabelMap = { PROP_PER: 'PERSON', PROP_GPE: 'LOCATION', NOM_PER: null, PRON_PER: null };
  const doc = (text: string, ann: string[]) => [
    { path: 'x_brat.txt', content: text },
    { path: 'x_brat.ann', content: ann.join('\n') },
  ];

  it('keeps proper mentions, trims a leading lower-case run, and ignores coreference ids', () => {
    const text = 'Then the second Sir Walter met Anne in Bath .';
    const units = litbankUnits(
      doc(text, [
        'T1\tPROP_PER 5 26\tthe second Sir Walter',
        'T2\tPROP_PER 31 35\tAnne',
        'T3\tPROP_GPE 39 43\tBath',
        'T4\tAnne-3 31 35\tAnne',
        'T5\tPRON_PER 0 4\tThen',
      ]),
      ctx(MAP, 'en'),
    );
    expect(shown(units)).toEqual([
      [
        'Then the second Sir Walter met Anne in Bath.',
        ['PERSON:Sir Walter', 'PERSON:Anne', 'LOCATION:Bath'],
      ],
    ]);
  });

  it('drops a line where a nominal mention holds a name nobody annotated', () => {
    const text = 'She is the daughter of James Stevenson .\nHer daughter Mary came .';
    const context = ctx(MAP, 'en');
    const units = litbankUnits(
      doc(text, [
        'T1\tNOM_PER 7 38\tthe daughter of James Stevenson',
        'T2\tNOM_PER 45 58\tdaughter Mary',
        'T3\tPROP_PER 54 58\tMary',
      ]),
      context,
    );
    expect(shown(units)).toEqual([['Her daughter Mary came.', ['PERSON:Mary']]]);
    expect(context.notes.get('lines dropped by the source rule')).toBe(1);
  });
});
