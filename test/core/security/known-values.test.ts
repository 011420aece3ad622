/**
 * G1 (core): once a value is known, its later occurrences are masked wherever they stand,
 * in the spellings the design promises. Attacks that the library resists; the spellings that
 * still leak are written up in FINDINGS.md.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { countedWork, expectLinearWork } from '../counted-work';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';

async function knownConversation(id = 'g1') {
  const pii = createPii();
  const session = pii.session(id);
  const first = await session.anonymize(
    `Écrivez à Jean Dupont, ${JEAN}, tél +33 6 12 34 56 78, carte 4111 1111 1111 1111`,
  );
  expect(first).toBe(
    'Écrivez à <<PERSON:1>>, <<EMAIL:1>>, tél <<PHONE:1>>, carte <<CREDIT_CARD:1>>',
  );
  return { pii, session };
}

describe('G1 core: known values are masked in their variants (assistant role: sweep only)', () => {
  // The assistant role runs no detector: only the known-value sweep can mask these.
  const variants: [string, string][] = [
    ['upper-case email', 'JEAN.DUPONT@EXEMPLE.FR'],
    ['mixed-case domain', 'jean.dupont@EXEMPLE.fr'],
    ['mailto: prefix', `mailto:${JEAN}`],
    ['name in upper case', 'JEAN DUPONT'],
    ['name in lower case', 'jean dupont'],
    ['name with a no-break space', 'Jean\u00a0Dupont'],
    ['name with a narrow no-break space', 'Jean\u202fDupont'],
    ['name across a line break', 'Jean\nDupont'],
    ['name with a run of spaces and tabs', 'Jean \t  Dupont'],
    ['phone in national format', '06 12 34 56 78'],
    ['phone with dots', '06.12.34.56.78'],
    ['phone with dashes', '06-12-34-56-78'],
    ['phone in E.164', '+33612345678'],
    ['phone national without separators', '0612345678'],
    ['card without spaces', '4111111111111111'],
    ['card with dashes', '4111-1111-1111-1111'],
  ];
  for (const [name, variant] of variants) {
    it(`masks the ${name}`, async () => {
      const { session } = await knownConversation();
      const out = await session.anonymize(`voir ${variant}, merci`, { role: 'assistant' });
      expect(out).not.toContain(variant);
      expect(out).toMatch(/^voir (mailto:)?<<[A-Z_]+:1>>, merci$/);
    });
  }

  it('masks a known name glued to Han characters (scripts without spaces have no word boundary)', async () => {
    const session = testPii().session('han');
    await session.anonymize('联系王伟');
    expect(await session.anonymize('请王伟回电', { role: 'assistant' })).toBe('请<<PERSON:1>>回电');
  });

  it('masks a known name written in NFD (decomposed accents) by the user', async () => {
    const { session } = await knownConversation('nfd');
    await session.anonymize('et Aïcha Benali');
    const nfd = 'Aïcha Benali'.normalize('NFD');
    expect(nfd).not.toBe('Aïcha Benali');
    expect(await session.anonymize(`bonjour ${nfd}`)).toBe('bonjour <<PERSON:2>>');
  });

  it('masks a known name of several words even glued to letters, and next to punctuation', async () => {
    const session = testPii().session('boundaries');
    await session.anonymize('Jean Dupont');
    expect(await session.anonymize('Jean Duponts', { role: 'assistant' })).toBe('<<PERSON:1>>s');
    expect(await session.anonymize('Jean Duponts')).toBe('<<PERSON:1>>s');
    expect(await session.anonymize('(Jean Dupont).', { role: 'assistant' })).toBe(
      '(<<PERSON:1>>).',
    );
    expect(await session.anonymize("l'avis de Jean Dupont!", { role: 'assistant' })).toBe(
      "l'avis de <<PERSON:1>>!",
    );
  });

  it('masks a value that is a prefix of another known value, and the longer one whole', async () => {
    const session = createPii({ detectors: [] }).session('prefix');
    const short = await session.remember('PERSON', 'Jean');
    const long = await session.remember('PERSON', 'Jean Dupont');
    expect(await session.anonymize('Jean Dupont et Jean', { role: 'assistant' })).toBe(
      `${long} et ${short}`,
    );
  });

  it('masks a value made known with remember() even where no detector would find it', async () => {
    const session = createPii({ detectors: [] }).session('remember');
    await session.remember('CUSTOMER_ID', 'ACME-77');
    // Custom labels keep case in their identity: the lower-case variant is masked too, under
    // its own token, so that restoring never turns one value into the other.
    expect(await session.anonymize('client acme-77 et ACME-77')).toBe(
      'client <<CUSTOMER_ID:2>> et <<CUSTOMER_ID:1>>',
    );
    expect(await session.restore('<<CUSTOMER_ID:2>>')).toBe('acme-77');
  });

  it('masks known values in every string leaf of a structured value (anonymizeValue)', async () => {
    const { session } = await knownConversation('deep');
    const value = { a: [{ b: { c: 'JEAN DUPONT' } }, 'x 06 12 34 56 78'], n: 3, ok: true };
    expect(await session.anonymizeValue(value, { role: 'assistant' })).toEqual({
      a: [{ b: { c: '<<PERSON:1>>' } }, 'x <<PHONE:1>>'],
      n: 3,
      ok: true,
    });
  });

  it('keeps conversations apart: another conversation does not sweep this one’s values', async () => {
    const { pii } = await knownConversation('isolated-a');
    const other = pii.session('isolated-b');
    expect(await other.anonymize('jean dupont', { role: 'assistant' })).toBe('jean dupont');
    expect(await other.entries()).toEqual([]);
  });

  it('a long conversation with thousands of known values still masks each of them, in linear work', async () => {
    /** A conversation that knows `count` names, and a text of all of them in capitals. */
    const conversation = async (count: number) => {
      const session = createPii({ detectors: [] }).session(`many-${count}`);
      const names = Array.from({ length: count }, (_, i) => `Client${i} Nom${i}`);
      for (let i = 0; i < names.length; i += 500) {
        await Promise.all(names.slice(i, i + 500).map((n) => session.remember('PERSON', n)));
      }
      return { session, text: names.map((n) => `${n.toUpperCase()}, `).join('') };
    };
    const { session, text } = await conversation(3000);
    const out = await session.anonymize(text, { role: 'assistant' });
    expect(out).not.toMatch(/CLIENT\d/);
    expect(out.match(/<<PERSON:\d+>>/g)).toHaveLength(3000);
    // Twice the names, and so twice the text: at most twice the work (counted, not timed), as
    // one pass over the text does; a search per value would do four times.
    await expectLinearWork(async (count) => {
      const { session, text } = await conversation(count);
      return countedWork(() => session.anonymize(text, { role: 'assistant' }));
    }, 1500);
  });
});
