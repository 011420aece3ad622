/**
 * A copy of a text with the encodings that hide characters undone: JSON `\uXXXX` escapes and
 * the `\n`, `\r`, `\t` of a JSON text read as written (whose letter glues to the value after
 * it, `ok\n4111 1111 1111 1111`), HTML character references (`&#64;`, `&#x40;`, `&eacute;`)
 * percent-encoding (`%40`, `%C3%A9`), quoted-printable (`=40`, `=C3=A9`, soft line breaks) and
 * RFC 2047 `Q` words (`=?UTF-8?Q?=C3=89lodie?=`, see `mail-encodings.ts`). Tools often return
 * such text (JSON serialised with ASCII escapes, HTML pages, URLs, e-mail); a value written
 * `elodie.muller\u0040exemple.fr` must be found like any other.
 * Each decoded code unit maps back to what encodes it in the original text (`edited-view.ts`).
 */
import type { PiiSpan } from '../detect/types';
import { type DecodedView, type Piece, viewWithPieces } from './edited-view';
import { ENCODED } from './encoded-windows';
import { mailEncodingAt } from './mail-encodings';
import type { TextReading } from './text-reading';

export type { DecodedView } from './edited-view';

// The named references that spell letters of European names and the punctuation of emails.
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  commat: '@',
  period: '.',
  lowbar: '_',
  hyphen: '-',
  plus: '+',
  szlig: 'ß',
};
for (const [letters, mark] of [
  ['aeiouyAEIOUY', 'acute'],
  ['aeiouAEIOU', 'grave'],
  ['aeiouAEIOU', 'circ'],
  ['aeiouyAEIOUY', 'uml'],
  ['anoANO', 'tilde'],
  ['cC', 'cedil'],
  ['aA', 'ring'],
  ['oO', 'slash'],
] as const) {
  const combining: Record<string, string> = {
    acute: '\u0301',
    grave: '\u0300',
    circ: '\u0302',
    uml: '\u0308',
    tilde: '\u0303',
    cedil: '\u0327',
    ring: '\u030a',
    slash: '\u0338',
  };
  for (const letter of letters) {
    const composed = (letter + combining[mark]).normalize('NFC');
    NAMED[`${letter}${mark}`] = mark === 'slash' ? (letter === 'o' ? 'ø' : 'Ø') : composed;
  }
}

/** Whether a text holds anything to decode (a cheap test before building a view). */
export function hasEncodedCharacters(text: string): boolean {
  return ENCODED.test(text);
}

const hex = (s: string) => Number.parseInt(s, 16);
/** JSON's escapes of line breaks and tabs. */
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };
const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;
const PERCENT = 0x25;
const PERCENT_RUN = /^(?:%[0-9a-fA-F]{2}){1,4}$/;

const MARKERS = new RegExp(ENCODED.source, 'g');

/**
 * Decodes a text in one left-to-right pass; anything malformed is kept as written. The scan
 * jumps from one encoding to the next (`ENCODED`); what lies between is copied whole, and only
 * the encodings are recorded to map positions back (`viewWithPieces`).
 */
export function decodeText(text: string): DecodedView {
  const pieces: Piece[] = [];
  MARKERS.lastIndex = 0;
  for (let m = MARKERS.exec(text); m; m = MARKERS.exec(text)) {
    const found = encodingAt(text, m.index);
    if (found === undefined) {
      MARKERS.lastIndex = m.index + 1;
      continue;
    }
    pieces.push(...found);
    MARKERS.lastIndex = found[found.length - 1]!.to;
  }
  return viewWithPieces(text, pieces);
}

/**
 * A text read decoded: spans found there move back to the original text over the whole
 * encodings they cover. Their values stay decoded.
 *
 * @example
 * const reading = decodedReading('mail: a\\u0040b.fr');
 * reading.text; // 'mail: a@b.fr'
 * reading.toOriginal([{ start: 6, end: 12, ...span }]); // [{ start: 6, end: 17, ... }]
 */
export function decodedReading(text: string): TextReading {
  const view = decodeText(text);
  return {
    text: view.text,
    toOriginal: (spans: readonly PiiSpan[]) =>
      spans.map((s) => ({
        ...s,
        start: view.sourceStart(s.start),
        end: view.sourceEnd(s.end - 1),
        value: s.value.replace(CONTROL_RUNS, ' '),
      })),
  };
}

/**
 * Line breaks and tabs in a decoded value (a known name swept across `\n`, a number whose groups
 * an escaped tab joins): the value keeps a space there. Restoring writes the value back into the
 * text, where a raw line break would break a JSON string, and the first form of a value is what
 * every later mention of it restores to.
 */
const CONTROL_RUNS = /[\n\r\t]+/g;

/** The encoded characters at `i`, one piece each, or undefined when there is none. */
function encodingAt(text: string, i: number): Piece[] | undefined {
  const found = characterAt(text, i);
  if (found) return [{ from: i, to: found.end, decoded: found.decoded }];
  return mailEncodingAt(text, i);
}

/** The JSON, HTML or percent-encoded character at `i` and where it ends, or undefined. */
function characterAt(text: string, i: number): { decoded: string; end: number } | undefined {
  const c = text.charCodeAt(i);
  if (c === BACKSLASH && text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
    return { decoded: String.fromCharCode(hex(text.slice(i + 2, i + 6))), end: i + 6 };
  }
  if (c === BACKSLASH) {
    const decoded = CONTROL_ESCAPES[text[i + 1]!];
    return decoded === undefined ? undefined : { decoded, end: i + 2 };
  }
  if (c === AMPERSAND) {
    const m = /^&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/.exec(text.slice(i, i + 12));
    if (!m) return undefined;
    const ref = m[1]!;
    let decoded: string | undefined;
    if (ref.startsWith('#x')) decoded = safeCodePoint(hex(ref.slice(2)));
    else if (ref.startsWith('#')) decoded = safeCodePoint(Number(ref.slice(1)));
    else decoded = NAMED[ref];
    return decoded === undefined ? undefined : { decoded, end: i + m[0].length };
  }
  if (c === PERCENT && /^%[0-9a-fA-F]{2}/.test(text.slice(i, i + 3))) {
    // One UTF-8 sequence: its lead byte tells how many %XX bytes it spans (`%C3%A9` is `é`).
    const lead = hex(text.slice(i + 1, i + 3));
    const bytes = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    const end = i + 3 * bytes;
    if (bytes === 0 || end > text.length || !PERCENT_RUN.test(text.slice(i, end))) return undefined;
    const decoded = safeDecode(text.slice(i, end));
    return decoded === undefined ? undefined : { decoded, end };
  }
  return undefined;
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

function safeDecode(run: string): string | undefined {
  try {
    return decodeURIComponent(run);
  } catch {
    return undefined;
  }
}
