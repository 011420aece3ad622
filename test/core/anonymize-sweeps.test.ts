/**
 * How many known-value sweeps `anonymize` runs: one over a text whose masked values are all
 * known, even when detectors found values that lost to longer ones (a name part, a card or an
 * address read across another value); a second one, for the values masked for the first time,
 * only when there are such values.
 */
import { describe, expect, it, vi } from 'vitest';
import * as matcherModule from '../../src/core/vault/known-value-matcher';
import { createPii } from '../../src/core/create-pii';

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

// Values side by side that detectors read across each other: the losing readings are masked
// with the winners, never stored alone.
const TEXT = [
  'Bonjour Jean Dupont, jean.dupont@exemple.fr',
  'x 5469 3616 0497 5473-ravi.subramanian@gmail.com y',
  'tel +39 333 765 4321 4111 1111 1111 1111',
].join('\n');

describe('anonymize sweeps', () => {
  it('sweeps a text whose values are all known once, with the cached matcher', async () => {
    const session = createPii().session('sweeps');
    const first = await session.anonymize(TEXT);
    expect(first).not.toMatch(/\d{4}|Dupont|ravi/);
    await session.anonymize(TEXT); // lists the new entries: the known matcher is rebuilt
    const steady = await sweepsOf(() => session.anonymize(TEXT));
    expect(steady).toEqual({ builds: 0, finds: 1 });
    expect(await session.anonymize(TEXT)).toBe(first);
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
