import { generateText, jsonSchema, Output, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiOutput } from '../../src/ai/with-pii-output';
import { PiiConfigError } from '../../src/core/errors';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Output schemas built per user (`Output.object`, the provider's JSON mode), through the real
 * `@ai-sdk/openai` provider: the exact request bodies hold tokens only, the model's answer
 * holds tokens, and the output that the schema validated holds the real values.
 */
const USER = 'Jean Dupont';
const ACCOUNT = 'jean.dupont@exemple.fr';
const CONTACTS = ['marie.curie@exemple.fr', 'aicha.benali@exemple.fr'] as const;
const ALL = [USER, ACCOUNT, ...CONTACTS];

const TOKEN = /^<<EMAIL:\d+>>$/;

type PiiSession = ReturnType<ReturnType<typeof testPii>['session']>;
const wrap = (model: Parameters<typeof wrapLanguageModel>[0]['model'], session: PiiSession) =>
  wrapLanguageModel({ model, middleware: piiMiddleware({ session }) });

interface SentFormat {
  name?: string;
  description?: string;
  schema: {
    properties: Record<string, { enum?: string[]; default?: string; description?: string }>;
  };
}
/** The `response_format.json_schema` of a Chat Completions body. */
const sentFormat = (raw: string) =>
  (JSON.parse(raw) as { response_format: { json_schema: SentFormat } }).response_format.json_schema;

/** The model answers with JSON built from the schema it was sent. */
const answering = (answer: (format: SentFormat) => unknown) =>
  recordingProvider(({ raw }) => ({ text: [JSON.stringify(answer(sentFormat(raw)))] }));

const triage = z.object({
  assignee: z.enum(CONTACTS).describe(`The colleague of ${USER} who takes the ticket`),
  replyTo: z.string().email().default(ACCOUNT),
  summary: z.string().describe(`One line, for ${ACCOUNT}`),
});

describe('an output schema reaches the provider with tokens only', () => {
  it('enum, default and descriptions of a zod Output.object; its name and description', async () => {
    const session = testPii().session('output-zod');
    const recorder = answering((format) => ({
      assignee: format.schema.properties.assignee!.enum![1],
      replyTo: format.schema.properties.replyTo!.default,
      summary: 'Printer broken',
    }));
    const { output, text } = await generateText({
      model: wrap(recorder.model(), session),
      output: withPiiOutput(
        Output.object({
          schema: triage,
          name: 'triage',
          description: `Triage of a ticket that ${USER} opened`,
        }),
        { session },
      ),
      prompt: 'The printer is broken again.',
    });
    const format = sentFormat(recorder.bodies()[0]!);
    // Relaxed as tool schemas are: strict structured outputs must let the model write a token.
    expect(format.schema.properties.replyTo).not.toHaveProperty('format');
    expect(format.schema.properties.replyTo!.description).toMatch(/format email; a placeholder/);
    expect(format.name).toBe('triage');
    expect(format.schema.properties.assignee!.enum).toEqual([
      expect.stringMatching(TOKEN),
      expect.stringMatching(TOKEN),
    ]);
    expect(format.description).toContain('<<PERSON:1>>');
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
    // The model wrote tokens; the schema validated the real values, which `output` holds.
    expect(JSON.parse(text).assignee).toBe(format.schema.properties.assignee!.enum![1]);
    expect(output).toEqual({ assignee: CONTACTS[1], replyTo: ACCOUNT, summary: 'Printer broken' });
  });

  it('a plain jsonSchema(...) with const, examples and title', async () => {
    const session = testPii().session('output-json-schema');
    const recorder = answering((format) => ({
      owner: (format.schema.properties.owner as { const?: string }).const,
    }));
    const { output } = await generateText({
      model: wrap(recorder.model(), session),
      output: withPiiOutput(
        Output.object({
          schema: jsonSchema<{ owner: string }>({
            type: 'object',
            title: `Owner chosen by ${USER}`,
            properties: {
              owner: { type: 'string', const: CONTACTS[0], examples: [CONTACTS[1]] },
            },
            required: ['owner'],
            additionalProperties: false,
          }),
        }),
        { session },
      ),
      prompt: 'Who owns it?',
    });
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
    expect(output).toEqual({ owner: CONTACTS[0] });
  });

  it('streamed: the partial outputs hold tokens, the final output the real values', async () => {
    const session = testPii().session('output-stream');
    const recorder = answering((format) => ({
      assignee: format.schema.properties.assignee!.enum![0],
      replyTo: format.schema.properties.replyTo!.default,
      summary: 'Toner',
    }));
    const result = streamText({
      model: wrap(recorder.model(), session),
      output: withPiiOutput(Output.object({ schema: triage }), { session }),
      prompt: 'Out of toner.',
    });
    const partials: unknown[] = [];
    for await (const partial of result.partialOutputStream) partials.push(partial);
    expect(JSON.stringify(partials)).not.toContain('@');
    expect(await result.output).toEqual({
      assignee: CONTACTS[0],
      replyTo: ACCOUNT,
      summary: 'Toner',
    });
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });
});

describe('withPiiOutput with the other output specifications', () => {
  it('Output.choice among addresses returns the address the model picked by its token', async () => {
    const session = testPii().session('output-choice');
    const recorder = recordingProvider(({ raw }) => {
      const choices = (
        JSON.parse(raw) as {
          response_format: {
            json_schema: { schema: { properties: { result: { enum: string[] } } } };
          };
        }
      ).response_format.json_schema.schema.properties.result.enum;
      return { text: [JSON.stringify({ result: choices[1] })] };
    });
    const { output } = await generateText({
      model: wrap(recorder.model(), session),
      output: withPiiOutput(Output.choice({ options: [...CONTACTS] }), { session }),
      prompt: 'Who handles billing?',
    });
    expect(output).toBe(CONTACTS[1]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('Output.array of enum elements, and an enum value the vault holds in another form', async () => {
    const session = testPii().session('output-array');
    await session.anonymize(`Earlier: ${CONTACTS[0]}`); // the vault holds it in lower case
    const recorder = recordingProvider(({ raw }) => {
      const items = (
        JSON.parse(raw) as {
          response_format: {
            json_schema: { schema: { properties: { elements: { items: { enum: string[] } } } } };
          };
        }
      ).response_format.json_schema.schema.properties.elements.items.enum;
      return { text: [JSON.stringify({ elements: items })] };
    });
    const { output } = await generateText({
      model: wrap(recorder.model(), session),
      output: withPiiOutput(
        Output.array({ element: z.enum(['Marie.Curie@Exemple.fr', CONTACTS[1]]) }),
        { session },
      ),
      prompt: 'List the contacts.',
    });
    expect(output).toEqual(['Marie.Curie@Exemple.fr', CONTACTS[1]]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('refuses what is not an output specification, or no session', () => {
    const session = testPii().session('output-bad');
    expect(() => withPiiOutput({} as never, { session })).toThrow(PiiConfigError);
    expect(() => withPiiOutput(Output.json(), {} as never)).toThrow(PiiConfigError);
  });
});

describe('without withPiiOutput', () => {
  it('the schema is still anonymized on the wire', async () => {
    const session = testPii().session('output-plain');
    const recorder = answering(() => ({ assignee: 'x', replyTo: 'y', summary: 'z' }));
    await generateText({
      model: wrap(recorder.model(), session),
      output: Output.object({ schema: triage, description: `For ${USER}` }),
      prompt: 'Hello',
    }).catch(() => undefined); // the answer does not validate: only the bytes sent matter here
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });
});
