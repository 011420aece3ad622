import { describe, expect, it } from 'vitest';
import { conllUnits } from '../../../scripts/train-data/converters/conll';
import { TRAINING_SOURCES } from '../../../scripts/train-data/sources';

const context = () => ({ lang: 'fr' as const, labelMap: { PER: 'PERSON' }, notes: new Map() });

describe('a # line in a CoNLL file', () => {
  it('is a comment that ends the sentence by default', () => {
    const units = conllUnits([{ path: 'f', content: 'A O\n# file: x\nB O\n' }], {}, context());
    expect(units.map((u) => u.text)).toEqual(['A', 'B']);
  });

  it('is a token with comments off, as in the OCR of Europeana FR (#ne, #PPerrache)', () => {
    const content = 'Brotteaux O\n#PPerrache O\nse O\nfait O\n';
    const units = conllUnits([{ path: 'f', content }], { comments: false }, context());
    expect(units.map((u) => u.text)).toEqual(['Brotteaux #PPerrache se fait']);
    const europeana = TRAINING_SOURCES.find((s) => s.id === 'europeana-fr')!;
    const read = europeana.convert([{ path: 'enp_FR.bnf.bio/enp_FR.bnf.bio', content }], {
      lang: 'fr',
      labelMap: europeana.labelMap,
      notes: new Map(),
    });
    expect(read.map((u) => u.text)).toEqual(['Brotteaux #PPerrache se fait']);
  });
});
