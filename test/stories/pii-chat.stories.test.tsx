// @vitest-environment jsdom
import { composeStories } from '@storybook/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from '../../stories/pii-chat.stories';

const { Transcript, HighlightedTranscript, StreamingSplitToken, ToolCallApproval } =
  composeStories(stories);

afterEach(cleanup);

const FRAGMENT = /<<|>>|[A-Z]{2,}:\d/;

/** Lets the chat stream outside `act`, so every chunk renders as in a browser. */
async function outsideAct<T>(run: () => Promise<T>): Promise<T> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await run();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

describe('usePiiChat stories', () => {
  it('Transcript: a stored chat shows real values from the first render', () => {
    const renders: string[] = [];
    render(<Transcript onRender={(t) => renders.push(t)} />);
    expect(screen.getByTestId('chat').textContent).toContain(
      'C’est fait : e-mail envoyé à Jean Dupont (jean.dupont@exemple.fr), copie à marie.curie@exemple.fr.',
    );
    expect(screen.getByTestId('chat').textContent).toContain(
      'Écrivez à Jean Dupont, jean.dupont@exemple.fr.',
    );
    for (const r of renders) expect(r).not.toMatch(FRAGMENT);
  });

  it('HighlightedTranscript: marks each restored value with its label and token', () => {
    const { container } = render(<HighlightedTranscript />);
    const marks = [...container.querySelectorAll('mark.pii')];
    expect(marks.map((m) => [m.textContent, m.getAttribute('data-pii-token')])).toEqual([
      ['Jean Dupont', '<<PERSON:1>>'],
      ['jean.dupont@exemple.fr', '<<EMAIL:1>>'],
      ['Jean Dupont', '<<PERSON:1>>'],
      ['jean.dupont@exemple.fr', '<<EMAIL:1>>'],
      ['marie.curie@exemple.fr', '<<EMAIL:2>>'],
    ]);
  });

  it('StreamingSplitToken: never renders a fragment of the split tokens, then shows the values', async () => {
    const renders: string[] = [];
    await outsideAct(async () => {
      render(<StreamingSplitToken delayMs={0} onRender={(t) => renders.push(t)} />);
      await waitFor(() => {
        const chat = screen.getByTestId('chat');
        expect(chat.getAttribute('data-status')).toBe('ready');
        expect(chat.querySelectorAll('article')).toHaveLength(2);
      });
    });
    expect(screen.getByTestId('chat').textContent).toContain(
      'C’est fait : e-mail envoyé à Jean Dupont (jean.dupont@exemple.fr).',
    );
    for (const r of renders) expect(r).not.toMatch(FRAGMENT);
    // The stream was seen mid-token, with the fragment held back.
    expect(renders.some((r) => r.endsWith('envoyé à '))).toBe(true);
    expect(renders.some((r) => r.endsWith('Jean Dupont ('))).toBe(true);
  });

  it('ToolCallApproval: the card shows restored arguments; approving sends the tokenized input back', async () => {
    const requests: UIMessage[][] = [];
    render(
      <ToolCallApproval
        turns={[[{ type: 'start' }, { type: 'finish' }]]}
        onRequest={(m) => requests.push(m)}
      />,
    );
    const card = screen.getByTestId('tool-call-1');
    expect(card.textContent).toContain('tojean.dupont@exemple.fr');
    expect(card.textContent).toContain('ccmarie.curie@exemple.fr');
    expect(card.textContent).toContain('bodyBonjour Jean Dupont, voici votre dossier.');
    expect(card.textContent).toContain('approval-requested');
    expect(card.textContent).not.toMatch(FRAGMENT);
    fireEvent.click(screen.getByText('Approve'));
    await waitFor(() => expect(requests).toHaveLength(1));
    const sentTool = JSON.stringify(requests[0]!.at(-1));
    expect(sentTool).toContain('"approved":true');
    expect(sentTool).toContain('"to":"<<EMAIL:1>>"');
    expect(sentTool).not.toMatch(/jean\.dupont@|marie\.curie@|Jean Dupont/);
  });
});
