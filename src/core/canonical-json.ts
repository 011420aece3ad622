import { MAX_DEPTH } from './map-strings';

const TOO_DEEP = 'value is nested too deeply for canonical JSON';

/**
 * JSON with object keys sorted, at every depth: one text per JSON value, whatever the key
 * order. Follows `JSON.stringify` otherwise (`toJSON`, `undefined` properties left out,
 * non-finite numbers as `null`). Tool inputs are JSON (the model's arguments, or the history
 * that the client sends back), so equal inputs give equal texts. For JSON values it writes what
 * RFC 8785 (JCS) writes: keys sorted by UTF-16 code units, strings and numbers as ECMAScript
 * serializes them; so an audit entry's MAC can be checked again in any language.
 *
 * @example
 * canonicalJson({ b: 1, a: ['x', { d: null, c: true }] }); // '{"a":["x",{"c":true,"d":null}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0) ?? 'null';
}

function write(value: unknown, depth: number): string | undefined {
  if (depth > MAX_DEPTH) throw new TypeError(TOO_DEEP);
  let v = value;
  if (typeof (v as { toJSON?: unknown } | null)?.toJSON === 'function') {
    v = (v as { toJSON(): unknown }).toJSON();
  }
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    return JSON.stringify(v);
  }
  if (typeof v === 'bigint') throw new TypeError('canonical JSON cannot hold a BigInt');
  if (typeof v !== 'object') return undefined; // undefined, functions, symbols
  if (Array.isArray(v)) return `[${v.map((item) => write(item, depth + 1) ?? 'null').join(',')}]`;
  const fields: string[] = [];
  for (const key of Object.keys(v).sort()) {
    const text = write((v as Record<string, unknown>)[key], depth + 1);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}
