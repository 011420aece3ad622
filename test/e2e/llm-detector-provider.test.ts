import { createOpenAI } from '@ai-sdk/openai';
import { generateText, wrapLanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { llmDetector } from '../../src/ai/llm-detector';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { createPii } from '../../src/core/create-pii';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { PiiDetectionError } from '../../src/core/errors';
import { findLeaks } from '../support/leak-readings';
import { detectorModelScript, fencedTextOf } from './support/detector-model-script';
import { type MockOpenAI, startMockOpenAI } from './support/mock-openai-server';
import { recordingProvider } from './support/recording-provider';

/**
 * `llmDetector` through the real `@ai-sdk/openai` provider (v4 under ai@7, v3 under ai@6) to a
 * local OpenAI-compatible server, as an app runs it against Ollama, LM Studio or vLLM: the
 * detector's requests go to that server and nowhere else, and a value that only the detector
 * finds never reaches the main model's provider.
 */
const NAME = 'Zéphyrin Quaglieri-Brzęczyszczyk';
const TYPED = `Envoyez le devis à ${NAME} avant vendredi, il attend notre réponse.`;

describe('llmDetector against a local OpenAI-compatible server', () => {
  let local: MockOpenAI;
  let failing: MockOpenAI;
  const localModel = (server: MockOpenAI) =>
    createOpenAI({ baseURL: server.baseURL, apiKey: 'local' }).chat('qwen2.5:7b-instruct');

  beforeAll(async () => {
    local = await startMockOpenAI(detectorModelScript({ [NAME]: 'PERSON' }));
    failing = await startMockOpenAI(() => {
      throw new Error('model not loaded');
    });
  });
  afterAll(async () => {
    await local.close();
    await failing.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    local.requests.length = 0;
  });

  it('sends its requests to the local server only, asking for structured JSON', async () => {
    const urls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    const spans = await llmDetector({ model: localModel(local) }).detect(TYPED);
    expect(spans.map((s) => TYPED.slice(s.start, s.end))).toEqual([NAME]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toBe(`${local.baseURL}/chat/completions`);
    const [request] = local.requests;
    expect(request!.body.model).toBe('qwen2.5:7b-instruct');
    expect(fencedTextOf(request!.body)).toBe(TYPED);
    expect(JSON.parse(request!.raw).response_format).toMatchObject({ type: 'json_schema' });
  });

  it('fails closed when the local server fails', async () => {
    const detector = llmDetector({ model: localModel(failing), maxRetries: 0 });
    const error = await detector.detect(TYPED).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PiiDetectionError);
    expect((error as Error).message).toMatch(/HTTP 500/);
    expect((error as Error).message).not.toContain('Quaglieri');
  });

  it('keeps a value that only it finds away from the main model', async () => {
    // The default detectors alone miss this name: the test is about what the LLM detector adds.
    const byDefault = await createPii().detect(TYPED);
    expect(byDefault.some((s) => s.value.includes('Quaglieri'))).toBe(false);

    const main = recordingProvider(() => ({ text: ['Devis envoyé.'] }));
    const pii = createPii({
      detectors: [...defaultDetectors(), llmDetector({ model: localModel(local) })],
    });
    const session = pii.session('llm-detector-on-the-wire');
    await generateText({
      model: wrapLanguageModel({ model: main.model(), middleware: piiMiddleware({ session }) }),
      system: 'You write short business e-mails.',
      prompt: TYPED,
    });

    expect(main.requests).toHaveLength(1);
    expect(main.bodies()[0]).toContain('<<PERSON:1>>');
    expect(
      findLeaks(main.bodies(), [NAME, 'Zéphyrin', 'Quaglieri', 'Brzęczyszczyk'], {
        variants: true,
      }),
    ).toEqual([]);
    // Where the text went: the local server read it in clear, as it must to find the name.
    expect(local.requests.map((r) => fencedTextOf(r.body))).toContain(TYPED);
    expect(await session.restore('<<PERSON:1>>')).toBe(NAME);
  });

  it('keeps the value masked in later turns, where the sweep finds it without asking again', async () => {
    const main = recordingProvider(() => ({ text: ['Bien noté.'] }));
    // failOpen: if a later call to the local model fails, the value is still known to the vault.
    const flaky = await startMockOpenAI((request) => {
      if (request.index > 0) throw new Error('model unloaded');
      return detectorModelScript({ [NAME]: 'PERSON' })(request);
    });
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const pii = createPii({
        detectors: [
          ...defaultDetectors(),
          llmDetector({ model: localModel(flaky), failOpen: true, maxRetries: 0 }),
        ],
      });
      const session = pii.session('llm-detector-later-turns');
      const model = wrapLanguageModel({
        model: main.model(),
        middleware: piiMiddleware({ session }),
      });
      await generateText({ model, prompt: TYPED });
      await generateText({ model, prompt: `Rappel : ${NAME} a-t-il répondu ?` });
      expect(main.requests).toHaveLength(2);
      expect(findLeaks(main.bodies(), [NAME, 'Quaglieri'])).toEqual([]);
      expect(main.bodies()[1]).toContain('<<PERSON:1>>');
    } finally {
      await flaky.close();
    }
  });
});
