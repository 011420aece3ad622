import { generateText, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { type WithPiiToolsOptions, withPiiTools } from '../../src/ai/with-pii-tools';
import { PiiConfigError } from '../../src/core/errors';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Results of `input` tools reach the model as the tool returned them (BR-TOOL-02): the tool
 * was chosen as one whose results hold no personal data. `inputResults: 'mask-known'` masks
 * the values the conversation already knows in them, and only those.
 */
const KNOWN = 'jean.dupont@exemple.fr';
const UNKNOWN = 'marie.curie@exemple.fr';

type Options = Omit<WithPiiToolsOptions, 'session'>;

async function bodiesAfterInputTool(
  id: string,
  options: Options,
  output: unknown,
  toModelOutput?: (output: unknown) => unknown,
) {
  const session = testPii().session(id);
  const recorder = recordingProvider(({ index }) =>
    index === 0
      ? { toolCalls: [{ name: 'lookup', args: { email: '<<EMAIL:1>>' } }] }
      : { text: ['ok'] },
  );
  const received: unknown[] = [];
  await generateText({
    model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
    tools: withPiiTools(
      {
        lookup: tool({
          inputSchema: z.object({ email: z.string().email() }),
          execute: async (input) => {
            received.push(input);
            return output;
          },
          ...(toModelOutput
            ? { toModelOutput: ({ output: o }: { output: unknown }) => toModelOutput(o) as never }
            : {}),
        }),
      },
      { session, strategy: 'input', ...options },
    ),
    stopWhen: stepCountIs(2),
    prompt: `Look up ${KNOWN}`,
  });
  expect(received).toEqual([{ email: KNOWN }]);
  return recorder.bodies();
}

const record = { owner: KNOWN, note: `Shared with ${UNKNOWN}; forged <<EMAIL:1>>` };

describe('results of input tools', () => {
  it('by default reach the model as returned, known values included (BR-TOOL-02)', async () => {
    const bodies = await bodiesAfterInputTool('input-default', {}, record);
    const leaked = findLeaks(bodies.slice(1), [KNOWN, UNKNOWN]).map((l) => l.value);
    expect(leaked).toContain(KNOWN);
    expect(leaked).toContain(UNKNOWN);
    // Forged tokens are neutralised all the same (G8).
    expect(bodies[1]).not.toContain('forged <<EMAIL:1>>');
  });

  it("inputResults: 'mask-known' masks the known values and leaves the others", async () => {
    const bodies = await bodiesAfterInputTool(
      'input-mask-known',
      { inputResults: 'mask-known' },
      record,
    );
    expect(findLeaks(bodies, [KNOWN])).toEqual([]);
    expect(findLeaks(bodies.slice(1), [UNKNOWN]).length).toBeGreaterThan(0);
    expect(bodies[1]).not.toContain('forged <<EMAIL:1>>');
    expect(bodies[1]).toContain('"owner\\":\\"<<EMAIL:1>>\\"');
  });

  it("'mask-known' on a text result and on a value the tool spells in upper case", async () => {
    const bodies = await bodiesAfterInputTool(
      'input-mask-known-text',
      { inputResults: 'mask-known' },
      `Found ${KNOWN.toUpperCase()}`,
    );
    expect(findLeaks(bodies, [KNOWN])).toEqual([]);
  });

  it("'mask-known' on content parts: text and a text file", async () => {
    const bodies = await bodiesAfterInputTool(
      'input-mask-known-content',
      { inputResults: 'mask-known' },
      `Owner: ${KNOWN}`,
      (output) => ({
        type: 'content',
        value: [
          { type: 'text', text: String(output) },
          {
            type: 'file-data',
            mediaType: 'text/csv',
            data: Buffer.from(`owner\n${KNOWN}\n`).toString('base64'),
          },
        ],
      }),
    );
    expect(findLeaks(bodies, [KNOWN])).toEqual([]);
  });

  it('a wrong choice is refused when the tools are wrapped', () => {
    const session = testPii().session('input-bad');
    expect(() => withPiiTools({}, { session, inputResults: 'sweep' as never })).toThrow(
      PiiConfigError,
    );
  });
});
