import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { useEffect, useMemo, useRef } from 'react';
import { type PiiEntry, PiiText, usePiiChat } from '../../src/react/index';
import { type ScriptedTurn, scriptedTransport } from './scripted-transport';
import { ToolCallCard } from './tool-call-card';

export interface PiiChatDemoProps {
  /** Stored (tokenized) messages the chat starts with. */
  messages?: UIMessage[];
  initialEntries?: PiiEntry[];
  /** Server responses, one per request. */
  turns?: ScriptedTurn[];
  /** Pause between chunks, to watch the stream. */
  delayMs?: number;
  /** A user message sent on mount. */
  autoSend?: string;
  /** Render texts with `PiiText`, marking restored values. */
  highlight?: boolean;
  /** Called with the displayed text at every render (tests record it). */
  onRender?: (text: string) => void;
  /** Called with the messages of each request, as the server receives them. */
  onRequest?: (messages: UIMessage[]) => void;
}

const textOf = (m: UIMessage) =>
  m.parts
    .map((p) => (p.type === 'text' ? p.text : 'input' in p ? JSON.stringify(p.input) : ''))
    .join('');

/** A minimal chat UI over `usePiiChat`, with a scripted transport instead of a server. */
export function PiiChatDemo({
  messages,
  initialEntries,
  turns = [],
  delayMs = 0,
  autoSend,
  highlight,
  onRender,
  onRequest,
}: PiiChatDemoProps) {
  const transport = useMemo(
    () => scriptedTransport(turns, delayMs, onRequest),
    [turns, delayMs, onRequest],
  );
  const chat = usePiiChat({
    id: 'story-chat',
    messages,
    initialEntries,
    transport,
    // An approved tool call goes back to the server at once.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const sent = useRef(false);
  useEffect(() => {
    if (autoSend && !sent.current) {
      sent.current = true;
      void chat.sendMessage({ text: autoSend });
    }
  }, [autoSend, chat.sendMessage]);
  onRender?.(chat.messages.map((m) => `${m.role}: ${textOf(m)}`).join('\n'));

  return (
    <section data-testid="chat" data-status={chat.status}>
      {chat.messages.map((message, i) => (
        <article key={message.id} data-role={message.role}>
          <b>{message.role === 'user' ? 'Vous' : 'Assistant'}</b>
          {message.parts.map((part, j) => {
            const key = `${message.id}-${j}`;
            if (part.type === 'text') {
              const raw = chat.rawMessages[i]?.parts[j];
              return highlight && raw?.type === 'text' ? (
                <p key={key}>
                  <PiiText
                    text={raw.text}
                    entries={chat.piiEntries}
                    streaming={raw.state === 'streaming'}
                    markClassName="pii"
                  />
                </p>
              ) : (
                <p key={key}>{part.text}</p>
              );
            }
            if ('toolCallId' in part) {
              const approvalId = part.state === 'approval-requested' ? part.approval.id : undefined;
              return (
                <ToolCallCard
                  key={key}
                  part={part}
                  onDecide={
                    approvalId
                      ? (approved) => chat.addToolApprovalResponse({ id: approvalId, approved })
                      : undefined
                  }
                />
              );
            }
            return null;
          })}
        </article>
      ))}
    </section>
  );
}
