import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { decodeText, hasEncodedCharacters } from '../../../src/core/match/decoded-view';
import { MAIL_ENCODING, mailEncodingAt } from '../../../src/core/match/mail-encodings';
import { scanWorkOf, testPii } from '../helpers';

/** The original text behind decoded units `start`..`end` of `text`'s decoded view. */
const source = (text: string, value: string) => {
  const view = decodeText(text);
  const at = view.text.indexOf(value);
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(view.sourceStart(at), view.sourceEnd(at + value.length - 1));
};

describe('quoted-printable, read decoded', () => {
  it('decodes escaped bytes (UTF-8 sequences, Latin-1 bytes, escaped ASCII) and soft line breaks', () => {
    expect(decodeText('=C3=89lodie Fran=E7ois href=3D"x" jean=40exemple.fr').text).toBe(
      'Élodie François href="x" jean@exemple.fr',
    );
    expect(decodeText('jean.dup=\r\nont@exem=\nple.fr').text).toBe('jean.dupont@exemple.fr');
  });

  it('reads a soft line break after a blank (CRLF) and a character cut between its bytes', () => {
    // As Python's quopri and mailers cut lines: `12 =\r\n34`, `d=C3=\r\n=A9cembre`.
    expect(decodeText('au 06 12 =\r\n34 56 78, d=C3=\r\n=A9cembre').text).toBe(
      'au 06 12 34 56 78, décembre',
    );
    expect(source('d=C3=\r\n=A9cembre', 'é')).toBe('=C3=\r\n=A9');
  });

  it('maps a value back over its escapes and soft line breaks', () => {
    const text = 'Contact : jean.dup=\r\nont=40exemple.fr, merci';
    expect(source(text, 'jean.dupont@exemple.fr')).toBe('jean.dup=\r\nont=40exemple.fr');
    expect(source('Fran=C3=A7ois', 'François')).toBe('Fran=C3=A7ois');
  });

  it('leaves text that only looks like it alone: a=10, lower-case hex, `x =` before a line break', () => {
    for (const text of [
      '?page=10&limit=50',
      'color=ff00aa',
      'color=FFEEDD',
      'ip=203.0.113.5 date=2024-01-01 size=40px mode=3D',
      'const x =\n  1',
      'a ==\nb',
    ]) {
      expect(hasEncodedCharacters(text), text).toBe(false);
    }
    expect(decodeText('=C3 alone, =ZZ, =\u00e9').text).toBe('=C3 alone, =ZZ, =\u00e9');
  });
});

describe('RFC 2047 Q encoded words, read decoded', () => {
  it('decodes UTF-8 and Latin-1 words, `_` as a space, adjacent words as one text', () => {
    expect(decodeText('From: =?UTF-8?Q?=C3=89lodie_Martin?= <e@x.fr>').text).toBe(
      'From: Élodie Martin <e@x.fr>',
    );
    expect(decodeText('=?iso-8859-1?q?Lef=E8vre?=').text).toBe('Lefèvre');
    expect(decodeText('=?UTF-8?Q?Jean?= =?UTF-8?Q?_Dupont?=').text).toBe('Jean Dupont');
    expect(decodeText('=?UTF-8?Q?Jean?=\r\n =?UTF-8?Q?_Dupont?=').text).toBe('Jean Dupont');
    // A charset of several bytes per character is decoded whole.
    expect(decodeText('=?Shift_JIS?Q?=93=FA=96=7B?=').text).toBe('日本');
  });

  it('maps a value inside a word back to its own characters, not to the whole word', () => {
    const text = 'Subject: =?UTF-8?Q?Rappel_pour_Jean_Dupont_demain?=';
    expect(source(text, 'Jean Dupont')).toBe('Jean_Dupont');
    expect(source('=?UTF-8?Q?=C3=89lodie?=', 'Élodie')).toBe('=C3=89lodie');
  });

  it('keeps malformed or unknown words as written', () => {
    for (const text of ['=?UTF-8?Q?open word', '=?x-unknown-charset?Q?abc?=', '=?UTF-8?X?abc?=']) {
      expect(decodeText(text).text).toBe(text);
    }
  });

  it('scans adversarial runs in linear work', () => {
    for (const unit of ['=?', '=?UTF-8?Q?', '=C3', '=\n', 'a=\r\n', '=?a?Q?=C3']) {
      const small = unit.repeat(Math.ceil(20_000 / unit.length));
      const large = unit.repeat(Math.ceil(40_000 / unit.length));
      const smallWork = scanWorkOf(() => decodeText(small));
      const largeWork = scanWorkOf(() => decodeText(large));
      expect(largeWork).toBeLessThanOrEqual(3 * smallWork + 1000);
    }
    expect(mailEncodingAt('x', 0)).toBeUndefined();
    expect(MAIL_ENCODING.test('jean=40exemple.fr')).toBe(true);
  });
});

describe('anonymize: mail encodings keep their shape, tokens written in place', () => {
  it('a quoted-printable body: each value becomes a token, the rest stays quoted-printable', async () => {
    const session = createPii({ detectors: defaultDetectors() }).session('qp');
    const body =
      'Bonjour,\r\n\r\n=C3=89crivez =C3=A0 jean.dupont=40exemple.fr ou au 06 12 34 5=\r\n6 78.\r\nCordialement=\r\n';
    expect(await session.anonymize(body)).toBe(
      'Bonjour,\r\n\r\n=C3=89crivez =C3=A0 <<EMAIL:1>> ou au <<PHONE:1>>.\r\nCordialement=\r\n',
    );
    // The values are stored decoded, and restore as such.
    expect(await session.restore('<<EMAIL:1>> <<PHONE:1>>')).toBe(
      'jean.dupont@exemple.fr 06 12 34 56 78',
    );
  });

  it('an API key cut by a soft line break', async () => {
    const session = createPii({ detectors: defaultDetectors() }).session('qp-key');
    const key = 'sk-proj-4f9Qx2LmN8vR3tY7uZ1aB6cD0eF5gH2j';
    const body = `Your key: ${key.slice(0, 20)}=\r\n${key.slice(20)}\r\n`;
    expect(await session.anonymize(body)).toBe('Your key: <<API_KEY:1>>\r\n');
  });

  it('a Q header word: the name inside it becomes a token, the word keeps the rest', async () => {
    const session = testPii().session('q-word');
    expect(await session.anonymize('Subject: =?UTF-8?Q?Rappel_pour_Jean_Dupont_demain?=\r\n')).toBe(
      'Subject: =?UTF-8?Q?Rappel_pour_<<PERSON:1>>_demain?=\r\n',
    );
    // A value the conversation knows (that no detector finds) is swept there too.
    await session.remember('PERSON', 'Zoé Lambert');
    expect(await session.anonymize('From: =?UTF-8?Q?Zo=C3=A9_Lambert?= <z@y.fr>')).toBe(
      'From: =?UTF-8?Q?<<PERSON:2>>?= <<<EMAIL:1>>>',
    );
  });
});
