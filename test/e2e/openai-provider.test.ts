import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { piiRestoreTransform } from '../../src/ai/restore-transform';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';

/**
 * The real `@ai-sdk/openai` provider (chat completions API) against a local OpenAI-compatible
 * server that records the raw request bodies and answers with scripted SSE. Under the `ai@6`
 * project, `@ai-sdk/openai` resolves to `@ai-sdk/openai@3` (installed as `@ai-sdk/openai-v3`),
 * the provider major that pairs with it.
 */
const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const CLEAR = [JEAN, 'Jean Dupont', MARIE];

type Reply = { sse: object[] } | { json: object };

interface FakeOpenAI {
  baseURL: string;
  bodies: string[];
  script(replies: Reply[]): void;
  close(): Promise<void>;
}

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
const chunk = (delta: object, finish_reason: string | null = null, extra: object = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  choices: [{ index: 0, delta, finish_reason }],
  ...extra,
});

async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const bodies: string[] = [];
  let replies: Reply[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const data: Buffer[] = [];
    req.on('data', (d: Buffer) => data.push(d));
    req.on('end', () => {
      bodies.push(Buffer.concat(data).toString('utf8'));
      const reply = req.url === '/v1/chat/completions' ? replies.shift() : undefined;
      if (!reply) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `unexpected request ${req.url}`, type: 'server_error' },
          }),
        );
        return;
      }
      if ('json' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.json));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of reply.sse) res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    script: (r) => {
      replies = [...r];
      bodies.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function assertNoClearValue(bodies: readonly string[]) {
  expect(bodies.length).toBeGreaterThan(0);
  // Every reading of the bytes: as sent, JSON-decoded, and decoded from the usual encodings.
  expect(findLeaks(bodies, CLEAR)).toEqual([]);
}

describe('real @ai-sdk/openai provider against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const provider = () => createOpenAI({ baseURL: fake.baseURL, apiKey: 'test' });

  it('streamText + tool loop: no clear value on the wire, the user reads real values', async () => {
    fake.script([
      {
        sse: [
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'sendEmail', arguments: '' },
              },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"to":"<<EMA' } }] }),
          chunk({
            tool_calls: [
              { index: 0, function: { arguments: 'IL:1>>","body":"Bonjour <<PERSON:1>>"}' } },
            ],
          }),
          chunk({}, 'tool_calls'),
          { ...chunk({}), choices: [], usage },
        ],
      },
      {
        sse: [
          chunk({ role: 'assistant', content: 'Envoyé à <<PER' }),
          chunk({ content: 'SON:1>> (<<EMAIL' }),
          chunk({ content: ':1>>), copie à <<EMAIL:2>>.' }),
          chunk({}, 'stop'),
          { ...chunk({}), choices: [], usage },
        ],
      },
    ]);
    const session = testPii().session('e2e-stream');
    const sent: unknown[] = [];
    const result = streamText({
      model: wrapLanguageModel({
        model: provider().chat('gpt-test'),
        middleware: piiMiddleware({ session }),
      }),
      system: 'You send emails for the user.',
      tools: withPiiTools(
        {
          sendEmail: tool({
            description: 'Send an email',
            inputSchema: jsonSchema<{ to: string; body: string }>({
              type: 'object',
              properties: { to: { type: 'string' }, body: { type: 'string' } },
              required: ['to', 'body'],
            }),
            execute: async (input) => {
              sent.push(input);
              return `Envoyé à ${input.to}, copie à ${MARIE}`;
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(3),
      experimental_transform: piiRestoreTransform({ session }),
      messages: [{ role: 'user', content: `Écrivez à Jean Dupont, ${JEAN}` }],
    });
    const shown: string[] = [];
    for await (const text of result.textStream) shown.push(text);

    expect(fake.bodies).toHaveLength(2);
    assertNoClearValue(fake.bodies);
    const second = JSON.parse(fake.bodies[1]!) as {
      messages: { role: string; content: unknown }[];
    };
    expect(JSON.stringify(second.messages)).toContain('Envoyé à <<EMAIL:1>>, copie à <<EMAIL:2>>');
    expect(sent).toEqual([{ to: JEAN, body: 'Bonjour Jean Dupont' }]);
    expect(shown.join('')).toBe(`Envoyé à Jean Dupont (${JEAN}), copie à ${MARIE}.`);
    for (const piece of shown) expect(piece).not.toMatch(/<<|>>/);
  });

  it('generateText job: no clear value on the wire, session.restore gives the real text', async () => {
    fake.script([
      {
        json: {
          id: 'chatcmpl-2',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-test',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: 'Résumé pour <<PERSON:1>> : écrire à <<EMAIL:1>>.',
              },
              finish_reason: 'stop',
            },
          ],
          usage,
        },
      },
    ]);
    const session = testPii().session('e2e-generate');
    const { text } = await generateText({
      model: wrapLanguageModel({
        model: provider().chat('gpt-test'),
        middleware: piiMiddleware({ session }),
      }),
      prompt: `Résumez : Jean Dupont attend une réponse à ${JEAN}.`,
    });
    assertNoClearValue(fake.bodies);
    expect(await session.restore(text)).toBe(`Résumé pour Jean Dupont : écrire à ${JEAN}.`);
  });
});
