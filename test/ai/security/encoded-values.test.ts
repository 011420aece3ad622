/**
 * Values spelled with JSON escapes, HTML references or percent-encoding in long texts, through
 * the real middleware: only the windows around encoded characters are read decoded (not the
 * whole text twice), and no value reaches the provider, in either spelling, wherever it sits.
 */
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { generateResult } from '../../support/mock-model';
import { clearIn, wrap } from './helpers';

const PROSE = 'The quarterly report is attached; totals are unchanged since the last review. ';
const filler = (n: number) => `${PROSE.repeat(n)}\n\n`;

// As Python's json.dumps writes a CRM record (ensure_ascii), inside a long page of prose.
const RECORD =
  '{"customer": "\\u00c9lodie M\\u00fcller", "email": "elodie.muller\\u0040exemple.fr"}';
const HTML = 'Sign&eacute; : Jos&eacute; Garc&iacute;a &lt;jose.garcia&#64;empresa.es&gt;';
const URL = 'https://crm.example/find?q=ana.souza%40exemplo.com.br&who=Ana%20Souza';
const CLEAR = [
  'Élodie Müller',
  'elodie.muller',
  'Jos&eacute; Garc&iacute;a',
  'José García',
  'jose.garcia',
  'ana.souza',
];

describe('encoded values in long texts', () => {
  it('are masked at the start, the middle and the end of 150 KB, in the prompt sent', async () => {
    const session = createPii().session('encoded-long');
    const message = `${RECORD}\n\n${filler(600)}${HTML}\n\n${filler(1400)}${URL}`;
    expect(message.length).toBeGreaterThan(150_000);
    const model = new MockLanguageModelV3({
      doGenerate: async () => generateResult([{ type: 'text', text: 'ok' }]),
    });
    await generateText({
      model: wrap(model, session),
      messages: [{ role: 'user', content: message }],
    });
    const prompt = model.doGenerateCalls[0]!.prompt;
    expect(clearIn(prompt, CLEAR)).toEqual([]);
    const sent = JSON.stringify(prompt);
    expect(sent).toContain('<<PERSON:1>>');
    expect(sent).toContain('<<EMAIL:3>>');
    // The prose around them is untouched.
    expect(sent.split(PROSE.trim()).length - 1).toBe(2000);
    const values = (await session.entries()).map((e) => e.value);
    expect(values).toEqual(
      expect.arrayContaining([
        'Élodie Müller',
        'elodie.muller@exemple.fr',
        'José García',
        'jose.garcia@empresa.es',
        'ana.souza@exemplo.com.br',
      ]),
    );
  });

  it('a value encoded once in a long text is masked in clear elsewhere in it, and the reverse', async () => {
    const session = createPii().session('encoded-both');
    const [out] = await session.anonymizeMany(
      [`Jos&eacute; Garc&iacute;a signed.\n\n${filler(400)}Later: José García, again.`],
      { role: 'tool' },
    );
    expect(out).not.toContain('Garc');
    expect(out!.match(/<<PERSON:1>>/g)).toHaveLength(2);
  });

  it('a family name alone in a column of a long table is read under its header, 20 KB up', async () => {
    const session = createPii().session('encoded-table');
    const rows = 'Martin;Lyon\n'.repeat(1800);
    const text = `${filler(40)}Client;Ville\n${rows}Lef&egrave;vre;Paris\nM&uuml;ller;Berlin\n\n${filler(40)}`;
    expect(text.indexOf('Lef&egrave;vre') - text.indexOf('Client;Ville')).toBeGreaterThan(20_000);
    const [out] = await session.anonymizeMany([text], { role: 'tool' });
    expect(out).not.toMatch(/Lef|ller;/);
    expect(await session.restore(out!)).toBe(
      text.replace('Lef&egrave;vre', 'Lefèvre').replace('M&uuml;ller', 'Müller'),
    );
  });
});

describe('values after the escapes of a JSON text read as written', () => {
  // A tool that returns serialised JSON (`JSON.stringify` of a record with multi-line fields):
  // the letter of `\n`, `\t` or `\r` was read glued to the value after it, and cards, SSNs, IP
  // addresses, names and API keys there reached the model (e-mail addresses took the letter).
  const VALUES = [
    '4111 1111 1111 1111',
    '078-05-1120',
    '192.168.1.20',
    'Jean Dupont',
    'jean.dupont@example.com',
    '06 12 34 56 78',
    'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD',
  ];

  it('masks every one of them, with the token of the value written elsewhere', async () => {
    const session = createPii().session('json-escapes');
    const record = JSON.stringify({
      notes: VALUES.map((v, i) => `${'ntr'[i % 3]}: x\n${v}\t${v}\r`).join(''),
    });
    const model = new MockLanguageModelV3({
      doGenerate: async () => generateResult([{ type: 'text', text: 'ok' }]),
    });
    await generateText({
      model: wrap(model, session),
      messages: [{ role: 'user', content: `Record: ${record}` }],
    });
    expect(clearIn(model.doGenerateCalls[0]!.prompt, VALUES)).toEqual([]);
    // The e-mail address is itself, not `njean.dupont@example.com` or `tjean.dupont@…`.
    const emails = (await session.entries()).filter((e) => e.label === 'EMAIL');
    expect(emails.map((e) => e.value)).toEqual(['jean.dupont@example.com']);
  });
});
