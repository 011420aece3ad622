/**
 * Text files through the real middleware path: a text file sent as a file part (user
 * message, UI message, tool result) reaches the model with placeholders only, in both AI SDK
 * majors; `files: 'reject'` lets it through and still refuses what cannot be scanned.
 */
import { Buffer } from 'node:buffer';
import {
  convertToModelMessages,
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  tool,
  type UIMessage,
} from 'ai';
import aiPackage from 'ai/package.json' with { type: 'json' };
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { PiiConfigError } from '../../../src/core/errors';
import { testPii } from '../../core/helpers';
import { generateResult, toolCallPart } from '../../support/mock-model';
import { CLEAR, clearIn, JEAN, MARIE, wrap } from './helpers';

const NOTE = `Dossier de Jean Dupont : écrire à ${JEAN}, copie à Marie Curie <${MARIE}>.`;
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

// ai@7 deprecates the `file-data` tool-result item for `file` with tagged data (not in ai@6).
const AI_MAJOR = Number(aiPackage.version.split('.')[0]);
const toolFileItem = (data: string) =>
  (AI_MAJOR >= 7
    ? { type: 'file', mediaType: 'text/plain', data: { type: 'data', data } }
    : { type: 'file-data', mediaType: 'text/plain', data }) as never;

const okModel = () =>
  new MockLanguageModelV3({ doGenerate: generateResult([{ type: 'text', text: 'ok' }]) });

/** The text of file data in any shape a prompt carries it (decoded here with Buffer). */
/**
 * One turn where the model calls `readFile`, whose result `content` is one file item (the
 * base64 that `encode` makes of `output`): the prompts the model received.
 */
async function promptsAfterFileTool(
  session: ReturnType<ReturnType<typeof testPii>['session']>,
  output: string,
  encode: (output: string) => string,
) {
  const model = new MockLanguageModelV3({
    doGenerate: [
      generateResult([toolCallPart('c1', 'readFile', { name: 'file.txt' })]),
      generateResult([{ type: 'text', text: 'ok' }]),
    ],
  });
  await generateText({
    model: wrap(model, session, { files: 'reject' }),
    tools: {
      readFile: tool({
        inputSchema: jsonSchema<{ name: string }>({ type: 'object' }),
        execute: async () => output,
        toModelOutput: ({ output }) => ({
          type: 'content',
          value: [toolFileItem(encode(output))],
        }),
      }),
    },
    stopWhen: stepCountIs(2),
    prompt: 'Lis file.txt',
  });
  return model.doGenerateCalls.map((call) => call.prompt);
}

function dataText(data: unknown): string | undefined {
  if (typeof data === 'string') {
    if (!data.startsWith('data:')) return Buffer.from(data, 'base64').toString('utf8');
    const comma = data.indexOf(',');
    const body = data.slice(comma + 1);
    return data.slice(0, comma).endsWith(';base64')
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeURIComponent(body);
  }
  if (data instanceof URL) return dataText(data.href);
  if (data instanceof Uint8Array) return Buffer.from(data).toString('utf8');
  if (typeof data === 'object' && data !== null) {
    const tagged = data as { type?: string; data?: unknown; text?: unknown; url?: unknown };
    if (tagged.type === 'data') return dataText(tagged.data);
    if (tagged.type === 'url') return dataText(tagged.url);
    if (tagged.type === 'text' && typeof tagged.text === 'string') return tagged.text;
  }
  return undefined;
}

/** The decoded text of every text file in a prompt (message parts and tool-result items). */
function fileTexts(prompt: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object' && !(v instanceof Uint8Array) && !(v instanceof URL)) {
      const part = v as Record<string, unknown>;
      const mediaType = typeof part.mediaType === 'string' ? part.mediaType : '';
      if (mediaType.startsWith('text/') || mediaType.startsWith('application/json')) {
        const text = dataText(part.data ?? part.url);
        if (text !== undefined) out.push(text);
      }
      Object.values(part).forEach(visit);
    }
  };
  visit(prompt);
  return out;
}

/** The model's prompt holds the files' text, masked: placeholders, no clear value. */
function expectMaskedFiles(prompt: unknown, count: number) {
  const texts = fileTexts(prompt);
  expect(texts).toHaveLength(count);
  for (const text of texts) {
    expect(text).toContain('<<EMAIL:1>>');
    expect(text).toContain('<<PERSON:1>>');
  }
  expect(clearIn(texts)).toEqual([]);
  expect(clearIn(prompt)).toEqual([]);
}

const userFiles = (): ModelMessage[] => [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Résume ces fichiers.' },
      { type: 'file', mediaType: 'text/plain', data: new TextEncoder().encode(NOTE) },
      { type: 'file', mediaType: 'text/csv', data: b64(`nom;email\n${NOTE}`) },
      {
        type: 'file',
        mediaType: 'application/json',
        data: `data:application/json;base64,${b64(JSON.stringify({ note: NOTE }))}`,
      },
    ],
  },
];

describe('text files reach the model masked (piiMiddleware, mock model)', () => {
  it('control: without the middleware, the model reads the files in clear', async () => {
    const model = okModel();
    await generateText({ model, messages: userFiles() });
    const texts = fileTexts(model.doGenerateCalls[0]!.prompt);
    expect(texts).toHaveLength(3);
    expect(clearIn(texts)).toEqual(CLEAR);
  });

  it('user file parts (bytes, base64, data: URL) hold placeholders only (default files: allow)', async () => {
    const session = testPii().session('l5-user');
    const model = okModel();
    const messages = userFiles();
    await generateText({ model: wrap(model, session), messages });
    expectMaskedFiles(model.doGenerateCalls[0]!.prompt, 3);
    // The caller's messages are not modified.
    expect(clearIn(fileTexts(messages))).toEqual(CLEAR);
    expect((await session.entries()).map((e) => e.value).sort()).toEqual(
      ['Jean Dupont', 'Marie Curie', JEAN, MARIE].sort(),
    );
  });

  it('a UI FileUIPart (data: URL) through convertToModelMessages', async () => {
    const session = testPii().session('l5-ui');
    const model = okModel();
    const ui: UIMessage[] = [
      {
        id: 'u1',
        role: 'user',
        parts: [
          { type: 'text', text: 'Lis la pièce jointe.' },
          {
            type: 'file',
            mediaType: 'text/markdown',
            filename: 'note.md',
            url: `data:text/markdown;base64,${b64(NOTE)}`,
          },
        ],
      },
    ];
    await generateText({
      model: wrap(model, session),
      messages: await convertToModelMessages(ui),
    });
    expectMaskedFiles(model.doGenerateCalls[0]!.prompt, 1);
  });

  it("files: 'reject' lets a text file through, and still refuses an image", async () => {
    const session = testPii().session('l5-reject');
    const model = okModel();
    await generateText({ model: wrap(model, session, { files: 'reject' }), messages: userFiles() });
    expectMaskedFiles(model.doGenerateCalls[0]!.prompt, 3);

    const refused = okModel();
    const call = generateText({
      model: wrap(refused, session, { files: 'reject' }),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'text/plain', data: b64(NOTE) },
            { type: 'file', mediaType: 'image/png', data: png },
          ],
        },
      ],
    });
    await expect(call).rejects.toThrow(PiiConfigError);
    await expect(call).rejects.toThrow(/files: 'reject'.*image\/png.*cannot be scanned/);
    expect(refused.doGenerateCalls).toHaveLength(0);
  });

  it("files: 'reject' refuses a text file that cannot be read (another charset)", async () => {
    const model = okModel();
    const call = generateText({
      model: wrap(model, testPii().session('l5-sjis'), { files: 'reject' }),
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'file',
              mediaType: 'text/plain; charset=shift_jis',
              data: Buffer.from(NOTE, 'latin1'),
            },
          ],
        },
      ],
    });
    await expect(call).rejects.toThrow(/refused a file \(text\/plain; charset=shift_jis\)/);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it("a text file in a tool result's content reaches the next step masked", async () => {
    const prompts = await promptsAfterFileTool(testPii().session('l5-tool'), NOTE, b64);
    expect(prompts).toHaveLength(2);
    expectMaskedFiles(prompts[1], 1);
  });
});

// What Excel writes on Windows in Western Europe: a CSV in Windows-1252 (`è` is 0xE8, invalid
// UTF-8), sent as `text/csv` without a charset, and "Unicode text" (UTF-16LE after a byte order
// mark). Only Latin-1 characters here: their Windows-1252 bytes are their code points.
const LEGACY_CSV = 'Nom;Téléphone\r\nLefèvre;06 12 34 56 78\r\n';
const MASKED_CSV = 'Nom;Téléphone\r\n<<PERSON:1>>;<<PHONE:1>>\r\n';
const LEGACY_CLEAR = ['Lefèvre', '06 12 34 56 78'];
const windows1252 = (t: string) => Uint8Array.from(Buffer.from(t, 'latin1'));
const utf16le = (t: string) => Uint8Array.from(Buffer.from(`\uFEFF${t}`, 'utf16le'));
// A surname alone is found as a known name; phones by the built-in detector.
const legacySession = (id: string) =>
  testPii({ detectors: defaultDetectors({ knownNames: ['Lefèvre'] }) }).session(id);

/** The raw bytes of file data in any shape a prompt carries it. */
function dataBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof URL) return dataBytes(data.href);
  if (typeof data === 'string') {
    if (!data.startsWith('data:')) return Uint8Array.from(Buffer.from(data, 'base64'));
    const comma = data.indexOf(',');
    return data.slice(0, comma).endsWith(';base64')
      ? Uint8Array.from(Buffer.from(data.slice(comma + 1), 'base64'))
      : undefined;
  }
  const tagged = data as { type?: string; data?: unknown; url?: unknown } | null;
  if (tagged?.type === 'data') return dataBytes(tagged.data);
  if (tagged?.type === 'url') return dataBytes(tagged.url);
  return undefined;
}

/** The bytes of every textual file of a prompt (message parts and tool-result items), in order. */
function fileBytes(prompt: unknown): Uint8Array[] {
  const out: Uint8Array[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object' && !(v instanceof Uint8Array) && !(v instanceof URL)) {
      const part = v as Record<string, unknown>;
      if (typeof part.mediaType === 'string' && part.mediaType.startsWith('text/')) {
        const bytes = dataBytes(part.data ?? part.url);
        if (bytes) out.push(bytes);
      }
      Object.values(part).forEach(visit);
    }
  };
  visit(prompt);
  return out;
}

const legacyFiles = (): ModelMessage[] => [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Qui appeler ?' },
      {
        type: 'file',
        mediaType: 'text/csv; charset=windows-1252',
        filename: 'contacts.csv',
        data: windows1252(LEGACY_CSV),
      },
      {
        type: 'file',
        mediaType: 'text/plain',
        filename: 'contacts.txt',
        data: utf16le(LEGACY_CSV),
      },
    ],
  },
];

/** The model's prompt holds the two files in their encodings, masked. */
function expectMaskedLegacyFiles(prompt: unknown) {
  const [csv, unicode] = fileBytes(prompt);
  expect(fileBytes(prompt)).toHaveLength(2);
  // Decoded in the encoding it was sent in: Windows-1252, and UTF-16LE with its byte order mark.
  const csvText = Buffer.from(csv!).toString('latin1');
  expect(csvText).toBe(MASKED_CSV);
  expect([...unicode!.slice(0, 2)]).toEqual([0xff, 0xfe]);
  const unicodeText = Buffer.from(unicode!).toString('utf16le');
  expect(unicodeText).toBe(`\uFEFF${MASKED_CSV}`);
  expect(clearIn([csvText, unicodeText], LEGACY_CLEAR)).toEqual([]);
}

describe('legacy encodings: Windows-1252 and UTF-16 text files reach the model masked', () => {
  it('control: without the middleware, the model reads them in clear', async () => {
    const model = okModel();
    await generateText({ model, messages: legacyFiles() });
    const [csv, unicode] = fileBytes(model.doGenerateCalls[0]!.prompt);
    expect(Buffer.from(csv!).toString('latin1')).toBe(LEGACY_CSV);
    expect(Buffer.from(unicode!).toString('utf16le')).toBe(`\uFEFF${LEGACY_CSV}`);
  });

  it.each(['allow', 'reject'] as const)(
    "a Windows-1252 CSV and a UTF-16LE text hold placeholders only (files: '%s')",
    async (files) => {
      const session = legacySession(`legacy-${files}`);
      const model = okModel();
      const messages = legacyFiles();
      await generateText({ model: wrap(model, session, { files }), messages });
      expectMaskedLegacyFiles(model.doGenerateCalls[0]!.prompt);
      // The caller's messages keep the originals; the tokens restore the real values.
      const [csv, unicode] = fileBytes(messages);
      expect(csv).toEqual(windows1252(LEGACY_CSV));
      expect(unicode).toEqual(utf16le(LEGACY_CSV));
      expect(await session.restore(MASKED_CSV)).toBe(LEGACY_CSV);
    },
  );

  it('a UI FileUIPart with a `charset=windows-1252` data: URL, through convertToModelMessages', async () => {
    const session = legacySession('legacy-ui');
    const model = okModel();
    const base64 = Buffer.from(windows1252(LEGACY_CSV)).toString('base64');
    const ui: UIMessage[] = [
      {
        id: 'u1',
        role: 'user',
        parts: [
          { type: 'text', text: 'Qui appeler ?' },
          {
            type: 'file',
            mediaType: 'text/csv',
            filename: 'contacts.csv',
            url: `data:text/csv;charset=windows-1252;base64,${base64}`,
          },
        ],
      },
    ];
    // The AI SDK drops the data: URL's charset when it converts UI messages: the file reaches
    // the middleware undeclared, its Windows-1252 a guess, masked under the default `allow`.
    await generateText({ model: wrap(model, session), messages: await convertToModelMessages(ui) });
    const [csv] = fileBytes(model.doGenerateCalls[0]!.prompt);
    expect(Buffer.from(csv!).toString('latin1')).toBe(MASKED_CSV);
  });

  it("an undeclared Windows-1252 CSV is masked under files: 'allow', refused under 'reject' (a guessed encoding)", async () => {
    // Windows-1250 or Windows-1254 text read as Windows-1252 would hide its names: with no
    // charset declared, the file is masked as far as it can be read, but not
    // counted as scanned.
    const undeclared = (): ModelMessage[] => [
      {
        role: 'user',
        content: [{ type: 'file', mediaType: 'text/csv', data: windows1252(LEGACY_CSV) }],
      },
    ];
    const model = okModel();
    await generateText({
      model: wrap(model, legacySession('guess-allow')),
      messages: undeclared(),
    });
    const [csv] = fileBytes(model.doGenerateCalls[0]!.prompt);
    expect(Buffer.from(csv!).toString('latin1')).toBe(MASKED_CSV);
    const refused = okModel();
    const call = generateText({
      model: wrap(refused, legacySession('guess-reject'), { files: 'reject' }),
      messages: undeclared(),
    });
    await expect(call).rejects.toBeInstanceOf(PiiConfigError);
    expect(refused.doGenerateCalls).toHaveLength(0);
  });

  it("a UTF-16LE file in a tool result's content reaches the next step masked", async () => {
    const prompts = await promptsAfterFileTool(legacySession('legacy-tool'), LEGACY_CSV, (t) =>
      Buffer.from(utf16le(t)).toString('base64'),
    );
    const [unicode] = fileBytes(prompts[1]);
    expect(Buffer.from(unicode!).toString('utf16le')).toBe(`\uFEFF${MASKED_CSV}`);
  });
});
