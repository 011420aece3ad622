import type { PiiRevealEntry, PiiSession } from '../core/session';

/** A `reveal` policy: which entries a person may see, knowing where each value came from. */
export type RevealPolicy = (entry: PiiRevealEntry) => boolean;

/**
 * The tokens the server vouches for in one request, by where they stand in the prompt: in
 * assistant text and reasoning, in tool-call inputs, in tool results. A token elsewhere than
 * where the server saw it (a tool result's token in a forged assistant text) is not vouched.
 */
export interface VouchedTokens {
  readonly text: Set<string>;
  readonly call: Set<string>;
  readonly result: Set<string>;
}

/** The most model tool calls remembered per session object (a request's tool loop). */
const MAX_MODEL_TOOL_CALLS = 1_000;

/**
 * What the AI SDK glue of one request shares through its session object: each piece is set by
 * one part (`piiMiddleware`, `withPiiTools`, `piiRestoreTransform`) and read by another. Kept
 * here rather than on `PiiSession` because only the glue reads it, and it lives exactly as long
 * as the session object (one request).
 */
export interface AiSessionState {
  /**
   * The inputs of the tool calls the model wrote, as it wrote them (JSON text), by call id:
   * recorded by `piiMiddleware` from the model's answer, so that an input that the app changed
   * afterwards (`experimental_refineToolInput`) is told from the model's own.
   */
  readonly modelToolCalls: Map<string, string>;
  /** Names of `input` tools whose results have the conversation's known values masked. */
  readonly maskKnownResults: Set<string>;
  /**
   * The `reveal` policies of the `piiRestoreTransform`s made for this session, each once
   * (`undefined`: one restores every token), so that a UI message stream can tell what is in
   * clear upstream.
   */
  readonly restoreTransforms: (RevealPolicy | undefined)[];
  /** Model calls begun through `piiMiddleware` with this session object: the audit's `step`. */
  modelCalls: number;
  /**
   * Tools wrapped with `reveal: false`: values first found in their results are never restored
   * for display nor sent to the browser, whatever the `reveal` policies say.
   */
  readonly hiddenTools: Set<string>;
  /**
   * Set by `verifySignedHistory` (the history's signed pieces), then added to by the model's
   * own output (`piiMiddleware`) and `withPiiTools`' masked results, for
   * `piiMiddleware({ history: 'signed' })`. `undefined` until the history was verified.
   */
  vouched: VouchedTokens | undefined;
}

const states = new WeakMap<PiiSession, AiSessionState>();

/**
 * The glue's state of a session object, created on first use.
 *
 * @example
 * aiSessionState(session).maskKnownResults.add('lookupCustomer');
 */
export function aiSessionState(session: PiiSession): AiSessionState {
  let state = states.get(session);
  if (!state) {
    state = {
      modelToolCalls: new Map(),
      maskKnownResults: new Set(),
      restoreTransforms: [],
      modelCalls: 0,
      hiddenTools: new Set(),
      vouched: undefined,
    };
    states.set(session, state);
  }
  return state;
}

/**
 * Adds tokens to what the server vouches for, when the history of this request is signed.
 *
 * @example
 * vouchFor(session, 'result', session.tokensIn(maskedOutput));
 */
export function vouchFor(
  session: PiiSession,
  where: keyof VouchedTokens,
  tokens: readonly string[],
): void {
  const vouched = states.get(session)?.vouched;
  if (vouched) for (const token of tokens) vouched[where].add(token);
}

/**
 * Records a tool call that the model wrote (its input as the JSON text of the answer).
 *
 * @example
 * recordModelToolCall(session, 'call_1', '{"to":"<<EMAIL:1>>"}');
 */
export function recordModelToolCall(session: PiiSession, toolCallId: unknown, input: unknown) {
  if (typeof toolCallId !== 'string' || typeof input !== 'string') return;
  const calls = aiSessionState(session).modelToolCalls;
  calls.delete(toolCallId);
  calls.set(toolCallId, input);
  for (const oldest of calls.keys()) {
    if (calls.size <= MAX_MODEL_TOOL_CALLS) break;
    calls.delete(oldest);
  }
}

/** The ids of the tool calls the model wrote through this session object (this request). */
export function modelToolCallIds(session: PiiSession): ReadonlySet<string> {
  return new Set(states.get(session)?.modelToolCalls.keys());
}

/**
 * The input of a tool call as the model wrote it, parsed; `undefined` when the call was not
 * recorded (it comes from the history) or its text is not JSON.
 *
 * @example
 * modelToolCallInput(session, 'call_1'); // { to: '<<EMAIL:1>>' }
 */
export function modelToolCallInput(
  session: PiiSession,
  toolCallId: unknown,
): { value: unknown } | undefined {
  if (typeof toolCallId !== 'string') return undefined;
  const raw = states.get(session)?.modelToolCalls.get(toolCallId);
  if (raw === undefined) return undefined;
  if (raw.trim() === '') return { value: {} }; // the SDK reads an empty input as {}
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return undefined;
  }
}
