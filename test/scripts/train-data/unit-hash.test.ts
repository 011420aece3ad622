import { describe, expect, it } from 'vitest';
import { checkUnit } from '../../../scripts/train-data/build';
import { readHashes, unitHash } from '../../../scripts/train-data/unit-hash';

describe('unitHash', () => {
  it('hashes the NFC text with white space collapsed and trimmed', () => {
    expect(unitHash('  Zoe\u0308\t said\n')).toBe(unitHash('Zoë said'));
    // sha256 of the UTF-8 bytes of 'Zoë said' (NFC), computed apart with node:crypto
    expect(unitHash('Zoë said')).toBe(
      '3d30e28421ba3e6eaaa7aedd455eda3351ec392bf2e5c27bf156fe34712d7aad',
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
