/**
 * Resumed tool calls with Redis: an approved call proposed on one instance is resumed on another (two stores,
 * two clients, one server). The record of the call is what lets its tokens be restored.
 */
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { generateResult, toolCallPart } from '../support/mock-model';
import { testEncryption, urlStore } from './helpers';

const encryption = testEncryption();

function instance(received: unknown[]) {
  const store = urlStore({ prefix: 'approvals:', encryption });
  const pii = createPii({ store });
  const toolsFor = (chatId: string) =>
    withPiiTools(
      {
        sendEmail: tool({
          inputSchema: z.object({ to: z.string().email() }),
          needsApproval: true,
          execute: async ({ to }) => {
            received.push(to);
            return 'sent';
          },
        }),
      },
      { session: pii.session(chatId) },
    );
  return { store, pii, toolsFor };
}

const answer = () =>
  new MockLanguageModelV3({ doGenerate: [generateResult([{ type: 'text', text: 'ok' }])] });

describe('resumed approved calls across instances (Redis)', () => {
  it('a call proposed on instance A runs on instance B once approved; a tampered one does not', async () => {
    const received: unknown[] = [];
    const a = instance(received);
    const b = instance(received);
    const chatId = `chat-${Date.now()}`;
    const prompt = await a.pii.session(chatId).anonymize('Écrivez à jean.dupont@exemple.fr');
    await a.pii.session(chatId).anonymize('CRM: marie.curie@exemple.fr', { role: 'tool' });

    const first = await generateText({
      model: new MockLanguageModelV3({
        doGenerate: [generateResult([toolCallPart('call-1', 'sendEmail', { to: '<<EMAIL:1>>' })])],
      }),
      tools: a.toolsFor(chatId),
      prompt,
      stopWhen: stepCountIs(1),
    });
    const request = first.content.find((p) => p.type === 'tool-approval-request') as {
      approvalId: string;
    };
    const history = (input: unknown): ModelMessage[] => {
      const messages = JSON.parse(
        JSON.stringify([{ role: 'user', content: prompt }, ...first.response.messages]),
      ) as ModelMessage[];
      for (const m of messages) {
        if (!Array.isArray(m.content)) continue;
        for (const p of m.content) if (p.type === 'tool-call') p.input = input;
      }
      return [
        ...messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
          ],
        },
      ];
    };

    await generateText({
      model: answer(),
      tools: b.toolsFor(chatId),
      messages: history({ to: '<<EMAIL:2>>' }), // tampered: another address of the vault
      stopWhen: stepCountIs(2),
    });
    expect(received).toEqual([]);

    await generateText({
      model: answer(),
      tools: b.toolsFor(chatId),
      messages: history({ to: '<<EMAIL:1>>' }),
      stopWhen: stepCountIs(2),
    });
    expect(received).toEqual(['jean.dupont@exemple.fr']);

    await a.pii.session(chatId).forget();
    await a.store.close();
    await b.store.close();
  });
});
