import { describe, expect, it } from 'vitest';
import { fillsCsvFieldAfterNumber } from '../../../../src/core/detect/detectors/csv-field';

const fills = (text: string, value: string) => {
  const start = text.indexOf(value);
  return fillsCsvFieldAfterNumber(text, start, start + value.length);
};

describe('fillsCsvFieldAfterNumber', () => {
  it('is true for a value between a number and a delimiter or the end', () => {
    expect(fills('42,0612345678,jean@x.fr', '0612345678')).toBe(true);
    expect(fills('1;x\n42,0612345678', '0612345678')).toBe(true);
    for (const after of [';', '\t', '\n', '\r\n', '"']) {
      expect(fills(`7,0612345678${after}`, '0612345678')).toBe(true);
    }
  });

  it('is false without a number and a comma before, or with text after', () => {
    expect(fills('Dupont,0612345678,', '0612345678')).toBe(false);
    expect(fills('42;0612345678;', '0612345678')).toBe(false);
    expect(fills('ratio 1,0612345678 over', '0612345678')).toBe(false);
    expect(fills('1,0612345678.', '0612345678')).toBe(false);
    expect(fills(',0612345678,', '0612345678')).toBe(false);
  });
});
