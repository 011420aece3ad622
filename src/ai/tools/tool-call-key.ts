import { MAX_DEPTH } from '../../core/map-strings';

const TOO_DEEP = 'tool call input is nested too deeply to be recorded';

/**
 * JSON with object keys sorted, at every depth: one text per JSON value, whatever the key
 * order. Follows `JSON.stringify` otherwise (`toJSON`, `undefined` properties left out,
 * non-finite numbers as `null`). Tool inputs are JSON (the model's arguments, or the history
 * that the client sends back), so equal inputs give equal texts.
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
  if (typeof v === 'bigint') throw new TypeError('tool call input holds a BigInt');
  if (typeof v !== 'object') return undefined; // undefined, functions, symbols
  if (Array.isArray(v)) return `[${v.map((item) => write(item, depth + 1) ?? 'null').join(',')}]`;
  const fields: string[] = [];
  for (const key of Object.keys(v).sort()) {
    const text = write((v as Record<string, unknown>)[key], depth + 1);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

/**
 * The key under which a tool call is recorded: its id, then a SHA-256 of its tool name and
 * canonical input. The input holds tokens, not values; it is hashed anyway, so the store keeps
 * nothing of the arguments. Web Crypto: runs on Node, edge runtimes and workers.
 *
 * @example
 * await toolCallKey('call-1', 'sendEmail', canonicalJson({ to: '<<EMAIL:1>>' }));
 * // 'call-1:3f0c…' (64 hex digits)
 */
export async function toolCallKey(
  toolCallId: string,
  toolName: string,
  canonicalInput: string,
): Promise<string> {
  const material = new TextEncoder().encode(`${JSON.stringify(toolName)}\n${canonicalInput}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', material));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `${toolCallId}:${hex}`;
}
