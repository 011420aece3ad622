/**
 * The identity of a merged span (see `resolveOverlaps`' `mergeCrossingIn`) and of a word that
 * several known names share (see `sharedWordCanonical`), and the namespace that keeps every
 * other canonical form apart from them.
 */

const MERGED = 'merged:';
const SHARED_WORD = 'word:';

/**
 * The canonical form of a merged span: its exact text, in a namespace of its own. The label's
 * canonicaliser would read the winner's value in it and ignore the rest (libphonenumber reads
 * `+33 1 44 55 66 77-info@empresa.es` as the phone alone), giving the union the token of the
 * bare value: one token for two values.
 */
export function mergedCanonical(value: string): string {
  return MERGED + value.normalize('NFC');
}

/** Whether a canonical form is a merged span's (see `mergedCanonical`). */
export const isMergedCanonical = (canonical: string) => canonical.startsWith(MERGED);

/**
 * The canonical form of a word that several known names share, written alone (`Dupont` once
 * `Jean Dupont` and `Marie Dupont` are known): a value of its own, that the sweep looks for as
 * it looks for words of names (only where it is written as a name), not as a one-word name.
 */
export function sharedWordCanonical(word: string): string {
  return SHARED_WORD + word.normalize('NFC').toLowerCase();
}

/** Whether a canonical form is a shared word's (see `sharedWordCanonical`). */
export const isSharedWordCanonical = (canonical: string) => canonical.startsWith(SHARED_WORD);

/**
 * A canonical form made by a canonicaliser or a detector, kept out of the namespace of merged
 * spans and shared words: one that starts like theirs (a remembered `merged:…` e-mail address,
 * a custom label whose canonical form is its text) gets a `\` in front, so it never shares a
 * token with one nor is identified as one. One that starts with `\` gets another, so that no two
 * forms become one (`merged:a` and `\merged:a`).
 */
export const outsideMergedNamespace = (canonical: string) =>
  isMergedCanonical(canonical) || isSharedWordCanonical(canonical) || canonical.startsWith('\\')
    ? `\\${canonical}`
    : canonical;
