import type { PiiSession } from '../../core/session';
import { modelToolCallInput } from '../session-state';
import { queueChangedLeaves } from './changed-leaves';
import type { StringBatch } from './string-batch';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Queues, in the assistant tool calls of a prompt, what the model did not write: the SDK may
 * change a call's input after the model wrote it (ai@7's `experimental_refineToolInput`) and
 * then sends the changed input back in the next step's prompt. Those values were never in
 * front of the model, so they get full detection, as user text does; what the model wrote
 * keeps its usual treatment (known values masked, BR-TOOL-09). A call is compared with the
 * model's own answer, which `piiMiddleware` recorded; calls it did not record (history sent
 * by the client) are left to the usual treatment. Returns the prompt, copied where a call
 * changed.
 *
 * @example
 * const prompt = queueRefinedToolInputs(batch, session, params.prompt);
 * await batch.run(anonymizeMany, { role: 'user', tokens: 'keep' });
 */
export function queueRefinedToolInputs<M>(
  batch: StringBatch,
  session: PiiSession,
  prompt: readonly M[],
): M[] {
  return prompt.map((message) => {
    if (!isObj(message) || message.role !== 'assistant' || !Array.isArray(message.content)) {
      return message;
    }
    let copied = false;
    const content = message.content.map((part) => {
      if (!isObj(part) || part.type !== 'tool-call') return part;
      const written = modelToolCallInput(session, part.toolCallId);
      if (!written) return part;
      const copy: Obj = { ...part };
      copied = true;
      queueChangedLeaves(batch, part.input, written.value, (input) => (copy.input = input));
      return copy;
    });
    return copied ? ({ ...message, content } as M) : message;
  });
}
