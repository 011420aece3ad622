import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import type { PiiSession } from '../../../src/core/session';
import { lastUserText, tokensOf } from './mock-openai-server';
import { recordingProvider } from './recording-provider';

export interface OneToolTurnOptions {
  session: PiiSession;
  /** The user's message. */
  message: string;
  /** The labels whose tokens in the user's message the model passes to the tool, one call each. */
  labels: readonly string[];
  /** What the tool returns for each argument it receives (after restoring). */
  answer: (argument: string) => unknown;
}

/**
 * One user turn through the real `@ai-sdk/openai` provider with a recording fetch: the mock
 * model calls the tool `take({ value })` once per token of `labels` in the user's message, then
 * answers `Done.`. Gives the request bodies as sent and the arguments the tool received.
 */
export async function oneToolTurn({ session, message, labels, answer }: OneToolTurnOptions) {
  const received: string[] = [];
  const recorder = recordingProvider((request) => {
    if (request.index > 0) return { text: ['Done.'] };
    const text = lastUserText(request.body);
    const tokens = labels.flatMap((label) => tokensOf(text, label));
    return { toolCalls: tokens.map((value) => ({ name: 'take', args: { value } })) };
  });
  const tools = withPiiTools(
    {
      take: tool({
        description: 'Take a value',
        inputSchema: jsonSchema<{ value: string }>({
          type: 'object',
          properties: { value: { type: 'string' } },
          required: ['value'],
        }),
        execute: async ({ value }) => {
          received.push(value);
          return answer(value);
        },
      }),
    },
    { session },
  );
  const result = streamText({
    model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
    tools,
    stopWhen: stepCountIs(2),
    messages: [{ role: 'user', content: message }],
  });
  await result.consumeStream();
  return { bodies: recorder.bodies(), received };
}
