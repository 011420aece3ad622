import { PiiError, PiiStoreError } from '../core/errors';
import { RedisCommandTimeoutError } from './redis-connection';

/** Why a Redis call failed, in words an operator can act on. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.replace(/\.$/, '');
  // node-redis error classes do not set `name`: recognise them by constructor and message.
  const kind = error.constructor?.name ?? '';
  if (
    /^(ClientOfflineError|ClientClosedError|SocketClosedUnexpectedlyError|ConnectionTimeoutError)$/.test(
      kind,
    ) ||
    /^(The client is (offline|closed)|Socket closed unexpectedly|Connection timeout)$/.test(
      message,
    ) ||
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EPIPE/.test(message)
  ) {
    return `Redis is unreachable (${message}); the client reconnects in the background`;
  }
  if (error instanceof RedisCommandTimeoutError || kind === 'TimeoutError') {
    return `Redis did not answer in time (${message})`;
  }
  const code = /PII_(KEY_MISMATCH|CORRUPT|FULL) (.*)$/.exec(message);
  if (code) return code[2] ?? message;
  return message;
}

/**
 * Wraps any failure of a Redis call in `PiiStoreError`, keeping the original as `cause`.
 * Errors of this library (a record that does not decrypt, a bad id) pass as they are.
 *
 * @example
 * try { await run(); } catch (error) { throw toStoreError('allocate', error); }
 */
export function toStoreError(
  operation: string,
  error: unknown,
  store = 'Redis vault store',
): PiiError {
  if (error instanceof PiiError) return error;
  return new PiiStoreError(`${store}: ${operation} failed: ${describe(error)}`, {
    cause: error,
  });
}
