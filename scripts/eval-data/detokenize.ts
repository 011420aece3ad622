import type { Lang } from './unit';

/** Text rebuilt from tokens, with each token's offsets in it. */
export interface Detokenized {
  text: string;
  offsets: [start: number, end: number][];
}

// Treebank escapes some sources keep.
const ESCAPES: Record<string, string> = {
  '-LRB-': '(',
  '-RRB-': ')',
  '-LSB-': '[',
  '-RSB-': ']',
  '-LCB-': '{',
  '-RCB-': '}',
  '``': '"',
  "''": '"',
};
const NO_SPACE_BEFORE = new Set([
  ',',
  '.',
  ')',
  ']',
  '}',
  ':',
  ';',
  '?',
  '!',
  '%',
  '...',
  '…',
  '»',
]);
const NO_SPACE_AFTER = new Set(['(', '[', '{', '«', '¿', '¡', '„', '@', '#']);
const ENGLISH_CLITIC = /^(?:['’](?:s|re|ve|ll|d|m|t)|n['’]t)$/i;
const ELISION = /^\p{L}+['’]$/u;

/**
 * Joins tokens into natural text: no space before closing punctuation, none after an opening
 * bracket, French and Italian elisions glued (`l'` + `homme`), English clitics glued (`do` +
 * `n't`), straight quotes attached to what they quote (alternating open and close).
 *
 * @example
 * detokenize(['Il', 'a', 'dit', ':', '"', 'l\'', 'homme', '"', '.'], 'fr').text;
 * // 'Il a dit: "l\'homme".'
 */
export function detokenize(tokens: readonly string[], lang: Lang): Detokenized {
  let text = '';
  const offsets: [number, number][] = [];
  let quoteOpen = false;
  let glueNext = true; // nothing before the first token
  for (const raw of tokens) {
    const token = ESCAPES[raw] ?? raw;
    let glue = glueNext;
    let after = false;
    if (token === '"' || (token === "'" && lang !== 'fr' && lang !== 'it')) {
      if (quoteOpen) glue = true;
      else after = true;
      quoteOpen = !quoteOpen;
    } else if (token === '“') {
      if (lang === 'de') glue = true;
      else after = true;
    } else if (token === '”' || token === '’') {
      glue = true;
    } else {
      if (NO_SPACE_BEFORE.has(token)) glue = true;
      if (lang === 'en' && ENGLISH_CLITIC.test(token)) glue = true;
      if (NO_SPACE_AFTER.has(token)) after = true;
      if ((lang === 'fr' || lang === 'it') && ELISION.test(token)) after = true;
    }
    if (!glue && text.length > 0) text += ' ';
    offsets.push([text.length, text.length + token.length]);
    text += token;
    glueNext = after;
  }
  return { text, offsets };
}

/**
 * Offsets of each token in a raw text that holds them in order (separated by anything), or
 * `undefined` when one is missing: the caller then detokenizes instead.
 *
 * @example
 * alignTokens('Don\'t go.', ['Do', "n't", 'go', '.']); // [[0,2],[2,5],[6,8],[8,9]]
 */
export function alignTokens(
  text: string,
  tokens: readonly string[],
): [number, number][] | undefined {
  const offsets: [number, number][] = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = text.indexOf(token, cursor);
    // Only whitespace may lie between two tokens.
    if (at < 0 || text.slice(cursor, at).trim() !== '') return undefined;
    offsets.push([at, at + token.length]);
    cursor = at + token.length;
  }
  return offsets;
}
