import type { TextWindow } from './encoded-windows';

// An e-mail local part is at most 64 characters; a domain, 255.
const MAX_LOCAL = 64;
const MAX_DOMAIN = 255;

const isBreak = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 0xa0;

/**
 * The e-mail addresses of a text, as windows (each `@` with the words glued to it, bounded):
 * an address supports a name wherever the name is (`thaddeus.whitmore@…` → `Thaddeus
 * Whitmore`), so an excerpt of a text keeps them all.
 *
 * @example
 * addressWindows('Write to jean.dupont@exemple.fr today.'); // [{ start: 9, end: 31 }]
 */
export function addressWindows(text: string): TextWindow[] {
  const windows: TextWindow[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < MAX_LOCAL && !isBreak(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_DOMAIN && !isBreak(text.charCodeAt(end))) end++;
    windows.push({ start, end });
    at = end - 1;
  }
  return windows;
}
