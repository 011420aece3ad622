import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Tool definitions built per user, the way apps write them, through the real `@ai-sdk/openai`
 * provider: the exact request bodies must hold no value of the conversation, and the tools
 * must still validate and receive the real values.
 */
const USER = 'Jean Dupont';
const ACCOUNT = 'jean.dupont@exemple.fr';
const CONTACTS = ['marie.curie@exemple.fr', 'aicha.benali@exemple.fr'];
const ALL = [USER, ACCOUNT, ...CONTACTS];

const wrap = (model: Parameters<typeof wrapLanguageModel>[0]['model'], session: PiiSession) =>
  wrapLanguageModel({ model, middleware: piiMiddleware({ session }) });
type PiiSession = ReturnType<ReturnType<typeof testPii>['session']>;

/** Answers with one call of `name`, whose arguments are picked from the tools it was sent. */
function callOnce(name: string, args: (tools: unknown) => unknown) {
  return recordingProvider(({ index, body }) =>
    index === 0
      ? { toolCalls: [{ name, args: args((body as { tools?: unknown }).tools) }] }
      : { text: ['Done.'] },
  );
}

/** The JSON schema of a function tool as the provider received it. */
const sentSchema = (tools: unknown, name: string) =>
  (tools as { function: { name: string; parameters: Record<string, unknown> } }[]).find(
    (t) => t.function.name === name,
  )!.function.parameters as {
    properties: Record<string, { enum?: string[]; default?: string; description?: string }>;
  };

describe('tool definitions reach the provider with tokens only', () => {
  it('a description naming the signed-in user', async () => {
    const session = testPii().session('defs-description');
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          myInvoices: tool({
            description: `Lists the invoices of ${USER} (${ACCOUNT}), the signed-in user.`,
            inputSchema: z.object({ year: z.number() }),
            execute: async () => [],
          }),
        },
        { session },
      ),
      prompt: 'What do I owe?',
    });
    expect(recorder.bodies()[0]).toContain('<<PERSON:1>>');
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('z.enum of contact addresses: the model picks a token, the tool gets the address', async () => {
    const session = testPii().session('defs-enum');
    const received: unknown[] = [];
    const recorder = callOnce('sendEmail', (tools) => ({
      to: sentSchema(tools, 'sendEmail').properties.to!.enum![1],
      body: 'Bonjour',
    }));
    const result = streamText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          sendEmail: tool({
            description: 'Sends an e-mail to one of the contacts',
            inputSchema: z.object({ to: z.enum(CONTACTS as [string, string]), body: z.string() }),
            execute: async (input) => {
              received.push(input);
              return 'sent';
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(2),
      prompt: 'Write to Aïcha',
    });
    await result.consumeStream();
    expect(sentSchema(recorder.requests[0]!.body.tools, 'sendEmail').properties.to!.enum).toEqual([
      '<<EMAIL:1>>',
      '<<EMAIL:2>>',
    ]);
    expect(received).toEqual([{ to: CONTACTS[1], body: 'Bonjour' }]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('.default(accountEmail): the provider sees its token, the tool gets the default', async () => {
    const session = testPii().session('defs-default');
    const received: unknown[] = [];
    const recorder = callOnce('sendReport', () => ({ month: 'May' }));
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          sendReport: tool({
            description: 'Sends the monthly report',
            inputSchema: z.object({ month: z.string(), to: z.string().email().default(ACCOUNT) }),
            execute: async (input) => {
              received.push(input);
              return 'sent';
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(2),
      prompt: 'Send me the May report',
    });
    expect(sentSchema(recorder.requests[0]!.body.tools, 'sendReport').properties.to!.default).toBe(
      '<<EMAIL:1>>',
    );
    expect(received).toEqual([{ month: 'May', to: ACCOUNT }]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it(".describe('… for jean@…') on a field", async () => {
    const session = testPii().session('defs-describe');
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          search: tool({
            description: 'Searches the mailbox',
            inputSchema: z.object({
              query: z.string().describe(`Search terms, in the mailbox of ${ACCOUNT}`),
              folder: z.object({ name: z.string().describe(`A folder that ${USER} made`) }),
            }),
            execute: async () => [],
          }),
        },
        { session },
      ),
      prompt: 'Find the invoice',
    });
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('a plain jsonSchema(...) with enum, const, default, examples, title at any depth', async () => {
    const session = testPii().session('defs-json-schema');
    const received: unknown[] = [];
    const recorder = callOnce('assign', (tools) => {
      const props = sentSchema(tools, 'assign').properties as Record<
        string,
        { items?: { anyOf: { const?: string }[] }; enum?: string[] }
      >;
      return { owners: [props.owners!.items!.anyOf[0]!.const], cc: props.cc!.enum![0] };
    });
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          assign: tool({
            description: 'Assigns the ticket',
            inputSchema: jsonSchema<{ owners: string[]; cc: string }>({
              type: 'object',
              title: `Assignment by ${USER}`,
              properties: {
                owners: {
                  type: 'array',
                  items: { anyOf: [{ const: ACCOUNT, title: USER }, { type: 'string' }] },
                  examples: [[ACCOUNT, CONTACTS[1]]],
                },
                cc: { type: 'string', enum: [CONTACTS[0]], default: CONTACTS[0] },
              },
              $defs: { note: { type: 'string', description: `Copy to ${CONTACTS[1]}` } },
              required: ['owners', 'cc'],
            }),
            execute: async (input) => {
              received.push(input);
              return 'assigned';
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(2),
      prompt: 'Assign it to me',
    });
    expect(received).toEqual([{ owners: [ACCOUNT], cc: CONTACTS[0] }]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });

  it('an enum value first met in another form keeps the form the schema validates', async () => {
    const session = testPii().session('defs-enum-form');
    // An earlier turn: the vault holds the address in lower case.
    await session.anonymize(`Write to ${CONTACTS[0]}`);
    const received: unknown[] = [];
    const recorder = callOnce('sendEmail', (tools) => ({
      to: sentSchema(tools, 'sendEmail').properties.to!.enum![0],
    }));
    await generateText({
      model: wrap(recorder.model(), session),
      tools: withPiiTools(
        {
          sendEmail: tool({
            description: 'Sends an e-mail to one of the contacts',
            inputSchema: z.object({ to: z.enum(['Marie.Curie@Exemple.fr']) }),
            execute: async (input) => {
              received.push(input);
              return 'sent';
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(2),
      prompt: 'Write to Marie',
    });
    expect(received).toEqual([{ to: 'Marie.Curie@Exemple.fr' }]);
    expect(findLeaks(recorder.bodies(), ALL)).toEqual([]);
  });
});
