import { describe, expect, it } from 'vitest';
import { bratUnits, readBrat } from '../../../scripts/eval-data/convert-brat';

const context = {
  source: 'toy',
  lang: 'fr' as const,
  genre: 'novel' as const,
  split: 'test' as const,
  idPrefix: 'toy:doc',
  labelMap: { PROP_PER: 'PERSON', PER: 'PERSON', GPE: 'LOCATION' },
};
const slices = (u: { text: string; spans: { start: number; end: number; label: string }[] }) =>
  u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`);

describe('readBrat', () => {
  it('reads text-bound mentions and skips relations and discontinuous ones', () => {
    expect(readBrat('T1\tPER 0 4\tJean\nT2\tPER 0 4;6 9\tJe an\nR1\tX Arg1:T1 Arg2:T1\n')).toEqual([
      { type: 'PER', start: 0, end: 4, text: 'Jean' },
    ]);
  });
});

describe('bratUnits', () => {
  it('detokenizes one sentence a line and maps mentions, keeping the outermost', () => {
    const text = "Sir Walter Elliot 's house .\nAnne came .\n";
    const ann =
      'T1\tPROP_PER 0 17\tSir Walter Elliot\nT2\tPROP_PER 4 10\tWalter\nT3\tPROP_PER 29 33\tAnne\nT4\tNOM_PER 0 28\tx';
    const { units } = bratUnits(text, readBrat(ann), { ...context, lang: 'en', layout: 'lines' });
    expect(units.map((u) => u.text)).toEqual(["Sir Walter Elliot's house.", 'Anne came.']);
    expect(slices(units[0]!)).toEqual(['PERSON:Sir Walter Elliot']);
    expect(slices(units[1]!)).toEqual(['PERSON:Anne']);
    expect(units[1]!.id).toBe('toy:doc:1');
  });

  it('cuts prose into sentences, not after M. nor inside a mention, and applies keep', () => {
    const text = 'M. Dupont vint. La femme sortit. Il vit St. Front.\n';
    const at = (s: string) => text.indexOf(s);
    const ann = [
      `T1\tPER ${at('M. Dupont')} ${at('M. Dupont') + 9}\tM. Dupont`,
      `T2\tPER ${at('La femme')} ${at('La femme') + 8}\tLa femme`,
      `T3\tGPE ${at('St. Front')} ${at('St. Front') + 9}\tSt. Front`,
    ].join('\n');
    const keep = (label: string, mention: string) => label !== 'PERSON' || /^M\. /.test(mention);
    const { units } = bratUnits(text, readBrat(ann), { ...context, layout: 'sentences', keep });
    expect(units.map((u) => u.text)).toEqual([
      'M. Dupont vint.',
      'La femme sortit.',
      'Il vit St. Front.',
    ]);
    expect(slices(units[0]!)).toEqual(['PERSON:M. Dupont']);
    expect(units[1]!.spans).toEqual([]);
    expect(slices(units[2]!)).toEqual(['LOCATION:St. Front']);
  });
});
