import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { PiiConfigError } from '../../../src/core/errors';
import {
  clearValuesIn,
  conversation,
  JEAN_EMAIL,
  MARIE_EMAIL,
  toolResultsIn,
} from './conversation';
import { toolCallingModel } from './model-fixtures';

/** An echo tool: says what it received and adds a new address. */
function echoTool(received: string[]) {
  return tool({
    inputSchema: z.object({ to: z.string() }),
    execute: async ({ to }) => {
      received.push(to);
      return `got ${to}; cc ${MARIE_EMAIL}`;
    },
  });
}

describe('strategies', () => {
  it('a per-tool map applies each strategy in one streamText loop, with `default` for the others', async () => {
    const { session, prompt } = await conversation();
    const got = { a: [] as string[], b: [] as string[], c: [] as string[], d: [] as string[] };
    const tools = withPiiTools(
      { a: echoTool(got.a), b: echoTool(got.b), c: echoTool(got.c), d: echoTool(got.d) },
      { session, strategy: { default: 'full', b: 'input', c: 'output', d: 'passthrough' } },
    );
    const model = toolCallingModel(
      ...(['a', 'b', 'c', 'd'] as const).map((name) => ({
        toolName: name,
        toolCallId: name,
        input: { to: '<<EMAIL:1>>' },
      })),
    );
    const result = streamText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    await result.consumeStream();

    expect(got).toEqual({
      a: [JEAN_EMAIL],
      b: [JEAN_EMAIL],
      c: ['<<EMAIL:1>>'],
      d: ['<<EMAIL:1>>'],
    });
    const outputs = Object.fromEntries(
      toolResultsIn(model.doStreamCalls[1]!.prompt).map((r) => [r.toolCallId, r.output.value]),
    );
    expect(outputs).toEqual({
      a: 'got <<EMAIL:1>>; cc <<EMAIL:2>>',
      b: `got ${JEAN_EMAIL}; cc ${MARIE_EMAIL}`,
      c: 'got <<EMAIL:1>>; cc <<EMAIL:2>>',
      d: `got <<EMAIL:1>>; cc ${MARIE_EMAIL}`,
    });
    expect(await result.text).toBe('Done.');
  });

  it('`full` is the default, and every tool strategy is recorded on session.toolStrategies', async () => {
    const { session, prompt } = await conversation();
    const got: string[] = [];
    const webSearch = {
      type: 'provider',
      id: 'mock.web_search',
      args: {},
      isProviderExecuted: true,
      inputSchema: z.object({}),
    } as const;
    const tools = withPiiTools(
      { send: echoTool(got), fetchUrl: echoTool([]), webSearch },
      { session, strategy: { fetchUrl: 'output' } },
    );
    expect(Object.fromEntries(session.toolStrategies)).toEqual({
      send: 'full',
      fetchUrl: 'output',
      webSearch: 'full',
    });

    const model = toolCallingModel({ toolName: 'send', input: { to: '<<EMAIL:1>>' } });
    await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    expect(got).toEqual([JEAN_EMAIL]);
    expect(clearValuesIn(model.doGenerateCalls[1]!.prompt)).toEqual([]);
  });

  it('a single strategy value applies to every tool', async () => {
    const { session } = await conversation();
    withPiiTools({ a: echoTool([]), b: echoTool([]) }, { session, strategy: 'input' });
    expect(Object.fromEntries(session.toolStrategies)).toEqual({ a: 'input', b: 'input' });
  });

  it('unknown strategies, unknown tool names and unknown invented choices throw PiiConfigError', async () => {
    const { session } = await conversation();
    const tools = { sendEmail: echoTool([]) };
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong options, as from untyped code
    const wrong = (options: any) => () => withPiiTools(tools, { session, ...options });

    expect(wrong({ strategy: 'everything' })).toThrow(PiiConfigError);
    expect(wrong({ strategy: 'everything' })).toThrow(
      /unknown strategy "everything".*"full", "input", "output", "passthrough"/,
    );
    expect(wrong({ strategy: { sendEmail: 'outptu' } })).toThrow(
      /unknown strategy "outptu" for the tool "sendEmail"/,
    );
    expect(wrong({ strategy: { default: 'nope' } })).toThrow(/for `default`/);
    expect(wrong({ strategy: { sendMail: 'output' } })).toThrow(
      /`strategy` names the tool "sendMail", which is not in the tool set \("sendEmail"\)/,
    );
    expect(wrong({ invented: 'ignore' })).toThrow(/unknown `invented` choice "ignore"/);
    expect(() => withPiiTools(tools, { session: {} as never })).toThrow(
      /`session` must be a PiiSession/,
    );
  });
});
