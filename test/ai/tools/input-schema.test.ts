import { asSchema, dynamicTool, generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { relaxStringConstraints } from '../../../src/ai/tools/relax-string-constraints';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { defaultPlaceholderFormat } from '../../../src/core/placeholder/format';
import { clearValuesIn, conversation, JEAN_EMAIL, toolResultsIn } from './conversation';
import { toolCallingModel } from './model-fixtures';

type JsonNode = Record<string, unknown> & {
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
};

/** The input schema of a tool as the provider receives it. */
function sentSchema(model: ReturnType<typeof toolCallingModel>, name: string): JsonNode {
  const tools = (model.doGenerateCalls[0]!.tools ?? []) as {
    name: string;
    inputSchema: JsonNode;
  }[];
  return tools.find((t) => t.name === name)!.inputSchema;
}

describe('input schema', () => {
  it('validation runs on the restored values: z.string().email() accepts <<EMAIL:1>> and the tool gets the address', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const sendEmail = tool({
      inputSchema: z.object({
        to: z.string().email().describe('Recipient address'),
        subject: z.string().min(3),
      }),
      execute: async (input) => void received.push(input),
    });
    const model = toolCallingModel({
      toolName: 'sendEmail',
      input: { to: '<<EMAIL:1>>', subject: 'Hello' },
    });
    const result = await generateText({
      model,
      tools: withPiiTools({ sendEmail }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([{ to: JEAN_EMAIL, subject: 'Hello' }]);
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ to: '<<EMAIL:1>>', subject: 'Hello' });
  });

  it('a token standing for a value the schema refuses is refused, and the error the model reads is masked', async () => {
    const { session, prompt } = await conversation();
    let executed = false;
    const corporate = z.string().refine((v) => v.endsWith('@corp.example'), {
      error: (issue) => `${String(issue.input)} is not a corporate address`,
    });
    const sendEmail = tool({
      inputSchema: z.object({ to: corporate, name: z.string().email() }),
      execute: async () => {
        executed = true;
      },
    });
    const model = toolCallingModel({
      toolName: 'sendEmail',
      input: { to: '<<EMAIL:1>>', name: '<<PERSON:1>>' },
    });
    await generateText({
      model,
      tools: withPiiTools({ sendEmail }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(executed).toBe(false);
    const step2 = model.doGenerateCalls[1]!.prompt;
    const [error] = toolResultsIn(step2);
    expect(error!.output.type).toBe('error-text');
    expect(error!.output.value).toContain('<<EMAIL:1>> is not a corporate address');
    expect(clearValuesIn(step2)).toEqual([]);
  });

  it('the schema sent to the provider has no format/pattern/length constraint on strings, and says why in the description', async () => {
    const { session, prompt } = await conversation();
    const original = z.object({
      to: z.string().email().describe('Recipient address'),
      site: z.string().url(),
      zip: z
        .string()
        .regex(/^\d{5}$/)
        .max(5),
      cc: z.array(z.string().email()),
      count: z.number().int().min(1),
      kind: z.enum(['a', 'b']),
    });
    const before = JSON.stringify(asSchema(original).jsonSchema);
    const model = toolCallingModel({
      toolName: 'sendEmail',
      input: {
        to: '<<EMAIL:1>>',
        site: 'https://x.example',
        zip: '75001',
        cc: ['<<EMAIL:1>>'],
        count: 1,
        kind: 'a',
      },
    });
    const received: unknown[] = [];
    await generateText({
      model,
      tools: withPiiTools(
        { sendEmail: tool({ inputSchema: original, execute: async (i) => void received.push(i) }) },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });

    const schema = sentSchema(model, 'sendEmail');
    const { to, site, zip, cc, count, kind } = schema.properties!;
    for (const field of [to!, site!, zip!, cc!.items!]) {
      expect(field).not.toHaveProperty('format');
      expect(field).not.toHaveProperty('pattern');
      expect(field).not.toHaveProperty('maxLength');
      expect(field.type).toBe('string');
    }
    expect(to!.description).toBe(
      'Recipient address. The real value must match: format email; a placeholder such as <<EMAIL:1>> is accepted in its place.',
    );
    expect(site!.description).toContain('format uri; a placeholder such as <<URL:1>>');
    expect(zip!.description).toContain('pattern ^\\d{5}$, at most 5 characters');
    // Other constraints are kept, and the tool's own schema is not changed.
    expect(count).toMatchObject({ type: 'integer', minimum: 1 });
    expect(kind).toMatchObject({ enum: ['a', 'b'] });
    expect(schema.required).toEqual(['to', 'site', 'zip', 'cc', 'count', 'kind']);
    expect(JSON.stringify(asSchema(original).jsonSchema)).toBe(before);
    // Validation still enforces them, on the restored values.
    expect(received).toEqual([
      {
        to: JEAN_EMAIL,
        site: 'https://x.example',
        zip: '75001',
        cc: [JEAN_EMAIL],
        count: 1,
        kind: 'a',
      },
    ]);
  });

  it("the schema's defaults and transforms apply to what the tool receives, not to the recorded call", async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const sendEmail = tool({
      inputSchema: z.object({
        to: z
          .string()
          .email()
          .transform((s) => s.toUpperCase()),
        retries: z.number().default(3),
      }),
      execute: async (input) => void received.push(input),
    });
    const result = await generateText({
      model: toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:1>>' } }),
      tools: withPiiTools({ sendEmail }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([{ to: JEAN_EMAIL.toUpperCase(), retries: 3 }]);
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ to: '<<EMAIL:1>>' });
  });

  it('output: the tool receives tokens, checked against the schema through the values they stand for', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const tools = withPiiTools(
      {
        sendEmail: tool({
          inputSchema: z.object({ to: z.string().email() }),
          execute: async (i) => void received.push(i),
        }),
        note: tool({
          inputSchema: z.object({ text: z.string(), n: z.number().default(1) }),
          execute: async (i) => void received.push(i),
        }),
      },
      { session, strategy: 'output' },
    );
    const model = toolCallingModel(
      { toolName: 'sendEmail', input: { to: '<<EMAIL:1>>' } },
      { toolName: 'sendEmail', input: { to: '<<PERSON:1>>' } },
      { toolName: 'note', input: { text: '<<PERSON:1>>' } },
    );
    await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    // The <<PERSON:1>> call is refused (a name is no email); defaults apply when tokens pass as is.
    expect(received).toEqual([{ to: '<<EMAIL:1>>' }, { text: '<<PERSON:1>>', n: 1 }]);
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[1]!.output.type).toBe('error-text');
  });

  it('JSON-schema tools (MCP-like dynamic tools) and tools without validation are restored too', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const mcpTool = {
      ...dynamicTool({
        description: 'Looks a contact up',
        inputSchema: jsonSchema({
          type: 'object',
          properties: { email: { type: 'string', format: 'email' } },
          required: ['email'],
        }),
        execute: async (input) => {
          received.push(input);
          return { found: true };
        },
      }),
      _meta: { 'mcp/server': 'contacts' },
    };
    const model = toolCallingModel({ toolName: 'lookup', input: { email: '<<EMAIL:1>>' } });
    const tools = withPiiTools({ lookup: mcpTool }, { session });
    expect(tools.lookup._meta).toEqual({ 'mcp/server': 'contacts' });
    expect(tools.lookup.type).toBe('dynamic');
    await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    expect(received).toEqual([{ email: JEAN_EMAIL }]);
    expect(sentSchema(model, 'lookup').properties!.email).not.toHaveProperty('format');
  });
});

describe('relaxStringConstraints', () => {
  it('walks every subschema (anyOf, $defs, items, additionalProperties, type arrays) and leaves the input unchanged', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
        b: { type: ['string', 'null'], pattern: '^x' },
        c: { $ref: '#/$defs/phone' },
        d: { type: 'object', additionalProperties: { type: 'string', minLength: 12 } },
        e: { type: 'integer', format: 'int32' },
        f: { type: 'array', items: [{ type: 'string', format: 'uri' }] },
      },
      $defs: { phone: { type: 'string', pattern: '^\\+', description: 'Phone' } },
    } as const;
    const copy = JSON.parse(JSON.stringify(schema));
    const relaxed = relaxStringConstraints(
      structuredClone(copy),
      defaultPlaceholderFormat,
    ) as never as {
      properties: Record<
        string,
        JsonNode & { anyOf?: JsonNode[]; additionalProperties?: JsonNode }
      >;
      $defs: Record<string, JsonNode>;
    };
    const { a, b, d, e, f } = relaxed.properties;
    expect(a!.anyOf![0]).toEqual({
      type: 'string',
      description:
        'The real value must match: format email; a placeholder such as <<EMAIL:1>> is accepted in its place.',
    });
    expect(a!.anyOf![1]).toEqual({ type: 'null' });
    expect(b).not.toHaveProperty('pattern');
    expect(d!.additionalProperties).not.toHaveProperty('minLength');
    expect(e).toEqual({ type: 'integer', format: 'int32' }); // not a string: kept
    expect((f!.items as unknown as JsonNode[])[0]).not.toHaveProperty('format');
    expect(relaxed.$defs.phone).toEqual({
      type: 'string',
      description:
        'Phone. The real value must match: pattern ^\\+; a placeholder such as <<LABEL:1>> is accepted in its place.',
    });
    expect(relaxed.properties.c).toEqual({ $ref: '#/$defs/phone' });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(copy);
  });
});
