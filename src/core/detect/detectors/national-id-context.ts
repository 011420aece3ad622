/**
 * What the national-identifier detectors share: where a candidate may start and end (not
 * inside a word or a longer number, not a decimal), and whether a word that names the
 * identifier stands shortly before it.
 */

/** How far before a candidate its context word may stand (in UTF-16 code units). */
export const CONTEXT_WINDOW = 48;

/**
 * Whether `words` (a regex without `g`, bounded) matches in the `CONTEXT_WINDOW` characters
 * before `index`: a constant amount of work per candidate, whatever the text's length.
 *
 * @example
 * contextBefore('Mijn BSN: 111222333', 10, /\bbsn\b/i); // true
 */
export function contextBefore(text: string, index: number, words: RegExp): boolean {
  return words.test(text.slice(Math.max(0, index - CONTEXT_WINDOW), index));
}

/** Letters, digits or `_` of the scripts the detectors read glued to a candidate. */
export const GLUED = String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]`;
