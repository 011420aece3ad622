/**
 * What a signature covers: one piece of an assistant message, as the UI message stream sends it
 * and as the client sends it back. A piece is the JSON of a context (format and chat id, so a
 * signature is worth nothing in another chat), its kind and its content; tool values are
 * written with sorted keys, so that a value read back from JSON in another key order is the
 * same piece.
 */
export type PieceKind =
  | 'text'
  | 'reasoning'
  | 'tool-input'
  | 'tool-output'
  | 'tool-error'
  | 'file'
  | 'reasoning-file';

const CONTEXT = 'ai-sdk-pii/history/v1';

/** JSON with object keys sorted, at every depth. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

const piece = (chatId: string, kind: PieceKind, ...fields: string[]) =>
  JSON.stringify([CONTEXT, chatId, kind, ...fields]);

/**
 * The pieces of each kind: text and reasoning by their text; a tool call's input by its call id,
 * tool name and value; its output or error by its call id; a file by its media type and URL.
 *
 * @example
 * pieces.text('chat-1', 'Sent to <<EMAIL:1>>.');
 * pieces.toolInput('chat-1', 'call_1', 'sendEmail', { to: '<<EMAIL:1>>' });
 */
export const pieces = {
  text: (chatId: string, text: string) => piece(chatId, 'text', text),
  reasoning: (chatId: string, text: string) => piece(chatId, 'reasoning', text),
  toolInput: (chatId: string, toolCallId: string, toolName: string, input: unknown) =>
    piece(chatId, 'tool-input', toolCallId, toolName, canonicalJson(input ?? null)),
  toolOutput: (chatId: string, toolCallId: string, output: unknown) =>
    piece(chatId, 'tool-output', toolCallId, canonicalJson(output ?? null)),
  toolError: (chatId: string, toolCallId: string, errorText: string) =>
    piece(chatId, 'tool-error', toolCallId, errorText),
  /** A file the model wrote (`file` or `reasoning-file`), by its media type and URL. */
  file: (chatId: string, kind: 'file' | 'reasoning-file', mediaType: string, url: string) =>
    piece(chatId, kind, mediaType, url),
};

/** The key of the message metadata that holds the signatures: `{ [signature]: 1 }`. */
export const SIGNATURES_KEY = 'piiSignatures';
