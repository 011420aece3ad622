import { bioToSpans } from '../bio';
import { detokenize } from '../detokenize';
import { type ConvertedUnit, type LabelledSpan, mapLabel } from '../unit';
import type { ConvertContext } from './types';

// Punctuation that OCR'd tokens carry at an entity's edge (`Trento.`, `LeopolduS/`).
const TRIMMED = /[^\p{L}\p{N}]/u;

/**
 * One unit from tokens and their BIO tags: the detokenized text, and each tagged run as a span
 * over it, with the source's type mapped to ours.
 *
 * @example
 * tokenUnit(['Ask', 'Ada', 'Lovelace', '.'], ['O', 'B-PER', 'I-PER', 'O'], context);
 * // { text: 'Ask Ada Lovelace.', spans: [{ start: 4, end: 16, label: 'PERSON' }] }
 */
export function tokenUnit(
  tokens: readonly string[],
  tags: readonly string[],
  context: ConvertContext,
  normaliseType: (type: string) => string = (type) => type,
  trim = false,
): ConvertedUnit {
  const { text, offsets } = detokenize(tokens, context.lang);
  const spans: LabelledSpan[] = [];
  for (const run of bioToSpans(tags)) {
    const label = mapLabel(context.labelMap, normaliseType(run.type), context.notes);
    if (label === null) continue;
    let start = offsets[run.start]![0];
    let end = offsets[run.end - 1]![1];
    if (trim) {
      while (end > start && TRIMMED.test(text[end - 1]!)) end--;
      while (start < end && TRIMMED.test(text[start]!)) start++;
      if (start === end) continue;
    }
    const last = spans.at(-1);
    // Two spans of one label with nothing between them are one entity split by the tokenizer
    // (`@` + `user`, both B-PER in the Broad Twitter Corpus): two names need a separator.
    if (last && last.label === label && last.end === start) last.end = end;
    else spans.push({ start, end, label });
  }
  return { text, spans };
}
