/**
 * A merged span has an identity of its own through the AI SDK (ai@7 and ai@6): a tool called
 * with a phone number of the conversation receives that number, never the union it was once
 * glued into.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { createPii } from '../../../src/core/create-pii';
import { anyInput, callingModel, wrap } from './helpers';

describe('merged spans and tool calls (G3)', () => {
  it('calls a tool with the phone number alone, not the phone glued to an e-mail address', async () => {
    // Turn 1 held `+33 (0)1 44 55 66 77-info@empresa.es` (two eval values glued by a dash):
    // merged into one PHONE span whose canonical form (libphonenumber reads the phone and
    // ignores the rest) would be the bare phone's. Turn 2 asks to call `01 44 55 66 77`.
    const session = createPii().session('merged-tool');
    const turn1 = await session.anonymize('Contact : +33 (0)1 44 55 66 77-info@empresa.es');
    const received: unknown[] = [];
    const model = callingModel('call', { to: '<<PHONE:2>>' });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          call: tool({
            inputSchema: anyInput,
            execute: async (input) => {
              received.push(input.to);
              return 'calling';
            },
          }),
        },
        { session },
      ),
      messages: [
        { role: 'user', content: turn1 },
        { role: 'user', content: 'Appelez le 01 44 55 66 77 maintenant.' },
      ],
      stopWhen: stepCountIs(3),
    });
    // With the union's token the model would see one token for two values, and a tool called
    // with it would receive the phone glued to the address. The union has an identity of its
    // own: the bare number gets another token, and the tool its own value.
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('Appelez le <<PHONE:2>>');
    expect(received).toEqual(['01 44 55 66 77']);
  });
});
