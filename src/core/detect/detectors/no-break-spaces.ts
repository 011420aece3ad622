import type { DetectedSpan } from '../types';

/** U+00A0 and U+202F: how French typography (and word processors) group the digits of one number. */
const NO_BREAK_SPACES = /[\u00a0\u202f]/g;
const NO_BREAK_SPACE = /[\u00a0\u202f]/;
/** A no-break space between two digits: where a value grouped with them can be. */
const BETWEEN_DIGITS = /\d[\u00a0\u202f]\d/;

/**
 * `detect`, and the values it finds grouped with no-break spaces: a card, an IBAN or a NIR
 * written `4111\u00a01111\u00a01111\u00a01111` is the same value as one grouped with spaces.
 * Where a no-break space sits between two digits, the text is read a second time with each one
 * as a space (one code unit for one, so offsets hold). What that reading adds are the values
 * grouped with one kind of no-break space only (no ASCII space inside) that overlap nothing
 * found the first time, so that a value never runs on into a number grouped otherwise next to
 * it (`500 277 3918\u00a04111 1111 1111 1111`). Values are cut from the text itself.
 */
export function withNoBreakSpaces(
  detect: (text: string) => DetectedSpan[],
): (text: string) => DetectedSpan[] {
  return (text) => {
    const spans = detect(text);
    if (!BETWEEN_DIGITS.test(text)) return spans;
    const added: DetectedSpan[] = [];
    for (const span of detect(text.replace(NO_BREAK_SPACES, ' '))) {
      const value = text.slice(span.start, span.end);
      // One kind of no-break space, as one value is grouped: `6636\u202f082172\u00a087570` is two
      // numbers, not a card (review 16, AG2).
      if (!NO_BREAK_SPACE.test(value) || value.includes(' ')) continue;
      if (value.includes('\u00a0') && value.includes('\u202f')) continue;
      if (spans.some((s) => s.start < span.end && span.start < s.end)) continue;
      if (span.value !== undefined) span.value = value;
      added.push(span);
    }
    return added.length === 0 ? spans : [...spans, ...added].sort((a, b) => a.start - b.start);
  };
}
