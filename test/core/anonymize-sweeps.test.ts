/**
 * How many known-value sweeps `anonymize` runs: one over a text whose values are all known,
 * with the matcher cached since the last values were allocated; a second one, for the values
 * the detectors found that the conversation does not know yet (new ones, and those that lost to
 * a longer value: their other spellings are masked too).
 */
import { describe, expect, it, vi } from 'vitest';
import { createPii } from '../../src/core/create-pii';
import type * as matcherModule from '../../src/core/vault/known-value-matcher';

const counts = vi.hoisted(() => ({ builds: 0, finds: 0 }));

vi.mock('../../src/core/vault/known-value-matcher', async (importOriginal) => {
  const original = await importOriginal<typeof matcherModule>();
  return {
    ...original,
    buildKnownValueMatcher: (...args: Parameters<typeof original.buildKnownValueMatcher>) => {
      counts.builds++;
      const matcher = original.buildKnownValueMatcher(...args);
      const find = matcher.find.bind(matcher);
      matcher.find = (...findArgs: Parameters<typeof find>) => {
        counts.finds++;
        return find(...findArgs);
      };
      return matcher;
    },
  };
});

async function sweepsOf(run: () => Promise<unknown>) {
  counts.builds = 0;
  counts.finds = 0;
  await run();
  return { ...counts };
}

const TEXT = [
  'Bonjour Jean Dupont, jean.dupont@exemple.fr',
  'Carte 4111 1111 1111 1111, tél. +33 6 12 34 56 78',
].join('\n');
// Values side by side that detectors read across each other: the losing readings are masked
// with the winners, never stored alone, and swept for again each time.
const SIDE_BY_SIDE = 'x 5469 3616 0497 5473-ravi.subramanian@gmail.com y';

describe('anonymize sweeps', () => {
  it('sweeps a text whose values are all known once, with the cached matcher', async () => {
    const session = createPii().session('sweeps');
    const first = await session.anonymize(TEXT);
    expect(first).not.toMatch(/\d{4}|Dupont/);
    await session.anonymize(TEXT); // lists the new entries: the known matcher is rebuilt
    const steady = await sweepsOf(() => session.anonymize(TEXT));
    expect(steady).toEqual({ builds: 0, finds: 1 });
    expect(await session.anonymize(TEXT)).toBe(first);
  });

  it('sweeps again for values that lost to longer ones, and masks them whole', async () => {
    const session = createPii().session('losers');
    const first = await session.anonymize(SIDE_BY_SIDE);
    expect(first).toBe('x <<EMAIL:1>> y'); // the address read from `5473` wins, with the card
    await session.anonymize(SIDE_BY_SIDE);
    expect(await sweepsOf(() => session.anonymize(SIDE_BY_SIDE))).toEqual({ builds: 1, finds: 2 });
  });

  it('sweeps again for values masked for the first time, and masks their other spellings', async () => {
    const session = createPii().session('fresh');
    await session.anonymize('Bonjour Jean Dupont');
    await session.anonymize('rien');
    const counted = await sweepsOf(async () => {
      expect(await session.anonymize('Écrire à Marie Curie, oui marie curie')).toBe(
        'Écrire à <<PERSON:2>>, oui <<PERSON:2>>',
      );
    });
    expect(counted).toEqual({ builds: 1, finds: 2 });
  });
});
