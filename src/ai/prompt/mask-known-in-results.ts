import { readTextFile } from '../../core/messages/text-file';
import type { StringBatch } from './string-batch';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// Long integers are text too: a known phone number may come back as a JSON number.
const NUMBERS = { numbers: true } as const;

function queueOutput(batch: StringBatch, output: Obj): Obj {
  const copy: Obj = { ...output };
  switch (output.type) {
    case 'text':
    case 'json':
      batch.addValue(output.value, (v) => (copy.value = v), NUMBERS);
      return copy;
    case 'content':
      if (!Array.isArray(output.value)) return copy;
      copy.value = output.value.map((item) => {
        if (!isObj(item) || item.type === 'custom') return item;
        const itemCopy: Obj = { ...item };
        if (item.type === 'text') {
          if (typeof item.text === 'string') batch.add(item.text, (s) => (itemCopy.text = s));
          return itemCopy;
        }
        const file = readTextFile(item);
        if (file) {
          batch.add(file.text, (s) => {
            // Unchanged text keeps its exact bytes (and encoding) as sent.
            if (s !== file.text) itemCopy[file.key] = file.encode(s);
          });
        }
        return itemCopy;
      });
      return copy;
    default:
      return copy; // errors and denials are masked already, whatever the strategy
  }
}

/**
 * Queues the successful results of the named tools in a prompt (`text`, `json`, `content`
 * text parts and text files), for the known-value sweep only: the results of `input` tools
 * whose app asked for `inputResults: 'mask-known'`. Returns the prompt, copied where a result
 * is queued.
 *
 * @example
 * const prompt = queueResultsOf(batch, anonymized, new Set(['lookupCustomer']));
 * await batch.run(anonymizeMany, { role: 'tool', tokens: 'keep', detect: false });
 */
export function queueResultsOf<M>(
  batch: StringBatch,
  prompt: readonly M[],
  toolNames: ReadonlySet<string>,
): M[] {
  if (toolNames.size === 0) return [...prompt];
  return prompt.map((message) => {
    if (!isObj(message) || !Array.isArray(message.content)) return message;
    let copied = false;
    const content = message.content.map((part) => {
      if (
        !isObj(part) ||
        part.type !== 'tool-result' ||
        typeof part.toolName !== 'string' ||
        !toolNames.has(part.toolName) ||
        !isObj(part.output)
      ) {
        return part;
      }
      copied = true;
      return { ...part, output: queueOutput(batch, part.output) };
    });
    return copied ? ({ ...message, content } as M) : message;
  });
}
