/**
 * G2 (core): one value, one token; two values never share one; concurrency on one
 * conversation neither loses nor duplicates entries.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { testPii } from '../helpers';

describe('G2: identity of values', () => {
  it('formats of one phone number share a token; another number gets another', async () => {
    const session = createPii().session('phones');
    const out = await session.anonymize(
      'A +33 6 12 34 56 78, B 06 12 34 56 78, C 0033 6 12 34 56 78, D 06 98 76 54 32',
    );
    expect(out).toBe('A <<PHONE:1>>, B <<PHONE:1>>, C <<PHONE:1>>, D <<PHONE:2>>');
  });

  it('emails that differ only in case share a token; a +tag is another address', async () => {
    const session = testPii().session('emails');
    const out = await session.anonymize(
      'jean.dupont@exemple.fr JEAN.DUPONT@EXEMPLE.FR jean.dupont+news@exemple.fr',
    );
    expect(out).toBe('<<EMAIL:1>> <<EMAIL:1>> <<EMAIL:2>>');
    expect(await session.restore('<<EMAIL:2>>')).toBe('jean.dupont+news@exemple.fr');
  });

  it('restoration gives the first-seen spelling', async () => {
    const session = testPii().session('first-seen');
    await session.anonymize('JEAN.DUPONT@EXEMPLE.FR');
    await session.anonymize('jean.dupont@exemple.fr');
    expect(await session.restore('<<EMAIL:1>>')).toBe('JEAN.DUPONT@EXEMPLE.FR');
  });

  it('one value under two labels has two tokens, each restoring to it', async () => {
    const session = createPii({ detectors: [] }).session('two-labels');
    const a = await session.remember('PERSON', 'Jean');
    const b = await session.remember('CUSTOM', 'Jean');
    expect([a, b]).toEqual(['<<PERSON:1>>', '<<CUSTOM:1>>']);
    expect(await session.restore(`${a} ${b}`)).toBe('Jean Jean');
  });

  it('parallel anonymize calls on one conversation never duplicate or lose an entry', async () => {
    const session = testPii().session('parallel');
    const emails = Array.from({ length: 50 }, (_, i) => `user${i}@exemple.fr`);
    // Every call sees every address, in a different order.
    const outs = await Promise.all(
      emails.map((_, k) =>
        session.anonymize([...emails.slice(k), ...emails.slice(0, k)].join(' ')),
      ),
    );
    const summary = await session.summary();
    expect(summary).toEqual({ entries: 50, labels: { EMAIL: 50 } });
    const entries = await session.entries();
    expect(new Set(entries.map((e) => e.value)).size).toBe(50);
    expect(new Set(entries.map((e) => e.token)).size).toBe(50);
    // Each output restores to its input.
    for (const [k, out] of outs.entries()) {
      expect(await session.restore(out)).toBe(
        [...emails.slice(k), ...emails.slice(0, k)].join(' '),
      );
    }
  });

  it('two sessions objects with one id share one vault (a session per request is fine)', async () => {
    const pii = testPii();
    const a = pii.session('same');
    const b = pii.session('same');
    await Promise.all([a.anonymize('a@exemple.fr b@exemple.fr'), b.anonymize('b@exemple.fr')]);
    expect((await a.summary()).entries).toBe(2);
    expect(await b.restore('<<EMAIL:1>> <<EMAIL:2>>')).toMatch(
      /^[ab]@exemple\.fr [ab]@exemple\.fr$/,
    );
  });

  it('forget() erases the vault: its tokens are no longer restorable', async () => {
    const session = testPii().session('forget');
    await session.anonymize('jean.dupont@exemple.fr');
    await session.forget();
    expect(await session.entries()).toEqual([]);
    await expect(session.restore('<<EMAIL:1>>')).rejects.toThrow(/never issued/);
  });
});
