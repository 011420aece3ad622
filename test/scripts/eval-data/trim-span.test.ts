import { describe, expect, it } from 'vitest';
import { trimSpan } from '../../../scripts/eval-data/trim-span';

const trimmed = (text: string) => {
  const [s, e] = trimSpan(text, 0, text.length);
  return text.slice(s, e);
};

describe('trimSpan', () => {
  it('drops OCR punctuation left on a name', () => {
    expect(trimmed('Anna Palanowsky,')).toBe('Anna Palanowsky');
    expect(trimmed('Friedrich Wilhelm Scanzoni.')).toBe('Friedrich Wilhelm Scanzoni');
    expect(trimmed('"(Ann Lee)";')).toBe('Ann Lee');
  });

  it('keeps the period of an abbreviation or a regnal number', () => {
    expect(trimmed('Thierry III.')).toBe('Thierry III.');
    expect(trimmed('Jean M.')).toBe('Jean M.');
  });

  it('keeps a span that is only punctuation as it was', () => {
    expect(trimSpan('a , b', 2, 3)).toEqual([2, 3]);
  });
});
