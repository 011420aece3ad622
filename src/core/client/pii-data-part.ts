import type { PiiEntry } from '../session';

/**
 * Type of the transient UI message parts that carry entries to the browser. Shared by the
 * server stream that writes them and the client store that reads them.
 */
export const PII_DATA_PART_TYPE = 'data-pii';

/** The chunk `createPiiUIMessageStream` inserts: entries for tokens the response shows. */
export interface PiiDataChunk {
  type: typeof PII_DATA_PART_TYPE;
  data: PiiEntry[];
  transient: true;
}

const isEntry = (e: unknown): e is PiiEntry =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as PiiEntry).token === 'string' &&
  typeof (e as PiiEntry).label === 'string' &&
  typeof (e as PiiEntry).value === 'string';

/**
 * The entries of a `data-pii` part, or `undefined` for any other part. Malformed entries
 * are dropped: the part comes over the network.
 *
 * @example
 * readPiiDataPart({ type: 'data-pii', data: [{ token: '<<EMAIL:1>>', label: 'EMAIL', value: 'a@b.fr' }] });
 */
export function readPiiDataPart(part: { type: string; data?: unknown }): PiiEntry[] | undefined {
  if (part.type !== PII_DATA_PART_TYPE || !Array.isArray(part.data)) return undefined;
  return part.data.filter(isEntry);
}
