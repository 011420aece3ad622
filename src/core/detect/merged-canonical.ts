/**
 * The identity of a merged span (see `resolveOverlaps`' `mergeCrossingIn`), and the namespace
 * that keeps every other canonical form apart from it.
 */

const MERGED = 'merged:';

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
 * A canonical form made by a canonicaliser or a detector, kept out of the merged spans'
 * namespace: one that starts like theirs (a remembered `merged:…` e-mail address, a custom
 * label whose canonical form is its text) gets a `\` in front, so it never shares a token with
 * a merged span nor is identified as one. One that starts with `\` gets another, so that no two
 * forms become one (`merged:a` and `\merged:a`).
 */
export const outsideMergedNamespace = (canonical: string) =>
  isMergedCanonical(canonical) || canonical.startsWith('\\') ? `\\${canonical}` : canonical;
