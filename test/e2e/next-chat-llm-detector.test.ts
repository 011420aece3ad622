import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatDetectors } from '../../examples/next-chat/app/detectors';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { findLeaks } from '../support/leak-readings';
import { detectorModelScript, fencedTextOf } from './support/detector-model-script';
import { type MockOpenAI, nextChatScenario, startMockOpenAI } from './support/mock-openai-server';

/**
 * The Next.js example's chat route (`examples/next-chat/app/api/chat/route.ts`), called in
 * process with the local LLM detector switched on by `PII_DETECTOR_URL`: one mock
 * OpenAI-compatible server plays the main model, another the local PII model. The browser test
 * (`test/browser/next-chat.test.ts`) runs the same route built by Next, without the detector.
 */
const NAME = 'Zéphyrin Quaglieri-Brzęczyszczyk';
const TYPED = `Bonjour, je suis ${NAME} et j'ai une question sur mon contrat.`;

describe('examples/next-chat: the local LLM detector', () => {
  it('is off unless PII_DETECTOR_URL is set: the default detectors, no model', () => {
    expect(chatDetectors({}).map((d) => d.name)).toEqual(defaultDetectors().map((d) => d.name));
  });

  it('is added to the default detectors when PII_DETECTOR_URL and PII_DETECTOR_MODEL are set', () => {
    const names = chatDetectors({
      PII_DETECTOR_URL: 'http://127.0.0.1:11434/v1',
      PII_DETECTOR_MODEL: 'qwen2.5:7b-instruct',
    }).map((d) => d.name);
    expect(names).toEqual([...defaultDetectors().map((d) => d.name), 'llm']);
    expect(() => chatDetectors({ PII_DETECTOR_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /PII_DETECTOR_MODEL/,
    );
  });

  describe('the chat route, with both servers', () => {
    let main: MockOpenAI;
    let local: MockOpenAI;
    const saved = { ...process.env };

    beforeAll(async () => {
      main = await startMockOpenAI(nextChatScenario);
      local = await startMockOpenAI(detectorModelScript({ [NAME]: 'PERSON' }));
      Object.assign(process.env, {
        OPENAI_BASE_URL: main.baseURL,
        OPENAI_API_KEY: 'test',
        PII_DETECTOR_URL: local.baseURL,
        PII_DETECTOR_MODEL: 'qwen2.5:7b-instruct',
      });
      // The route reads the environment when it is loaded, as `next start` does.
      vi.resetModules();
    });
    afterAll(async () => {
      process.env = saved;
      await main.close();
      await local.close();
    });

    it('sends the main model a token for a name that only the local model found', async () => {
      const { POST } = await import('../../examples/next-chat/app/api/chat/route');
      const response = await POST(
        new Request('http://localhost/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            id: 'chat-llm-detector',
            message: { id: 'u1', role: 'user', parts: [{ type: 'text', text: TYPED }] },
          }),
        }),
      );
      const body = await response.text();
      expect(response.status).toBe(200);

      expect(main.requests.length).toBeGreaterThan(0);
      expect(main.requests[0]!.raw).toContain('<<PERSON:1>>');
      expect(
        findLeaks(
          main.requests.map((r) => r.raw),
          [NAME, 'Quaglieri'],
          { variants: true },
        ),
      ).toEqual([]);
      expect(local.requests.map((r) => fencedTextOf(r.body))).toContain(TYPED);
      expect(local.requests.every((r) => r.body.model === 'qwen2.5:7b-instruct')).toBe(true);
      // The answer does not show the name: the browser is not sent it either.
      expect(body).not.toContain('Quaglieri');
    });
  });
});
