import type { PiiSession } from '../../core/session';
import { vouchFor } from '../session-state';

/** Masks what a tool gives back before the model (and the app's history) sees it. */
export interface ToolResultMasker {
  /** A masked copy of a result value (text, or every string leaf of structured data). */
  value(value: unknown): Promise<unknown>;
  /** A new error whose message is masked; the original (and its clear text) is dropped. */
  error(error: unknown): Promise<Error>;
}

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  v != null && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Whether a value holds objects that string-leaf masking would not enter (class instances, Map). */
function holdsOpaqueObjects(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > 64) return false; // deep values are refused by the masking itself
  if (Array.isArray(value)) return value.some((v) => holdsOpaqueObjects(v, depth + 1));
  if (!isPlainObject(value)) return true;
  return Object.values(value).some((v) => holdsOpaqueObjects(v, depth + 1));
}

const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
};

/**
 * The masker of a tool's results: full detection plus the conversation's known values
 * (BR-TOOL-05, -06). `tokens: 'neutralize'` for tools given real values (token-shaped text in
 * their results can never be restored, G8); `keep` for tools given tokens, which may echo them.
 * Values first found in them get the origin `{ kind: 'tool', tool: toolName }`.
 *
 * @example
 * const mask = createToolResultMasker(session, 'neutralize', 'lookupCustomer');
 * await mask.value({ sentTo: 'jean@x.fr', cc: 'marie@y.fr' }); // { sentTo: '<<EMAIL:1>>', cc: '<<EMAIL:2>>' }
 */
export function createToolResultMasker(
  session: PiiSession,
  tokens: 'keep' | 'neutralize',
  toolName: string,
): ToolResultMasker {
  const options = { role: 'tool', tokens, origin: { kind: 'tool', tool: toolName } } as const;
  // A result masked here is the server's own: its tokens may stand in a tool result of the
  // next prompt, even when the history is signed and the call came from it (an approval).
  const vouched = <T>(masked: T): T => {
    vouchFor(session, 'result', session.tokensIn(masked));
    return masked;
  };
  return {
    async value(value) {
      if (typeof value === 'string') return vouched(await session.anonymize(value, options));
      // Class instances, Dates or Maps would reach the model through their JSON form, unmasked:
      // mask that JSON form instead, as the SDK would send it.
      const plain = holdsOpaqueObjects(value) ? JSON.parse(JSON.stringify(value)) : value;
      return vouched(await session.anonymizeValue(plain, options));
    },
    async error(error) {
      const masked = new Error(vouched(await session.anonymize(messageOf(error), options)));
      if (error instanceof Error && typeof error.name === 'string') masked.name = error.name;
      return masked;
    },
  };
}

async function* maskIterable(source: AsyncIterable<unknown>, mask: ToolResultMasker) {
  let masking = false; // errors of the masking itself are not the tool's: pass them as they are
  try {
    for await (const value of source) {
      masking = true;
      const masked = await mask.value(value);
      masking = false;
      yield masked;
    }
  } catch (error) {
    if (masking) throw error;
    throw await mask.error(error);
  }
}

/**
 * Calls a tool and masks what it gives: a value or a promise (masked once settled), an async
 * iterable of preliminary results (returned synchronously, as the SDK checks for one on the
 * returned value, and masked value by value), or an error (thrown again, masked).
 *
 * @example
 * const output = callAndMask(() => tool.execute(input, options), createToolResultMasker(session, 'neutralize'));
 */
export function callAndMask(call: () => unknown, mask: ToolResultMasker): unknown {
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return mask.error(error).then((masked) => Promise.reject(masked));
  }
  if (isAsyncIterable(result)) return maskIterable(result, mask);
  return Promise.resolve(result).then(
    (value) => mask.value(value),
    async (error) => {
      throw await mask.error(error);
    },
  );
}

/**
 * The final output of a result that could not be returned synchronously: an async iterable is
 * drained (its preliminary values are lost) and its last value returned, as the SDK would.
 */
export async function settleOutput(result: unknown): Promise<unknown> {
  const value = await result;
  if (!isAsyncIterable(value)) return value;
  let last: unknown;
  for await (const item of value) last = item;
  return last;
}
