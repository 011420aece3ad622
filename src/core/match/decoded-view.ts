/**
 * A copy of a text with the encodings that hide characters undone: JSON `\uXXXX` escapes,
 * HTML character references (`&#64;`, `&#x40;`, `&eacute;`) and percent-encoding (`%40`,
 * `%C3%A9`). Tools often return such text (JSON serialised with ASCII escapes, HTML pages,
 * URLs); a value written `elodie.muller\u0040exemple.fr` must be found like any other.
 * `ranges` maps each decoded code unit back to the original text.
 */
export interface DecodedView {
  text: string;
  /** Original `[start, end)` of decoded code unit `i`: `starts[i]`, `ends[i]`. */
  starts: Int32Array;
  ends: Int32Array;
}

const MARKERS = /\\u[0-9a-fA-F]{4}|&#?[a-zA-Z0-9]{1,8};|%[0-9a-fA-F]{2}/;

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
  return MARKERS.test(text);
}

const hex = (s: string) => Number.parseInt(s, 16);
const PERCENT_RUN = /^(?:%[0-9a-fA-F]{2}){1,4}$/;

/** Decodes a text in one left-to-right pass; anything malformed is kept as written. */
export function decodeText(text: string): DecodedView {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const emit = (decoded: string, start: number, end: number) => {
    for (let k = 0; k < decoded.length; k++) {
      out += decoded[k];
      starts.push(start);
      ends.push(end);
    }
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      emit(String.fromCharCode(hex(text.slice(i + 2, i + 6))), i, i + 6);
      i += 6;
      continue;
    }
    if (c === '&') {
      const m = /^&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/.exec(text.slice(i, i + 12));
      if (m) {
        const ref = m[1]!;
        let decoded: string | undefined;
        if (ref.startsWith('#x')) decoded = safeCodePoint(hex(ref.slice(2)));
        else if (ref.startsWith('#')) decoded = safeCodePoint(Number(ref.slice(1)));
        else decoded = NAMED[ref];
        if (decoded !== undefined) {
          emit(decoded, i, i + m[0].length);
          i += m[0].length;
          continue;
        }
      }
    }
    if (c === '%' && /^%[0-9a-fA-F]{2}/.test(text.slice(i, i + 3))) {
      // One UTF-8 sequence: its lead byte tells how many %XX bytes it spans (`%C3%A9` is `é`).
      const lead = hex(text.slice(i + 1, i + 3));
      const bytes = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
      const end = i + 3 * bytes;
      const decoded =
        bytes > 0 && PERCENT_RUN.test(text.slice(i, end))
          ? safeDecode(text.slice(i, end))
          : undefined;
      if (decoded !== undefined && end <= text.length) {
        emit(decoded, i, end);
        i = end;
        continue;
      }
    }
    emit(c, i, i + 1);
    i++;
  }
  return { text: out, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
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
