import type { PiiSession } from '../../core/session';
import { modelToolCallInput } from '../session-state';
import { queueChangedLeaves } from './changed-leaves';
import { StringBatch } from './string-batch';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The texts, in the assistant tool calls of a prompt, that the model did not write: the SDK
 * may change a call's input after the model wrote it (ai@7's `experimental_refineToolInput`)
 * and then sends the changed input back in the next step's prompt. Those values were never in
 * front of the model, so they get full detection, as user text does: anonymized before the
 * prompt, they become known values, which the prompt's own sweep of tool-call inputs then
 * masks. What the model wrote keeps its usual treatment (known values masked, BR-TOOL-09). A
 * call is compared with the model's own answer, which `piiMiddleware` recorded; calls it did
 * not record (history sent by the client) are left to the usual treatment.
 *
 * @example
 * await session.anonymizeMany(refinedToolInputTexts(session, params.prompt), { role: 'user', tokens: 'keep' });
 */
export function refinedToolInputTexts(session: PiiSession, prompt: readonly unknown[]): string[] {
  const batch = new StringBatch();
  for (const message of prompt) {
    if (!isObj(message) || message.role !== 'assistant' || !Array.isArray(message.content)) {
      continue;
    }
    for (const part of message.content) {
      if (!isObj(part) || part.type !== 'tool-call') continue;
      const written = modelToolCallInput(session, part.toolCallId);
      if (written) queueChangedLeaves(batch, part.input, written.value);
    }
  }
  return [...batch.texts];
}
