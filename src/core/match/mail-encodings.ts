/**
 * The encodings of e-mail text that hide characters from a reader of the raw text:
 * quoted-printable bodies (RFC 2045: `=C3=A9` for `é`, `=40` for `@`, a soft line break `=`
 * at the end of a line that cuts a long word, an address or a key in two) and RFC 2047 `Q`
 * encoded words in headers (`=?UTF-8?Q?=C3=89lodie_Martin?=`). Read decoded by `decodeText`
 * (`decoded-view.ts`), each decoded character mapped back to what encodes it, so that a token
 * replaces just the value: quoted-printable stays valid (a token is printable ASCII), and an
 * encoded word keeps the rest of its text. (`B` words are base64: `encoded-payloads.ts`.)
 */
import { decodeText as decodeBytes } from '../messages/text-encodings';
import type { Piece } from './edited-view';

/**
 * Where a reader must look for these encodings, each starting with `=` (so that a text
 * without one costs a fast scan): a soft line break (`=` at the end of a line that ends with
 * CRLF, as mail does; before a bare LF, only after a visible character: `x =` in code is not
 * one); a UTF-8 character escaped (`=C3=A9`, possibly cut by a soft line break); a Latin-1
 * letter between letters (`Fran=E7ois`); `=3D` before a quote (`href=3D"…`); `=40` before a
 * domain (`jean=40exemple.fr`); `=2E` at the start of a line; `=20` / `=09` before a line break
 * (trailing blanks); the start of a `Q` encoded word. Upper-case hex only, as RFC 2045 writes
 * it. Key=value text (`ip=203.0.113.5`, `size=40px`, `color=FFEEDD`) holds none of them.
 */
export const MAIL_ENCODING =
  /=(?:(?<=[^=]=)(?=\r\n)|(?<=[^\s=]=)(?=\n)|[C-F][0-9A-F](?:=\r?\n)?=[89AB][0-9A-F]|(?<=[A-Za-z]=)[C-F][0-9A-F](?=[a-z])|3D(?=["'<])|40(?=[A-Za-z0-9-]{1,63}\.[A-Za-z])|(?<=\n=)2E|20(?==?\r?\n)|09(?==?\r?\n)|\?[A-Za-z0-9!#$%&'+^_`{|}~.*-]{1,60}\?[Qq]\?)/;

const HEX2 = /^[0-9A-F]{2}$/;
const hexAt = (text: string, i: number) =>
  text.charCodeAt(i) === 61 && HEX2.test(text.slice(i + 1, i + 3))
    ? Number.parseInt(text.slice(i + 1, i + 3), 16)
    : -1;

/** How many bytes the UTF-8 sequence led by `lead` takes (0: not a lead byte). */
const utf8Length = (lead: number) =>
  lead < 0x80 ? 1 : lead >= 0xf8 ? 0 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The quoted-printable escape run at `i` (`=XX`, or a UTF-8 sequence of them), decoded; a byte
 * that leads no valid UTF-8 sequence is read as Windows-1252 (Latin-1 mail: `Fran=E7ois`).
 */
function escapedBytesAt(text: string, i: number): Piece | undefined {
  const lead = hexAt(text, i);
  if (lead < 0) return undefined;
  const length = utf8Length(lead);
  if (length > 1) {
    const bytes = [lead];
    let end = i + 3;
    for (let k = 1; k < length; k++) {
      // Encoders cut lines between the bytes of one character too: `=C3=\r\n=A9`.
      const next = softBreakAt(text, end)?.to ?? end;
      const b = hexAt(text, next);
      if (b < 0x80 || b > 0xbf) break;
      bytes.push(b);
      end = next + 3;
    }
    if (bytes.length === length) {
      try {
        return { from: i, to: end, decoded: utf8.decode(Uint8Array.from(bytes)) };
      } catch {
        // An overlong or surrogate sequence: read byte by byte below.
      }
    }
  }
  const decoded = decodeBytes(Uint8Array.of(lead), 'windows-1252')?.text;
  return decoded === undefined ? undefined : { from: i, to: i + 3, decoded };
}

/** A soft line break at `i` (`=` then `\r\n` or `\n`): it decodes to nothing. */
function softBreakAt(text: string, i: number): Piece | undefined {
  if (text.charCodeAt(i) !== 61) return undefined;
  const end = text.charCodeAt(i + 1) === 13 ? i + 2 : i + 1;
  return text.charCodeAt(end) === 10 ? { from: i, to: end + 1, decoded: '' } : undefined;
}

// An encoded word, bounded (RFC 2047 allows 75 characters; mailers write longer ones).
const Q_WORD =
  /=\?([A-Za-z0-9!#$%&'+^_`{|}~.-]{1,40})(?:\*[A-Za-z0-9-]{1,20})?\?[Qq]\?([\x21-\x3e\x40-\x7e]{0,1000})\?=/y;
// Between two encoded words, blanks (and a folded header line) are no part of the text.
const BETWEEN_WORDS = /[ \t]{0,100}(?:\r?\n[ \t]{1,100})?(?==\?[^?\s]{1,60}\?[Qq]\?)/y;

// The WHATWG encodings that take more than one byte per character.
const MULTI_BYTE = new Set([
  'gbk',
  'gb18030',
  'big5',
  'euc-jp',
  'iso-2022-jp',
  'shift_jis',
  'euc-kr',
]);
const decoders = new Map<string, TextDecoder | null>();

/** A decoder for an RFC 2047 charset label, or null when the runtime has none. */
function decoderFor(label: string): TextDecoder | null {
  const key = label.toLowerCase();
  let decoder = decoders.get(key);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(key);
    } catch {
      decoder = null;
    }
    if (decoders.size < 64) decoders.set(key, decoder);
  }
  return decoder;
}

const decodeWith = (decoder: TextDecoder, bytes: number[]) =>
  decoder.decode(Uint8Array.from(bytes), { stream: true }) + decoder.decode();

/**
 * The `Q` encoded word at `i`, as pieces: its frame decodes to nothing, each character of its
 * text to itself (`_` to a space, `=XX` sequences to the character they encode, in the word's
 * charset). A charset that takes several bytes per character (Shift_JIS...) is decoded whole,
 * its text one piece. Undefined when there is no such word or its charset is unknown.
 */
function qWordAt(text: string, i: number): Piece[] | undefined {
  Q_WORD.lastIndex = i;
  const m = Q_WORD.exec(text);
  if (!m) return undefined;
  const decoder = decoderFor(m[1]!);
  if (!decoder) return undefined;
  const end = i + m[0].length;
  const bodyStart = end - 2 - m[2]!.length;
  // Each byte, and where its encoding starts and ends.
  const bytes: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let k = bodyStart; k < end - 2; ) {
    const b = hexAt(text, k);
    const c = text.charCodeAt(k);
    bytes.push(b >= 0 ? b : c === 95 ? 0x20 : c);
    from.push(k);
    k += b >= 0 ? 3 : 1;
    to.push(k);
  }
  const pieces: Piece[] = [{ from: i, to: bodyStart, decoded: '' }];
  if (MULTI_BYTE.has(decoder.encoding)) {
    pieces.push({ from: bodyStart, to: end - 2, decoded: decodeWith(decoder, bytes) });
  } else {
    const utf = decoder.encoding === 'utf-8';
    for (let k = 0; k < bytes.length; ) {
      const length = utf ? Math.max(1, Math.min(utf8Length(bytes[k]!), bytes.length - k)) : 1;
      pieces.push({
        from: from[k]!,
        to: to[k + length - 1]!,
        decoded: decodeWith(decoder, bytes.slice(k, k + length)),
      });
      k += length;
    }
  }
  pieces.push({ from: end - 2, to: end, decoded: '' });
  // Blanks before the next `Q` word are no part of either.
  BETWEEN_WORDS.lastIndex = end;
  const gap = BETWEEN_WORDS.exec(text);
  if (gap && gap[0].length > 0) pieces.push({ from: end, to: end + gap[0].length, decoded: '' });
  return pieces;
}

/**
 * The mail encoding at `i` (see `MAIL_ENCODING`) as decoded pieces, or undefined when there is
 * none there (or it is malformed: kept as written).
 *
 * @example
 * mailEncodingAt('jean.dupont=40exemple.fr', 11); // [{ from: 11, to: 14, decoded: '@' }]
 */
export function mailEncodingAt(text: string, i: number): Piece[] | undefined {
  if (text.charCodeAt(i) !== 61) return undefined;
  if (text.charCodeAt(i + 1) === 63) return qWordAt(text, i);
  const soft = softBreakAt(text, i);
  if (soft) return [soft];
  const escaped = escapedBytesAt(text, i);
  return escaped && [escaped];
}

/** Exported for the ReDoS shape test: every regex of this file. */
export const MAIL_PATTERNS: readonly RegExp[] = [MAIL_ENCODING, HEX2, Q_WORD, BETWEEN_WORDS];
