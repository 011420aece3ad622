import type { AnonymizeOptions } from '../../core/anonymize';
import type { PiiSession } from '../../core/session';

/** Between texts read as one: a paragraph break and a mark that no detector reads into. */
const SEPARATOR = '\n\n§§\n\n';

/**
 * Anonymizes `together` as one text and `alone` as texts of their own, in one
 * `anonymizeMany` (one vault listing, one allocation). Texts that a model call sends again at
 * every step (tool definitions) are read as one text so that the session's detection memo
 * (`rememberDetections`, for texts of 2 KB or more) holds them as one entry: from the second
 * step on they are only swept for known values, not detected again. A value read across two
 * of them (the separator is then masked with it) has them read one by one instead.
 *
 * @example
 * const [definitions, leaves] = await anonymizeTogether(session, definitionTexts, leafTexts, options);
 */
export async function anonymizeTogether(
  session: PiiSession,
  together: readonly string[],
  alone: readonly string[],
  options: AnonymizeOptions,
): Promise<[string[], string[]]> {
  const joined = together.length > 1 && !together.some((t) => t.includes(SEPARATOR));
  const head = joined ? [together.join(SEPARATOR)] : [...together];
  if (head.length + alone.length === 0) return [[], []];
  const out = await session.anonymizeMany([...head, ...alone], options);
  const rest = out.slice(head.length);
  if (!joined) return [out.slice(0, head.length), rest];
  const pieces = out[0]!.split(SEPARATOR);
  if (pieces.length === together.length) return [pieces, rest];
  return [await session.anonymizeMany(together, options), rest];
}
