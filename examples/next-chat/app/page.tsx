'use client';

import {
  DefaultChatTransport,
  type DynamicToolUIPart,
  getToolName,
  isToolUIPart,
  type ToolUIPart,
  type UIMessage,
} from 'ai';
import { type TokenMatch, usePiiChat } from 'ai-sdk-pii/react';
import { type FormEvent, useState } from 'react';
import { Inspector } from './inspector';

type ToolPart = ToolUIPart | DynamicToolUIPart;

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What a tool call did, without its data: results can hold records nobody asked to see. */
function outcome(part: ToolPart): string {
  switch (part.state) {
    case 'input-streaming':
      return 'preparing…';
    case 'input-available':
      return 'running…';
    case 'output-available':
      return Array.isArray(part.output) ? `${part.output.length} result(s), not shown` : 'done';
    case 'output-error':
      return `error: ${part.errorText}`;
    default:
      return part.state;
  }
}

/** A tool call as a card: the (restored) input the model asked for, then how it went. */
function ToolCard({ part }: { part: ToolPart }) {
  const name = getToolName(part);
  const input =
    part.input && typeof part.input === 'object' ? Object.entries(part.input as object) : [];
  return (
    <div className="tool-card" data-testid="tool-card" data-tool={name} data-state={part.state}>
      <strong>{name}</strong> <span className="tool-state">{outcome(part)}</span>
      {input.length > 0 && (
        <dl>
          {input.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{key}</dt>
              <dd data-testid={`tool-input-${key}`}>{show(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/**
 * The chat turn a message belongs to: the route puts the turn's id in the metadata of its answer;
 * a user message belongs to the turn of the answer that follows it.
 */
function turnOf(messages: readonly UIMessage[], index: number): string | undefined {
  const answer = messages.slice(index).find((m) => m.role === 'assistant');
  const metadata = answer?.metadata as { turn?: unknown } | undefined;
  return typeof metadata?.turn === 'string' ? metadata.turn : undefined;
}

/** A token the server sent no value for (refused by the route's `reveal`, or invented). */
const renderToken = (token: TokenMatch) =>
  `[${token.label.toLowerCase().replace('_', ' ')} hidden]`;

// The server keeps the history (see api/chat/route.ts): each request carries the last message only.
const transport = new DefaultChatTransport({
  api: '/api/chat',
  prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
});

/** The inspector of a message whose turn has begun (its answer's metadata has arrived). */
function InspectorOf({ turn, role }: { turn: string | undefined; role: UIMessage['role'] }) {
  if (!turn) return null;
  return <Inspector turn={turn} steps={role === 'user' ? 'first' : 'all'} />;
}

export default function ChatPage() {
  // `messages` are display copies with real values; the chat state (`rawMessages`) keeps the
  // tokens. Requests carry the new message only: the server answers from the history it stored.
  const { messages, sendMessage, status, error } = usePiiChat({ renderToken, transport });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    void sendMessage({ text });
    setInput('');
  };

  return (
    <main data-testid="chat" data-status={status}>
      <header>
        <h1>ai-sdk-pii · Next.js chat</h1>
        <p className="hint">
          The model only sees placeholders such as <code>&lt;&lt;EMAIL:1&gt;&gt;</code>; you and the
          tools see the real values. Under each message, <em>What the model saw</em> shows the
          request as the provider received it.
        </p>
      </header>

      <section className="messages" data-testid="messages" aria-live="polite">
        {messages.map((message, index) => (
          <article
            key={message.id}
            className="message"
            data-testid="message"
            data-role={message.role}
          >
            <div className="role">{message.role === 'user' ? 'You' : 'Assistant'}</div>
            {message.parts.map((part, i) => {
              const key = `${message.id}-${i}`;
              if (part.type === 'text') {
                return (
                  <p key={key} data-testid="message-text">
                    {part.text}
                  </p>
                );
              }
              if (isToolUIPart(part)) return <ToolCard key={key} part={part} />;
              return null;
            })}
            <InspectorOf turn={turnOf(messages, index)} role={message.role} />
          </article>
        ))}
        {status === 'submitted' && <p className="hint">…</p>}
        {error && (
          <p className="error" data-testid="chat-error">
            {error.message}
          </p>
        )}
      </section>

      <form onSubmit={onSubmit}>
        <input
          type="text"
          data-testid="chat-input"
          aria-label="Message"
          placeholder="Écrivez à Jean Dupont, jean.dupont@exemple.fr, que son dossier est prêt"
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <button type="submit" data-testid="chat-send" disabled={busy || !input.trim()}>
          Send
        </button>
      </form>
    </main>
  );
}
