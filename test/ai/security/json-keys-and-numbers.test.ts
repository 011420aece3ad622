/**
 * Structured tool values through the AI SDK (ai@7 and ai@6): object keys are strings like any
 * other (masked in results, restored in arguments), and a known phone as a JSON number or as
 * digits without `+` is masked.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { createPii } from '../../../src/core/create-pii';
import { anyInput, callingModel, JEAN, knownSession, MARIE, wrap } from './helpers';

describe('object keys and numbers in tool values', () => {
  it('masks an email used as an object key in a full tool result (G1)', async () => {
    const { session, prompt } = await knownSession('keys');
    const model = callingModel('lookup', {});
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: anyInput,
            execute: async () => ({ [MARIE]: { name: 'Marie Curie', vip: true } }),
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(second).not.toContain(MARIE);
    expect(second).toContain('"<<EMAIL:2>>":{"name":"<<PERSON:2>>","vip":true}');
  });

  it('restores a token used as an object key in tool arguments for the tool (G3)', async () => {
    const { session, prompt } = await knownSession('keys-args');
    let received: unknown;
    const model = callingModel('tag', { '<<EMAIL:1>>': 'vip' });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          tag: tool({
            inputSchema: anyInput,
            execute: async (input) => {
              received = input;
              return 'ok';
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual({ [JEAN]: 'vip' });
  });

  it('masks a known phone returned as a JSON number, or as digits without + (G1)', async () => {
    const session = createPii().session('numbers');
    await session.anonymize('Rappelez le +33 6 12 34 56 78');
    const model = callingModel('lookup', {});
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: anyInput,
            execute: async () => ({ phone: 33612345678, msisdn: '0033612345678', count: 123456 }),
          }),
        },
        { session },
      ),
      prompt: 'cherche',
      stopWhen: stepCountIs(3),
    });
    const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(second).not.toContain('33612345678');
    expect(second).toContain('"phone":"<<PHONE:1>>","msisdn":"<<PHONE:1>>","count":123456');
  });
});
