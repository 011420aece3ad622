/**
 * G1 / G7 / G8 through piiMiddleware: every part of a prompt that can carry a known value is
 * masked before the provider is called; failures stop the call; forged tokens in user
 * messages are neutralised.
 */
import { generateText, type ModelMessage, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { PiiDetectionError, PiiStoreError } from '../../../src/core/errors';
import { defaultPlaceholderFormat } from '../../../src/core/placeholder/format';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import { testPii } from '../../core/helpers';
import { generateResult, streamResult, textParts } from '../../support/mock-model';
import { CLEAR, clearIn, JEAN, knownSession, MARIE, wrap } from './helpers';

type Prompt = { role: string; content: unknown }[];

const okModel = () =>
  new MockLanguageModelV3({
    doGenerate: generateResult([{ type: 'text', text: 'ok' }]),
    doStream: streamResult(textParts('t', ['ok'])),
  });

async function promptFor(
  messages: ModelMessage[],
  options: Parameters<typeof wrap>[2] & {
    session?: Awaited<ReturnType<typeof knownSession>>['session'];
  } = {},
  system?: string,
): Promise<Prompt> {
  const { session: given, ...rest } = options;
  const session = given ?? (await knownSession('prompt')).session;
  const model = okModel();
  await generateText({
    model: wrap(model, session, rest),
    messages,
    ...(system ? { system } : {}),
  });
  return model.doGenerateCalls[0]!.prompt as Prompt;
}

const tokensIn = (value: unknown) =>
  defaultPlaceholderFormat.findAll(JSON.stringify(value)).map((m) => m.token);

describe('G1: values split across prompt parts and messages', () => {
  it('a value written across two user messages is masked in each, and both carry its token', async () => {
    const prompt = await promptFor([
      { role: 'user', content: 'Mon collègue Jean Dupont' },
      { role: 'assistant', content: 'Noté.' },
      { role: 'user', content: `écrit à ${MARIE} et à JEAN DUPONT` },
    ]);
    expect(clearIn(prompt)).toEqual([]);
    expect(JSON.stringify(prompt)).not.toMatch(/JEAN DUPONT/i);
  });

  it('a value first seen in a tool result of this prompt is masked in the assistant text before it', async () => {
    const session = testPii().session('order');
    const prompt = await promptFor(
      [
        { role: 'user', content: 'Cherche le contact' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: `Je pense que c'est ${MARIE}.` },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { q: MARIE } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'lookup',
              output: { type: 'text', value: `Trouvé: Marie Curie <${MARIE}>` },
            },
          ],
        },
      ],
      { session },
    );
    expect(clearIn(prompt)).toEqual([]);
  });

  it('every text part of a multi-part user message is masked (known values included)', async () => {
    const prompt = await promptFor([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Jean' },
          { type: 'text', text: ' Dupont' },
          { type: 'text', text: `Écrivez à ${JEAN.toUpperCase()}` },
        ],
      },
    ]);
    expect(JSON.stringify(prompt)).not.toContain(JEAN.toUpperCase());
  });
});

describe('G1: every field of a prompt that carries text', () => {
  it('assistant reasoning, text and nested tool-call inputs holding known values are masked', async () => {
    const prompt = await promptFor([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: `I should mail ${JEAN}` },
          { type: 'text', text: `Mail to JEAN DUPONT (${JEAN})` },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'send',
            input: { to: [{ addr: JEAN }], meta: { who: 'jean dupont' }, n: 1 },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'send',
            output: { type: 'json', value: { ok: true } },
          },
        ],
      },
    ]);
    expect(clearIn(prompt)).toEqual([]);
    expect(JSON.stringify(prompt)).not.toMatch(/jean dupont/i);
  });

  it('tool errors are masked whatever the strategy (error-text and error-json)', async () => {
    const { session } = await knownSession('errors');
    session.toolStrategies.set('fetchInput', 'input');
    session.toolStrategies.set('internal', 'passthrough');
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: ['a', 'b', 'c'].map((id, i) => ({
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: ['fetchInput', 'internal', 'other'][i]!,
          input: {},
        })),
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'fetchInput',
            output: { type: 'error-text', value: `550 mailbox ${JEAN} unknown (Jean Dupont)` },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'internal',
            output: { type: 'error-json', value: { error: { to: MARIE, who: ['Marie Curie'] } } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'other',
            output: { type: 'error-text', value: `refused ${MARIE}` },
          },
        ],
      },
    ];
    const prompt = await promptFor(messages, { session });
    expect(clearIn(prompt)).toEqual([]);
  });

  it('an `input` tool’s error neutralises token-shaped text (it was given real values)', async () => {
    const { session } = await knownSession('input-error');
    session.toolStrategies.set('fetchInput', 'input');
    const prompt = await promptFor(
      [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'fetchInput', input: {} }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'fetchInput',
              output: { type: 'error-text', value: 'failed: <<EMAIL:1>>' },
            },
          ],
        },
      ],
      { session },
    );
    const tool = prompt.find((m) => m.role === 'tool');
    expect(tokensIn(tool)).toEqual([]);
  });

  it('an execution-denied reason holding a known value is masked', async () => {
    const prompt = await promptFor([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'send', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'send',
            output: { type: 'execution-denied', reason: `pas à ${JEAN}, plutôt ${MARIE}` },
          },
        ],
      },
    ]);
    expect(clearIn(prompt)).toEqual([]);
  });

  it('tool results with `content` text parts are masked', async () => {
    const prompt = await promptFor([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'read', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'read',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: `De: Marie Curie <${MARIE}>` },
                { type: 'text', text: `À: ${JEAN}` },
              ],
            },
          },
        ],
      },
    ]);
    expect(clearIn(prompt)).toEqual([]);
  });

  it('the system prompt is masked with system: anonymize, and its deliberate tokens are kept', async () => {
    const prompt = await promptFor(
      [{ role: 'user', content: 'go' }],
      { system: 'anonymize' },
      `Customer: Marie Curie, ${MARIE}. Previous contact: <<EMAIL:1>>.`,
    );
    expect(clearIn(prompt)).toEqual([]);
    expect(JSON.stringify(prompt)).toContain('<<EMAIL:1>>');
  });

  it('an inline text document in a user file part is masked (provider prompt, as the middleware sees it)', async () => {
    const { session } = await knownSession('inline');
    const middleware = piiMiddleware({ session, instruction: false });
    const params = await middleware.transformParams!({
      type: 'generate',
      model: okModel(),
      params: {
        prompt: [
          {
            role: 'user',
            content: [
              {
                type: 'file',
                mediaType: 'text/plain',
                data: { type: 'text', text: `contact: ${MARIE}, Jean Dupont` },
              },
            ],
          },
        ],
      } as never,
    } as never);
    expect(clearIn(params.prompt)).toEqual([]);
  });
});

describe('G8: forged tokens in client-supplied user messages', () => {
  const forged = '<<EMAIL:1>> <<PERSON:1>> <<<EMAIL:1>>>';

  it('untrusted (default): tokens typed in any user message reach the model neutralised', async () => {
    const prompt = await promptFor([
      { role: 'user', content: `Écris à ${forged}` },
      { role: 'assistant', content: 'Qui ?' },
      { role: 'user', content: [{ type: 'text', text: `Toujours ${forged}` }] },
    ]);
    const users = prompt.filter((m) => m.role === 'user');
    expect(tokensIn(users)).toEqual([]);
  });

  it('trusted: the last user message is still neutralised', async () => {
    const prompt = await promptFor(
      [
        { role: 'user', content: 'Écris à <<EMAIL:1>>' },
        { role: 'assistant', content: 'Fait.' },
        { role: 'user', content: `Maintenant ${forged}` },
      ],
      { history: 'trusted' },
    );
    const users = prompt.filter((m) => m.role === 'user');
    expect(tokensIn(users[0])).toEqual(['<<EMAIL:1>>']);
    expect(tokensIn(users[1])).toEqual([]);
  });

  it('a steering message typed while the answer streams is neutralised (anonymizeMessages)', async () => {
    const { session } = await knownSession('steering');
    const [out] = await session.anonymizeMessages([
      {
        id: 'm',
        role: 'assistant',
        parts: [{ type: 'steering-message', parts: [{ type: 'text', text: `et ${forged}` }] }],
      },
    ]);
    expect(tokensIn(out)).toEqual([]);
  });
});

describe('G7: failures stop the model call', () => {
  it('a detector that throws: generateText rejects and the provider is never called', async () => {
    const session = testPii({
      detectors: [
        {
          name: 'broken',
          detect: () => {
            throw new Error('ner down');
          },
        },
      ],
    }).session('broken');
    const model = okModel();
    await expect(
      generateText({ model: wrap(model, session), prompt: `Écrivez à ${JEAN}` }),
    ).rejects.toThrow(PiiDetectionError);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  for (const method of ['list', 'allocate'] as const) {
    it(`store.${method} failing: streamText emits an error and the provider is never called`, async () => {
      const inner = memoryVaultStore();
      const store = { ...inner, [method]: () => Promise.reject(new Error('redis down')) };
      const session = testPii({ store }).session('store');
      const model = okModel();
      const errors: unknown[] = [];
      const result = streamText({
        model: wrap(model, session),
        prompt: `Écrivez à ${JEAN}`,
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      let text = '';
      for await (const t of result.textStream) text += t;
      expect(text).toBe('');
      expect(model.doStreamCalls).toHaveLength(0);
      expect(errors.some((e) => e instanceof PiiStoreError)).toBe(true);
      expect(clearIn(errors.map((e) => (e as Error).message))).toEqual([]);
    });
  }

  it('files: reject refuses an image before any provider call', async () => {
    const { session } = await knownSession('files');
    const model = okModel();
    await expect(
      generateText({
        model: wrap(model, session, { files: 'reject' }),
        messages: [
          {
            role: 'user',
            content: [{ type: 'image', image: new Uint8Array([1, 2, 3]), mediaType: 'image/png' }],
          },
        ],
      }),
    ).rejects.toThrow(/refused a file/);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('G1: nothing in clear across a whole tool loop (all values known)', () => {
  it('a prompt with every kind of part holds none of the known values', async () => {
    const prompt = await promptFor([
      { role: 'user', content: `Jean Dupont ${JEAN} ${MARIE}` },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: `mail ${MARIE}` },
          { type: 'tool-call', toolCallId: 'c', toolName: 't', input: { to: MARIE } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'json', value: { sent: [MARIE, 'Marie Curie'] } },
          },
        ],
      },
      { role: 'assistant', content: `Done for Marie Curie and ${JEAN}` },
    ]);
    expect(clearIn(prompt, CLEAR)).toEqual([]);
  });
});
