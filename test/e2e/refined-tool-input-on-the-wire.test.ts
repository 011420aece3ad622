import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import aiPackage from 'ai/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * `experimental_refineToolInput` (ai@7) rewrites a tool call's input after the model wrote it;
 * the SDK runs the tool on the refined input and writes it into the next step's prompt. Values
 * the refinement adds were never in front of the model: the next request body must not show
 * them in clear. ai@6 has no such option, so these tests run on ai@7 only.
 */
const AI_MAJOR = Number(aiPackage.version.split('.')[0]);
const REPORTER = 'jean.dupont@exemple.fr';
const NAME = 'Jean Dupont';

type PiiSession = ReturnType<ReturnType<typeof testPii>['session']>;
const wrap = (model: Parameters<typeof wrapLanguageModel>[0]['model'], session: PiiSession) =>
  wrapLanguageModel({ model, middleware: piiMiddleware({ session }) });

const ticketTool = (received: unknown[]) =>
  tool({
    description: 'Opens a support ticket',
    inputSchema: z.object({
      title: z.string(),
      reporter: z.string().optional(),
      owner: z.object({ name: z.string() }).optional(),
    }),
    execute: async (input) => {
      received.push(input);
      return { id: 42 };
    },
  });

const script = () =>
  recordingProvider(({ index }) =>
    index === 0
      ? { toolCalls: [{ id: 'call_1', name: 'openTicket', args: { title: 'Printer' } }] }
      : { text: ['Ticket 42 is open.'] },
  );

/** ai@7's option, typed loosely so that this file also compiles against ai@6's types. */
const refine = (add: (input: Record<string, unknown>) => Record<string, unknown>) =>
  ({ experimental_refineToolInput: { openTicket: add } }) as Record<string, unknown>;

describe.runIf(AI_MAJOR >= 7)('values added by experimental_refineToolInput (ai@7 only)', () => {
  it('generateText: the next step shows the added address and name as tokens', async () => {
    const session = testPii().session('refine-generate');
    const received: unknown[] = [];
    const recorder = script();
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools({ openTicket: ticketTool(received) }, { session }),
      stopWhen: stepCountIs(3),
      prompt: 'Open a ticket: the printer is broken.',
      ...refine((input) => ({ ...input, reporter: REPORTER, owner: { name: NAME } })),
    });
    expect(received).toEqual([{ title: 'Printer', reporter: REPORTER, owner: { name: NAME } }]);
    expect(recorder.requests).toHaveLength(2);
    expect(recorder.bodies()[1]).toContain('"title\\":\\"Printer\\"');
    expect(findLeaks(recorder.bodies(), [REPORTER, NAME])).toEqual([]);
  });

  it('streamText with a tool that withPiiTools does not wrap (plain jsonSchema)', async () => {
    const session = testPii().session('refine-stream');
    const received: unknown[] = [];
    const recorder = script();
    const result = streamText({
      model: wrap(recorder.model(), session),
      tools: {
        openTicket: tool({
          description: 'Opens a support ticket',
          inputSchema: jsonSchema<{ title: string; reporter?: string }>({
            type: 'object',
            properties: { title: { type: 'string' }, reporter: { type: 'string' } },
          }),
          execute: async (input) => {
            received.push(input);
            return { id: 42 };
          },
        }),
      },
      stopWhen: stepCountIs(3),
      prompt: 'Open a ticket: the printer is broken.',
      ...refine((input) => ({ ...input, reporter: `${NAME} <${REPORTER}>` })),
    });
    await result.consumeStream();
    expect(received).toEqual([{ title: 'Printer', reporter: `${NAME} <${REPORTER}>` }]);
    expect(recorder.requests).toHaveLength(2);
    expect(findLeaks(recorder.bodies(), [REPORTER, NAME])).toEqual([]);
  });

  it('a value the model wrote itself stays as written (BR-TOOL-09), an added one is masked', async () => {
    const session = testPii().session('refine-model-value');
    const recorder = recordingProvider(({ index }) =>
      index === 0
        ? {
            toolCalls: [
              { id: 'call_1', name: 'openTicket', args: { title: 'From marie.curie@exemple.fr' } },
            ],
          }
        : { text: ['ok'] },
    );
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools({ openTicket: ticketTool([]) }, { session }),
      stopWhen: stepCountIs(3),
      prompt: 'Open a ticket.',
      ...refine((input) => ({ ...input, reporter: REPORTER })),
    });
    expect(recorder.bodies()[1]).toContain('marie.curie@exemple.fr');
    expect(findLeaks(recorder.bodies(), [REPORTER])).toEqual([]);
  });

  it('a later request whose history carries the refined call shows the added value as a token', async () => {
    const pii = testPii();
    const first = pii.session('refine-later');
    const prompt = 'Open a ticket: the printer is broken.';
    // The call ends this request (one step): no next prompt here shows the added value.
    const turn1 = await generateText({
      model: wrap(script().model(), first),
      tools: withPiiTools({ openTicket: ticketTool([]) }, { session: first }),
      prompt,
      ...refine((input) => ({ ...input, reporter: REPORTER })),
    });
    expect(JSON.stringify(turn1.response.messages)).toContain(REPORTER);
    // The next request: a new session object for the same conversation, the stored history.
    const second = pii.session('refine-later');
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await generateText({
      model: wrap(recorder.model(), second),
      messages: [
        { role: 'user', content: prompt },
        ...turn1.response.messages,
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(findLeaks(recorder.bodies(), [REPORTER])).toEqual([]);
  });
});
