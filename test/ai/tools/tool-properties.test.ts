import {
  generateText,
  type InferToolInput,
  type InferToolOutput,
  type ModelMessage,
  stepCountIs,
  type Tool,
  tool,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { clearValuesIn, conversation, JEAN_EMAIL } from './conversation';
import { generateText as textResult, toolCallingModel } from './model-fixtures';

const sendEmail = tool({
  description: 'Sends an e-mail',
  inputSchema: z.object({ to: z.string().email(), cc: z.array(z.string()).optional() }),
  execute: async ({ to }) => ({ sentTo: to, ok: true as const }),
});

describe('types', () => {
  it('the wrapped tool set has the type of the given one, input and output types included', async () => {
    const { session } = await conversation();
    const tools = { sendEmail, ping: tool({ inputSchema: z.object({}), execute: async () => 42 }) };
    const wrapped = withPiiTools(tools, { session });

    expectTypeOf(wrapped).toEqualTypeOf<typeof tools>();
    expectTypeOf<InferToolInput<typeof wrapped.sendEmail>>().toEqualTypeOf<{
      to: string;
      cc?: string[] | undefined;
    }>();
    expectTypeOf<InferToolOutput<typeof wrapped.sendEmail>>().toEqualTypeOf<{
      sentTo: string;
      ok: true;
    }>();
    expectTypeOf<InferToolOutput<typeof wrapped.ping>>().toEqualTypeOf<number>();

    // Strategy maps and allow-lists only accept the set's tool names.
    // @ts-expect-error: 'sendMail' is not a tool of this set
    expect(() => withPiiTools(tools, { session, strategy: { sendMail: 'output' } })).toThrow();
    // @ts-expect-error: 'pong' is not a tool of this set
    expect(() => withPiiTools(tools, { session, restore: { pong: ['EMAIL'] } })).toThrow();
    // @ts-expect-error: not a strategy
    expect(() => withPiiTools(tools, { session, strategy: 'all' })).toThrow();
  });
});

describe('tool properties', () => {
  it('every property survives: description, toModelOutput, needsApproval, onInput*, metadata, symbols, non-enumerable ones', async () => {
    const { session } = await conversation();
    const marker = Symbol('marker');
    const announced: { self: unknown; event: unknown }[] = [];
    const original = {
      ...tool({
        description: 'Sends an e-mail',
        title: 'Send',
        inputSchema: z.object({ to: z.string() }),
        strict: true,
        providerOptions: { openai: { x: 1 } },
        needsApproval: async () => true,
        onInputStart: () => {},
        onInputDelta: () => {},
        onInputAvailable: function (this: unknown, event) {
          announced.push({ self: this, event });
        },
        toModelOutput: () => ({ type: 'text' as const, value: 'x' }),
        execute: async () => 'ok',
      }),
      _meta: { 'mcp/ui': 'card' },
      [marker]: 'kept',
    };
    Object.defineProperty(original, 'hidden', { value: 'kept too', enumerable: false });

    const wrapped = withPiiTools({ send: original }, { session }).send;
    expect(wrapped).not.toBe(original);
    for (const key of [
      'description',
      'title',
      'strict',
      'providerOptions',
      'needsApproval',
      'onInputStart',
      'onInputDelta',
      'toModelOutput',
      '_meta',
    ] as const) {
      expect(wrapped[key], key).toBe(original[key]);
    }
    // onInputAvailable records the call as proposed by the model (resumed approvals are
    // verified against it), then calls the tool's own with the same event and `this`.
    const event = { input: { to: '<<EMAIL:1>>' }, toolCallId: 'c1', messages: [] };
    await wrapped.onInputAvailable!.call(wrapped, event as never);
    expect(announced).toEqual([{ self: wrapped, event }]);
    expect(wrapped[marker]).toBe('kept');
    expect((wrapped as unknown as { hidden: string }).hidden).toBe('kept too');
    expect(wrapped.execute).not.toBe(original.execute);
    expect(wrapped.inputSchema).not.toBe(original.inputSchema);
  });

  it('tools without execute (provider-executed, client-side) are returned as they are', async () => {
    const { session } = await conversation();
    const webSearch = {
      type: 'provider',
      id: 'openai.web_search',
      args: {},
      isProviderExecuted: true,
      inputSchema: z.object({ query: z.string() }),
    } as const satisfies Tool;
    const askUser = tool({ inputSchema: z.object({ question: z.string() }) });
    const wrapped = withPiiTools({ webSearch, askUser }, { session });
    expect(wrapped.webSearch).toBe(webSearch);
    expect(wrapped.askUser).toBe(askUser);
  });

  it('`this` and the options argument reach execute as the SDK gave them', async () => {
    const { session, prompt } = await conversation();
    const seen: { self?: unknown; toolCallId?: string; messages?: unknown; abortSignal?: unknown } =
      {};
    const tools = withPiiTools(
      {
        send: tool({
          inputSchema: z.object({ to: z.string() }),
          execute: function (this: unknown, _input, options) {
            seen.self = this;
            seen.toolCallId = options.toolCallId;
            seen.messages = options.messages;
            seen.abortSignal = options.abortSignal;
            return Promise.resolve('ok');
          },
        }),
      },
      { session },
    );
    const controller = new AbortController();
    await generateText({
      model: toolCallingModel({
        toolName: 'send',
        input: { to: '<<EMAIL:1>>' },
        toolCallId: 'call-42',
      }),
      tools,
      prompt,
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    });
    expect(seen.self).toBe(tools.send);
    expect(seen.toolCallId).toBe('call-42');
    expect(Array.isArray(seen.messages)).toBe(true);
    expect(seen.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('an approved call resumed in a later request (input from the history, never validated here) is restored too', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const tools = withPiiTools(
      {
        sendEmail: tool({
          inputSchema: z.object({ to: z.string().email() }),
          needsApproval: true,
          execute: async ({ to }) => {
            received.push(to);
            return `sent to ${to}`;
          },
        }),
      },
      { session },
    );
    const first = await generateText({
      model: toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:1>>' } }),
      tools,
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([]);
    const request = first.content.find((p) => p.type === 'tool-approval-request');
    expect(request).toBeDefined();

    const model = new MockLanguageModelV3({ doGenerate: [textResult('Sent.')] });
    const messages: ModelMessage[] = [
      { role: 'user', content: prompt },
      ...first.response.messages,
      {
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: (request as { approvalId: string }).approvalId,
            approved: true,
          },
        ],
      },
    ];
    await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
    expect(received).toEqual([JEAN_EMAIL]);
    expect(clearValuesIn(model.doGenerateCalls[0]!.prompt)).toEqual([]);
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('sent to <<EMAIL:1>>');
  });
});
