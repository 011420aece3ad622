import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/core/match/text-view';

describe('foldText', () => {
  it('lower-cases, collapses whitespace and maps back to original offsets', () => {
    const view = foldText('Jean \n\t DUPONT’s');
    expect(view.text).toBe("jean dupont's");
    expect(view.map[5]).toBe(8);
  });

  it('keeps characters whose lower case changes length (offsets stay exact)', () => {
    const view = foldText('İstanbul');
    expect(view.text.length).toBe(view.map.length);
    expect(view.text[0]).toBe('İ');
  });

  it('joins digit groups only between digits', () => {
    expect(foldText('06 12.34-56/78 ab 12', true).text).toBe('0612345678 ab 12');
    expect(foldText('IBAN FR76 3000', true).text).toBe('iban fr763000');
  });
});
