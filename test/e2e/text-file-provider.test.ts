import { Buffer } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { testNameDetector, testPii } from '../core/helpers';

/**
 * Text files on the wire: a text file attached to a user message, sent by the real
 * `@ai-sdk/openai` provider (Responses API, which carries non-PDF files as `input_file` with
 * `passThroughUnsupportedFiles`) to a local server that records the raw request bodies. Under
 * the `ai@6` project, `@ai-sdk/openai` resolves to `@ai-sdk/openai@3`.
 */
const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const CLEAR = [JEAN, MARIE, 'Jean Dupont', 'Marie Curie'];
const NOTE = `nom;email\nJean Dupont;${JEAN}\nMarie Curie;${MARIE}\n`;

interface Recorder {
  baseURL: string;
  bodies: string[];
  close(): Promise<void>;
}

/** Answers `POST /v1/responses` with one assistant message; records every body as received. */
async function startResponsesServer(): Promise<Recorder> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const data: Buffer[] = [];
    req.on('data', (d: Buffer) => data.push(d));
    req.on('end', () => {
      bodies.push(Buffer.concat(data).toString('utf8'));
      if (req.url !== '/v1/responses') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `unexpected ${req.url}`, type: 'x' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'resp_1',
          object: 'response',
          created_at: 1,
          status: 'completed',
          model: 'gpt-test',
          output: [
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [
                { type: 'output_text', text: 'Deux contacts : <<PERSON:1>>.', annotations: [] },
              ],
            },
          ],
          incomplete_details: null,
          usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The text of every `input_file` the provider put in a request body, decoded as `encoding`. */
function filesOnTheWire(raw: string, encoding: 'utf8' | 'latin1' = 'utf8'): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const item = v as { type?: string; file_data?: unknown };
      if (item.type === 'input_file' && typeof item.file_data === 'string') {
        const [header, body = ''] = item.file_data.split(',');
        expect(header).toBe('data:text/csv;base64');
        out.push(Buffer.from(body, 'base64').toString(encoding));
      }
      Object.values(v).forEach(visit);
    }
  };
  visit(JSON.parse(raw));
  return out;
}

const messages = (data: Uint8Array = Buffer.from(NOTE)): ModelMessage[] => [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Combien de contacts dans ce fichier ?' },
      { type: 'file', mediaType: 'text/csv', filename: 'contacts.csv', data },
    ],
  },
];

// A CSV exported by Excel on Windows in Western Europe: Windows-1252 (`è` is the byte 0xE8,
// invalid UTF-8), sent as `text/csv` without a charset. Latin-1 characters only: their
// Windows-1252 bytes are their code points.
const LEGACY_CSV = `Nom;Email\r\nLefèvre Hélène;${JEAN}\r\nMarie Curie;${MARIE}\r\n`;

const passThroughFiles = { openai: { passThroughUnsupportedFiles: true } };

describe('text files on the wire: the real @ai-sdk/openai provider sends the text file masked', () => {
  let server: Recorder;
  beforeAll(async () => {
    server = await startResponsesServer();
  });
  afterAll(() => server.close());

  const model = () =>
    createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).responses('gpt-test');

  it('control: without the middleware the CSV leaves in clear', async () => {
    server.bodies.length = 0;
    await generateText({
      model: model(),
      messages: messages(),
      providerOptions: passThroughFiles,
    });
    const files = filesOnTheWire(server.bodies[0]!);
    expect(files).toEqual([NOTE]);
  });

  it('with piiMiddleware: the bytes sent hold placeholders only; the answer restores', async () => {
    server.bodies.length = 0;
    const session = testPii().session('e2e-text-file');
    const result = await generateText({
      model: wrapLanguageModel({ model: model(), middleware: piiMiddleware({ session }) }),
      messages: messages(),
      providerOptions: passThroughFiles,
    });
    expect(server.bodies).toHaveLength(1);
    const raw = server.bodies[0]!;
    const decoded = JSON.stringify(JSON.parse(raw));
    for (const value of CLEAR) {
      expect(raw).not.toContain(value);
      expect(decoded).not.toContain(value);
    }
    const files = filesOnTheWire(raw);
    expect(files).toEqual(['nom;email\n<<PERSON:1>>;<<EMAIL:1>>\n<<PERSON:2>>;<<EMAIL:2>>\n']);
    expect(await session.restore(result.text)).toBe('Deux contacts : Jean Dupont.');
  });

  it('a Windows-1252 CSV: sent masked, as Windows-1252 bytes', async () => {
    const csv = Buffer.from(LEGACY_CSV, 'latin1');
    expect(csv.includes(0xe8)).toBe(true);

    server.bodies.length = 0;
    await generateText({
      model: model(),
      messages: messages(csv),
      providerOptions: passThroughFiles,
    });
    expect(filesOnTheWire(server.bodies[0]!, 'latin1')).toEqual([LEGACY_CSV]);

    server.bodies.length = 0;
    const session = testPii({
      detectors: [...defaultDetectors(), testNameDetector(['Lefèvre Hélène', 'Marie Curie'])],
    }).session('e2e-text-file-1252');
    await generateText({
      model: wrapLanguageModel({ model: model(), middleware: piiMiddleware({ session }) }),
      messages: messages(csv),
      providerOptions: passThroughFiles,
    });
    const raw = server.bodies[0]!;
    const [file] = filesOnTheWire(raw, 'latin1');
    expect(file).toBe('Nom;Email\r\n<<PERSON:1>>;<<EMAIL:1>>\r\n<<PERSON:2>>;<<EMAIL:2>>\r\n');
    for (const value of [...CLEAR, 'Lefèvre', 'Hélène']) expect(raw).not.toContain(value);
    expect(await session.restore('<<PERSON:1>>')).toBe('Lefèvre Hélène');
  });
});
