import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { tokensInMessages } from '../../../src/ai/ui/tokens-in-ui-messages';
import { createPlaceholderFormat } from '../../../src/core/placeholder/format';
import { testPii } from '../../core/helpers';

const stored: UIMessage[] = [
  {
    id: 'u1',
    role: 'user',
    parts: [{ type: 'text', text: 'Écrivez à <<PERSON:1>>, <<EMAIL:1>>' }],
  },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: 'Envoyer à <<EMAIL:1>>', state: 'done' },
      {
        type: 'tool-sendEmail',
        toolCallId: 'c1',
        state: 'output-available',
        input: { to: '<<EMAIL:1>>', cc: ['<<EMAIL:3>>'] },
        output: { sent: true, copy: '<<EMAIL:2>>' },
      },
      { type: 'text', text: 'Envoyé à <<PERSON:1>> (<<EMAIL:1>>).', state: 'done' },
      { type: 'data-note', data: { x: '<<PERSON:9>>' } },
    ],
  },
];

describe('tokensInMessages', () => {
  it('lists the tokens that text, reasoning and tool inputs show, once each, in order', () => {
    expect(tokensInMessages(stored)).toEqual(['<<PERSON:1>>', '<<EMAIL:1>>', '<<EMAIL:3>>']);
  });

  it('includes tool outputs only when asked, and follows the parts option', () => {
    expect(tokensInMessages(stored, { parts: ['text', 'tool-input', 'tool-output'] })).toEqual([
      '<<PERSON:1>>',
      '<<EMAIL:1>>',
      '<<EMAIL:3>>',
      '<<EMAIL:2>>',
    ]);
    expect(tokensInMessages(stored, { parts: ['reasoning'] })).toEqual(['<<EMAIL:1>>']);
  });

  it('uses the given placeholder format', () => {
    const square = createPlaceholderFormat({ open: '[[', close: ']]' });
    const messages: UIMessage[] = [
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: '[[EMAIL:4]] <<EMAIL:1>>' }] },
    ];
    expect(tokensInMessages(messages, { format: square })).toEqual(['[[EMAIL:4]]']);
  });

  it('with session.entries gives exactly the entries a reloaded chat displays', async () => {
    const session = testPii().session('reload');
    await session.anonymize('Jean Dupont jean.dupont@exemple.fr marie.curie@exemple.fr'); // PERSON:1 EMAIL:1 EMAIL:2
    const entries = await session.entries(tokensInMessages(stored, { format: session.format }));
    expect(entries).toEqual([
      { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont', origin: { kind: 'user' } },
      {
        token: '<<EMAIL:1>>',
        label: 'EMAIL',
        value: 'jean.dupont@exemple.fr',
        origin: { kind: 'user' },
      },
    ]);
  });
});
