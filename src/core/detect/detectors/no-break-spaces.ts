import type { DetectedSpan } from '../types';

/** U+00A0 and U+202F: how French typography (and word processors) group the digits of one number. */
const NO_BREAK_SPACES = /[\u00a0\u202f]/g;

/**
 * `detect`, reading each no-break space of the text as a space: a card, an IBAN or a NIR
 * grouped with them (`4111\u00a01111\u00a01111\u00a01111`) is the same value as one grouped
 * with spaces. One code unit stands for one, so the spans' offsets hold; their values are cut
 * from the text itself.
 */
export function noBreakSpacesAsSpaces(
  detect: (text: string) => DetectedSpan[],
): (text: string) => DetectedSpan[] {
  return (text) => {
    if (!text.includes('\u00a0') && !text.includes('\u202f')) return detect(text);
    const spans = detect(text.replace(NO_BREAK_SPACES, ' '));
    for (const span of spans)
      if (span.value !== undefined) span.value = text.slice(span.start, span.end);
    return spans;
  };
}
