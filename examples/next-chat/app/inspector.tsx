'use client';

import { type ReactNode, useState } from 'react';
import type { InspectedStep } from './inspector-log';

/** The parts of a Chat Completions message the inspector shows. */
interface WireMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

const TOKEN = /(<<[A-Z][A-Z0-9_]*:\d+>>)/;

/** Text with its tokens drawn as tokens: here they are the point, not something to restore. */
function Tokens({ text }: { text: string }) {
  return (
    <>
      {text.split(TOKEN).map((piece, i) =>
        TOKEN.test(piece) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string.
          <code key={i} className="token">
            {piece}
          </code>
        ) : (
          piece
        ),
      )}
    </>
  );
}

const contentText = (content: WireMessage['content']) =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('');

/** One message of a request, as the model read it. */
function wireLine(message: WireMessage): string {
  const calls = (message.tool_calls ?? []).map(
    (c) => `${c.function.name}(${c.function.arguments})`,
  );
  return [contentText(message.content), ...calls].filter(Boolean).join(' ');
}

function Step({ step, number }: { step: InspectedStep; number: number }) {
  const body = JSON.parse(step.raw) as { messages?: WireMessage[] };
  const reply = step.reply;
  const wrote: ReactNode[] = [];
  if (reply?.text) wrote.push(<Tokens key="text" text={reply.text} />);
  for (const call of reply?.toolCalls ?? []) {
    wrote.push(<Tokens key={wrote.length} text={`${call.name}(${JSON.stringify(call.args)})`} />);
  }
  return (
    <section className="inspector-step" data-testid="inspector-step">
      <h3>Step {number}: what the model received</h3>
      <ol className="wire-messages">
        {(body.messages ?? []).map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the messages of one recorded request.
          <li key={i} data-testid="inspector-message" data-role={message.role}>
            <span className="wire-role">{message.role}</span> <Tokens text={wireLine(message)} />
          </li>
        ))}
      </ol>
      <h3>The model wrote</h3>
      <p data-testid="inspector-reply">{wrote.length > 0 ? wrote : '…'}</p>
      <details>
        <summary>
          Request body, exactly as sent ({new TextEncoder().encode(step.raw).length} bytes)
        </summary>
        <pre data-testid="inspector-raw">{step.raw}</pre>
      </details>
    </section>
  );
}

/**
 * A toggle under a message: what left for the provider on that turn (tokens only) and what the
 * model wrote, read from the request log of the local mock server (`/api/inspector`). A user
 * message shows the request that carried it; an answer, every step of its turn.
 */
export function Inspector({ turn, steps: which }: { turn: string; steps: 'first' | 'all' }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<{ steps: InspectedStep[] } | { error: string } | null>(null);

  const toggle = async () => {
    const opening = !open;
    setOpen(opening);
    if (!opening) return;
    // Read again on each opening: a turn may still be streaming the first time.
    try {
      const response = await fetch(`/api/inspector?turn=${encodeURIComponent(turn)}`);
      setLog(await response.json());
    } catch (error) {
      setLog({ error: `The inspector could not read the log: ${(error as Error).message}` });
    }
  };

  const steps = log && 'steps' in log ? log.steps : [];
  const shown = which === 'first' ? steps.slice(0, 1) : steps;
  return (
    <div className="inspector" data-testid="inspector">
      <button
        type="button"
        className="inspector-toggle"
        data-testid="inspector-toggle"
        aria-expanded={open}
        onClick={toggle}
      >
        {open ? 'Hide what the model saw' : 'What the model saw'}
      </button>
      {open && log && 'error' in log && <p className="hint">{log.error}</p>}
      {open && shown.map((step, i) => <Step key={step.index} step={step} number={i + 1} />)}
    </div>
  );
}
