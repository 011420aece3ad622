import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { PiiInventedTokenError } from '../../../src/core/errors';
import { conversation, toolResultsIn } from './conversation';
import { toolCallingModel } from './model-fixtures';

const emailSchema = z.object({ to: z.string().email() });

/** Follows `cause` links down to the first error of a class. */
function findCause<T>(error: unknown, cls: new (...args: never[]) => T): T | undefined {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof cls) return e;
  return undefined;
}

describe('invented tokens', () => {
  it('throw (default): execute never runs, step 2 reads an actionable error naming <<EMAIL:7>>, the loop goes on', async () => {
    const { session, prompt } = await conversation();
    const execute = vi.fn(async () => 'sent');
    const model = toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:7>>' } });
    const result = await generateText({
      model,
      tools: withPiiTools({ sendEmail: tool({ inputSchema: emailSchema, execute }) }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(execute).not.toHaveBeenCalled();
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe('Done.');
    const [toolResult] = toolResultsIn(model.doGenerateCalls[1]!.prompt);
    expect(toolResult!.output.type).toBe('error-text');
    const message = String(toolResult!.output.value);
    // Names the token (rather than a format error of the email field) and what is valid instead.
    expect(message).toContain('Unknown placeholder <<EMAIL:7>>');
    expect(message).toContain('Valid placeholders of this conversation: <<EMAIL:1>>.');
    expect(message).not.toMatch(/invalid email/i);

    // The app can tell this refusal apart: the invalid call's error leads to PiiInventedTokenError.
    const call = result.steps[0]!.content.find((p) => p.type === 'tool-call');
    expect(call).toMatchObject({ invalid: true, input: { to: '<<EMAIL:7>>' } });
    const invented = findCause((call as { error?: unknown }).error, PiiInventedTokenError);
    expect(invented?.tokens).toEqual(['<<EMAIL:7>>']);
  });

  it('throw under streamText: several unknown tokens are all named, with the range of valid ones', async () => {
    const { session, prompt } = await conversation();
    await session.anonymize('et marie.curie@exemple.fr');
    const execute = vi.fn(async () => 'sent');
    const model = toolCallingModel({
      toolName: 'sendEmail',
      input: { to: '<<EMAIL:7>>', cc: ['<<EMAIL:2>>', '<<PHONE:1>>'] },
    });
    const result = streamText({
      model,
      tools: withPiiTools(
        {
          sendEmail: tool({
            inputSchema: z.object({ to: z.string(), cc: z.array(z.string()) }),
            execute,
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    await result.consumeStream();

    expect(execute).not.toHaveBeenCalled();
    const message = String(toolResultsIn(model.doStreamCalls[1]!.prompt)[0]!.output.value);
    expect(message).toContain('<<EMAIL:7>>, <<PHONE:1>>');
    expect(message).toContain('<<EMAIL:1>> to <<EMAIL:2>>; none for PHONE');
  });

  it('remove: the tool receives the argument without the token; the schema still applies to that', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const tools = withPiiTools(
      {
        note: tool({
          inputSchema: z.object({ text: z.string() }),
          execute: async (input) => void received.push(input),
        }),
        sendEmail: tool({
          inputSchema: emailSchema,
          execute: async (input) => void received.push(input),
        }),
      },
      { session, invented: 'remove' },
    );
    const model = toolCallingModel(
      { toolName: 'note', input: { text: 'Écrire à <<EMAIL:7>> et <<EMAIL:1>>' } },
      { toolName: 'sendEmail', input: { to: '<<EMAIL:7>>' } },
    );
    await generateText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    // '' is no email: the second call is refused by the tool's own schema.
    expect(received).toEqual([{ text: 'Écrire à  et jean.dupont@exemple.fr' }]);
  });

  it('keep: the tool receives the token as written', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const tools = withPiiTools(
      {
        note: tool({
          inputSchema: z.object({ to: z.string() }),
          execute: async (input) => void received.push(input),
        }),
      },
      { session, invented: 'keep' },
    );
    await generateText({
      model: toolCallingModel({ toolName: 'note', input: { to: '<<EMAIL:7>>' } }),
      tools,
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([{ to: '<<EMAIL:7>>' }]);
  });
});
