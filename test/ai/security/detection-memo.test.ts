/**
 * The detection memo (`createPii({ rememberDetections })`) on the model's data path: a chat
 * sends its whole history at every turn, and a long message is detected once. The provider's
 * prompt must hold no value at any turn, including a long message edited between turns.
 */
import { generateText, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';
import { testEmailDetector } from '../../core/helpers';
import { generateResult } from '../../support/mock-model';
import { wrap } from './helpers';

/** A pasted document of about 6 KB holding one address. */
const document = (address: string) =>
  `${'Voici le compte rendu de la réunion. '.repeat(160)}Contact : ${address}.`;

describe('a long history sent again at every turn', () => {
  it('is detected once, and no value reaches the provider at any turn', async () => {
    let calls = 0;
    const counting: Detector = {
      name: 'counting-email',
      detect: (text) => {
        calls++;
        return testEmailDetector.detect(text);
      },
    };
    const pii = createPii({ detectors: [counting] });
    const model = new MockLanguageModelV3({
      doGenerate: async () => generateResult([{ type: 'text', text: 'Bien reçu.' }]),
    });
    const messages: ModelMessage[] = [
      { role: 'user', content: document('jean.dupont@exemple.fr') },
    ];
    const turn = async () => {
      // One session per request, as a route handler makes it.
      const result = await generateText({
        model: wrap(model, pii.session('chat-1')),
        messages,
      });
      messages.push({ role: 'assistant', content: result.text });
    };
    await turn();
    expect(calls).toBe(1);
    messages.push({ role: 'user', content: 'Et le suivant ?' });
    await turn();
    // The memo starts with the conversation's first values: the document is detected again
    // once, then never.
    expect(calls).toBe(3);
    messages.push({ role: 'user', content: 'Et après ?' });
    await turn();
    expect(calls).toBe(5); // the two short messages only
    // The user edits the document: another address at the same place is detected anew.
    messages[0] = { role: 'user', content: document('jeanne.martin@exemple.fr') };
    messages.push({ role: 'user', content: 'Corrigé.' });
    await turn();

    const prompts = JSON.stringify(model.doGenerateCalls.map((c) => c.prompt));
    expect(model.doGenerateCalls).toHaveLength(4);
    expect(prompts).not.toContain('jean.dupont@exemple.fr');
    expect(prompts).not.toContain('jeanne.martin@exemple.fr');
    expect(prompts).toContain('<<EMAIL:1>>');
    expect(prompts).toContain('<<EMAIL:2>>');
  });
});
