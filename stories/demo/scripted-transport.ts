import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';

/** A ready-made server response: the chunks `createPiiUIMessageStream` would send. */
export type ScriptedTurn = UIMessageChunk[];

export interface ScriptedTransport extends ChatTransport<UIMessage> {
  /** The messages of each request, as the server would receive them. */
  readonly sent: UIMessage[][];
}

/**
 * A browser-only `ChatTransport` that answers each request with the next scripted turn, one
 * chunk every `delayMs`, so stories show streaming without a server.
 */
export function scriptedTransport(
  turns: readonly ScriptedTurn[],
  delayMs = 0,
  onRequest?: (messages: UIMessage[]) => void,
): ScriptedTransport {
  const sent: UIMessage[][] = [];
  return {
    sent,
    async sendMessages({ messages }) {
      sent.push(structuredClone(messages));
      onRequest?.(structuredClone(messages));
      const chunks = [...(turns[sent.length - 1] ?? [])];
      return new ReadableStream<UIMessageChunk>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const next = chunks.shift();
          if (next) controller.enqueue(structuredClone(next));
          else controller.close();
        },
      });
    },
    async reconnectToStream() {
      return null;
    },
  };
}

/** The chunks of one text part, split into the given deltas. */
export const textChunks = (id: string, ...deltas: string[]): UIMessageChunk[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
  { type: 'text-end', id },
];

/** A transient entries part, as the server inserts it. */
export const entriesChunk = (
  ...data: { token: string; label: string; value: string }[]
): UIMessageChunk => ({ type: 'data-pii', data, transient: true }) as UIMessageChunk;
