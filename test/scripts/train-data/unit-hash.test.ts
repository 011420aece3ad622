import { describe, expect, it } from 'vitest';
import { checkUnit } from '../../../scripts/train-data/build';
import { readHashes, unitHash } from '../../../scripts/train-data/unit-hash';

describe('unitHash', () => {
  it('hashes the NFKC text in lower case without white space, as the evaluation build does', () => {
    expect(unitHash('  Zoe\u0308\t SAID ,\n')).toBe(unitHash('zoësaid,'));
    expect(unitHash('ﬁne')).toBe(unitHash('fine'));
    // sha256 of the UTF-8 bytes of 'zoësaid', computed apart with node:crypto
    expect(unitHash('Zoë said')).toBe(
      '49cf39103180d47fed5fdc6a64e609f761b776d6c4e83dbbac4e4e60fb7d6865',
    );
    expect(unitHash('Zoë said')).not.toBe(unitHash('Zoë  sayd'));
  });

  it('reads a file of hashes, one a line, and refuses anything else', () => {
    const h = unitHash('x');
    expect(readHashes(`# eval units\n${h.toUpperCase()}  eval:1\n\n`)).toEqual(new Set([h]));
    expect(() => readHashes('abc\n')).toThrow(/SHA-256/);
  });
});

describe('checkUnit', () => {
  it('refuses spans out of the text, overlapping, or with outer white space', () => {
    expect(() =>
      checkUnit({ text: 'Ana', spans: [{ start: 0, end: 3, label: 'PERSON' }] }, 't'),
    ).not.toThrow();
    expect(() =>
      checkUnit({ text: 'Ana', spans: [{ start: 0, end: 4, label: 'PERSON' }] }, 't'),
    ).toThrow();
    expect(() =>
      checkUnit({ text: 'Ana ', spans: [{ start: 0, end: 4, label: 'PERSON' }] }, 't'),
    ).toThrow();
    const overlap = [
      { start: 0, end: 3, label: 'PERSON' },
      { start: 2, end: 3, label: 'PERSON' },
    ];
    expect(() => checkUnit({ text: 'Ana', spans: overlap }, 't')).toThrow();
  });
});
