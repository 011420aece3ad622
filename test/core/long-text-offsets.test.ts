/**
 * Span ranges stay exact past 2^21 code units: a detector span one unit longer than a known match
 * at the same start is not taken for it.
 */
import { describe, expect, it } from 'vitest';
import { testPii } from './helpers';

describe('exact ranges in long texts (G1)', () => {
  it('keeps a detector span one unit longer than a known match in a text over 2^21 code units', async () => {
    // A numeric key `start * 2^32 + end` is exact only below 2^53, i.e. for start < 2^21. Above,
    // [s, s+22) and [s, s+23) would share a key: the detector span `jean.dupont@exemple.com`
    // would be taken for the swept `jean.dupont@exemple.co` and filtered out, its `m` left in
    // clear. `hasSpanAt` compares starts and ends themselves: no key, nothing to collide.
    const known = async (id: string) => {
      const session = testPii().session(id);
      await session.remember('EMAIL', 'jean.dupont@exemple.co');
      return session;
    };
    const small = await (await known('offsets-small')).anonymize('à jean.dupont@exemple.com fin');
    expect(small).toBe('à <<EMAIL:2>> fin');
    const pad = ' '.repeat(2 ** 21 + 2);
    const large = await (await known('offsets-large')).anonymize(
      `${pad}jean.dupont@exemple.com fin`,
    );
    expect(large.slice(pad.length)).toBe('<<EMAIL:2>> fin');
  });
});
