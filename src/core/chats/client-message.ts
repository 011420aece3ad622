import { PiiConfigError } from '../errors';
import type { ChatMessage } from './types';
import { ValueQueue } from './value-queue';

type Part = { type?: unknown; toolCallId?: unknown; state?: unknown } & Record<string, unknown>;
type Approval = { id?: unknown; approved?: unknown; reason?: unknown } & Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isToolPart = (p: Part) =>
  typeof p.type === 'string' && (p.type.startsWith('tool-') || p.type === 'dynamic-tool');

/** Checks what a client sent as its last message: an object with an id, a role and parts. */
export function checkClientMessage(message: unknown): ChatMessage {
  if (
    !isObject(message) ||
    typeof message.id !== 'string' ||
    typeof message.role !== 'string' ||
    !Array.isArray(message.parts)
  ) {
    throw new PiiConfigError(
      'continueChat(message) expects the UI message the client sent last ({ id, role, parts }), e.g. from prepareSendMessagesRequest: ({ messages, id }) => ({ body: { id, message: messages.at(-1) } }).',
    );
  }
  return message as unknown as ChatMessage;
}

/**
 * What a client may change in an assistant message the server stored: its answers to the
 * approval requests (`approved`, and a `reason` it typed) and the outputs of client-side tools
 * (a tool part still waiting for its output). Everything else is taken from the stored
 * message, so a client cannot put words or tokens in the assistant's mouth. The client's values
 * are handed to `mask` (user input) before they are taken.
 *
 * @example
 * const merged = await takeClientDecisions(stored, fromClient, (values) => session.anonymizeValue(values));
 */
export async function takeClientDecisions(
  stored: ChatMessage,
  client: ChatMessage,
  mask: (values: unknown[]) => Promise<unknown[]>,
): Promise<ChatMessage> {
  const answers = new Map<unknown, Part>();
  for (const part of client.parts) {
    if (isObject(part) && isToolPart(part) && typeof part.toolCallId === 'string') {
      answers.set(part.toolCallId, part);
    }
  }
  const queue = new ValueQueue();
  const take = (value: unknown, write: (value: unknown) => void) => queue.add(value, write);
  const parts = stored.parts.map((part) => {
    if (!isObject(part) || !isToolPart(part)) return part;
    const answer = answers.get(part.toolCallId);
    if (!answer) return part;
    const asked = part.approval as Approval | undefined;
    const given = answer.approval as Approval | undefined;
    if (
      part.state === 'approval-requested' &&
      isObject(asked) &&
      isObject(given) &&
      given.id === asked.id &&
      typeof given.approved === 'boolean'
    ) {
      const approval: Approval = { ...asked, approved: given.approved };
      if (typeof given.reason === 'string') take(given.reason, (v) => (approval.reason = v));
      return { ...part, state: 'approval-responded', approval };
    }
    if (part.state === 'input-available') {
      // A client-side tool (no `execute` on the server): its output comes from the browser.
      if (answer.state === 'output-available' && 'output' in answer) {
        const done: Part = { ...part, state: 'output-available' };
        take(answer.output, (v) => (done.output = v));
        return done;
      }
      if (answer.state === 'output-error' && typeof answer.errorText === 'string') {
        const failed: Part = { ...part, state: 'output-error' };
        take(answer.errorText, (v) => (failed.errorText = v));
        return failed;
      }
    }
    return part;
  });
  await queue.run(mask);
  return { ...stored, parts };
}
