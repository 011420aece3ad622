import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import { testNameDetector } from '../helpers';

async function knowing(...names: string[]) {
  const session = createPii({ detectors: [] }).session(`orders-${Math.random()}`);
  for (const name of names) await session.remember('PERSON', name);
  return session;
}

describe('a known name in another order, with initials, as a slug or a handle', () => {
  const cases: [string, string][] = [
    ['Dupont, Jean', '<<PERSON:1.2>>, <<PERSON:1.1>>'],
    ['DUPONT Jean', '<<PERSON:1.2>> <<PERSON:1.1>>'],
    ['Dupont Jean', '<<PERSON:1.2>> <<PERSON:1.1>>'],
    ['J. Dupont', 'J. <<PERSON:1.2>>'],
    ['J.Dupont', 'J.<<PERSON:1.2>>'],
    ['JDupont', 'J<<PERSON:1.2>>'],
    ['Dupont J.', '<<PERSON:1.2>> J.'],
    ['Jean D.', '<<PERSON:1.1>> D.'],
    ['jean-dupont', '<<PERSON:1.1>>-<<PERSON:1.2>>'],
    ['jean_dupont', '<<PERSON:1.1>>_<<PERSON:1.2>>'],
    ['jean.dupont', '<<PERSON:1.1>>.<<PERSON:1.2>>'],
    ['JeanDupont', '<<PERSON:1.1>><<PERSON:1.2>>'],
    ['jeandupont', '<<PERSON:1.1>><<PERSON:1.2>>'],
    ['dupont-jean', '<<PERSON:1.2>>-<<PERSON:1.1>>'],
    ['linkedin.com/in/jean-dupont-4b2a1', 'linkedin.com/in/<<PERSON:1.1>>-<<PERSON:1.2>>-4b2a1'],
    ['@jdupont', '@j<<PERSON:1.2>>'],
    ['jdupont42', 'j<<PERSON:1.2>>42'],
    ['?q=Jean+Dupont', '?q=<<PERSON:1.1>>+<<PERSON:1.2>>'],
  ];
  it.each(cases)('%s', async (text, masked) => {
    const s = await knowing('Jean Dupont');
    expect(await s.anonymize(`voir ${text} ici`)).toBe(`voir ${masked} ici`);
    // Each word comes back as the name first wrote it; what stood between the words stays.
    expect((await s.restore(masked)).toLowerCase()).toBe(text.toLowerCase());
  });

  it('takes words of the same name only, each once', async () => {
    const s = await knowing('Jean Dupont', 'Marie Curie');
    // `jean-curie` joins words of two names: a compound, another person's name.
    expect(await s.anonymize('jean-curie, Jean Jean')).toBe(
      'jean-curie, <<PERSON:1.1>> <<PERSON:1.1>>',
    );
  });

  it('of common words only, in lower case among capitals, are words (a misread name’s slug)', async () => {
    const s = await knowing('Tool Calling', 'Rose Martin');
    for (const text of [
      'See /docs/tools-and-tool-calling for more.',
      'Run gcloud calling tool now.',
    ]) {
      expect(await s.anonymize(text)).toBe(text);
    }
    // In a text without capitals, or with a capital, they are the name.
    expect(await s.anonymize('profil : rose-martin')).toBe(
      'profil : <<PERSON:2.1>>-<<PERSON:2.2>>',
    );
    expect(await s.anonymize('See Rose-Martin here.')).toBe(
      'See <<PERSON:2.1>>-<<PERSON:2.2>> here.',
    );
  });

  it('glued in camel case, are an identifier when no word is a name (`toolContext`)', async () => {
    const s = await knowing('Tool Context', 'Jean Dupont');
    expect(await s.anonymize('const region = toolContext.region;')).toBe(
      'const region = toolContext.region;',
    );
    expect(await s.anonymize('ping @toolcontext')).toBe('ping @<<PERSON:1.1>><<PERSON:1.2>>');
    expect(await s.anonymize('user jeanDupont')).toBe('user <<PERSON:2.1>><<PERSON:2.2>>');
  });

  it('beats a detector that reads the same words as a new name', async () => {
    const pii = createPii({ detectors: [testNameDetector(['Dupont, Jean', 'J. Dupont'])] });
    const s = pii.session('orders-detector');
    await s.remember('PERSON', 'Jean Dupont');
    expect(await s.anonymize('Dupont, Jean et J. Dupont')).toBe(
      '<<PERSON:1.2>>, <<PERSON:1.1>> et J. <<PERSON:1.2>>',
    );
    expect(await s.entries()).toHaveLength(1);
  });

  it('in the model’s own text, is found glued to what the model wrote', () => {
    const matcher = buildKnownValueMatcher([
      { label: 'PERSON', n: 1, value: 'Jean Dupont', canonical: 'jean dupont' },
    ]);
    expect(matcher.find('les Duponts', 'none').map((m) => m.value)).toEqual(['Dupont']);
    expect(matcher.find('les Duponts', 'words')).toEqual([]);
  });
});
