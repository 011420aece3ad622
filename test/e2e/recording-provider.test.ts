import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

const EMAIL = 'jean.dupont@exemple.fr';

describe('the recording provider keeps the exact bytes of the real @ai-sdk/openai provider', () => {
  it('records a streamed tool loop: the tool gets the value, the wire only tokens', async () => {
    const recorder = recordingProvider(({ index }) =>
      index === 0
        ? { toolCalls: [{ name: 'lookup', args: { email: '<<EMAIL:1>>' } }] }
        : { text: ['Found <<PERSON:1>>.'] },
    );
    const session = testPii().session('recorder-stream');
    const received: unknown[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools: withPiiTools(
        {
          lookup: tool({
            description: 'Look up a customer',
            inputSchema: jsonSchema<{ email: string }>({
              type: 'object',
              properties: { email: { type: 'string' } },
            }),
            execute: async (input) => {
              received.push(input);
              return { name: 'Jean Dupont' };
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(3),
      prompt: `Who is ${EMAIL}?`,
    });
    await result.consumeStream();
    expect(recorder.requests).toHaveLength(2);
    expect(recorder.requests[0]!.url).toMatch(/\/chat\/completions$/);
    expect(recorder.requests[0]!.body.tools?.[0]?.function.name).toBe('lookup');
    expect(received).toEqual([{ email: EMAIL }]);
    expect(recorder.bodies()[1]).toContain('<<PERSON:1>>');
    expect(findLeaks(recorder.bodies(), [EMAIL, 'Jean Dupont'])).toEqual([]);
  });

  it('records a non-streamed call, and the checker sees a value that was sent', async () => {
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    // No middleware: the value must be seen on the wire, or the harness proves nothing.
    const { text } = await generateText({ model: recorder.model(), prompt: `Write to ${EMAIL}` });
    expect(text).toBe('ok');
    expect(findLeaks(recorder.bodies(), [EMAIL]).map((l) => l.reading)).toContain('raw');
  });
});
