import { asSchema, generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import {
  clearValuesIn,
  conversation,
  JEAN_EMAIL,
  MARIE_EMAIL,
  toolResultsIn,
} from './conversation';
import { toolCallingModel } from './model-fixtures';

const noInput = z.object({});

describe('tool results', () => {
  it('structured results are masked leaf by leaf; numbers, booleans and null are kept', async () => {
    const { session, prompt } = await conversation();
    const crm = tool({
      inputSchema: noInput,
      execute: async () => ({
        contacts: [
          { name: 'Marie Curie', email: MARIE_EMAIL, score: 0.9, vip: true },
          { name: 'Jean Dupont', email: JEAN_EMAIL, score: 0.5, vip: false },
        ],
        total: 2,
        next: null,
      }),
    });
    const model = toolCallingModel({ toolName: 'crm', input: {} });
    const result = await generateText({
      model,
      tools: withPiiTools({ crm }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    const expected = {
      contacts: [
        { name: '<<PERSON:2>>', email: '<<EMAIL:2>>', score: 0.9, vip: true },
        { name: '<<PERSON:1>>', email: '<<EMAIL:1>>', score: 0.5, vip: false },
      ],
      total: 2,
      next: null,
    };
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output).toEqual({
      type: 'json',
      value: expected,
    });
    expect(result.steps[0]!.toolResults[0]!.output).toEqual(expected);
  });

  it('class instances in results are masked through their JSON form', async () => {
    const { session, prompt } = await conversation();
    class Contact {
      constructor(readonly email: string) {}
    }
    const crm = tool({
      inputSchema: noInput,
      execute: async () => ({ contact: new Contact(MARIE_EMAIL) }),
    });
    const model = toolCallingModel({ toolName: 'crm', input: {} });
    await generateText({
      model,
      tools: withPiiTools({ crm }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toEqual({
      contact: { email: '<<EMAIL:2>>' },
    });
  });

  it('token-shaped text in the result of a tool given real values is neutralised (G8); a tool given tokens may echo them', async () => {
    const { session, prompt } = await conversation();
    const echo = tool({
      inputSchema: z.object({ to: z.string() }),
      execute: async () => 'voir <<EMAIL:1>>',
    });
    const model = toolCallingModel(
      { toolName: 'full', input: { to: 'x' } },
      { toolName: 'output', input: { to: 'x' } },
    );
    await generateText({
      model,
      tools: withPiiTools(
        { full: echo, output: echo },
        { session, strategy: { full: 'full', output: 'output' } },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    const [full, output] = toolResultsIn(model.doGenerateCalls[1]!.prompt).map((r) =>
      String(r.output.value),
    );
    expect(full).not.toContain('<<EMAIL:1>>');
    expect(await session.restore(full!)).not.toContain(JEAN_EMAIL);
    expect(output).toBe('voir <<EMAIL:1>>');
  });

  it('streamed (async generator) results are masked value by value, preliminary ones included', async () => {
    const { session, prompt } = await conversation();
    const search = tool({
      inputSchema: z.object({ who: z.string() }),
      async *execute({ who }) {
        yield { status: 'searching', who };
        yield { status: 'found', who, email: MARIE_EMAIL };
      },
    });
    const model = toolCallingModel({ toolName: 'search', input: { who: '<<PERSON:1>>' } });
    const result = streamText({
      model,
      tools: withPiiTools({ search }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    const outputs: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'tool-result')
        outputs.push({ preliminary: part.preliminary ?? false, output: part.output });
    }
    expect(outputs).toEqual([
      { preliminary: true, output: { status: 'searching', who: '<<PERSON:1>>' } },
      { preliminary: true, output: { status: 'found', who: '<<PERSON:1>>', email: '<<EMAIL:2>>' } },
      {
        preliminary: false,
        output: { status: 'found', who: '<<PERSON:1>>', email: '<<EMAIL:2>>' },
      },
    ]);
    const step2 = model.doStreamCalls[1]!.prompt;
    expect(toolResultsIn(step2)[0]!.output.value).toEqual({
      status: 'found',
      who: '<<PERSON:1>>',
      email: '<<EMAIL:2>>',
    });
    expect(clearValuesIn(step2)).toEqual([]);
  });

  it('the wrapper returns an async iterable synchronously when the tool does', async () => {
    const { session } = await conversation();
    const search = tool({
      inputSchema: z.object({ who: z.string() }),
      async *execute({ who }) {
        yield `looking for ${who}`;
      },
    });
    const wrapped = withPiiTools({ search }, { session });
    const input = { who: '<<PERSON:1>>' };
    // As the SDK does: validate first (this restores), announce the call (this records it as
    // proposed by the model), then execute with the validated input.
    const validated = await asSchema(wrapped.search.inputSchema).validate!(input);
    expect(validated).toEqual({ success: true, value: input });
    const value = (validated as { value: typeof input }).value;
    await wrapped.search.onInputAvailable!({
      input: value,
      toolCallId: 'c',
      messages: [],
    } as never);
    const returned = wrapped.search.execute!(value, { toolCallId: 'c', messages: [] } as never);
    expect(typeof (returned as AsyncIterable<unknown>)[Symbol.asyncIterator]).toBe('function');
    const values: unknown[] = [];
    for await (const v of returned as AsyncIterable<unknown>) values.push(v);
    expect(values).toEqual(['looking for <<PERSON:1>>']);
  });

  it('thrown errors reach the model with a masked message and no cause (sync throw, rejection, generator, non-Error)', async () => {
    const { session, prompt } = await conversation();
    const boom = (message: string) => new TypeError(`SMTP refused ${JEAN_EMAIL}: ${message}`);
    const tools = withPiiTools(
      {
        syncThrow: tool({
          inputSchema: noInput,
          execute: (() => {
            throw boom('mailbox full');
          }) as () => Promise<string>,
        }),
        rejects: tool({
          inputSchema: noInput,
          execute: async (): Promise<string> => Promise.reject(boom(`cc ${MARIE_EMAIL}`)),
        }),
        generator: tool({
          inputSchema: noInput,
          async *execute() {
            yield 'starting';
            throw boom('midway');
          },
        }),
        throwsString: tool({
          inputSchema: noInput,
          execute: async (): Promise<string> => {
            throw `no route to ${MARIE_EMAIL}`;
          },
        }),
      },
      { session },
    );
    const model = toolCallingModel(
      ...['syncThrow', 'rejects', 'generator', 'throwsString'].map((toolName) => ({
        toolName,
        toolCallId: toolName,
        input: {},
      })),
    );
    const result = await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });

    const step2 = model.doGenerateCalls[1]!.prompt;
    // ai@7 prefixes the error's name ('TypeError: ...'), ai@6 does not.
    const errors = Object.fromEntries(
      toolResultsIn(step2).map((r) => [
        r.toolCallId,
        { ...r.output, value: String(r.output.value).replace(/^(TypeError|Error): /, '') },
      ]),
    );
    expect(errors).toEqual({
      syncThrow: { type: 'error-text', value: 'SMTP refused <<EMAIL:1>>: mailbox full' },
      rejects: { type: 'error-text', value: 'SMTP refused <<EMAIL:1>>: cc <<EMAIL:2>>' },
      generator: { type: 'error-text', value: 'SMTP refused <<EMAIL:1>>: midway' },
      throwsString: { type: 'error-text', value: 'no route to <<EMAIL:2>>' },
    });
    expect(clearValuesIn(step2)).toEqual([]);

    const toolErrors = result.steps[0]!.content.filter((p) => p.type === 'tool-error');
    expect(toolErrors).toHaveLength(4);
    for (const part of toolErrors) {
      const error = part.error;
      expect(clearValuesIn(String(error instanceof Error ? error.message : error))).toEqual([]);
      if (error instanceof Error) {
        expect(error.cause).toBeUndefined();
      }
    }
    const syncError = toolErrors.find((p) => p.toolCallId === 'syncThrow')!.error;
    if (syncError instanceof Error) expect(syncError.name).toBe('TypeError');
  });

  it('under `input` results and errors reach the model as the tool gave them', async () => {
    const { session, prompt } = await conversation();
    const tools = withPiiTools(
      {
        fails: tool({
          inputSchema: noInput,
          execute: async (): Promise<string> => Promise.reject(new Error(`bad ${MARIE_EMAIL}`)),
        }),
      },
      { session, strategy: 'input' },
    );
    const model = toolCallingModel({ toolName: 'fails', input: {} });
    await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toContain(
      `bad ${MARIE_EMAIL}`,
    );
  });

  it('toModelOutput receives the masked output', async () => {
    const { session, prompt } = await conversation();
    const seen: unknown[] = [];
    const crm = tool({
      inputSchema: z.object({ who: z.string() }),
      execute: async ({ who }) => ({ who, email: MARIE_EMAIL }),
      toModelOutput: ({ input, output }) => {
        seen.push({ input, output });
        return { type: 'text', value: `${output.who} <${output.email}>` };
      },
    });
    const model = toolCallingModel({ toolName: 'crm', input: { who: '<<PERSON:1>>' } });
    await generateText({
      model,
      tools: withPiiTools({ crm }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(seen[0]).toEqual({
      input: { who: '<<PERSON:1>>' },
      output: { who: '<<PERSON:1>>', email: '<<EMAIL:2>>' },
    });
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output).toEqual({
      type: 'text',
      value: '<<PERSON:1>> <<<EMAIL:2>>>',
    });
  });
});
