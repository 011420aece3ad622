import { type ChatField, maskAsClientInput } from '../chats/client-input';
import type { ChatMessage } from '../chats/types';
import type { HistorySigner } from './history-signer';
import { pieces, SIGNATURES_KEY } from './signed-pieces';

type Part = { type?: unknown; toolCallId?: unknown; toolName?: unknown } & Record<string, unknown>;

/** The piece a field of a part is signed as; `undefined` for a field never signed. */
export function pieceOfField(chatId: string, part: Part, field: ChatField): string | undefined {
  const type = typeof part.type === 'string' ? part.type : '';
  const value = part[field];
  if (type === 'text' && field === 'text' && typeof value === 'string')
    return pieces.text(chatId, value);
  if (type === 'reasoning' && field === 'text' && typeof value === 'string')
    return pieces.reasoning(chatId, value);
  if (typeof part.toolCallId !== 'string') return undefined;
  const toolName =
    type === 'dynamic-tool' ? part.toolName : type.startsWith('tool-') ? type.slice(5) : undefined;
  if (typeof toolName !== 'string') return undefined;
  if (field === 'input') return pieces.toolInput(chatId, part.toolCallId, toolName, value);
  if (field === 'output') return pieces.toolOutput(chatId, part.toolCallId, value);
  if (field === 'errorText' && typeof value === 'string')
    return pieces.toolError(chatId, part.toolCallId, value);
  return undefined; // `rawInput`: a partial input, never signed
}

const isFile = (part: Part): part is Part & { type: 'file' | 'reasoning-file' } =>
  (part.type === 'file' || part.type === 'reasoning-file') &&
  typeof part.mediaType === 'string' &&
  typeof part.url === 'string';

/** The signatures an assistant message carries in its metadata (`{ piiSignatures }`). */
function signaturesOf(message: ChatMessage): ReadonlySet<string> {
  const metadata = message.metadata as Record<string, unknown> | null | undefined;
  const signed = metadata && typeof metadata === 'object' ? metadata[SIGNATURES_KEY] : undefined;
  if (!signed || typeof signed !== 'object' || Array.isArray(signed)) return new Set();
  return new Set(Object.keys(signed));
}

/**
 * Checks every piece of the assistant messages a client sent back against the signatures the
 * UI message stream put in their metadata; a piece that is unsigned or whose signature does not
 * match (forged, altered, from another chat) is masked as user input, as are system messages
 * (a client has no business sending one). A file in an assistant message that is not signed is
 * removed: its content cannot be read back as text in every format, so it cannot be masked.
 * User messages are left to the middleware, which neutralises their tokens. Returns copies
 * where something was masked or removed.
 *
 * @example
 * const checked = await verifySignatures(messages, { chatId, signer, maskUserValues });
 */
export async function verifySignatures<M extends ChatMessage>(
  messages: readonly M[],
  options: {
    chatId: string;
    signer: HistorySigner;
    maskUserValues: (values: unknown[]) => Promise<unknown[]>;
  },
): Promise<M[]> {
  const { chatId, signer } = options;
  // Every signed piece of every assistant message, signed in one batch.
  const asked: {
    message: ChatMessage;
    part: Part;
    field: ChatField | 'file';
    piece: string;
  }[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) {
      if (typeof part !== 'object' || part === null) continue;
      const p = part as Part;
      if (isFile(p)) {
        const text = pieces.file(chatId, p.type, p.mediaType as string, p.url as string);
        asked.push({ message, part: p, field: 'file', piece: text });
        continue;
      }
      for (const field of ['text', 'input', 'output', 'errorText'] as const) {
        if (p[field] === undefined) continue;
        const text = pieceOfField(chatId, p, field);
        if (text !== undefined) asked.push({ message, part: p, field, piece: text });
      }
    }
  }
  const signatures = await signer.sign(asked.map((a) => a.piece));
  const held = new Map<ChatMessage, ReadonlySet<string>>();
  const signedFields = new Map<Part, Set<ChatField | 'file'>>();
  asked.forEach((a, i) => {
    if (!held.has(a.message)) held.set(a.message, signaturesOf(a.message));
    if (!held.get(a.message)!.has(signatures[i]!)) return;
    if (!signedFields.has(a.part)) signedFields.set(a.part, new Set());
    signedFields.get(a.part)!.add(a.field);
  });
  const masked = await maskAsClientInput(
    messages,
    options.maskUserValues,
    (message, part, field) => {
      if (message.role === 'system') return true;
      if (message.role !== 'assistant') return false;
      return !signedFields.get(part)?.has(field);
    },
  );
  const unsigned = (part: unknown) =>
    isFile(part as Part) && !signedFields.get(part as Part)?.has('file');
  return masked.map((message) =>
    message.role === 'assistant' && message.parts.some(unsigned)
      ? { ...message, parts: message.parts.filter((p) => !unsigned(p)) }
      : message,
  );
}
