import type { PlaceholderFormat } from '../../core/placeholder/format';

/**
 * The default instruction that tells the model how to treat placeholders. Short on purpose:
 * it is sent with every model call.
 *
 * @example
 * placeholderInstruction(session.format);
 * // 'Personal data in this conversation is replaced by placeholders such as <<PERSON:1>> ...'
 */
export function placeholderInstruction(format: PlaceholderFormat): string {
  const person = format.render('PERSON', 1);
  const email = format.render('EMAIL', 2);
  return [
    `Personal data in this conversation is replaced by placeholders such as ${person} or ${email}; the application shows the real values to the user and gives them to tools.`,
    'When you refer to such a value, in text or in tool arguments, write its placeholder exactly as it appears.',
    'Never invent a new placeholder and never rewrite one (not <PERSON>, PERSON_1 or [EMAIL]); do not ask for the real values.',
  ].join(' ');
}

interface SystemMessage {
  role: 'system';
  content: string;
}

/**
 * Adds the instruction to a prompt: appended to the leading system message when there is one
 * (one system block suits every provider, and the constant suffix keeps prompt caching
 * stable), otherwise prepended as a new system message. Never added twice.
 */
export function withInstruction<M extends { role: string }>(
  prompt: readonly M[],
  instruction: string,
): M[] {
  const first = prompt[0] as unknown as Partial<SystemMessage> | undefined;
  if (first?.role === 'system' && typeof first.content === 'string') {
    if (first.content.includes(instruction)) return [...prompt];
    const content = first.content.length > 0 ? `${first.content}\n\n${instruction}` : instruction;
    return [{ ...first, content } as unknown as M, ...prompt.slice(1)];
  }
  return [{ role: 'system', content: instruction } as unknown as M, ...prompt];
}
