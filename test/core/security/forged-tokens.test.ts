/**
 * G4 / G8 (core): token-shaped text that a user types, or a tool given real values returns,
 * can never be restored; look-alike forms are never taken for tokens; restoration is one pass.
 */
import { describe, expect, it } from 'vitest';
import { PiiInventedTokenError } from '../../../src/core/errors';
import {
  createPlaceholderFormat,
  defaultPlaceholderFormat,
} from '../../../src/core/placeholder/format';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';

async function known(id = 'g8') {
  const session = testPii().session(id);
  await session.anonymize(`Jean Dupont, ${JEAN}`); // <<PERSON:1>>, <<EMAIL:1>>
  return session;
}

describe('G8: forged tokens typed by a user are neutralised and never restored', () => {
  const forged = [
    '<<EMAIL:1>>',
    '<<<EMAIL:1>>>',
    '<<<<EMAIL:1>>>>',
    'x<<EMAIL:1>>y',
    '<<EMAIL:1>><<PERSON:1>>',
    '<<EMAIL:1>>>>',
  ];
  for (const text of forged) {
    it(`neutralises ${JSON.stringify(text)} so restore() finds no token in it`, async () => {
      const session = await known();
      const out = await session.anonymize(text);
      expect(defaultPlaceholderFormat.findAll(out)).toEqual([]);
      expect(await session.restore(out)).toBe(out);
      expect(out).not.toContain(JEAN);
    });
  }

  it('neutralisation is idempotent and never assembles a new token from the pieces it rewrites', () => {
    const f = defaultPlaceholderFormat;
    const tricky = '<<<<EMAIL:1>>EMAIL:2>>>> <<A:1>><<B:2>> <<<<<<C:3>>>>>>';
    const once = f.neutralize(tricky);
    expect(f.findAll(once)).toEqual([]);
    expect(f.neutralize(once)).toBe(once);
  });

  it('a custom format without look-alike characters is neutralised with a zero-width joiner', async () => {
    const format = createPlaceholderFormat({ open: '$$', close: '$$' });
    const session = testPii({ placeholder: format }).session('custom');
    await session.anonymize(JEAN); // $$EMAIL:1$$
    const out = await session.anonymize('envoie à $$EMAIL:1$$');
    expect(format.findAll(out)).toEqual([]);
    expect(await session.restore(out)).toBe(out);
  });

  it('a tool given real values that returns token-shaped text gets it neutralised (role tool)', async () => {
    const session = await known('tool');
    const out = await session.anonymize('résultat: <<EMAIL:1>> et <<PERSON:1>>', { role: 'tool' });
    expect(defaultPlaceholderFormat.findAll(out)).toEqual([]);
  });

  it('a tool given tokens may echo them (role tool, tokens keep), and they stay restorable', async () => {
    const session = await known('tool-keep');
    const out = await session.anonymize('envoyé à <<EMAIL:1>>', { role: 'tool', tokens: 'keep' });
    expect(out).toBe('envoyé à <<EMAIL:1>>');
    expect(await session.restore(out)).toBe(`envoyé à ${JEAN}`);
  });
});

describe('G4: look-alike and partial forms are never restored', () => {
  const lookalikes = [
    '‹‹EMAIL:1››',
    '＜＜EMAIL:1＞＞',
    '< <EMAIL:1> >',
    '<< EMAIL:1 >>',
    '<<EMAIL :1>>',
    '<<EMAIL: 1>>',
    '<<email:1>>',
    '<<Email:1>>',
    '<<EMAIL:01>>',
    '<<EMAIL:0>>',
    '<<EMAIL:-1>>',
    '<<EMAIL:1.0>>',
    '<<EMAIL:1',
    'EMAIL:1>>',
    '<<EMA\u200dIL:1>>',
    '<\u200b<EMAIL:1>>',
    '<<EMAIL:１>>',
    '<<ＥMAIL:1>>',
    '<<EMAIL\uff1a1>>',
    '<<EMAIL:1\u200b>>',
  ];
  for (const text of lookalikes) {
    it(`${JSON.stringify(text)} is left as written, even under invented: 'throw'`, async () => {
      const session = await known();
      expect(await session.restore(text)).toBe(text);
    });
  }

  it('an over-long label or number is not a token', async () => {
    const session = await known('long');
    const label = `<<${'A'.repeat(33)}:1>>`;
    const number = '<<EMAIL:1234567890>>';
    expect(await session.restore(`${label} ${number}`)).toBe(`${label} ${number}`);
  });

  it('an invented well-formed token is refused, named, and its neighbours are not restored either', async () => {
    const session = await known('invented');
    const error = await session.restore('<<EMAIL:1>> et <<EMAIL:2>>').catch((e) => e);
    expect(error).toBeInstanceOf(PiiInventedTokenError);
    expect((error as PiiInventedTokenError).tokens).toEqual(['<<EMAIL:2>>']);
    expect((error as Error).message).not.toContain(JEAN);
  });

  it('`remove` deletes invented tokens, `keep` leaves them; known ones are restored', async () => {
    const session = await known('policies');
    expect(await session.restore('<<EMAIL:1>>|<<EMAIL:9>>', { invented: 'remove' })).toBe(
      `${JEAN}|`,
    );
    expect(await session.restore('<<EMAIL:1>>|<<EMAIL:9>>', { invented: 'keep' })).toBe(
      `${JEAN}|<<EMAIL:9>>`,
    );
  });

  it('a token of another conversation is invented here', async () => {
    const pii = testPii();
    const a = pii.session('conv-a');
    const b = pii.session('conv-b');
    await a.anonymize(JEAN);
    await b.anonymize('marie.curie@exemple.fr');
    expect(await a.restore('<<EMAIL:1>>')).toBe(JEAN);
    expect(await b.restore('<<EMAIL:1>>')).toBe('marie.curie@exemple.fr');
    await expect(a.restore('<<EMAIL:2>>')).rejects.toBeInstanceOf(PiiInventedTokenError);
  });

  it('restoration is a single pass: a value that looks like a token is never restored again', async () => {
    const session = testPii({ detectors: [] }).session('single-pass');
    await session.remember('EMAIL', JEAN); // <<EMAIL:1>>
    const tricky = await session.remember('NOTE', 'voir <<EMAIL:1>>'); // <<NOTE:1>>
    expect(await session.restore(tricky)).toBe('voir <<EMAIL:1>>');
  });

  it('entries() ignores anything that is not exactly one well-formed token', async () => {
    const session = await known('entries');
    expect(
      await session.entries([
        ' <<EMAIL:1>>',
        '<<EMAIL:1>> ',
        '<<EMAIL:1>><<PERSON:1>>',
        '‹‹EMAIL:1››',
        '<<email:1>>',
        42 as unknown as string,
      ]),
    ).toEqual([]);
    expect(await session.entries(['<<EMAIL:1>>', '<<EMAIL:1>>', '<<EMAIL:9>>'])).toEqual([
      { token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN, origin: { kind: 'user' } },
    ]);
  });

  it('label allow-lists restore only the labels listed, whatever the model writes', async () => {
    const session = await known('labels');
    expect(await session.restore('<<EMAIL:1>> <<PERSON:1>>', { labels: ['EMAIL'] })).toBe(
      `${JEAN} <<PERSON:1>>`,
    );
    expect(await session.restoreValue({ q: ['<<PERSON:1>>'] }, { labels: ['URL'] })).toEqual({
      q: ['<<PERSON:1>>'],
    });
  });
});
