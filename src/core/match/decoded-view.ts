import { ENCODED, encodedWindows } from './encoded-windows';

/**
 * A copy of a text with the encodings that hide characters undone: JSON `\uXXXX` escapes,
 * HTML character references (`&#64;`, `&#x40;`, `&eacute;`) and percent-encoding (`%40`,
 * `%C3%A9`). Tools often return such text (JSON serialised with ASCII escapes, HTML pages,
 * URLs); a value written `elodie.muller\u0040exemple.fr` must be found like any other.
 * `starts` and `ends` map each decoded code unit back to the original text.
 */
export interface DecodedView {
  text: string;
  /** Original `[start, end)` of decoded code unit `i`: `starts[i]`, `ends[i]`. */
  starts: Int32Array;
  ends: Int32Array;
}

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
const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;
const PERCENT = 0x25;
const PERCENT_RUN = /^(?:%[0-9a-fA-F]{2}){1,4}$/;

/**
 * The decoded views a text is read through besides itself: one per window around its encoded
 * characters (`encodedWindows`), mapped to the whole text's positions. Empty when there is
 * nothing to decode.
 */
export function decodedViews(text: string): DecodedView[] {
  return encodedWindows(text).map(({ start, end }) => {
    const view = decodeText(text.slice(start, end));
    for (let k = 0; k < view.starts.length; k++) {
      view.starts[k]! += start;
      view.ends[k]! += start;
    }
    return view;
  });
}

/** Decodes a text in one left-to-right pass; anything malformed is kept as written. */
export function decodeText(text: string): DecodedView {
  const parts: string[] = [];
  // A decoded text is never longer than its source: every encoding spells a code unit with more.
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let n = 0;
  let plainFrom = 0; // start of the run of characters copied as they are
  const emit = (decoded: string, start: number, end: number) => {
    if (start > plainFrom) parts.push(text.slice(plainFrom, start));
    for (let k = plainFrom; k < start; k++, n++) {
      starts[n] = k;
      ends[n] = k + 1;
    }
    parts.push(decoded);
    for (let k = 0; k < decoded.length; k++, n++) {
      starts[n] = start;
      ends[n] = end;
    }
    plainFrom = end;
  };
  let i = 0;
  while (i < text.length) {
    const end = encodingAt(text, i);
    if (end === undefined) {
      i++;
      continue;
    }
    emit(end.decoded, i, end.end);
    i = end.end;
  }
  emit('', text.length, text.length);
  return { text: parts.join(''), starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
}

/** The encoded character at `i` and where it ends, or undefined when there is none. */
function encodingAt(text: string, i: number): { decoded: string; end: number } | undefined {
  const c = text.charCodeAt(i);
  if (c === BACKSLASH && text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
    return { decoded: String.fromCharCode(hex(text.slice(i + 2, i + 6))), end: i + 6 };
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
