import { PiiUnverifiedToolCallError } from '../../core/errors';
import type { PiiSession } from '../../core/session';
import { canonicalJson, toolCallKey } from './tool-call-key';

/**
 * What a tool call must show before its arguments are restored. A call proposed by the model
 * is recorded when the SDK announces it (`onInputAvailable`, which the SDK calls only for
 * calls that it parsed from the model's output, never for calls from the history); a call
 * that `execute` receives must match a record: of this wrapper (the same request) or of the
 * vault store (an approved call resumed in a later request, maybe on another instance).
 */
export interface ToolCallVerifier {
  /** Records a call that the model proposed; rejects if the store fails (fail closed). */
  record(toolCallId: unknown, input: unknown): Promise<void>;
  /**
   * Synchronously: whether this wrapper recorded exactly this call and its store write is
   * done. Lets `execute` return a streamed (async-iterable) result synchronously.
   */
  recordedHere(toolCallId: unknown, input: unknown): boolean;
  /** Resolves if the call was recorded (here or in the store); else `PiiUnverifiedToolCallError`. */
  verify(toolCallId: unknown, input: unknown): Promise<void>;
}

interface LocalRecord {
  input: string;
  stored: Promise<void>;
  done: boolean;
}

/** Calls recorded but not executed here (approval requests) are kept at most this many. */
const MAX_LOCAL_RECORDS = 1_000;

const isCallId = (id: unknown): id is string => typeof id === 'string' && id.length > 0;

/**
 * The verifier of one wrapped tool.
 *
 * @example
 * const calls = createToolCallVerifier(session, 'sendEmail');
 * await calls.record('call-1', { to: '<<EMAIL:1>>' }); // from onInputAvailable
 * await calls.verify('call-1', { to: '<<EMAIL:1>>' }); // resolves
 * await calls.verify('call-1', { to: 'attacker@evil.example' }); // rejects: PII_UNVERIFIED_TOOL_CALL
 */
export function createToolCallVerifier(session: PiiSession, toolName: string): ToolCallVerifier {
  const local = new Map<string, LocalRecord>();

  const refuse = (toolCallId: unknown, reason: 'unrecorded' | 'unsupported') =>
    new PiiUnverifiedToolCallError({
      toolCallId: typeof toolCallId === 'string' ? toolCallId : undefined,
      toolName,
      reason,
    });

  /** The record of this exact call in this wrapper, consumed (a call runs once). */
  async function takeLocal(toolCallId: string, input: string): Promise<boolean> {
    const found = local.get(toolCallId);
    if (found?.input !== input) return false;
    await found.stored;
    local.delete(toolCallId);
    return true;
  }

  return {
    async record(toolCallId, input) {
      if (!isCallId(toolCallId)) return; // nothing to bind a record to; execute will refuse it
      const canonical = canonicalJson(input);
      const stored = session.recordsToolCalls
        ? toolCallKey(toolCallId, toolName, canonical).then((key) => session.recordToolCall(key))
        : Promise.resolve();
      const entry: LocalRecord = { input: canonical, stored, done: false };
      stored.then(
        () => {
          entry.done = true;
        },
        () => {}, // awaited below and by execute
      );
      local.delete(toolCallId);
      local.set(toolCallId, entry);
      for (const oldest of local.keys()) {
        if (local.size <= MAX_LOCAL_RECORDS) break;
        local.delete(oldest);
      }
      await stored;
    },

    recordedHere(toolCallId, input) {
      if (!isCallId(toolCallId)) return false;
      const found = local.get(toolCallId);
      if (!found?.done) return false;
      let canonical: string;
      try {
        canonical = canonicalJson(input);
      } catch {
        return false;
      }
      if (found.input !== canonical) return false;
      local.delete(toolCallId);
      return true;
    },

    async verify(toolCallId, input) {
      if (!isCallId(toolCallId)) throw refuse(toolCallId, 'unrecorded');
      const canonical = canonicalJson(input);
      if (await takeLocal(toolCallId, canonical)) return;
      if (!session.recordsToolCalls) {
        // A record of this id with other arguments: tampered, whatever the store can do.
        throw refuse(toolCallId, local.has(toolCallId) ? 'unrecorded' : 'unsupported');
      }
      const key = await toolCallKey(toolCallId, toolName, canonical);
      if (await session.hasToolCall(key)) return;
      // This very call may have been announced while the store answered.
      if (await takeLocal(toolCallId, canonical)) return;
      throw refuse(toolCallId, 'unrecorded');
    },
  };
}
