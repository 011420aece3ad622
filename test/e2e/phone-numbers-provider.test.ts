import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import {
  lastUserText,
  type MockOpenAI,
  startMockOpenAI,
  tokensOf,
} from './support/mock-openai-server';

/**
 * Phone numbers written with no word the detector knows around them, through the real
 * `@ai-sdk/openai` provider to a local OpenAI-compatible server that records the raw request
 * bodies: none of their digits reaches the provider, and the tool receives each number exactly
 * as the user typed it, a `+33` number that is no valid French number included (it was read as
 * a Spanish national number, `+33` left outside its token, and the tool got another number).
 */
const NUMBERS = [
  '612345678', // Spanish mobile, compact
  '3471234567', // Italian mobile, compact
  '2025550143', // US, compact
  '015112345678', // German mobile, compact
  '33612345678', // French mobile, international digits without + (MSISDN)
  '+33 690 62 87 03', // + and a country code, not valid for France
  '0171 / 2345678', // German, a slash after the area code
  '+49 171 / 234 56 78',
];
const MESSAGE = `Mi número es ${NUMBERS[0]}, chiamami al ${NUMBERS[1]}, text me at ${NUMBERS[2]}, ruf mich an ${NUMBERS[3]}, sinon ${NUMBERS[4]} ou ${NUMBERS[5]}. Büro: ${NUMBERS[6]}, ${NUMBERS[7]}.`;
/** What the tool answers, with a WhatsApp id as a JSON number. */
const RESULT = { delivered: true, wa_id: 4915112345678, from: '+33 690 62 87 03' };

/** The digits of each number as a run (`612345678`), and as written. */
const clearForms = [...NUMBERS, String(RESULT.wa_id)].flatMap((n) => [n, n.replace(/\D/g, '')]);

describe('phone numbers without context words, on the wire', () => {
  let mock: MockOpenAI;
  beforeAll(async () => {
    mock = await startMockOpenAI((request) => {
      // First: the model calls the tool with each phone token it was given; then it is done.
      if (request.index > 0) return { text: ['Done.'] };
      const tokens = tokensOf(lastUserText(request.body), 'PHONE');
      return { toolCalls: tokens.map((number) => ({ name: 'callNumber', args: { number } })) };
    });
  });
  afterAll(() => mock.close());

  it('sends none of their digits, and the tool receives what the user typed', async () => {
    const session = createPii().session('phones-on-the-wire');
    const received: string[] = [];
    const tools = withPiiTools(
      {
        callNumber: tool({
          description: 'Call a number',
          inputSchema: jsonSchema<{ number: string }>({
            type: 'object',
            properties: { number: { type: 'string' } },
            required: ['number'],
          }),
          execute: async ({ number }) => {
            received.push(number);
            return RESULT;
          },
        }),
      },
      { session },
    );
    const result = streamText({
      model: wrapLanguageModel({
        model: createOpenAI({ baseURL: mock.baseURL, apiKey: 'test' }).chat('gpt-4o-mini'),
        middleware: piiMiddleware({ session }),
      }),
      tools,
      stopWhen: stepCountIs(2),
      messages: [{ role: 'user', content: MESSAGE }],
    });
    await result.consumeStream();

    expect(mock.requests).toHaveLength(2);
    for (const { raw } of mock.requests) {
      for (const clear of clearForms) expect(raw).not.toContain(clear);
    }
    // One token per number (the two German spellings are one number), each restored whole.
    expect(tokensOf(lastUserText(mock.requests[0]!.body), 'PHONE')).toHaveLength(7);
    expect(received.sort()).toEqual(
      [...NUMBERS.slice(0, 7)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(received).toContain('+33 690 62 87 03');
  });
});
