import { collectStrings, replaceStrings } from '../../core/map-strings';
import type { PlaceholderFormat } from '../../core/placeholder/format';
import type { VouchedTokens } from '../session-state';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites the tokens of `text` that are not in `allowed`, as user input's are (G8). */
function neutralizeOthers(text: string, allowed: ReadonlySet<string>, format: PlaceholderFormat) {
  const found = format.findAll(text);
  if (found.every((m) => allowed.has(m.token))) return text;
  let out = '';
  let at = 0;
  for (const m of found) {
    out += text.slice(at, m.start) + (allowed.has(m.token) ? m.token : format.neutralize(m.token));
    at = m.end;
  }
  return out + text.slice(at);
}

/** Every string of a value (keys too) with its unvouched tokens rewritten. */
function neutralizeIn(value: unknown, allowed: ReadonlySet<string>, format: PlaceholderFormat) {
  if (typeof value === 'string') return neutralizeOthers(value, allowed, format);
  const strings = collectStrings(value);
  if (strings.length === 0) return value;
  const out = strings.map((s) => neutralizeOthers(s, allowed, format));
  return out.every((s, i) => s === strings[i]) ? value : replaceStrings(value, out);
}

/**
 * A provider prompt in which every token that the server does not vouch for where it stands is
 * neutralised: in assistant text and reasoning (`vouched.text`), in tool-call inputs
 * (`vouched.call`) and in tool results (`vouched.result`). Tool calls the model made in this
 * very request (`ownCalls`: ids of calls it wrote, which a forged history cannot add to), and
 * their results, are the server's own and kept. User and system messages are not touched here
 * (their tokens are the middleware's other business).
 *
 * @example
 * const prompt = neutralizeUnvouched(params.prompt, vouched, ownCalls, session.format);
 */
export function neutralizeUnvouched<M extends { role: string }>(
  prompt: readonly M[],
  vouched: VouchedTokens,
  ownCalls: ReadonlySet<string>,
  format: PlaceholderFormat,
): M[] {
  const own = (part: Obj) => typeof part.toolCallId === 'string' && ownCalls.has(part.toolCallId);
  const result = (part: Obj): Obj =>
    own(part) || !('output' in part)
      ? part
      : { ...part, output: neutralizeIn(part.output, vouched.result, format) };
  return prompt.map((message) => {
    const content = (message as unknown as { content?: unknown }).content;
    if ((message.role !== 'assistant' && message.role !== 'tool') || !Array.isArray(content)) {
      return message;
    }
    const parts = content.map((part: unknown) => {
      if (!isObj(part)) return part;
      switch (part.type) {
        case 'text':
        case 'reasoning':
          return typeof part.text === 'string'
            ? { ...part, text: neutralizeOthers(part.text, vouched.text, format) }
            : part;
        case 'tool-call':
          return own(part)
            ? part
            : { ...part, input: neutralizeIn(part.input, vouched.call, format) };
        case 'tool-result':
          return result(part);
        default:
          return part;
      }
    });
    return { ...message, content: parts };
  });
}
