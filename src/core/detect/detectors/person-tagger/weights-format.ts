// The shipped form of the tagger's weights: for each bucket that has any weight, the gap from
// the previous such bucket (a varint), then the weights of `B` and `I` (each less `O`) as
// IEEE half-precision floats. Half precision keeps 3 significant digits at every magnitude:
// the perceptron's large, cancelling weights (a bias, the tag before) need that, 8-bit levels
// did not keep it (measured: recall fell from 0.64 to 0.55 on held-out units).

/** A float as IEEE 754 binary16 bits (round to nearest). */
export function toHalf(value: number): number {
  const f = new Float32Array([value]);
  const bits = new Uint32Array(f.buffer)[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent >= 31) return sign | 0x7bff; // clamp to the largest finite half
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    const m = (mantissa | 0x800000) >> (1 - exponent);
    return sign | ((m + 0x1000) >> 13);
  }
  const rounded = ((exponent << 10) | (mantissa >> 13)) + ((mantissa >> 12) & 1);
  return sign | Math.min(rounded, 0x7bff);
}

/** The value of binary16 bits. */
export function fromHalf(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** Encodes two weight tables (same length) sparsely. */
export function encodeSparse(b: Float32Array, i: Float32Array): Uint8Array {
  const out: number[] = [];
  let last = -1;
  for (let k = 0; k < b.length; k++) {
    const hb = toHalf(b[k]!);
    const hi = toHalf(i[k]!);
    if ((hb & 0x7fff) === 0 && (hi & 0x7fff) === 0) continue;
    let gap = k - last;
    last = k;
    while (gap >= 0x80) {
      out.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    out.push(gap, hb & 0xff, hb >> 8, hi & 0xff, hi >> 8);
  }
  return Uint8Array.from(out);
}

/** Decodes `encodeSparse`'s bytes into one table: bucket `k` at `2k` (B) and `2k + 1` (I). */
export function decodeSparse(bytes: Uint8Array, size: number): Float32Array {
  const table = new Float32Array(size * 2);
  let at = -1;
  let p = 0;
  while (p < bytes.length) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[p++]!;
      gap |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    at += gap;
    table[at * 2] = fromHalf(bytes[p]! | (bytes[p + 1]! << 8));
    table[at * 2 + 1] = fromHalf(bytes[p + 2]! | (bytes[p + 3]! << 8));
    p += 4;
  }
  return table;
}

/** Bytes of a base64 string, without `Buffer` (the package runs in edge runtimes too). */
export function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let k = 0; k < binary.length; k++) bytes[k] = binary.charCodeAt(k);
  return bytes;
}
