import { describe, expect, it } from 'vitest';
import { findLeaks } from './leak-readings';

const NAME = 'Jean Dupont';
const EMAIL = 'jean.dupont@exemple.fr';
const PHONE = '06 12 34 56 78';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const body = (content: string) => JSON.stringify({ messages: [{ role: 'user', content }] });

describe('the leak checker finds a value in every reading of a request body', () => {
  const cases: [string, string, string][] = [
    ['as written', body(`Écrivez à ${NAME}`), NAME],
    ['in other case and without accents', body('ecrivez a JEAN DUPONT'), NAME],
    [
      'JSON-escaped',
      JSON.stringify({ c: 'jean.dupont\\u0040exemple.fr' }).replace('\\\\', '\\'),
      EMAIL,
    ],
    ['HTML-encoded', body('jean.dupont&#64;exemple.fr'), EMAIL],
    ['percent-encoded', body('mailto:jean.dupont%40exemple.fr'), EMAIL],
    ['with + for spaces', body('q=Jean+Dupont'), NAME],
    ['in base64', body(`payload ${b64(`To: ${EMAIL}\r\nHello`)}`), EMAIL],
    ['in base64url mid-blob', body(b64url(`xx${NAME} writes`)), NAME],
    ['in quoted-printable', body('To: jean.dupont=40exem=\r\nple.fr'), EMAIL],
    ['in an RFC 2047 word', body('From: =?UTF-8?Q?Jean_Dupont?= <x@y.z>'), NAME],
    ['in JSON inside a string', body(JSON.stringify({ to: EMAIL })), EMAIL],
    ['as an object key', JSON.stringify({ [EMAIL]: 1 }), EMAIL],
    ['with invisible characters', body('Jean Du\u00adpo\u200bnt'), NAME],
    ['in full-width digits', body('０６ １２ ３４ ５６ ７８'), PHONE],
    ['with other separators', body('tel +33 (0)6.12.34.56.78'), PHONE],
    ['in international form', body('tel +33612345678'), PHONE],
  ];
  it.each(cases)('%s', (_how, raw, value) => {
    expect(findLeaks([raw], [value])).not.toEqual([]);
  });

  it('finds slugs and other name orders only when asked', () => {
    for (const raw of [body('/in/jean-dupont-4b2a1'), body('Dupont, Jean'), body('J. Dupont')]) {
      expect(findLeaks([raw], [NAME])).toEqual([]);
      expect(findLeaks([raw], [NAME], { variants: true })).not.toEqual([]);
    }
  });

  it('finds the parts of a value written alone only when asked', () => {
    const cases: [string, string][] = [
      [body('Dupont a rappelé'), NAME],
      [body('Jean says hi'), NAME],
      [body('ping @jdupont'), NAME],
      [body('RIB 30006 00001 12345678901 89'), 'FR76 3000 6000 0112 3456 7890 189'],
      [body('compte n° 123 456 789 01'), 'FR76 3000 6000 0112 3456 7890 189'],
      [body('host 010.020.030.040'), '10.20.30.40'],
    ];
    for (const [raw, value] of cases) {
      expect(findLeaks([raw], [value], { variants: true })).toEqual([]);
      expect(findLeaks([raw], [value], { parts: true })).not.toEqual([]);
    }
    // A word of a name inside a longer word is another word.
    expect(findLeaks([body('Jeanne et Duponteau')], [NAME], { parts: true })).toEqual([]);
    // A particle alone names nobody; the family name after it does.
    const batz = 'Eveline van der Batz';
    expect(findLeaks([body('tell van der <<PERSON:1.4>>')], [batz], { parts: true })).toEqual([]);
    expect(findLeaks([body('tell van der Batz')], [batz], { parts: true })).not.toEqual([]);
  });

  it('reads the layout of a body only when asked: text parts joined, spelled-out addresses', () => {
    const parts = JSON.stringify({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'à jean.dupont@' },
            { type: 'text', text: 'exemple.fr' },
          ],
        },
      ],
    });
    for (const raw of [
      parts,
      body('jean.dupont [at] exemple [dot] fr'),
      body('jean.dupont at exemple dot fr'),
    ]) {
      expect(findLeaks([raw], [EMAIL])).toEqual([]);
      expect(findLeaks([raw], [EMAIL], { layout: true })).not.toEqual([]);
    }
    expect(findLeaks([body('<<EMAIL:1>> [at] <<EMAIL:2>>')], [EMAIL], { layout: true })).toEqual(
      [],
    );
  });

  it('reports nothing for a body of tokens, or other digits', () => {
    const clean = body('Écrivez à <<PERSON:1>>, <<EMAIL:1>>, tel <<PHONE:1>> ou 06 12 34 56 79');
    expect(findLeaks([clean, b64(clean)], [NAME, EMAIL, PHONE], { variants: true })).toEqual([]);
    const parts = body(
      '<<PERSON:1.2>> a rappelé, J. <<PERSON:1.2>>, RIB <<IBAN:1.1>> <<IBAN:1.3>>',
    );
    expect(
      findLeaks([parts], [NAME, 'FR76 3000 6000 0112 3456 7890 189'], { parts: true }),
    ).toEqual([]);
  });
});
