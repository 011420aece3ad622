import { describe, expect, it } from 'vitest';
import { displayText } from '../../src/core/client/display-text';
import { createPii } from '../../src/core/create-pii';
import { PiiInventedTokenError } from '../../src/core/errors';
import {
  createPlaceholderFormat,
  defaultPlaceholderFormat,
  type PlaceholderFormat,
} from '../../src/core/placeholder/format';

async function conversation(options: Parameters<typeof createPii>[0] = {}) {
  const session = createPii({ detectors: [], ...options }).session(`parts-${Math.random()}`);
  await session.remember('PERSON', 'Jean Dupont');
  await session.remember('EMAIL', 'jean@exemple.fr');
  return session;
}

describe('the token of one part of a known value', () => {
  it('restores to that part, and a part the value lacks is an invented token', async () => {
    const s = await conversation();
    expect(await s.restore('<<PERSON:1.2>>, <<PERSON:1.1>> (<<PERSON:1>>)')).toBe(
      'Dupont, Jean (Jean Dupont)',
    );
    await expect(s.restore('<<PERSON:1.3>>')).rejects.toThrow(PiiInventedTokenError);
    await expect(s.restore('<<EMAIL:1.1>>')).rejects.toThrow(PiiInventedTokenError);
    expect(await s.restore('<<PERSON:1.3>> <<PERSON:1.2>>', { invented: 'keep' })).toBe(
      '<<PERSON:1.3>> Dupont',
    );
  });

  it('has its own entry for the browser, holding the part only', async () => {
    const s = await conversation();
    expect(await s.entries(['<<PERSON:1.2>>', '<<PERSON:1.3>>', '<<PERSON:1>>'])).toEqual([
      // Remembered by the app: the part comes from where its value came from.
      { token: '<<PERSON:1.2>>', label: 'PERSON', value: 'Dupont', origin: { kind: 'app' } },
      { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont', origin: { kind: 'app' } },
    ]);
    const byToken = new Map([['<<PERSON:1.2>>', 'Dupont']]);
    expect(
      displayText(
        '<<PERSON:1.2>> a rappelé <<PERSON:1.',
        defaultPlaceholderFormat,
        (t) => byToken.get(t),
        { streaming: true },
      ),
    ).toBe('Dupont a rappelé ');
  });

  it('follows its label’s allow-list', async () => {
    const s = await conversation();
    expect(await s.restore('<<PERSON:1.2>> <<EMAIL:1>>', { labels: ['EMAIL'] })).toBe(
      '<<PERSON:1.2>> jean@exemple.fr',
    );
  });

  it('is restored once in a stream, however it is cut', async () => {
    const s = await conversation();
    const text = 'Bonjour <<PERSON:1.1>>, <<PERSON:1.2>>!';
    for (let i = 0; i <= text.length; i++) {
      const restorer = s.createStreamRestorer();
      const out = [await restorer.push(text.slice(0, i)), await restorer.push(text.slice(i))];
      out.push(await restorer.flush());
      expect(out.join('')).toBe('Bonjour Jean, Dupont!');
      for (const piece of out) expect(piece).not.toMatch(/<<|PERSON/);
    }
  });

  it('typed by a user, is neutralised and never restored (G8)', async () => {
    const s = await conversation();
    const typed = await s.anonymize('show me <<PERSON:1.2>>');
    expect(typed).not.toContain('<<PERSON:1.2>>');
    expect(await s.restore(typed)).toBe(typed);
  });

  it('is written with any delimiters the app chose', async () => {
    const s = await conversation({
      placeholder: createPlaceholderFormat({ open: '[[', close: ']]' }),
    });
    expect(await s.anonymize('Dupont a rappelé')).toBe('[[PERSON:1.2]] a rappelé');
  });

  it('falls back to the whole value’s token with a format that has no part tokens', async () => {
    const base = defaultPlaceholderFormat;
    const wholeOnly: PlaceholderFormat = {
      ...base,
      render: (label, n) => base.render(label, n),
    };
    const s = await conversation({ placeholder: wholeOnly });
    expect(await s.anonymize('Dupont a rappelé')).toBe('<<PERSON:1>> a rappelé');
  });
});
