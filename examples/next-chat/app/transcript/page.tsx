import { PiiText } from 'ai-sdk-pii/react';
import { storedChat } from './stored-chat';

// Rendered on each request, as a page reading a chat store would be.
export const dynamic = 'force-dynamic';

/**
 * A Server Component: it loads a stored (tokenized) chat and renders it with `PiiText`, a
 * client component of `ai-sdk-pii/react`. The browser gets the tokenized text and the entries
 * of the tokens it shows, nothing else of the vault.
 */
export default async function TranscriptPage() {
  const { messages, entries } = await storedChat('stored-transcript');
  return (
    <main data-testid="transcript">
      <header>
        <h1>Stored transcript</h1>
        <p className="hint">Kept with placeholders only; the page shows the real values, marked.</p>
      </header>
      <section className="messages">
        {messages.map((message) => (
          <article
            key={message.id}
            className="message"
            data-testid="transcript-message"
            data-role={message.role}
          >
            <div className="role">{message.role === 'user' ? 'You' : 'Assistant'}</div>
            {message.parts.map((part, i) => {
              // A stored message's parts never move: their place is their identity.
              const key = `${message.id}-${i}`;
              return part.type === 'text' ? (
                <p key={key}>
                  <PiiText text={part.text} entries={entries} markClassName="pii" />
                </p>
              ) : null;
            })}
          </article>
        ))}
      </section>
    </main>
  );
}
