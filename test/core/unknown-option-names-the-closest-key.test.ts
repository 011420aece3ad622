import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOptions, editDistance } from '../../src/core/check-options';
import { PiiConfigError } from '../../src/core/errors';

const KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  detectors: 'optional',
  deny: 'optional',
  allow: 'optional',
} as const;

const messageOf = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PiiConfigError);
    return (error as PiiConfigError).message;
  }
  throw new Error('expected a PiiConfigError');
};

describe('checkOptions', () => {
  it('names the closest known key of an unknown one, and lists the known keys', () => {
    const message = messageOf(() =>
      checkOptions('createThing', { session: {}, detector: [] }, KEYS),
    );
    expect(message).toBe(
      'createThing: unknown option `detector`; did you mean `detectors`? Its options are `session`, `detectors`, `deny`, `allow`.',
    );
  });

  it.each([
    ['Session', 'session'], // case
    ['detcetors', 'detectors'], // two neighbours swapped: one edit
    ['alow', 'allow'],
    ['denny', 'deny'],
    ['sessionId', 'session'],
    ['det', 'detectors'], // an abbreviation
  ])('suggests %s → %s', (typo, known) => {
    expect(messageOf(() => checkOptions('f', { session: {}, [typo]: 1 }, KEYS))).toContain(
      `did you mean \`${known}\`?`,
    );
  });

  it('refuses a key that is undefined too: a typo is a typo whatever its value', () => {
    expect(messageOf(() => checkOptions('f', { session: {}, store: undefined }, KEYS))).toMatch(
      /unknown option `store`/,
    );
  });

  it('requires a required key (undefined or null), saying what to give', () => {
    for (const options of [{}, { session: undefined }, { session: null }, undefined, null]) {
      expect(messageOf(() => checkOptions('f', options, KEYS))).toBe(
        'f: `session` is required: the conversation, pii.session(chatId).',
      );
    }
  });

  it('accepts no options at all when none is required', () => {
    expect(() => checkOptions('f', undefined, { a: 'optional' })).not.toThrow();
    expect(() => checkOptions('f', {}, { a: 'optional' })).not.toThrow();
  });

  it('refuses what is not an options object', () => {
    for (const [options, what] of [
      ['detectors', 'string'],
      [[], 'an array'],
      [42, 'number'],
    ] as const) {
      expect(messageOf(() => checkOptions('f', options, KEYS))).toBe(
        `f expects an options object, got ${what}.`,
      );
    }
  });

  it('in `typos` mode, refuses near misses only and lets other keys through', () => {
    const keys = { initialEntries: 'optional', resume: 'optional' } as const;
    expect(messageOf(() => checkOptions('f', { initalEntries: [] }, keys, 'typos'))).toContain(
      'did you mean `initialEntries`?',
    );
    expect(messageOf(() => checkOptions('f', { resme: true }, keys, 'typos'))).toContain(
      'did you mean `resume`?',
    );
    // An option of a newer SDK, far from every known key, is not ours to refuse.
    expect(() =>
      checkOptions('f', { experimental_prepareRequest: 1 }, keys, 'typos'),
    ).not.toThrow();
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, replacements and swaps of neighbours', () => {
    expect(editDistance('detector', 'detectors')).toBe(1);
    expect(editDistance('detectors', 'detector')).toBe(1);
    expect(editDistance('sesion', 'session')).toBe(1);
    expect(editDistance('sessoin', 'session')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('is a symmetric count bounded by the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d === 0).toBe(a === b);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
