import { PiiConfigError } from '../errors';
import type { PiiOrigin } from './types';

/** What entries without a recorded origin read as (stored before origins were kept). */
export const UNKNOWN_ORIGIN: PiiOrigin = Object.freeze({ kind: 'unknown' });

const KINDS = new Set(['user', 'model', 'app', 'unknown']);

/**
 * An origin as stored data gives it back (a Redis record, a custom store's entry), checked: an
 * origin that is missing or malformed reads as `unknown`, never as a kind it is not.
 *
 * @example
 * originOf({ kind: 'tool', tool: 'lookupCustomer' }); // { kind: 'tool', tool: 'lookupCustomer' }
 * originOf(undefined); // { kind: 'unknown' }
 */
export function originOf(value: unknown): PiiOrigin {
  if (typeof value !== 'object' || value === null) return UNKNOWN_ORIGIN;
  const { kind, tool } = value as { kind?: unknown; tool?: unknown };
  if (kind === 'tool') return typeof tool === 'string' ? { kind, tool } : UNKNOWN_ORIGIN;
  if (typeof kind === 'string' && KINDS.has(kind)) return { kind } as PiiOrigin;
  return UNKNOWN_ORIGIN;
}

/**
 * Checks an origin given by the app (`session.remember(..., { origin })`, `anonymize` options),
 * so that a typo does not silently record another kind.
 */
export function checkOrigin(value: unknown, where: string): PiiOrigin {
  const origin = originOf(value);
  if (origin === UNKNOWN_ORIGIN && (value as { kind?: unknown } | null)?.kind !== 'unknown') {
    throw new PiiConfigError(
      `${where}: \`origin\` must be { kind: 'user' }, { kind: 'tool', tool: name }, { kind: 'model' } or { kind: 'app' }; got ${JSON.stringify(value)}.`,
    );
  }
  return origin;
}
