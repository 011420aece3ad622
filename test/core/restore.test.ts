import { describe, expect, it } from 'vitest';
import { PiiInventedTokenError } from '../../src/core/errors';
import { testPii } from './helpers';

async function sessionWithValues() {
  const s = testPii().session('restore');
  await s.anonymize('Jean Dupont, jean.dupont@exemple.fr, marie.curie@exemple.fr');
  return s;
}

describe('session.restore', () => {
  it('replaces whole tokens only (BR-TOOL-11)', async () => {
    const s = await sessionWithValues();
    expect(
      await s.restore(
        'À <<EMAIL:1>>, <<PERSON:1>>; pas <<EMAIL:1>, EMAIL:1, <EMAIL_1>, <<email:1>>',
      ),
    ).toBe(
      'À jean.dupont@exemple.fr, Jean Dupont; pas <<EMAIL:1>, EMAIL:1, <EMAIL_1>, <<email:1>>',
    );
  });

  it('refuses invented tokens by default, naming them (G4, BR-TOOL-07)', async () => {
    const s = await sessionWithValues();
    const error = await s
      .restore('à <<EMAIL:7>> et <<PHONE:1>> et <<EMAIL:7>>, <<EMAIL:1>>')
      .catch((e) => e);
    expect(error).toBeInstanceOf(PiiInventedTokenError);
    expect(error.code).toBe('PII_INVENTED_TOKEN');
    expect(error.tokens).toEqual(['<<EMAIL:7>>', '<<PHONE:1>>']);
    expect(error.message).toContain('<<EMAIL:7>>');
  });

  it('removes or keeps invented tokens when asked', async () => {
    const s = await sessionWithValues();
    expect(await s.restore('to: <<EMAIL:7>>', { invented: 'remove' })).toBe('to: ');
    expect(await s.restore('to: <<EMAIL:7>> <<EMAIL:2>>', { invented: 'keep' })).toBe(
      'to: <<EMAIL:7>> marie.curie@exemple.fr',
    );
    expect(await s.restoreValue({ to: '<<EMAIL:7>>' }, { invented: 'remove' })).toEqual({ to: '' });
  });

  it('restores every string leaf of nested arguments, other values untouched (BR-TOOL-08)', async () => {
    const s = await sessionWithValues();
    const args = {
      to: ['<<EMAIL:1>>', '<<EMAIL:2>>'],
      meta: { greet: 'Bonjour <<PERSON:1>>', n: 2, ok: false, none: null },
    };
    expect(await s.restoreValue(args)).toEqual({
      to: ['jean.dupont@exemple.fr', 'marie.curie@exemple.fr'],
      meta: { greet: 'Bonjour Jean Dupont', n: 2, ok: false, none: null },
    });
    expect(await s.restoreValue(42)).toBe(42);
  });

  it('restores only the labels a caller allows', async () => {
    const s = await sessionWithValues();
    expect(await s.restore('<<EMAIL:1>> / <<PERSON:1>>', { labels: ['EMAIL'] })).toBe(
      'jean.dupont@exemple.fr / <<PERSON:1>>',
    );
  });

  it('never re-scans restored text', async () => {
    const s = testPii().session('rescan');
    // A value that itself looks like a token-shaped string after neutralisation cannot chain.
    await s.remember('NOTE', 'see <<EMAIL:1>> here');
    await s.remember('EMAIL', 'a@b.example');
    expect(await s.restore('<<NOTE:1>>')).toBe('see <<EMAIL:1>> here');
  });

  it('gives entries for exactly the tokens asked', async () => {
    const s = await sessionWithValues();
    expect(await s.entries(['<<EMAIL:2>>', '<<EMAIL:9>>', 'junk', '<<EMAIL:2>>'])).toEqual([
      {
        token: '<<EMAIL:2>>',
        label: 'EMAIL',
        value: 'marie.curie@exemple.fr',
        origin: { kind: 'user' },
      },
    ]);
    expect(s.tokensIn({ a: ['x <<EMAIL:2>> <<PERSON:1>>'], b: '<<EMAIL:2>>' })).toEqual([
      '<<EMAIL:2>>',
      '<<PERSON:1>>',
    ]);
  });
});
