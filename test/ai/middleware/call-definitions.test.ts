/**
 * What `piiMiddleware` rewrites in a model call besides its prompt, and what it leaves exactly
 * as given: the call as the provider receives it (`doGenerateCalls`, after the middleware).
 */
import { generateText, jsonSchema, Output, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { createPii } from '../../../src/core/create-pii';
import { PiiConfigError } from '../../../src/core/errors';
import { testEmailDetector } from '../../core/helpers';
import { generateResult, testPii } from './fixtures';

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';

async function callWith(options: Record<string, unknown>, answer = 'ok') {
  const session = testPii().session('definitions');
  const model = new MockLanguageModelV3({
    doGenerate: generateResult([{ type: 'text', text: answer }]),
  });
  await generateText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    prompt: 'Hello',
    ...options,
  } as never).catch(() => undefined);
  return model.doGenerateCalls[0]!;
}

describe('piiMiddleware: the call besides its prompt', () => {
  it('leaves names, constraints, numbers and providerOptions as they are', async () => {
    const providerOptions = { openai: { user: JEAN, metadata: { owner: 'Jean Dupont' } } };
    const call = await callWith({
      providerOptions,
      tools: {
        notify: tool({
          description: `Notifies ${JEAN}`,
          providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } }, x: { to: JEAN } },
          inputSchema: jsonSchema({
            type: 'object',
            properties: {
              [MARIE]: { type: 'string', pattern: '^jean\\.dupont@exemple\\.fr$' },
              count: { type: 'integer', default: 33612345678, enum: [1, 33612345678] },
              prefs: { type: 'object', default: { [JEAN]: 'owner' } },
            },
            required: [MARIE],
          }),
        }),
      },
    });
    // Settings for the provider, not text for the model: sent exactly as given.
    expect(call.providerOptions).toEqual(providerOptions);
    const [sent] = call.tools as {
      name: string;
      description: string;
      inputSchema: { properties: Record<string, Record<string, unknown>>; required: string[] };
      providerOptions: unknown;
    }[];
    expect(sent!.name).toBe('notify');
    expect(sent!.description).toBe('Notifies <<EMAIL:1>>');
    expect(sent!.providerOptions).toEqual({
      anthropic: { cacheControl: { type: 'ephemeral' } },
      x: { to: JEAN },
    });
    // Property names and `required` are identifiers the model's arguments must match.
    expect(Object.keys(sent!.inputSchema.properties)).toEqual([MARIE, 'count', 'prefs']);
    expect(sent!.inputSchema.required).toEqual([MARIE]);
    expect(sent!.inputSchema.properties[MARIE]!.pattern).toBe('^jean\\.dupont@exemple\\.fr$');
    expect(sent!.inputSchema.properties.count).toMatchObject({
      default: 33612345678,
      enum: [1, 33612345678],
    });
    // Keys of data values are strings the model reads: masked.
    expect(sent!.inputSchema.properties.prefs!.default).toEqual({ '<<EMAIL:1>>': 'owner' });
  });

  it('provider tools: text arguments are masked, configuration is kept', async () => {
    const call = await callWith({
      tools: {
        mcp: {
          type: 'provider',
          id: 'openai.mcp',
          args: {
            serverLabel: 'crm',
            serverUrl: `https://crm.example/mcp?owner=${JEAN}`,
            serverDescription: `The CRM of ${JEAN}`,
            headers: { Authorization: 'Bearer sk-test' },
            skills: [{ name: 'lookup', description: `Finds ${MARIE}` }],
          },
        },
      },
    });
    const [sent] = call.tools as { args: Record<string, unknown> }[];
    expect(sent!.args).toEqual({
      serverLabel: 'crm',
      serverUrl: `https://crm.example/mcp?owner=${JEAN}`,
      serverDescription: 'The CRM of <<EMAIL:1>>',
      headers: { Authorization: 'Bearer sk-test' },
      skills: [{ name: 'lookup', description: 'Finds <<EMAIL:2>>' }],
    });
  });

  it('inputExamples are masked leaf by leaf', async () => {
    const call = await callWith({
      tools: {
        send: tool({
          inputSchema: jsonSchema({ type: 'object', properties: { to: { type: 'string' } } }),
          inputExamples: [{ input: { to: JEAN, cc: [MARIE] } }],
        }),
      },
    });
    const [sent] = call.tools as { inputExamples: unknown }[];
    expect(sent!.inputExamples).toEqual([{ input: { to: '<<EMAIL:1>>', cc: ['<<EMAIL:2>>'] } }]);
  });

  it('the response format: schema, description, and a name holding a value is dropped', async () => {
    const call = await callWith(
      {
        output: Output.object({
          schema: jsonSchema({ type: 'object', properties: { to: { const: JEAN } } }),
          name: 'jean.dupont@exemple.fr',
          description: `Reply for ${MARIE}`,
        }),
      },
      '{}',
    );
    expect(call.responseFormat).toEqual({
      type: 'json',
      schema: { type: 'object', properties: { to: { const: '<<EMAIL:1>>' } } },
      description: 'Reply for <<EMAIL:2>>',
    });
    const named = await callWith(
      { output: Output.object({ schema: jsonSchema({ type: 'object' }), name: 'triage' }) },
      '{}',
    );
    expect(named.responseFormat).toMatchObject({ name: 'triage' });
  });

  it('a call without tools or response format is sent without them', async () => {
    const call = await callWith({});
    expect(call.tools).toBeUndefined();
    expect(call.responseFormat).toBeUndefined();
  });

  it("files: 'reject' refuses a file before the definitions are read (no detector, no store)", async () => {
    let detected = 0;
    const pii = createPii({
      detectors: [
        {
          name: 'counting',
          detect: (text) => {
            detected++;
            return testEmailDetector.detect(text);
          },
        },
      ],
    });
    const model = new MockLanguageModelV3({
      doGenerate: generateResult([{ type: 'text', text: 'ok' }]),
    });
    const call = generateText({
      model: wrapLanguageModel({
        model,
        middleware: piiMiddleware({ session: pii.session('reject-first'), files: 'reject' }),
      }),
      tools: {
        notify: tool({
          description: `Notifies ${JEAN}`,
          inputSchema: jsonSchema({ type: 'object' }),
        }),
      },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'image/png', data: new Uint8Array([137, 80, 78, 71]) },
          ],
        },
      ],
    });
    await expect(call).rejects.toThrow(PiiConfigError);
    expect(detected).toBe(0);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
