// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createPiiEntryStore } from '../../src/core/client/pii-entry-store';
import { type UsePiiChatOptions, usePiiChat } from '../../src/react/use-pii-chat';

afterEach(cleanup);

const stored = (text: string): UIMessage[] => [
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text, state: 'done' }] },
];

function Transcript(props: UsePiiChatOptions) {
  const { messages } = usePiiChat(props);
  return (
    <p data-testid="t">
      {messages
        .map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''))
        .join('|')}
    </p>
  );
}

describe('usePiiChat', () => {
  it('keeps entries per conversation: another chat id does not reuse the previous one’s values', () => {
    const { rerender } = render(
      <Transcript
        id="chat-a"
        messages={stored('Bonjour <<PERSON:1>>')}
        initialEntries={[{ token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' }]}
      />,
    );
    expect(screen.getByTestId('t').textContent).toBe('Bonjour Jean Dupont');
    rerender(<Transcript id="chat-b" messages={stored('Bonjour <<PERSON:1>>')} />);
    expect(screen.getByTestId('t').textContent).toBe('Bonjour <<PERSON:1>>');
  });

  it('adds initialEntries given on a later render, and uses renderToken for tokens without entry', () => {
    const renderToken = ({ label }: { label: string }) => `[${label}]`;
    const messages = stored('<<PERSON:1>>, <<EMAIL:1>>');
    const { rerender } = render(
      <Transcript id="c" messages={messages} renderToken={renderToken} />,
    );
    expect(screen.getByTestId('t').textContent).toBe('[PERSON], [EMAIL]');
    rerender(
      <Transcript
        id="c"
        messages={messages}
        renderToken={renderToken}
        initialEntries={[{ token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' }]}
      />,
    );
    expect(screen.getByTestId('t').textContent).toBe('[PERSON], jean.dupont@exemple.fr');
  });

  it('uses a given entry store (the `chat` option case)', () => {
    const entryStore = createPiiEntryStore({
      entries: [{ token: '<<PERSON:1>>', label: 'PERSON', value: 'Marie Curie' }],
    });
    render(<Transcript id="c" messages={stored('À <<PERSON:1>>')} entryStore={entryStore} />);
    expect(screen.getByTestId('t').textContent).toBe('À Marie Curie');
  });
});
