import type { DetectedSpan } from '../types';

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

/** How far after a word naming an identifier its digits may start (UTF-16 code units). */
export const NAMED_RUN_REACH = 24;

/** What may stand between a name and its number: punctuation, and a verb that links them. */
const NAME_GAP = /^[^\p{L}\p{N}]*(?:(?:is|ist|est|es|è|lautet|was|war)[^\p{L}\p{N}]+)?$/iu;

/**
 * Numbers written in any grouping right after a word that names them (`Steuer-ID 1123456789 0`,
 * `AHV: 75692170769 85`): people type a number they have just named as it comes, not always in
 * the groups its issuer prints. `names` is global; `run` (not global) matches the number in its
 * loose grouping with its own boundaries. Only the text after each name is read, so the cost is
 * that of the names' scan.
 *
 * @example
 * namedRuns('IdNr. 1123456789 0', /idnr/gi, /\d(?:[ ]?\d){10}/u);
 * // [{ start: 6, end: 18 }]
 */
export function namedRuns(
  text: string,
  names: RegExp,
  run: RegExp,
): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  names.lastIndex = 0;
  for (let m = names.exec(text); m; m = names.exec(text)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + NAMED_RUN_REACH + 40);
    const r = run.exec(window);
    if (!r || r.index > NAMED_RUN_REACH || !NAME_GAP.test(window.slice(0, r.index))) continue;
    found.push({ start: from + r.index, end: from + r.index + r[0].length });
  }
  return found;
}

/**
 * Adds to `spans` (a detector's own finds) the runs of `namedRuns` whose digits `isValid`
 * accepts and that no span of `spans` overlaps, as spans of `label` (score 1: named); returns
 * them all in text order. `canonical` is the digits.
 *
 * @example
 * withNamedRuns('IdNr. 1123456789 0', [], /idnr/gi, /\d(?:[ ]?\d){10}/u, 'DE_TAX_ID', isValidGermanTaxId);
 * // [{ start: 6, end: 18, label: 'DE_TAX_ID', canonical: '11234567890', score: 1 }]
 */
export function withNamedRuns(
  text: string,
  spans: DetectedSpan[],
  names: RegExp,
  run: RegExp,
  label: string,
  isValid: (digits: string) => boolean,
): DetectedSpan[] {
  for (const r of namedRuns(text, names, run)) {
    const digits = text.slice(r.start, r.end).replace(/\D/g, '');
    if (!isValid(digits) || spans.some((s) => s.start < r.end && r.start < s.end)) continue;
    spans.push({ ...r, label, canonical: digits, score: 1 });
  }
  return spans.sort((a, b) => a.start - b.start);
}
