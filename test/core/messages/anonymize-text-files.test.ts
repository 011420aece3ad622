import { Buffer } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { PiiConfigError } from '../../../src/core/errors';
import { anonymizeMessages } from '../../../src/core/messages/anonymize-messages';
import { createPlaceholderFormat } from '../../../src/core/placeholder/format';

/**
 * Text files sent as file parts are anonymized like the text around them,
 * and written back in the representation they came in. Default detectors (names, emails,
 * phones), as an app gets them.
 */

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const PHONE = '+33 6 12 34 56 78';
const CLEAR = [JEAN, MARIE, 'Jean Dupont', 'Marie Curie', PHONE, '612345678'];

const NOTE = `Contact : Jean Dupont, ${JEAN}, tél. ${PHONE}\n`;
const CSV = `nom;email;tel\nJean Dupont;${JEAN};${PHONE}\nMarie Curie;${MARIE};06 98 76 54 32\n`;
const JSON_DOC = JSON.stringify({ nom: 'Jean Dupont', email: JEAN, tel: PHONE });

const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
const fromB64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

/** No clear value, in the text given or in the JSON form of a value. */
function expectNoClear(text: string) {
  for (const value of CLEAR) expect(text).not.toContain(value);
}

const session = (id: string) => createPii().session(id);

type Part = Record<string, unknown>;

describe('anonymizeMessages: text files', () => {
  const userMessage = () => ({
    role: 'user',
    content: [
      { type: 'text', text: 'Voici les pièces jointes.' },
      { type: 'file', mediaType: 'text/plain', filename: 'note.txt', data: b64(NOTE) },
      { type: 'file', mediaType: 'text/csv', data: new TextEncoder().encode(CSV) },
      {
        type: 'file',
        mediaType: 'application/json; charset=utf-8',
        data: `data:application/json;base64,${b64(JSON_DOC)}`,
      },
      { type: 'image', image: png, mediaType: 'image/png' },
      { type: 'file', mediaType: 'image/png', data: png },
    ],
  });

  it('base64 text/plain, Uint8Array text/csv and a data: URL of JSON come back masked, in the same representation', async () => {
    const s = session('files');
    const input = [userMessage()];
    const before = structuredClone(input);
    const onFile = vi.fn();
    const [out] = await s.anonymizeMessages(input, { onFile });
    const parts = out!.content as Part[];

    // The note: still a base64 string.
    expect(typeof parts[1]!.data).toBe('string');
    const note = fromB64(parts[1]!.data as string);
    expect(note).toBe('Contact : <<PERSON:1>>, <<EMAIL:1>>, tél. <<PHONE:1>>\n');
    expect(parts[1]!.filename).toBe('note.txt');

    // The CSV: still bytes.
    expect(parts[2]!.data).toBeInstanceOf(Uint8Array);
    const csv = utf8(parts[2]!.data as Uint8Array);
    expect(csv).toBe(
      'nom;email;tel\n<<PERSON:1>>;<<EMAIL:1>>;<<PHONE:1>>\n<<PERSON:2>>;<<EMAIL:2>>;<<PHONE:2>>\n',
    );

    // The JSON: still a base64 data: URL with its header; still JSON.
    const url = parts[3]!.data as string;
    expect(url.startsWith('data:application/json;base64,')).toBe(true);
    const json = fromB64(url.slice('data:application/json;base64,'.length));
    expect(JSON.parse(json)).toEqual({
      nom: '<<PERSON:1>>',
      email: '<<EMAIL:1>>',
      tel: '<<PHONE:1>>',
    });

    for (const text of [note, csv, json]) expectNoClear(text);
    // The same values got the same tokens across files (G2).
    expect(await s.entries(['<<EMAIL:1>>'])).toEqual([
      { token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN, origin: { kind: 'user' } },
    ]);

    // Images are not scanned: passed to onFile, sent as they were. Text files are not.
    expect(onFile.mock.calls).toEqual([
      [{ role: 'user', mediaType: 'image/png' }],
      [{ role: 'user', mediaType: 'image/png' }],
    ]);
    expect(parts[4]).toEqual(before[0]!.content[4]);
    expect(parts[5]!.data).toBe(png);

    // The input is not modified.
    expect(input).toEqual(before);
    expect(utf8(input[0]!.content[2]!.data as Uint8Array)).toBe(CSV);
  });

  it('AI SDK 7 tagged data and a URL object with a data: URL keep their shapes', async () => {
    const href = `data:text/markdown,${encodeURIComponent(NOTE)}`;
    const input = [
      {
        role: 'user',
        content: [
          { type: 'file', mediaType: 'text/plain', data: { type: 'data', data: b64(NOTE) } },
          {
            type: 'file',
            mediaType: 'text/markdown',
            data: { type: 'url', url: new URL(href), originalUrl: href },
          },
          {
            type: 'file',
            mediaType: 'text/csv',
            data: new URL(`data:text/csv;base64,${b64(CSV)}`),
          },
        ],
      },
    ];
    const [out] = await session('v7').anonymizeMessages(input);
    const parts = out!.content as { data: Record<string, unknown> }[];
    expect(parts[0]!.data.type).toBe('data');
    expect(fromB64(parts[0]!.data.data as string)).toBe(
      'Contact : <<PERSON:1>>, <<EMAIL:1>>, tél. <<PHONE:1>>\n',
    );
    const tagged = parts[1]!.data as { type: string; url: URL; originalUrl: string };
    expect(tagged.type).toBe('url');
    expect(tagged.url).toBeInstanceOf(URL);
    expect(decodeURIComponent(tagged.url.href.slice('data:text/markdown,'.length))).toBe(
      'Contact : <<PERSON:1>>, <<EMAIL:1>>, tél. <<PHONE:1>>\n',
    );
    expect(tagged.originalUrl).toBe(tagged.url.href);
    const url = parts[2]!.data as unknown as URL;
    expect(url).toBeInstanceOf(URL);
    expect(url.href.startsWith('data:text/csv;base64,')).toBe(true);
    const hrefs = [
      tagged.url.href,
      tagged.originalUrl,
      url.href,
      fromB64(url.href.slice('data:text/csv;base64,'.length)),
    ];
    for (const h of hrefs) expectNoClear(decodeURIComponent(h));
    expect(input[0]!.content[1]!.data).toMatchObject({ originalUrl: href });
  });

  it('a UI FileUIPart (data: URL in `url`) is masked; an http URL is not read and goes to onFile', async () => {
    const onFile = vi.fn();
    const [out] = await session('ui').anonymizeMessages(
      [
        {
          id: 'u1',
          role: 'user',
          parts: [
            { type: 'file', mediaType: 'text/plain', url: `data:text/plain;base64,${b64(NOTE)}` },
            { type: 'file', mediaType: 'text/plain', url: 'https://files.example/cv.txt' },
          ],
        },
      ],
      { onFile },
    );
    const parts = out!.parts as { url: string }[];
    expect(fromB64(parts[0]!.url.slice('data:text/plain;base64,'.length))).toBe(
      'Contact : <<PERSON:1>>, <<EMAIL:1>>, tél. <<PHONE:1>>\n',
    );
    expect(parts[1]!.url).toBe('https://files.example/cv.txt');
    expect(onFile.mock.calls).toEqual([[{ role: 'user', mediaType: 'text/plain' }]]);
  });

  it('text that cannot be read (another charset, invalid UTF-8) goes to onFile unchanged', async () => {
    const onFile = vi.fn();
    // `、日本` in Shift_JIS, undeclared: 0x81 is not Windows-1252, which is not guessed then.
    const shiftJis = Buffer.from([0x81, 0x41, 0x93, 0xfa, 0x96, 0x7b]).toString('base64');
    const message = {
      role: 'user',
      content: [
        { type: 'file', mediaType: 'text/plain; charset=shift_jis', data: b64(NOTE) },
        { type: 'file', mediaType: 'text/plain', data: shiftJis },
        {
          type: 'file',
          mediaType: 'text/plain; charset=utf-8',
          data: Buffer.from('café Jean Dupont', 'latin1').toString('base64'),
        },
      ],
    };
    const [out] = await session('unread').anonymizeMessages([message], { onFile });
    expect(out).toEqual(message);
    expect(onFile).toHaveBeenCalledTimes(3);
  });

  it('a file whose text does not change keeps its data as it was', async () => {
    const data = new TextEncoder().encode('Rien de personnel ici.');
    const [out] = await session('same').anonymizeMessages([
      { role: 'user', content: [{ type: 'file', mediaType: 'text/plain', data }] },
    ]);
    expect((out!.content as Part[])[0]!.data).toBe(data);
  });

  it('user file text is new user input: token-shaped text in it is neutralised (G8)', async () => {
    const s = session('g8');
    await s.anonymize(`Jean Dupont ${JEAN}`); // <<PERSON:1>> <<EMAIL:1>>
    const [out] = await s.anonymizeMessages([
      {
        role: 'user',
        content: [{ type: 'file', mediaType: 'text/plain', data: b64('Écrire à <<EMAIL:1>>') }],
      },
    ]);
    const text = fromB64((out!.content as Part[])[0]!.data as string);
    expect(s.tokensIn(text)).toEqual([]);
    expect(text).toBe('Écrire à ‹‹EMAIL:1››');
  });

  it('assistant files get the options of assistant text: known values masked, new ones kept', async () => {
    const s = session('assistant');
    await s.anonymize(`Jean Dupont ${JEAN}`);
    const file = (text: string) => ({ type: 'file', mediaType: 'text/plain', data: b64(text) });
    const assistant = {
      role: 'assistant',
      content: [
        file(`Écrit à ${JEAN} et ${MARIE}`),
        { type: 'reasoning-file', mediaType: 'text/plain', data: b64(`pensé à ${JEAN}`) },
      ],
    };
    const [known] = await s.anonymizeMessages([assistant]);
    const parts = known!.content as Part[];
    expect(fromB64(parts[0]!.data as string)).toBe(`Écrit à <<EMAIL:1>> et ${MARIE}`);
    expect(fromB64(parts[1]!.data as string)).toBe('pensé à <<EMAIL:1>>');
    const [all] = await s.anonymizeMessages([assistant], { assistant: 'all' });
    expect(fromB64((all!.content as Part[])[0]!.data as string)).toBe(
      'Écrit à <<EMAIL:1>> et <<EMAIL:2>>',
    );
  });
});

describe('anonymizeMessages: text files in tool results', () => {
  const toolMessage = () => ({
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'readFiles',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: `Fichiers de ${JEAN}` },
            // ai@6
            { type: 'media', mediaType: 'text/plain', data: b64(NOTE) },
            { type: 'file-data', mediaType: 'text/csv', data: b64(CSV), filename: 'x.csv' },
            { type: 'file-url', url: `data:application/json,${encodeURIComponent(JSON_DOC)}` },
            {
              type: 'image-data',
              mediaType: 'image/png',
              data: Buffer.from(png).toString('base64'),
            },
            // ai@7 and LanguageModelV4
            { type: 'file', mediaType: 'text/plain', data: { type: 'data', data: b64(NOTE) } },
          ],
        },
      },
    ],
  });

  it('every textual item is masked in its own shape; images go to onFile', async () => {
    const onFile = vi.fn();
    const input = [toolMessage()];
    const before = structuredClone(input);
    const [out] = await session('tool').anonymizeMessages(input, { onFile });
    const items = (out!.content as { output: { value: Part[] } }[])[0]!.output.value;
    const note = 'Contact : <<PERSON:1>>, <<EMAIL:1>>, tél. <<PHONE:1>>\n';
    expect(items[0]!.text).toBe('Fichiers de <<EMAIL:1>>');
    expect(fromB64(items[1]!.data as string)).toBe(note);
    expect(items[2]!).toMatchObject({
      type: 'file-data',
      mediaType: 'text/csv',
      filename: 'x.csv',
    });
    expectNoClear(fromB64(items[2]!.data as string));
    const url = items[3]!.url as string;
    expect(url.startsWith('data:application/json,')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice('data:application/json,'.length)))).toEqual({
      nom: '<<PERSON:1>>',
      email: '<<EMAIL:1>>',
      tel: '<<PHONE:1>>',
    });
    expect(items[4]).toEqual(before[0]!.content[0]!.output.value[4]);
    expect(fromB64((items[5]!.data as { data: string }).data)).toBe(note);
    expect(onFile.mock.calls).toEqual([[{ role: 'tool', mediaType: 'image/png' }]]);
    expect(input).toEqual(before);
  });

  it('results of passthrough tools (toolResults: strategy) are not scanned: their files go to onFile', async () => {
    const s = session('passthrough');
    s.toolStrategies.set('readFiles', 'passthrough');
    const onFile = vi.fn();
    const [out] = await s.anonymizeMessages([toolMessage()], { onFile, toolResults: 'strategy' });
    expect(out).toEqual(toolMessage());
    expect(onFile).toHaveBeenCalledTimes(5);
  });

  it('one anonymizeMany call per kind of text: file text joins the text of its kind', async () => {
    const calls: { role?: string; texts: readonly string[] }[] = [];
    const fake = async (texts: readonly string[], o: { role?: string }) => {
      calls.push({ role: o.role, texts });
      return texts.map((t) => t.toUpperCase());
    };
    const [user] = await anonymizeMessages(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'file', mediaType: 'text/plain', data: b64('b') },
          ],
        },
      ],
      fake,
    );
    expect(calls).toEqual([{ role: 'user', texts: ['a', 'b'] }]);
    expect(fromB64((user!.content as Part[])[1]!.data as string)).toBe('B');
  });
});

describe('anonymizeMessages: text files in legacy encodings (Windows-1252, UTF-16)', () => {
  // What Excel writes on Windows in Western Europe: a CSV in Windows-1252 (`è` is 0xE8, invalid
  // UTF-8), usually sent as `text/csv` without a charset, and "Unicode text": UTF-16LE after a
  // byte order mark. A surname alone is found as a known name (`knownNames`).
  const LEGACY_CSV = 'Nom;Téléphone\r\nLefèvre;06 12 34 56 78\r\n';
  const MASKED_CSV = 'Nom;Téléphone\r\n<<PERSON:1>>;<<PHONE:1>>\r\n';
  const windows1252 = (t: string) => Uint8Array.from(Buffer.from(t, 'latin1'));
  const utf16le = (t: string) => Uint8Array.from(Buffer.from(`\uFEFF${t}`, 'utf16le'));
  const legacySession = (id: string) =>
    createPii({ detectors: defaultDetectors({ knownNames: ['Lefèvre'] }) }).session(id);
  const LEGACY_CLEAR = ['Lefèvre', 'Lef\u00e8vre', '06 12 34 56 78', '0612345678'];

  it('a Windows-1252 CSV and a UTF-16LE text are masked, each written back in its encoding', async () => {
    const s = legacySession('legacy');
    const onFile = vi.fn();
    const input = [
      {
        role: 'user',
        content: [
          { type: 'file', mediaType: 'text/csv', data: windows1252(LEGACY_CSV) },
          {
            type: 'file',
            mediaType: 'text/csv; charset=iso-8859-1',
            data: Buffer.from(windows1252(LEGACY_CSV)).toString('base64'),
          },
          { type: 'file', mediaType: 'text/plain', data: utf16le(LEGACY_CSV) },
        ],
      },
    ];
    const before = structuredClone(input);
    const [out] = await s.anonymizeMessages(input, { onFile });
    const parts = out!.content as Part[];
    // The first file declares no charset: Windows-1252 is a guess, masked but reported (refused
    // under `files: 'reject'`); the declared one and the UTF-16 one (byte order mark) are not.
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile).toHaveBeenCalledWith({ role: 'user', mediaType: 'text/csv' });

    const bytes = parts[0]!.data as Uint8Array;
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes).toEqual(windows1252(MASKED_CSV));
    expect(Buffer.from(parts[1]!.data as string, 'base64')).toEqual(
      Buffer.from(windows1252(MASKED_CSV)),
    );
    // Same byte order mark, same byte order.
    const utf16 = parts[2]!.data as Uint8Array;
    expect([...utf16.slice(0, 2)]).toEqual([0xff, 0xfe]);
    expect(utf16).toEqual(utf16le(MASKED_CSV));

    for (const text of [
      Buffer.from(bytes).toString('latin1'),
      Buffer.from(utf16).toString('utf16le'),
    ]) {
      for (const value of LEGACY_CLEAR) expect(text).not.toContain(value);
    }
    expect(await s.entries(['<<PERSON:1>>', '<<PHONE:1>>'])).toEqual([
      { token: '<<PERSON:1>>', label: 'PERSON', value: 'Lefèvre', origin: { kind: 'user' } },
      { token: '<<PHONE:1>>', label: 'PHONE', value: '06 12 34 56 78', origin: { kind: 'user' } },
    ]);
    expect(input).toEqual(before);
  });

  it('a UI FileUIPart with a `charset=windows-1252` data: URL keeps its header', async () => {
    const header = 'data:text/csv;charset=windows-1252;base64';
    const url = `${header},${Buffer.from(windows1252(LEGACY_CSV)).toString('base64')}`;
    const [out] = await legacySession('legacy-ui').anonymizeMessages([
      { id: 'u1', role: 'user', parts: [{ type: 'file', mediaType: 'text/csv', url }] },
    ]);
    const masked = (out!.parts as { url: string }[])[0]!.url;
    expect(masked.startsWith(`${header},`)).toBe(true);
    expect(Buffer.from(masked.slice(header.length + 1), 'base64').toString('latin1')).toBe(
      MASKED_CSV,
    );
  });

  it('a legacy file without personal data keeps its exact data', async () => {
    const data = windows1252('Référence;Qté\r\nA12;3\r\n');
    const [out] = await legacySession('legacy-same').anonymizeMessages([
      { role: 'user', content: [{ type: 'file', mediaType: 'text/csv', data }] },
    ]);
    expect((out!.content as Part[])[0]!.data).toBe(data);
  });

  it('text that Windows-1252 cannot hold fails the call (custom format, neutralised token), nothing written as "?"', async () => {
    const square = createPlaceholderFormat({ open: '[[', close: ']]' });
    const s = createPii({ placeholder: square }).session('legacy-format');
    // A user-typed token in the file is neutralised with look-alikes (`⟦`) outside Windows-1252.
    const data = windows1252('Écrire à [[EMAIL:1]]');
    const call = s.anonymizeMessages([
      { role: 'user', content: [{ type: 'file', mediaType: 'text/plain', data }] },
    ]);
    await expect(call).rejects.toThrow(PiiConfigError);
    await expect(call).rejects.toThrow(/Windows-1252/);
    // The same text in UTF-16 can be written back.
    const [out] = await s.anonymizeMessages([
      {
        role: 'user',
        content: [{ type: 'file', mediaType: 'text/plain', data: utf16le('à [[EMAIL:1]]') }],
      },
    ]);
    const text = Buffer.from((out!.content as Part[])[0]!.data as Uint8Array).toString('utf16le');
    expect(text).toBe('\uFEFFà ⟦⟦EMAIL:1⟧⟧');
  });
});
