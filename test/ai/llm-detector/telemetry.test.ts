import * as ai from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { llmDetector } from '../../../src/ai/llm-detector';
import { generateResult } from '../../support/mock-model';

/**
 * ai@7 sends every call to the telemetry integrations registered in the process, unless the
 * call opts out; the detector's prompt is the text in clear, so its calls opt out. (ai@6 has no
 * such registry: its telemetry is off unless a call turns it on.)
 */
const registerTelemetry = (ai as unknown as Record<string, unknown>).registerTelemetry as
  | ((...integrations: object[]) => void)
  | undefined;

describe.runIf(registerTelemetry)('llmDetector and registered telemetry (ai@7)', () => {
  it('sends none of its calls, nor the text, to a registered integration', async () => {
    const events: string[] = [];
    const record = (event: unknown) => {
      events.push(JSON.stringify(event) ?? '');
    };
    registerTelemetry!({
      onStart: record,
      onStepStart: record,
      onLanguageModelCallStart: record,
      onStepFinish: record,
      onFinish: record,
      onEnd: record,
    });
    // The integration is live: a call that does not opt out reaches it.
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        generateResult([
          { type: 'text', text: '{"entities":[{"label":"PERSON","text":"Zéphyrin Quaglieri"}]}' },
        ]),
    });
    await ai.generateText({ model, prompt: 'probe' });
    expect(events.join('\n')).toContain('probe');
    events.length = 0;

    const spans = await llmDetector({ model }).detect('Signé : Zéphyrin Quaglieri.');
    expect(spans).toHaveLength(1);
    expect(events).toEqual([]);
  });
});
