import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  decodeSparse,
  encodeSparse,
  fromHalf,
  toHalf,
} from '../../../../../src/core/detect/detectors/person-tagger/weights-format';

describe('the tagger weights are shipped as sparse half floats', () => {
  it('keeps three significant digits at every magnitude, and the sign', () => {
    for (const w of [0.000123, 0.5, -1.25, Math.PI, -271.8, 12_580.9]) {
      expect(Math.abs(fromHalf(toHalf(w)) - w)).toBeLessThanOrEqual(Math.abs(w) * 0.001);
    }
    expect(fromHalf(toHalf(0))).toBe(0);
    // Beyond the largest half, the weight is clamped rather than made infinite.
    expect(fromHalf(toHalf(1e9))).toBe(65504);
  });

  it('decodes what it encodes, buckets without weight left out', () => {
    const b = new Float32Array(1000);
    const i = new Float32Array(1000);
    b[3] = 1.5;
    i[3] = -2;
    b[700] = 0.25;
    i[999] = 42;
    const bytes = encodeSparse(b, i);
    // A bucket costs its gap (one byte under 128, two above) and two halves of two bytes.
    expect(bytes.length).toBe(3 * 4 + 1 + 2 + 2);
    const table = decodeSparse(bytes, 1000);
    expect([table[6], table[7], table[1400], table[1401], table[1998], table[1999]]).toEqual([
      1.5, -2, 0.25, 0, 0, 42,
    ]);
    expect(table.filter((x) => x !== 0)).toHaveLength(4);
  });

  it('reads base64 without Buffer', () => {
    expect([...base64Bytes(btoa('\u0000\u00ff\u0010'))]).toEqual([0, 255, 16]);
  });
});
