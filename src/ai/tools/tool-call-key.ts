export { canonicalJson } from '../../core/canonical-json';

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
