import type { PiiSpan } from '../detect/types';
import type { PlaceholderFormat } from '../placeholder/format';
import { spanParts } from './name-mentions';
import type { VaultEntry } from './types';
import { valuePart } from './value-parts';

/** Whether a format writes part tokens it reads back (custom formats may ignore `part`). */
const partsSupported = new WeakMap<PlaceholderFormat, boolean>();

function supportsParts(format: PlaceholderFormat): boolean {
  let known = partsSupported.get(format);
  if (known === undefined) {
    const token = format.render('PERSON', 1, 2);
    known = token !== format.render('PERSON', 1) && format.parse(token)?.part === 2;
    partsSupported.set(format, known);
  }
  return known;
}

/**
 * What replaces a swept span in the text: `token` (the entry's), or for a span of parts of the
 * entry's value (`Dupont`, `jean-dupont`, a RIB) each part's token with what lies between the
 * parts as written (`<<PERSON:1.1>>-<<PERSON:1.2>>`). Where that cannot be written (a span read
 * in a decoded copy of the text, whose parts have no place in it; a format without part tokens),
 * a span of one part gets the part's token, or else the whole value's: masked either way.
 *
 * @example
 * renderSpan('Dupont a rappelé', span, entry, '<<PERSON:1>>', format); // '<<PERSON:1.2>>'
 */
export function renderSpan(
  text: string,
  span: PiiSpan,
  entry: VaultEntry,
  token: string,
  format: PlaceholderFormat,
): string {
  const parts = spanParts(span);
  if (!parts || !supportsParts(format)) return token;
  const partToken = (part: number) =>
    valuePart(entry, part) === undefined ? undefined : format.render(entry.label, entry.n, part);
  if (text.slice(span.start, span.end) !== span.value) {
    return (parts.length === 1 && partToken(parts[0]!.part)) || token;
  }
  let out = '';
  let at = 0;
  for (const { start, end, part } of parts) {
    const written = partToken(part);
    if (written === undefined) return token;
    out += span.value.slice(at, start) + written;
    at = end;
  }
  return out + span.value.slice(at);
}
