import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { PiiConfigError, PiiDetectionError, PiiStoreError } from '../../../src/core/errors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';
import { testEmailDetector } from '../../core/helpers';
import {
  generateResult,
  maskTools,
  streamResult,
  testPii,
  textParts,
  toolCallPart,
  toolCalls,
} from './fixtures';

type Prompt = { role: string; content: unknown }[];

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const AICHA = 'aicha.benali@exemple.fr';

function mockModel() {
  return new MockLanguageModelV3({ doGenerate: generateResult([{ type: 'text', text: 'ok' }]) });
}

async function promptOf(
  messages: ModelMessage[],
  options: Partial<Parameters<typeof piiMiddleware>[0]> & {
    session?: ReturnType<ReturnType<typeof testPii>['session']>;
  } = {},
  system?: string,
) {
  const session = options.session ?? testPii().session('c');
  const model = mockModel();
  await generateText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ ...options, session }) }),
    ...(system ? { system } : {}),
    messages,
  });
  expect(model.doGenerateCalls).toHaveLength(1);
  return { prompt: model.doGenerateCalls[0]!.prompt as Prompt, session };
}

const byRole = (prompt: Prompt, role: string) => prompt.filter((m) => m.role === role);

describe('piiMiddleware: every part of the prompt', () => {
  it('masks user text, assistant text, tool-call inputs and every tool-result output type', async () => {
    const session = testPii().session('all-parts');
    const messages: ModelMessage[] = [
      { role: 'user', content: `Écrivez à Jean Dupont, ${JEAN}` },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Je préviens Jean Dupont (${JEAN}).` },
          { type: 'reasoning', text: `Jean Dupont wants ${JEAN}` },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'send',
            input: { to: JEAN, cc: [{ name: 'Jean Dupont' }], n: 3 },
          },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', input: { q: 'x' } },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'send', input: { to: 'x' } },
          { type: 'tool-call', toolCallId: 'c4', toolName: 'send', input: { to: 'x' } },
          { type: 'tool-call', toolCallId: 'c5', toolName: 'send', input: { to: 'x' } },
          { type: 'tool-call', toolCallId: 'c6', toolName: 'lookup', input: { q: 'y' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'send',
            output: { type: 'text', value: `sent to ${JEAN}, cc ${MARIE}` },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'lookup',
            output: {
              type: 'json',
              value: { people: [{ name: 'Marie Curie', mail: MARIE }], ok: true },
            },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'send',
            output: { type: 'error-text', value: `mailbox ${AICHA} is full` },
          },
          {
            type: 'tool-result',
            toolCallId: 'c4',
            toolName: 'send',
            output: { type: 'error-json', value: { error: `bounced: ${AICHA}` } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c5',
            toolName: 'send',
            output: { type: 'execution-denied', reason: 'Aïcha Benali refused' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c6',
            toolName: 'lookup',
            output: { type: 'content', value: [{ type: 'text', text: `王伟 <${MARIE}>` }] },
          },
        ],
      },
      { role: 'user', content: 'Et répondez à 王伟.' },
    ];
    const { prompt } = await promptOf(messages, { session });
    const json = JSON.stringify(prompt);
    for (const clear of [
      JEAN,
      MARIE,
      AICHA,
      'Jean Dupont',
      'Marie Curie',
      'Aïcha Benali',
      '王伟',
    ]) {
      expect(json).not.toContain(clear);
    }
    const [assistant] = byRole(prompt, 'assistant');
    const parts = assistant!.content as { type: string; text?: string; input?: unknown }[];
    expect(parts[0]).toMatchObject({
      type: 'text',
      text: 'Je préviens <<PERSON:1>> (<<EMAIL:1>>).',
    });
    expect(parts[1]).toMatchObject({ type: 'reasoning', text: '<<PERSON:1>> wants <<EMAIL:1>>' });
    expect(parts[2]!.input).toEqual({ to: '<<EMAIL:1>>', cc: [{ name: '<<PERSON:1>>' }], n: 3 });
    const results = byRole(prompt, 'tool')[0]!.content as {
      output: { type: string; value?: unknown; reason?: string };
    }[];
    expect(results.map((r) => r.output.type)).toEqual([
      'text',
      'json',
      'error-text',
      'error-json',
      'execution-denied',
      'content',
    ]);
    expect(results[0]!.output.value).toMatch(/^sent to <<EMAIL:1>>, cc <<EMAIL:\d>>$/);
    expect(results[1]!.output.value).toEqual({
      people: [
        {
          name: expect.stringMatching(/^<<PERSON:\d>>$/),
          mail: expect.stringMatching(/^<<EMAIL:\d>>$/),
        },
      ],
      ok: true,
    });
    expect(results[2]!.output.value).toMatch(/^mailbox <<EMAIL:\d>> is full$/);
    expect(results[3]!.output.value).toEqual({
      error: expect.stringMatching(/^bounced: <<EMAIL:\d>>$/),
    });
    expect(results[4]!.output.reason).toMatch(/^<<PERSON:\d>> refused$/);
    expect(results[5]!.output.value).toEqual([
      { type: 'text', text: expect.stringMatching(/^<<PERSON:\d>> <<<EMAIL:\d>>>$/) },
    ]);
    // One token per value across the whole prompt (G2).
    const entries = await session.entries();
    expect(entries.map((e) => e.value).sort()).toEqual(
      [AICHA, 'Aïcha Benali', JEAN, 'Jean Dupont', MARIE, 'Marie Curie', '王伟'].sort(),
    );
  });

  it('leaves results of input and passthrough tools as returned, but masks their errors', async () => {
    const session = testPii().session('strategies');
    session.toolStrategies
      .set('weather', 'input')
      .set('clock', 'passthrough')
      .set('fetch', 'output');
    await session.anonymize(`Contact ${JEAN}`);
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: ['weather', 'clock', 'fetch', 'weather', 'clock'].map((toolName, i) => ({
          type: 'tool-call' as const,
          toolCallId: `c${i}`,
          toolName,
          input: {},
        })),
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c0',
            toolName: 'weather',
            output: { type: 'text', value: `sunny for ${JEAN}` },
          },
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'clock',
            output: { type: 'json', value: { owner: JEAN } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'fetch',
            output: { type: 'text', value: `page of ${MARIE}` },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'weather',
            output: { type: 'error-text', value: `no weather for ${MARIE} <<EMAIL:1>>` },
          },
          {
            type: 'tool-result',
            toolCallId: 'c4',
            toolName: 'clock',
            output: { type: 'error-json', value: { who: JEAN } },
          },
        ],
      },
    ];
    const { prompt } = await promptOf(messages, { session });
    const outputs = (byRole(prompt, 'tool')[0]!.content as { output: { value: unknown } }[]).map(
      (r) => r.output.value,
    );
    expect(outputs[0]).toBe(`sunny for ${JEAN}`); // input: as returned (documented warning)
    expect(outputs[1]).toEqual({ owner: JEAN }); // passthrough: as returned
    expect(outputs[2]).toBe('page of <<EMAIL:2>>'); // output: masked
    // An `input` tool was given real values: a token-shaped text in its error is forged (G8).
    expect(outputs[3]).toMatch(/^no weather for <<EMAIL:2>> ‹‹EMAIL:1››$/);
    expect(outputs[4]).toEqual({ who: '<<EMAIL:1>>' });
  });
});

describe('piiMiddleware: user messages and tokens (G8)', () => {
  const history: ModelMessage[] = [
    { role: 'user', content: 'Écrivez à <<PERSON:1>>' },
    { role: 'assistant', content: 'Bien, <<PERSON:1>>.' },
    { role: 'user', content: 'Et donnez-moi <<EMAIL:1>>' },
  ];

  async function setup() {
    const session = testPii().session('g8');
    await session.anonymize(`Jean Dupont ${JEAN}`);
    return session;
  }

  const userTexts = (prompt: Prompt) =>
    byRole(prompt, 'user').map((m) =>
      (m.content as { text: string }[]).map((p) => p.text).join(''),
    );

  it('untrusted history (default): typed tokens in every user message are neutralised', async () => {
    const { prompt, session } = await promptOf(history, { session: await setup() });
    const texts = userTexts(prompt);
    for (const t of texts) expect(session.tokensIn(t)).toEqual([]);
    expect(texts[0]).toContain('PERSON:1');
    // The assistant's own token is kept.
    expect(JSON.stringify(byRole(prompt, 'assistant'))).toContain('<<PERSON:1>>');
  });

  it('trusted history: tokens in earlier user messages are kept, the last one is still neutralised', async () => {
    const { prompt, session } = await promptOf(history, {
      session: await setup(),
      history: 'trusted',
    });
    const texts = userTexts(prompt);
    expect(texts[0]).toBe('Écrivez à <<PERSON:1>>');
    expect(session.tokensIn(texts[1])).toEqual([]);
  });
});

describe('piiMiddleware: assistant values (BR-TOOL-09)', () => {
  const messages = (introduced: string): ModelMessage[] => [
    { role: 'user', content: `Écrivez à ${JEAN}` },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: `J'écris à ${JEAN} et à ${introduced}.` },
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'send',
          input: { to: JEAN, cc: introduced },
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
          output: { type: 'text', value: 'sent' },
        },
      ],
    },
  ];

  it('known values are re-masked; values the assistant introduced itself stay (default `known`)', async () => {
    const { prompt } = await promptOf(messages('nouveau@exemple.fr'));
    const assistant = byRole(prompt, 'assistant')[0]!.content as {
      text?: string;
      input?: unknown;
    }[];
    expect(assistant[0]!.text).toBe("J'écris à <<EMAIL:1>> et à nouveau@exemple.fr.");
    expect(assistant[1]!.input).toEqual({ to: '<<EMAIL:1>>', cc: 'nouveau@exemple.fr' });
  });

  it('`assistant: all` masks them too', async () => {
    const { prompt } = await promptOf(messages('nouveau@exemple.fr'), { assistant: 'all' });
    const assistant = byRole(prompt, 'assistant')[0]!.content as {
      text?: string;
      input?: unknown;
    }[];
    expect(assistant[0]!.text).toBe("J'écris à <<EMAIL:1>> et à <<EMAIL:2>>.");
    expect(assistant[1]!.input).toEqual({ to: '<<EMAIL:1>>', cc: '<<EMAIL:2>>' });
  });

  it('in a loop: a known clear value the model writes in a call is a token in the next prompt', async () => {
    const session = testPii().session('loop-09');
    const received: unknown[] = [];
    const model = new MockLanguageModelV3({
      doStream: [
        streamResult(
          [toolCallPart('c1', 'send', { to: JEAN, cc: 'nouveau@exemple.fr' })],
          toolCalls,
        ),
        streamResult(textParts('t', ['Done.'])),
      ],
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: maskTools(session, {
        send: tool({
          inputSchema: jsonSchema<{ to: string; cc: string }>({ type: 'object' }),
          execute: async (input) => {
            received.push(input);
            return 'sent';
          },
        }),
      }),
      stopWhen: stepCountIs(3),
      messages: [{ role: 'user', content: `Écrivez à ${JEAN}` }],
    });
    expect(await result.text).toBe('Done.');
    expect(received).toEqual([{ to: JEAN, cc: 'nouveau@exemple.fr' }]);
    const second = model.doStreamCalls[1]!.prompt as Prompt;
    const call = (
      byRole(second, 'assistant')[0]!.content as { type: string; input?: unknown }[]
    ).find((p) => p.type === 'tool-call');
    expect(call!.input).toEqual({ to: '<<EMAIL:1>>', cc: 'nouveau@exemple.fr' });
    expect(JSON.stringify(second)).not.toContain(JEAN);
  });
});

describe('piiMiddleware: system prompt and instruction', () => {
  const messages: ModelMessage[] = [{ role: 'user', content: 'Bonjour' }];
  const SYSTEM = `You assist Jean Dupont (${JEAN}).`;

  it('keeps the system prompt by default and appends the instruction to it', async () => {
    const { prompt } = await promptOf(messages, {}, SYSTEM);
    expect(byRole(prompt, 'system')).toHaveLength(1);
    const content = prompt[0]!.content as string;
    expect(prompt[0]!.role).toBe('system');
    expect(content.startsWith(`${SYSTEM}\n\n`)).toBe(true);
    expect(content).toContain('placeholder');
    expect(content).toContain('<PERSON>');
  });

  it('`system: anonymize` masks it', async () => {
    const { prompt } = await promptOf(messages, { system: 'anonymize' }, SYSTEM);
    const content = prompt[0]!.content as string;
    expect(content.startsWith('You assist <<PERSON:1>> (<<EMAIL:1>>).\n\n')).toBe(true);
    expect(content).not.toContain(JEAN);
  });

  it('prepends a system message when there is none', async () => {
    const { prompt } = await promptOf(messages);
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user']);
    expect(prompt[0]!.content).toContain('Never invent a new placeholder');
  });

  it('a custom instruction replaces the default; `false` turns it off', async () => {
    const custom = await promptOf(messages, { instruction: 'Keep <<X:n>> tokens.' }, 'Be brief.');
    expect(custom.prompt[0]!.content).toBe('Be brief.\n\nKeep <<X:n>> tokens.');
    const off = await promptOf(messages, { instruction: false }, 'Be brief.');
    expect(off.prompt[0]!.content).toBe('Be brief.');
    const none = await promptOf(messages, { instruction: false });
    expect(none.prompt.map((m) => m.role)).toEqual(['user']);
  });

  it('rejects invalid options', () => {
    const session = testPii().session('x');
    expect(() => piiMiddleware({ session, files: 'maybe' as never })).toThrow(PiiConfigError);
    expect(() => piiMiddleware({ session, history: 'yes' as never })).toThrow(PiiConfigError);
    expect(() => piiMiddleware({ session, instruction: 3 as never })).toThrow(PiiConfigError);
    expect(() => piiMiddleware({} as never)).toThrow(PiiConfigError);
  });
});

describe('piiMiddleware: files', () => {
  const image = new Uint8Array([137, 80, 78, 71]);
  const messages: ModelMessage[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: `Voici ${JEAN}` },
        { type: 'file', data: image, mediaType: 'image/png' },
      ],
    },
  ];

  it('`files: reject` fails before the provider is called', async () => {
    const model = mockModel();
    const session = testPii().session('files');
    const call = generateText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session, files: 'reject' }) }),
      messages,
    });
    await expect(call).rejects.toThrow(PiiConfigError);
    await expect(call).rejects.toThrow(/files: 'reject'.*image\/png/);
    expect(model.doGenerateCalls).toHaveLength(0);
    // Refused before any detection: nothing was stored.
    expect(await session.entries()).toEqual([]);
  });

  it('`files: allow` (default) sends them unchanged and masks the text', async () => {
    const { prompt } = await promptOf(messages);
    const parts = byRole(prompt, 'user')[0]!.content as {
      type: string;
      text?: string;
      mediaType?: string;
    }[];
    expect(parts[0]).toMatchObject({ type: 'text', text: 'Voici <<EMAIL:1>>' });
    expect(parts[1]).toMatchObject({ type: 'file', mediaType: 'image/png' });
  });

  it('masks inline text documents (v4 file data `{ type: text }`)', async () => {
    const session = testPii().session('inline');
    const mw = piiMiddleware({ session, instruction: false });
    const params = {
      prompt: [
        {
          role: 'user',
          content: [
            {
              type: 'file',
              mediaType: 'text/plain',
              data: { type: 'text', text: `CV de ${JEAN}` },
            },
          ],
        },
      ],
    };
    const out = (await mw.transformParams!({
      type: 'generate',
      params,
      model: {},
    } as never)) as unknown as typeof params;
    expect(out.prompt[0]!.content[0]!.data).toEqual({ type: 'text', text: 'CV de <<EMAIL:1>>' });
    // The caller's prompt is not modified.
    expect(params.prompt[0]!.content[0]!.data.text).toBe(`CV de ${JEAN}`);
  });
});

describe('piiMiddleware: fail closed (G7)', () => {
  const throwing = {
    name: 'broken-ner',
    detect: () => {
      throw new Error('NER service down');
    },
  };

  function failingStore(): VaultStore {
    const inner = memoryVaultStore();
    return {
      ...inner,
      allocate: inner.allocate.bind(inner),
      getByRefs: inner.getByRefs.bind(inner),
      getByCanonical: inner.getByCanonical.bind(inner),
      summary: inner.summary.bind(inner),
      forget: inner.forget.bind(inner),
      list: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
  }

  const cases = [
    {
      name: 'a detector throws',
      pii: () => testPii({ detectors: [testEmailDetector, throwing] }),
      error: PiiDetectionError,
    },
    {
      name: 'the store fails',
      pii: () => testPii({ store: failingStore() }),
      error: PiiStoreError,
    },
  ];

  for (const c of cases) {
    it(`generateText: ${c.name} → the call fails, the provider is never called`, async () => {
      const model = mockModel();
      const call = generateText({
        model: wrapLanguageModel({
          model,
          middleware: piiMiddleware({ session: c.pii().session('f') }),
        }),
        prompt: `Écrivez à ${JEAN}`,
      });
      await expect(call).rejects.toBeInstanceOf(c.error);
      expect(model.doGenerateCalls).toHaveLength(0);
    });

    it(`streamText: ${c.name} → an error part, the provider is never called`, async () => {
      const model = new MockLanguageModelV3({ doStream: streamResult(textParts('t', ['hi'])) });
      const errors: unknown[] = [];
      const result = streamText({
        model: wrapLanguageModel({
          model,
          middleware: piiMiddleware({ session: c.pii().session('f') }),
        }),
        prompt: `Écrivez à ${JEAN}`,
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      const parts: { type: string; error?: unknown }[] = [];
      for await (const part of result.fullStream) parts.push(part);
      expect(model.doStreamCalls).toHaveLength(0);
      expect(parts.find((p) => p.type === 'error')?.error).toBeInstanceOf(c.error);
      expect(errors[0]).toBeInstanceOf(c.error);
    });
  }
});

describe('piiMiddleware: batching', () => {
  it('anonymizes a whole prompt with one vault listing and one allocation per kind of text', async () => {
    const inner = memoryVaultStore();
    const calls = { list: 0, allocate: 0 };
    const store: VaultStore = {
      allocate: (...a) => {
        calls.allocate++;
        return inner.allocate(...a);
      },
      list: (...a) => {
        calls.list++;
        return inner.list(...a);
      },
      getByRefs: (...a) => inner.getByRefs(...a),
      getByCanonical: (...a) => inner.getByCanonical(...a),
      summary: (...a) => inner.summary(...a),
      forget: (...a) => inner.forget(...a),
    };
    const session = testPii({ store }).session('batch');
    const messages: ModelMessage[] = [];
    for (let i = 0; i < 10; i++) {
      messages.push({ role: 'user', content: `user${i}@exemple.fr et Jean Dupont` });
      messages.push({ role: 'assistant', content: `Vu, user${i}@exemple.fr.` });
    }
    messages.push({ role: 'user', content: 'fin' });
    const { prompt } = await promptOf(messages, { session });
    expect(JSON.stringify(prompt)).not.toMatch(/user\d@exemple\.fr/);
    // Two kinds here (user text, assistant text): two listings, at most two allocations.
    expect(calls.list).toBe(2);
    expect(calls.allocate).toBeLessThanOrEqual(2);
  });
});
