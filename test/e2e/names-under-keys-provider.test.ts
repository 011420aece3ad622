import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { findLeaks } from '../support/leak-readings';
import { contentText, tokensOf } from './support/mock-openai-server';
import { recordingProvider } from './support/recording-provider';

/**
 * Names that no list of the detector holds, in tool results, under keys that name a person:
 * through the real `@ai-sdk/openai` provider (Chat Completions) in a scripted tool loop. One
 * tool returns a JSON output (the middleware reads it one string at a time), another a JSON
 * record serialised in its text. `findLeaks` reads every body decoded every way; the model then
 * writes to each person by token, and the tool receives the real names.
 */
const RECORD = {
  id: 1042,
  customer: { first_name: 'gwénola', last_name: 'Quarbet' },
  name: 'Valaane Montier',
  status: 'open',
};
const EXPORT = JSON.stringify({ rows: [{ Vorname: 'ottilde', Nachname: 'brevanne-saulx' }] });
const NAMES = ['gwénola', 'Quarbet', 'Valaane Montier', 'ottilde', 'brevanne-saulx'];

describe('names under name keys in tool results, on the wire', () => {
  it('sends none of them in clear, and the tool receives the real names', async () => {
    const recorder = recordingProvider(({ index, body }) => {
      if (index === 0) {
        return {
          toolCalls: [
            { id: 'c1', name: 'findCustomer', args: { id: 1042 } },
            { id: 'c2', name: 'readExport', args: { file: 'export.json' } },
          ],
        };
      }
      if (index === 1) {
        // The model writes to every person it was shown, by the tokens it was given.
        const shown = body.messages
          .filter((m) => m.role === 'tool')
          .flatMap((m) => tokensOf(contentText(m.content), 'PERSON'));
        return {
          toolCalls: [...new Set(shown)].map((token, k) => ({
            id: `w${k}`,
            name: 'write',
            args: { to: token },
          })),
        };
      }
      return { text: ['Done.'] };
    });
    const session = createPii().session(`names-under-keys-${Math.random()}`);
    const received: string[] = [];
    const tools = withPiiTools(
      {
        findCustomer: tool({
          description: 'Finds a customer record',
          inputSchema: jsonSchema<{ id: number }>({
            type: 'object',
            properties: { id: { type: 'number' } },
          }),
          execute: async () => RECORD,
        }),
        readExport: tool({
          description: 'Reads an export file',
          inputSchema: jsonSchema<{ file: string }>({
            type: 'object',
            properties: { file: { type: 'string' } },
          }),
          execute: async () => EXPORT,
        }),
        write: tool({
          description: 'Writes to a person',
          inputSchema: jsonSchema<{ to: string }>({
            type: 'object',
            properties: { to: { type: 'string' } },
            required: ['to'],
          }),
          execute: async ({ to }) => {
            received.push(to);
            return { sent: true };
          },
        }),
      },
      { session },
    );
    const result = streamText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools,
      stopWhen: stepCountIs(4),
      prompt: 'Find customer 1042, read export.json, and write to everyone in them.',
    });
    await result.consumeStream();

    expect(findLeaks(recorder.bodies(), NAMES)).toEqual([]);
    expect(recorder.requests).toHaveLength(3);
    // The JSON output and the JSON in text reach the model as such, a token for each name.
    const token = expect.stringMatching(/^<<PERSON:\d+>>$/);
    const results = recorder.requests[1]!.body.messages.filter((m) => m.role === 'tool');
    expect(JSON.parse(contentText(results[0]!.content))).toEqual({
      ...RECORD,
      customer: { first_name: token, last_name: token },
      name: token,
    });
    expect(JSON.parse(contentText(results[1]!.content))).toEqual({
      rows: [{ Vorname: token, Nachname: token }],
    });
    expect(received.sort()).toEqual([...NAMES].sort());
  });
});
