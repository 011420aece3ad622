import { describe, expect, it } from 'vitest';
import { scoreIdentifierCase } from '../../bench/external/identifier-outcomes';

const ids = new Set(['ES_NIF', 'DE_TAX_ID']);
const S = (start: number, end: number, label: string) => ({ start, end, label });

describe('scoreIdentifierCase', () => {
  it('finds a valid value under its label, and not under another', () => {
    const c = {
      label: 'ES_NIF',
      text: 'DNI: 12345678Z',
      valid: true,
      spans: [[5, 14]] as [number, number][],
    };
    expect(scoreIdentifierCase(c, [S(5, 14, 'ES_NIF')], ids)[0]).toMatchObject({
      found: true,
      masked: true,
    });
    expect(scoreIdentifierCase(c, [S(5, 14, 'PHONE')], ids)[0]).toMatchObject({
      found: false,
      masked: true,
    });
    expect(scoreIdentifierCase(c, [], ids)[0]).toMatchObject({ found: false, masked: false });
  });

  it('scores each gold span of a sentence apart', () => {
    const c = {
      label: 'ES_NIF',
      text: 'A1 and B2',
      valid: true,
      spans: [
        [0, 2],
        [7, 9],
      ] as [number, number][],
    };
    expect(scoreIdentifierCase(c, [S(0, 2, 'ES_NIF')], ids).map((o) => o.found)).toEqual([
      true,
      false,
    ]);
  });

  it('calls an identifier span on a rejected value a false alarm', () => {
    const c = {
      label: 'DE_TAX_ID',
      text: 'IdNr: 12345678901',
      valid: false,
      spans: [[6, 17]] as [number, number][],
    };
    expect(scoreIdentifierCase(c, [S(6, 17, 'ES_NIF')], ids)[0]).toMatchObject({
      alarm: true,
      fragment: false,
    });
  });

  it('calls another label masking a rejected value whole no fragment, and in part a fragment', () => {
    const c = {
      label: 'DE_TAX_ID',
      text: '6592997048-9',
      valid: false,
      spans: [[0, 12]] as [number, number][],
    };
    expect(scoreIdentifierCase(c, [S(0, 12, 'PHONE')], ids)[0]).toMatchObject({
      alarm: false,
      fragment: false,
    });
    expect(scoreIdentifierCase(c, [S(0, 10, 'PHONE')], ids)[0]).toMatchObject({
      alarm: false,
      fragment: true,
    });
  });
});
