import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { joinTexts } from '../../../src/core/messages/joined-parts';
import { testPii } from '../helpers';

const text = (t: string) => ({ type: 'text', text: t });

describe('joinTexts', () => {
  it('joins with invisible markers and splits back at them', () => {
    const joined = joinTexts(['a', 'b', 'c'])!;
    expect(joined.text.replace(/[\u2061-\u2064]/g, '')).toBe('abc');
    expect(joined.split(joined.text)).toEqual(['a', 'b', 'c']);
  });

  it('does not join one text, or texts that hold a marker character', () => {
    expect(joinTexts(['a'])).toBeUndefined();
    expect(joinTexts(['a\u2062', 'b'])).toBeUndefined();
  });

  it('a marker lost in a token leaves the parts it joined to the part before', () => {
    const joined = joinTexts(['x', 'y', 'z'])!;
    const second = joined.text.slice(joined.text.indexOf('y') + 1, joined.text.indexOf('z'));
    expect(joined.split(`x<<T>>${second}z`)).toEqual(['x<<T>>', '', 'z']);
  });
});

describe('anonymizeMessages: a value split over the text parts of one message', () => {
  it('is masked, the token in a part that keeps text, the rest in its own part', async () => {
    const session = createPii({ detectors: defaultDetectors() }).session('split-parts');
    const [out] = await session.anonymizeMessages([
      { role: 'user', content: [text('Écrivez à jean.dupont@'), text('exemple.fr')] },
    ]);
    expect(out!.content).toEqual([text('Écrivez à '), text('<<EMAIL:1>>')]);
    const [more] = await session.anonymizeMessages([
      {
        role: 'user',
        content: [
          text('Appelez le 06 12 '),
          text('34 56 78 demain'),
          text(', ou jean.dupont@exemple.fr'),
        ],
      },
    ]);
    expect(more!.content).toEqual([
      text('Appelez le <<PHONE:1>>'),
      text(' demain'),
      text(', ou <<EMAIL:1>>'),
    ]);
  });

  it('UI message parts and steering messages too; parts of other messages are not joined', async () => {
    const session = testPii().session('split-ui');
    const out = await session.anonymizeMessages([
      { id: '1', role: 'user', parts: [text('Écrivez à Jean '), text('Dupont.')] },
      { id: '2', role: 'user', parts: [text('Écrivez à jean.dupont@')] },
      { id: '3', role: 'user', parts: [text('exemple.fr')] },
    ]);
    // No e-mail address across messages 2 and 3; `jean.dupont` is the known name's slug.
    expect(out.map((m) => m.parts)).toEqual([
      [text('Écrivez à <<PERSON:1>>'), text('.')],
      [text('Écrivez à <<PERSON:1.1>>.<<PERSON:1.2>>@')],
      [text('exemple.fr')],
    ]);
  });

  it('parts with nothing to mask are sent as they came', async () => {
    const session = testPii().session('split-nothing');
    const parts = [text('Bonjour, '), text('merci '), text('beaucoup.')];
    const [out] = await session.anonymizeMessages([{ role: 'user', content: parts }]);
    expect(out!.content).toEqual(parts);
  });
});
