import type { TextWindow } from './encoded-windows';

// An e-mail local part is at most 64 characters; a domain, 255. A run longer than that around an
// `@` holds no address, and a window cut inside it could read one that is not there.
const MAX_LOCAL = 64;
const MAX_DOMAIN = 255;

/** What ends the run of characters around an `@`: blanks, quotes, brackets, separators. */
function isStop(c: number): boolean {
  return (
    c === 32 ||
    c === 10 ||
    c === 13 ||
    c === 9 ||
    c === 0xa0 ||
    c === 34 || // "
    c === 39 || // '
    c === 40 || // (
    c === 41 || // )
    c === 44 || // ,
    c === 58 || // :
    c === 59 || // ;
    c === 60 || // <
    c === 62 || // >
    c === 91 || // [
    c === 93 || // ]
    c === 96 || // `
    c === 123 || // {
    c === 124 || // |
    c === 125 // }
  );
}

/**
 * The e-mail addresses of a text, as windows: each `@` with the run of characters around it
 * (up to a blank, a quote, a bracket or a separator), when that run is no longer than an address
 * can be. An address supports a name wherever the name is (`thaddeus.whitmore@…` → `Thaddeus
 * Whitmore`), so an excerpt of a text keeps them all. The text is read once: a run is never
 * read again for the next `@`.
 *
 * @example
 * addressWindows('Write to <jean.dupont@exemple.fr> today.'); // [{ start: 10, end: 32 }]
 */
export function addressWindows(text: string): TextWindow[] {
  const windows: TextWindow[] = [];
  let floor = 0; // the text before this offset was read
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', floor)) {
    let start = at;
    while (start > floor && at - start <= MAX_LOCAL && !isStop(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_DOMAIN + 1 && !isStop(text.charCodeAt(end))) end++;
    floor = end;
    // The run goes on past what an address can hold, before or after: no address here. (The
    // scans read one character more than an address holds, to tell.)
    const runsOn =
      at - start > MAX_LOCAL ||
      end - at - 1 > MAX_DOMAIN ||
      (start > 0 && !isStop(text.charCodeAt(start - 1))) ||
      (end < text.length && !isStop(text.charCodeAt(end)));
    if (!runsOn) windows.push({ start, end });
  }
  return windows;
}
