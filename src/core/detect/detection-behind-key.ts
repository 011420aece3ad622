import type { Detection } from './detect-spans';
import { addressKeyContext } from './detectors/address/address-keys';
import { keyContext as nameKeyContext } from './detectors/person/name-keys';
import type { PiiSpan } from './types';

/**
 * The text to read a value behind when it is the value of `key` in a structured value: a JSON
 * key for the keys that name a person or announce one (`"firstname": "`), or a postal address
 * (`"street": "`); undefined for other keys, whose values are read alone.
 *
 * @example
 * keyContext('First-Name'); // '"firstname": "'
 * keyContext('shipping_address'); // '"shippingaddress": "'
 * keyContext('filename'); // undefined
 */
export function keyContext(key: string): string | undefined {
  return nameKeyContext(key) ?? addressKeyContext(key);
}

/**
 * The spans of `[offset, offset + length)` of the text they were found in, given in that range:
 * a span reaching out of it is cut at its edge (and its value with it), none is lost.
 */
function within(spans: readonly PiiSpan[], offset: number, text: string): PiiSpan[] {
  const out: PiiSpan[] = [];
  for (const span of spans) {
    const start = Math.max(span.start, offset) - offset;
    const end = Math.min(span.end, offset + text.length) - offset;
    if (end <= start) continue;
    if (start === span.start - offset && end === span.end - offset) {
      out.push({ ...span, start, end });
    } else {
      const { canonical: _, ...rest } = span;
      out.push({ ...rest, start, end, value: text.slice(start, end) });
    }
  }
  return out;
}

/**
 * What `detect` finds in `text` read behind `context` (the JSON key it is the value of, from
 * `keyContext`: `"firstname": "`) and before a closing quote, as the detectors read the same
 * pair in a text; the spans are given in `text`.
 *
 * @example
 * await detectBehind((t) => pipeline.detect(t), '"firstname": "', 'gwénola');
 * // { spans: [{ start: 0, end: 7, label: 'PERSON', value: 'gwénola', … }], crossing: [] }
 */
export async function detectBehind(
  detect: (text: string) => Promise<Detection>,
  context: string,
  text: string,
): Promise<Detection> {
  const found = await detect(`${context}${text}"`);
  return {
    spans: within(found.spans, context.length, text),
    crossing: within(found.crossing, context.length, text),
  };
}
