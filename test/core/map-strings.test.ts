import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../src/core/errors';
import { collectStrings, MAX_DEPTH, mapStrings, replaceStrings } from '../../src/core/map-strings';

describe('mapStrings', () => {
  it('maps string leaves and object keys of plain objects and arrays, and copies them', async () => {
    const input = { a: 'x', b: [1, 'y', { c: 'z', d: true }], e: null };
    const out = await mapStrings(input, async (s) => s.map((v) => v.toUpperCase()));
    expect(out).toEqual({ A: 'X', B: [1, 'Y', { C: 'Z', D: true }], E: null });
    expect(input.a).toBe('x');
  });

  it('keeps both entries when two keys map to the same string, and `__proto__` as a plain key', async () => {
    const input = JSON.parse('{"Jean":1,"JEAN":2,"__proto__":{"polluted":true}}');
    const out = (await mapStrings(input, async (s) => s.map((v) => v.toLowerCase()))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(out)).toEqual(['jean', 'jean (2)', '__proto__']);
    expect(out.jean).toBe(1);
    expect(out['jean (2)']).toBe(2);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves class instances, maps and dates alone', async () => {
    class Secret {
      value = 'inside';
    }
    const secret = new Secret();
    const map = new Map([['k', 'v']]);
    expect(collectStrings({ secret, map, when: new Date(0) })).toEqual(['secret', 'map', 'when']);
    const out = await mapStrings({ secret, map }, async (s) => s);
    expect(out.secret).toBe(secret);
    expect(out.map).toBe(map);
  });

  it('maps shared references once and keeps them shared', () => {
    const shared = { s: 'a' };
    const value = { x: shared, y: shared };
    expect(collectStrings(value)).toEqual(['x', 's', 'a', 'y']);
    const out = replaceStrings(value, ['x', 's', 'b', 'y']) as {
      x: { s: string };
      y: { s: string };
    };
    expect(out.x).toBe(out.y);
    expect(out.x.s).toBe('b');
  });

  it('refuses values deeper than the limit instead of leaving them partly unmasked', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i <= MAX_DEPTH; i++) deep = { d: deep };
    expect(() => collectStrings(deep)).toThrow(PiiConfigError);
  });

  it('calls the batch function once for a whole value', async () => {
    let calls = 0;
    await mapStrings(['a', ['b', { c: 'c' }]], async (s) => {
      calls++;
      return s;
    });
    expect(calls).toBe(1);
  });
});
