import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { findLeaks } from '../support/leak-readings';
import { lastUserText, tokensOf } from './support/mock-openai-server';
import { recordingProvider } from './support/recording-provider';

/**
 * The national identifiers through the real `@ai-sdk/openai` provider with a recording fetch:
 * none of them reaches a request body in clear, in any reading of the bytes (their digits
 * whatever separates them, their letters and digits, case folded), and the tool that files
 * them receives each one exactly as the user typed it.
 */
const IDS: Record<string, string> = {
  ES_NIF: '12.345.678-Z',
  IT_FISCAL_CODE: 'rssmra80a01h501u',
  UK_NINO: 'AB 12 34 56 C',
  DE_TAX_ID: '12 345 678 995',
  NL_BSN: '111 222 333',
  BE_NATIONAL_NUMBER: '93.05.18-223.61',
  CH_AHV: '756.1234.5678.97',
};
const MESSAGE = `Please file these: DNI ${IDS.ES_NIF}, codice fiscale ${IDS.IT_FISCAL_CODE}, NI number ${IDS.UK_NINO}, Steuer-ID ${IDS.DE_TAX_ID}, BSN ${IDS.NL_BSN}, numéro national ${IDS.BE_NATIONAL_NUMBER}, AHV ${IDS.CH_AHV}.`;
const LABELS = Object.keys(IDS);

describe('national identifiers on the wire', () => {
  it('sends none of them in clear, and the tool receives each as typed', async () => {
    const session = createPii().session('national-ids-on-the-wire');
    const received: string[] = [];
    const recorder = recordingProvider((request) => {
      if (request.index > 0) return { text: ['Filed.'] };
      const text = lastUserText(request.body);
      const tokens = LABELS.flatMap((label) => tokensOf(text, label));
      return { toolCalls: tokens.map((id) => ({ name: 'fileId', args: { id } })) };
    });
    const tools = withPiiTools(
      {
        fileId: tool({
          description: 'File an identifier',
          inputSchema: jsonSchema<{ id: string }>({
            type: 'object',
            properties: { id: { type: 'string' } },
            required: ['id'],
          }),
          execute: async ({ id }) => {
            received.push(id);
            return { filed: true, echo: id };
          },
        }),
      },
      { session },
    );
    const result = streamText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools,
      stopWhen: stepCountIs(2),
      messages: [{ role: 'user', content: MESSAGE }],
    });
    await result.consumeStream();

    const bodies = recorder.bodies();
    expect(bodies).toHaveLength(2);
    expect(findLeaks(bodies, Object.values(IDS), { variants: true })).toEqual([]);
    // One token per identifier, under its own label.
    const sent = lastUserText(JSON.parse(bodies[0]!));
    for (const label of LABELS) expect(tokensOf(sent, label), label).toHaveLength(1);
    expect([...received].sort()).toEqual(Object.values(IDS).sort());
  });
});
