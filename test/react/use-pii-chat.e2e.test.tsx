// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { tokensInMessages } from '../../src/ai/ui/tokens-in-ui-messages';
import type { RenderToken } from '../../src/core/client/pii-entry-store';
import { type UsePiiChatHelpers, usePiiChat } from '../../src/react/use-pii-chat';
import {
  createInProcessServer,
  InProcessTransport,
  textStep,
  toolCallStep,
} from './in-process-server';

afterEach(cleanup);

type Part = UIMessage['parts'][number];

/** What a chat UI shows of a part: texts, tool inputs (approval screens) and tool outputs. */
function partText(part: Part): string {
  if (part.type === 'text' || part.type === 'reasoning') return part.text;
  if (part.type.startsWith('tool-')) {
    const p = part as { input?: unknown; output?: unknown };
    return `[${part.type} ${JSON.stringify(p.input ?? null)} → ${JSON.stringify(p.output ?? null)}]`;
  }
  return '';
}

const showToken: RenderToken = ({ label }) => `[${label}]`;

interface Probe {
  chat?: UsePiiChatHelpers;
  renders: string[];
  renderedMessages: UIMessage[][];
}

function ChatUI({
  transport,
  probe,
  initial,
}: {
  transport: InProcessTransport;
  probe: Probe;
  initial?: Partial<Parameters<typeof usePiiChat>[0]>;
}) {
  const chat = usePiiChat({ id: 'chat-1', transport, renderToken: showToken, ...initial });
  probe.chat = chat as UsePiiChatHelpers;
  const text = chat.messages.map((m) => `${m.role}: ${m.parts.map(partText).join('')}`).join('\n');
  probe.renders.push(text);
  probe.renderedMessages.push(chat.messages);
  return (
    <div data-testid="transcript">
      {chat.messages.map((m) => (
        <p key={m.id}>
          {m.role}: {m.parts.map(partText).join('')}
        </p>
      ))}
      <span data-testid="status">{chat.status}</span>
    </div>
  );
}

// A token, or any fragment of one (`<<`, `<<EMA`, `EMAIL:1>>`, `>>`).
const FRAGMENT = /<<|>>|[A-Z]{2,}:\d/;

const TURN_1 = [
  toolCallStep('call-1', 'searchDirectory', { about: '<<PERSON:1>>' }),
  textStep(
    't1',
    'C’est fait : e-mail envoyé à <<PERS',
    'ON:1>> (<<EMA',
    'IL:1',
    '>>), ',
    '2 fiches trouvées.',
  ),
];
const TURN_2 = [textStep('t2', 'Avec plaisir, <<PERSON', ':1>> !')];

/**
 * Sends outside `act`, so that React renders as a browser would (each chunk, as it arrives)
 * instead of batching the whole response into one update.
 */
async function send(probe: Probe, text: string) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await probe.chat!.sendMessage({ text });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

describe('usePiiChat end to end (in-process server, streamText with a mock model)', () => {
  it('shows real values, never a token fragment, keeps tokens in state and requests, and receives only the displayed entries', async () => {
    const server = createInProcessServer([TURN_1, TURN_2]);
    const transport = new InProcessTransport(server.handle);
    const probe: Probe = { renders: [], renderedMessages: [] };
    const dom: string[] = [];
    const { container } = render(<ChatUI transport={transport} probe={probe} />);
    const observer = new MutationObserver(() => dom.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, childList: true, characterData: true });

    await send(probe, 'Écrivez à Jean Dupont, jean.dupont@exemple.fr');
    observer.takeRecords();
    dom.push(container.textContent ?? '');

    // The model only ever saw tokens.
    expect(server.modelPrompts().join('\n')).toContain('<<PERSON:1>>');
    expect(server.modelPrompts().join('\n')).not.toMatch(
      /Jean Dupont|jean\.dupont@|Marie Curie|marie\.curie@/,
    );

    // The DOM shows real values: the answer, and the tool input of the approval card.
    const transcript = screen.getByTestId('transcript').textContent ?? '';
    expect(transcript).toContain(
      'C’est fait : e-mail envoyé à Jean Dupont (jean.dupont@exemple.fr), 2 fiches trouvées.',
    );
    expect(transcript).toContain('{"about":"Jean Dupont"}');
    // The tool output was not opted in: its tokens have no entry and show through renderToken.
    expect(transcript).toContain('"records":[{"name":"[PERSON]","email":"[EMAIL]"}');

    // No render and no DOM state ever showed a token or a fragment of one...
    for (const r of [...probe.renders, ...dom]) expect(r).not.toMatch(FRAGMENT);
    // ...and the stream was really seen mid-token: a render held `<<PERS` back.
    expect(probe.renders.some((r) => r.endsWith('C’est fait : e-mail envoyé à '))).toBe(true);
    expect(probe.renders.some((r) => r.endsWith('envoyé à Jean Dupont ('))).toBe(true);

    // State keeps tokens.
    const raw = JSON.stringify(probe.chat!.rawMessages.filter((m) => m.role === 'assistant'));
    expect(raw).toContain('envoyé à <<PERSON:1>> (<<EMAIL:1>>)');
    expect(raw).not.toMatch(/Jean Dupont|jean\.dupont@|Marie Curie|marie\.curie@/);

    // The entries that reached the browser are exactly those of the displayed tokens.
    const entries = probe.chat!.piiEntries.list();
    expect(entries).toEqual([
      { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' },
      { token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' },
    ]);
    expect(entries.map((e) => e.token)).toEqual(tokensInMessages(probe.chat!.rawMessages));
    // The directory records returned by the tool never reached the browser in clear.
    const everything = JSON.stringify(transport.received);
    expect(everything).not.toMatch(/Marie Curie|marie\.curie@|Aïcha Benali|aicha\.benali@/);
    expect(everything).toContain('<<PERSON:2>>'); // the tool output travels tokenized
    // The tool itself acted on the real value (withPiiTools).
    expect(server.toolInputs).toEqual([{ about: 'Jean Dupont' }]);

    // Turn 2: the history sent back holds tokens and no transient part.
    const turn1Shown = probe.chat!.messages;
    const rendersBefore = probe.renderedMessages.length;
    await send(probe, 'Merci !');
    const request = transport.requests[1]!;
    const sentAssistant = JSON.stringify(request.messages.filter((m) => m.role === 'assistant'));
    expect(sentAssistant).toContain('<<PERSON:1>>');
    expect(sentAssistant).toContain('<<EMAIL:1>>');
    expect(sentAssistant).not.toMatch(/Jean Dupont|jean\.dupont@/);
    expect(JSON.stringify(request.messages)).not.toContain('data-pii');
    expect(screen.getByTestId('transcript').textContent).toContain('Avec plaisir, Jean Dupont !');
    for (const r of probe.renders) expect(r).not.toMatch(FRAGMENT);

    // Unchanged messages kept the identity of their restored copy in every render of turn 2.
    for (const shown of probe.renderedMessages.slice(rendersBefore)) {
      expect(shown[0]).toBe(turn1Shown[0]);
      expect(shown[1]).toBe(turn1Shown[1]);
    }
    // The restored copy is not the state's object (it holds values), the user's own is.
    expect(turn1Shown[1]).not.toBe(probe.chat!.rawMessages[1]);
    expect(turn1Shown[0]).toBe(probe.chat!.rawMessages[0]);
    observer.disconnect();
  });

  it('with parts including tool-output, the tool output is restored and its entries reach the browser', async () => {
    const server = createInProcessServer([TURN_1], {
      parts: ['text', 'reasoning', 'tool-input', 'tool-output'],
    });
    const transport = new InProcessTransport(server.handle);
    const probe: Probe = { renders: [], renderedMessages: [] };
    render(<ChatUI transport={transport} probe={probe} />);
    await send(probe, 'Écrivez à Jean Dupont, jean.dupont@exemple.fr');
    expect(screen.getByTestId('transcript').textContent).toContain(
      '"records":[{"name":"Marie Curie","email":"marie.curie@exemple.fr"},{"name":"Aïcha Benali"',
    );
    expect(probe.chat!.piiEntries.list().map((e) => e.token)).toEqual([
      '<<PERSON:1>>',
      '<<PERSON:2>>',
      '<<EMAIL:2>>',
      '<<PERSON:3>>',
      '<<EMAIL:3>>',
      '<<EMAIL:1>>',
    ]);
  });

  it('a reloaded chat shows real values from the first render with initialEntries, and calls the user onData', async () => {
    // Turn 1 runs against the server; the page is then reloaded from the stored messages.
    const server = createInProcessServer([TURN_1, TURN_2]);
    const first = new InProcessTransport(server.handle);
    const probe: Probe = { renders: [], renderedMessages: [] };
    const { unmount } = render(<ChatUI transport={first} probe={probe} />);
    await send(probe, 'Écrivez à Jean Dupont, jean.dupont@exemple.fr');
    const stored = structuredClone(probe.chat!.rawMessages);
    unmount();

    const session = server.pii.session('chat-1');
    const initialEntries = await session.entries(
      tokensInMessages(stored, { format: session.format }),
    );
    const reloaded: Probe = { renders: [], renderedMessages: [] };
    const seen: string[] = [];
    const second = new InProcessTransport(server.handle);
    render(
      <ChatUI
        transport={second}
        probe={reloaded}
        initial={{ messages: stored, initialEntries, onData: (part) => seen.push(part.type) }}
      />,
    );
    expect(reloaded.renders[0]).toContain('envoyé à Jean Dupont (jean.dupont@exemple.fr)');
    expect(second.requests).toHaveLength(0);
    await send(reloaded, 'Merci !');
    expect(seen).toContain('data-pii');
    expect(screen.getByTestId('transcript').textContent).toContain('Avec plaisir, Jean Dupont !');
  });
});
