import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFile } from '../../../scripts/train-data/decompress';

const TEXT = 'Dante|NPR|I-PER nacque|VER:remo|O a|PRE|O Firenze|NPR|I-LOC\n';
const packed = (program: string, args: string[]) =>
  spawnSync(program, args, { input: Buffer.from(TEXT, 'utf8') }).stdout as Buffer;

describe('decodeFile', () => {
  it('unpacks a file by its suffix: .gz, .bz2, .xz', () => {
    expect(decodeFile('a.gz', gzipSync(TEXT))).toBe(TEXT);
    expect(decodeFile('input/Wikiner/a.bz2', packed('bzip2', ['-c']))).toBe(TEXT);
    expect(decodeFile('a.xz', packed('xz', ['-c']))).toBe(TEXT);
  });

  it('reads any other file as UTF-8, and fails clearly on a corrupt archive', () => {
    expect(decodeFile('a.conll', Buffer.from('Zoë O\n'))).toBe('Zoë O\n');
    expect(() => decodeFile('a.bz2', Buffer.from('not bzip2'))).toThrow(/a\.bz2: bunzip2 failed/);
  });
});
