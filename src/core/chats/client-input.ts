import type { ChatMessage } from './types';
import { ValueQueue } from './value-queue';

/** The fields of a UI message part that can carry text for the model. */
export type ChatField = 'text' | 'input' | 'rawInput' | 'output' | 'errorText';

type Part = { type?: unknown } & Record<string, unknown>;

const isToolPart = (type: string) => type.startsWith('tool-') || type === 'dynamic-tool';

/** Which fields of a part of each type hold text the model reads. */
export function chatFieldsOf(part: unknown): readonly ChatField[] {
  const type =
    typeof (part as Part | null)?.type === 'string' ? ((part as Part).type as string) : '';
  if (type === 'text' || type === 'reasoning') return TEXT_FIELDS;
  if (isToolPart(type)) return TOOL_FIELDS;
  return [];
}

const TEXT_FIELDS: readonly ChatField[] = ['text'];
const TOOL_FIELDS: readonly ChatField[] = ['input', 'rawInput', 'output', 'errorText'];

/** Says, field by field, whether a client wrote it (and so it is masked as user input). */
export type ClientWritten = (message: ChatMessage, part: Part, field: ChatField) => boolean;

/**
 * Masks the fields of messages that a client wrote, as user input: values are detected and
 * masked, token-shaped text is neutralised (G8), whatever the message's role. Used for
 * assistant text or tool results that the server cannot vouch for (a forged or unsigned
 * assistant message): the model then reads them as it reads what a user typed. Returns copies;
 * messages with nothing selected come back as they are. One `anonymizeValue` call in all.
 *
 * @example
 * const masked = await maskAsClientInput(messages, (v) => session.anonymizeValue(v), () => true);
 */
export async function maskAsClientInput<M extends ChatMessage>(
  messages: readonly M[],
  anonymizeValue: (value: unknown[]) => Promise<unknown[]>,
  written: ClientWritten,
): Promise<M[]> {
  const queue = new ValueQueue();
  const out = messages.map((message) => {
    let parts: unknown[] | undefined;
    message.parts.forEach((part, i) => {
      for (const field of chatFieldsOf(part)) {
        const p = part as Part;
        if (p[field] === undefined || !written(message, p, field)) continue;
        parts ??= [...message.parts];
        const copy = parts[i] === part ? { ...p } : (parts[i] as Part);
        parts[i] = copy;
        queue.add(p[field], (value) => {
          copy[field] = value;
        });
      }
    });
    return parts ? { ...message, parts } : message;
  });
  await queue.run(anonymizeValue);
  return out;
}
