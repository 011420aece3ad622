import { describe, expect, it } from 'vitest';
import type { ConvertContext } from '../../../scripts/train-data/converters/types';
import { wikinerUnits } from '../../../scripts/train-data/converters/wikiner';
import type { Lang } from '../../../scripts/train-data/unit';

const ctx = (lang: Lang): ConvertContext => ({
  lang,
  labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION', MISC: 'MISC' },
  notes: new Map(),
});
const shown = (units: ReturnType<typeof wikinerUnits>) =>
  units.map((u) => [u.text, u.spans.map((s) => `${s.label}:${u.text.slice(s.start, s.end)}`)]);

describe('wikinerUnits', () => {
  it('reads one sentence a line of form|POS|tag tokens, IOB1, grouped by article', () => {
    const content = [
      "Il|PRO:PER|O assure|VER:pres|O de|PRP|I-PER Saussure|NAM|I-PER l'|DET:ART|O homme|NOM|O .|SENT|O",
      'Paris|NAM|I-LOC et|KON|O Lyon|NAM|B-LOC|x|O .|SENT|O',
      '',
      'Dante|NPR|I-PER Alighieri|NPR|I-PER Beatrice|NPR|B-PER .|SENT|O',
    ].join('\n');
    const units = wikinerUnits([{ path: 'wp3', content }], ctx('fr'));
    expect(shown(units)).toEqual([
      ["Il assure de Saussure l'homme.", ['PERSON:de Saussure']],
      ['Paris et Lyon|NAM|B-LOC.', ['LOCATION:Paris']],
      ['Dante Alighieri Beatrice.', ['PERSON:Dante Alighieri', 'PERSON:Beatrice']],
    ]);
    expect(units.map((u) => u.group)).toEqual(['wp3:a0', 'wp3:a0', 'wp3:a1']);
  });

  it('reads a token without POS and tag as O, and counts it', () => {
    const context = ctx('it');
    const units = wikinerUnits([{ path: 'wp3', content: 'ciao Roma|NPR|I-LOC\n' }], context);
    expect(shown(units)).toEqual([['ciao Roma', ['LOCATION:Roma']]]);
    expect(context.notes.get('tokens without POS and tag, read as O')).toBe(1);
  });
});
