import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { chunkedDetector } from '../../src/core/detect/adapters/chunked-detector';
import { knownValuesDetector } from '../../src/core/detect/adapters/known-values-detector';
import { presidioDetector } from '../../src/core/detect/adapters/presidio-detector';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { createPii } from '../../src/index';
import { type FakePresidio, fakePresidio, findValues } from '../support/fake-presidio';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Values that only an added detector finds, through the real `@ai-sdk/openai` provider with a
 * recording `fetch`: none of them reaches the request bodies, in any reading, and the tool
 * still receives them as the user typed them.
 */

/** A CRM contact's name that no default detector reads as a name (checked below). */
const CONTACT = 'Zorglub Quetzal';
/** A DEA-style medical licence that only Presidio's recognizer knows. */
const LICENCE = 'BX1234563';

let presidio: FakePresidio | undefined;
afterEach(async () => {
  await presidio?.close();
  presidio = undefined;
});

async function defaultsFind(text: string, value: string): Promise<boolean> {
  const spans = await createPii().detect(text);
  const at = text.indexOf(value);
  return spans.some((s) => s.start < at + value.length && at < s.end);
}

function lookupTool(received: unknown[]) {
  return tool({
    description: 'Look up a file',
    inputSchema: jsonSchema<{ query: string }>({
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    }),
    execute: async (input) => {
      received.push(input);
      return { found: true, owner: CONTACT };
    },
  });
}

describe('values found only by an added detector, on the wire', () => {
  it('knownValuesDetector: a CRM name in any spelling never reaches the provider', async () => {
    const prompt = `Ouvre le dossier de zorglub QUETZAL (client depuis 2019) et écris à ${CONTACT}.`;
    expect(await defaultsFind(prompt, 'zorglub QUETZAL')).toBe(false);
    expect(await defaultsFind(prompt, CONTACT)).toBe(false);

    const pii = createPii({
      detectors: [...defaultDetectors(), knownValuesDetector({ PERSON: [CONTACT] })],
    });
    const session = pii.session('crm-e2e');
    const recorder = recordingProvider(({ index }) =>
      index === 0
        ? { toolCalls: [{ name: 'lookup', args: { query: '<<PERSON:1>>' } }] }
        : { text: ['Le dossier de <<PERSON:1>> est ouvert.'] },
    );
    const received: unknown[] = [];
    const { text } = await generateText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools: withPiiTools({ lookup: lookupTool(received) }, { session }),
      stopWhen: stepCountIs(3),
      prompt,
    });
    expect(recorder.requests).toHaveLength(2);
    expect(recorder.bodies()[0]).toContain('<<PERSON:1>>');
    expect(
      findLeaks(recorder.bodies(), [CONTACT, 'zorglub QUETZAL', 'Zorglub', 'Quetzal']),
    ).toEqual([]);
    // One person, one token, whatever the spelling; the tool got the first spelling seen.
    expect(received).toEqual([{ query: 'zorglub QUETZAL' }]);
    expect(await session.restore(text)).toBe('Le dossier de zorglub QUETZAL est ouvert.');
  });

  it('presidioDetector: what the local analyzer finds never reaches the provider', async () => {
    const prompt = `Vérifie la licence ${LICENCE} du Dr Martin 👩🏽‍⚕️ avant demain.`;
    expect(await defaultsFind(prompt, LICENCE)).toBe(false);
    presidio = await fakePresidio(findValues({ MEDICAL_LICENSE: [LICENCE] }));

    const pii = createPii({
      detectors: [
        ...defaultDetectors(),
        chunkedDetector(presidioDetector({ url: presidio.url, language: 'fr' }), {
          size: 2000,
          overlap: 100,
        }),
      ],
    });
    const session = pii.session('presidio-e2e');
    const recorder = recordingProvider(({ index }) =>
      index === 0
        ? { toolCalls: [{ name: 'lookup', args: { query: '<<MEDICAL_LICENSE:1>>' } }] }
        : { text: ['Licence <<MEDICAL_LICENSE:1>> valide.'] },
    );
    const received: unknown[] = [];
    const { text } = await generateText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools: withPiiTools({ lookup: lookupTool(received) }, { session }),
      stopWhen: stepCountIs(3),
      prompt,
    });
    expect(presidio.requests.length).toBeGreaterThan(0);
    expect(presidio.requests[0]!.body.language).toBe('fr');
    expect(recorder.bodies()[0]).toContain('<<MEDICAL_LICENSE:1>>');
    expect(findLeaks(recorder.bodies(), [LICENCE])).toEqual([]);
    expect(received).toEqual([{ query: LICENCE }]);
    expect(await session.restore(text)).toBe(`Licence ${LICENCE} valide.`);
  });

  it('presidioDetector: an analyzer that fails stops the call before anything is sent', async () => {
    presidio = await fakePresidio(() => ({ status: 503, body: 'unavailable' }));
    const pii = createPii({
      detectors: [...defaultDetectors(), presidioDetector({ url: presidio.url })],
    });
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await expect(
      generateText({
        model: wrapLanguageModel({
          model: recorder.model(),
          middleware: piiMiddleware({ session: pii.session('down') }),
        }),
        prompt: `Licence ${LICENCE}`,
      }),
    ).rejects.toThrow(/HTTP 503/);
    expect(recorder.requests).toHaveLength(0);
  });
});
