/**
 * Text carried in base64 inside another text: a Gmail message body (`payload.body.data`,
 * base64url), a Kubernetes Secret's `data`, a MIME part (base64 wrapped at 76 columns), an RFC
 * 2047 header word (`=?UTF-8?B?…?=`). Such a payload is read decoded, as a text of its own, and
 * its masked text is written back in the same encoding (alphabet, padding, line length, charset),
 * so the text around it keeps its shape and a payload with nothing to mask stays as it came.
 *
 * A run of base64 characters is a payload only when it is one: long enough to hold a value (12
 * characters: 9 bytes), of a valid length, in one alphabet, and decoding to text (see
 * `payloadText`). The cheap tests come first, so that prose, identifiers and hashes cost one
 * scan of the text and, for the long runs among them, a few bytes of decoding each.
 */
import { type Base64Style, fromBase64, toBase64 } from '../messages/base64';
import { binaryFormatOf, hasBinaryControls } from '../messages/text-content';
import { charsetOf, decodeText, type Encoding, encodeText } from '../messages/text-encodings';

/** A text written in base64 within another text. */
export interface Payload {
  /** Where the encoded form starts and ends in the text that holds it. */
  start: number;
  end: number;
  /** The decoded text. */
  text: string;
  /**
   * A masked copy of `text` in the same encoding and layout as the payload came (alphabet,
   * padding, line width and breaks, charset). Throws a `PiiConfigError` for a character that
   * Windows-1252 cannot hold, as text files do.
   */
  encode(text: string): string;
}

/** The fewest base64 characters (before padding) read as a payload: 9 bytes, `jean@x.fr`. */
export const MIN_PAYLOAD_LENGTH = 12;

/** A base64 line long enough to be one line of a wrapped block (PEM: 64, MIME: 76). */
const MIN_WRAPPED_LINE = 40;

/** The longest payload read (4 MiB of base64): larger blobs are files, not text. */
const MAX_PAYLOAD_LENGTH = 4 * 1024 * 1024;

// 1: standard alphabet only (`+`, `/`), 2: URL-safe only (`-`, `_`), 3: both (letters, digits).
const ALPHABET = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) ALPHABET[c] = 3;
  else if (ch === '+' || ch === '/') ALPHABET[c] = 1;
  else if (ch === '-' || ch === '_') ALPHABET[c] = 2;
}
const inAlphabet = (c: number) => c < 128 && ALPHABET[c] !== 0;

const EQUALS = 61;
const NEWLINE = 10;
const RETURN = 13;
const isIndent = (c: number) => c === 32 || c === 9;

/** The six bits of each base64 character (either alphabet); 255 for any other. */
const SEXTET = new Uint8Array(128).fill(255);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].forEach((ch, i) => {
  SEXTET[ch.charCodeAt(0)] = i;
});
SEXTET[43] = 62; // +
SEXTET[45] = 62; // -
SEXTET[47] = 63; // /
SEXTET[95] = 63; // _

/**
 * Whether a byte can stand in text: not a binary control (C0 other than tab, line feed,
 * vertical tab, form feed, carriage return, escape; DEL).
 */
const isTextByte = (b: number) =>
  b >= 0x20 ? b !== 0x7f : b === 9 || b === 10 || b === 11 || b === 12 || b === 13 || b === 27;

/** How many bytes a UTF-8 sequence led by `b` takes: 1 for ASCII, 0 for no lead byte. */
const utf8Length = (b: number) =>
  b < 0x80
    ? 1
    : b >= 0xc2 && b <= 0xdf
      ? 2
      : b >= 0xe0 && b <= 0xef
        ? 3
        : b >= 0xf0 && b <= 0xf4
          ? 4
          : 0;

/**
 * The bytes of base64 characters (line breaks and indentation already removed), or undefined
 * as soon as they cannot be text: a binary control byte, or more than one byte in four above
 * 0x7F once they are not UTF-8, or bytes that are not UTF-8 and, read as Windows-1252, are not
 * `wordy` (see `payloadText`). Random data, long words and hashes fail within a few bytes, or
 * at the end, so they cost little; no decoder runs on them.
 */
function textBytes(chars: string): Uint8Array | undefined {
  const n = chars.length;
  const out = new Uint8Array(Math.floor((n * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  let high = 0;
  let utf8 = true;
  let pending = 0; // continuation bytes the current UTF-8 sequence still needs
  for (let i = 0; i < n; i++) {
    acc = ((acc << 6) | SEXTET[chars.charCodeAt(i)]!) & 0xffffff;
    bits += 6;
    if (bits < 8) continue;
    bits -= 8;
    const b = (acc >> bits) & 0xff;
    if (!isTextByte(b)) return undefined;
    out[o++] = b;
    if (b >= 0x80) high++;
    if (utf8) {
      if (pending > 0) {
        if (b >= 0x80 && b <= 0xbf) pending--;
        else utf8 = false;
      } else if (b >= 0x80) {
        const length = utf8Length(b);
        if (length === 0) utf8 = false;
        else pending = length - 1;
      }
    }
    if (!utf8 && o >= 8 && high * 4 > o) return undefined;
  }
  // Not UTF-8 (nor a sequence cut short at the end): text only as Windows-1252 reads it.
  if ((!utf8 || pending > 0) && !mayBeWindows1252Text(out, high)) return undefined;
  return out;
}

/**
 * Whether the first 12 base64 characters at `i` (9 bytes) can start text: decoded in place,
 * with the tests of `textBytes`. Words, identifiers and hashes fail here, with no allocation.
 */
function textStart(text: string, i: number): boolean {
  let high = 0;
  let utf8 = true;
  let pending = 0;
  for (let q = i; q < i + MIN_PAYLOAD_LENGTH; q += 4) {
    const n =
      (SEXTET[text.charCodeAt(q)]! << 18) |
      (SEXTET[text.charCodeAt(q + 1)]! << 12) |
      (SEXTET[text.charCodeAt(q + 2)]! << 6) |
      SEXTET[text.charCodeAt(q + 3)]!;
    for (let shift = 16; shift >= 0; shift -= 8) {
      const b = (n >> shift) & 0xff;
      if (!isTextByte(b)) return false;
      if (b >= 0x80) high++;
      if (!utf8) continue;
      if (pending > 0) {
        if (b >= 0x80 && b <= 0xbf) pending--;
        else utf8 = false;
      } else if (b >= 0x80) {
        const length = utf8Length(b);
        if (length === 0) utf8 = false;
        else pending = length - 1;
      }
    }
  }
  return utf8 || high * 4 <= 9;
}

/**
 * The text that decoded bytes hold, when they are text: no binary format's magic number, valid
 * UTF-8 (or UTF-16 after a byte order mark) with no binary control character, or, failing
 * that, Windows-1252 that is mostly ASCII (three bytes in four at least: Western text; random
 * bytes are half above 0x7F).
 */
export function payloadText(bytes: Uint8Array): { text: string; encoding: Encoding } | undefined {
  if (binaryFormatOf(bytes) !== undefined) return undefined;
  const decoded = decodeText(bytes);
  if (!decoded || hasBinaryControls(decoded.text) || !wordy(decoded.text)) return undefined;
  if (decoded.uncertain) {
    let high = 0;
    for (const b of bytes) if (b >= 0x80) high++;
    if (high * 4 > bytes.length) return undefined;
  }
  return decoded;
}

const WORD_CHAR = /[\p{L}\p{N}\s]/u;

/**
 * Whether decoded text is mostly letters, digits and blanks, as text is (three characters in
 * four for a short one, three in five for a longer one: JSON and addresses hold punctuation).
 * Bytes that happen to decode are mostly symbols (`jëaz{bq«^`, from a word read as base64).
 */
function wordy(text: string): boolean {
  let word = 0;
  for (const c of text) if (WORD_CHAR.test(c)) word++;
  return wordyCount(word, [...text].length);
}

/** Whether `word` letters, digits and blanks in `length` characters are `wordy`. */
const wordyCount = (word: number, length: number) =>
  length < 24 ? word * 4 >= length * 3 : word * 5 >= length * 3;

/**
 * Whether each byte read as Windows-1252 is a letter, a digit or a blank (`WORD_CHAR`), as
 * `decodeText` reads undeclared bytes that are not UTF-8; empty where the runtime does not read
 * Windows-1252 (then such bytes are no text at all).
 */
const WORDY_1252: Uint8Array = (() => {
  const all = decodeText(
    Uint8Array.from({ length: 255 }, (_, b) => b + 1),
    'windows-1252',
  )?.text;
  if (all?.length !== 255) return new Uint8Array(0);
  const table = new Uint8Array(256);
  for (let b = 1; b < 256; b++) table[b] = WORD_CHAR.test(all[b - 1]!) ? 1 : 0;
  return table;
})();

/**
 * Whether bytes that are not UTF-8 may be payload text: what `payloadText` takes of them once
 * `decodeText` reads them as Windows-1252 (no UTF-16 byte order mark), mostly ASCII (three
 * bytes in four) and `wordy`. Read on the bytes, before any decoder: a word read as base64
 * often gets this far (`authentication` is `jëaz{bq«b¢`).
 */
function mayBeWindows1252Text(bytes: Uint8Array, high: number): boolean {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16 || WORDY_1252.length === 0) return true;
  if (high * 4 > bytes.length) return false;
  let word = 0;
  for (const b of bytes) word += WORDY_1252[b]!;
  return wordyCount(word, bytes.length);
}

/** A block of base64 lines: where it ends, its characters, and how its lines were cut. */
interface Block {
  end: number;
  /** The base64 characters, line breaks and indentation left out. */
  chars: string;
  /** Line length and what separates lines (line break and indentation), for a wrapped block. */
  wrap?: { width: number; separator: string };
}

/** Where the run of base64 characters starting at `i` ends (before any `=` padding). */
function runEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && inAlphabet(text.charCodeAt(j))) j++;
  return j;
}

/** `=` padding at `j` (at most two), and where it ends. */
function paddingEnd(text: string, j: number): number {
  let k = j;
  while (k < text.length && k - j < 2 && text.charCodeAt(k) === EQUALS) k++;
  return k;
}

/** The line break at `j` (`\n` or `\r\n`) and the indentation after it, or '' when none. */
function breakAt(text: string, j: number): string {
  let k = j;
  if (text.charCodeAt(k) === RETURN) k++;
  if (text.charCodeAt(k) !== NEWLINE) return '';
  k++;
  while (k < text.length && isIndent(text.charCodeAt(k))) k++;
  return text.slice(j, k);
}

/** Whether `i` is at the start of a line (after its indentation). */
function atLineStart(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && isIndent(text.charCodeAt(k))) k--;
  return k < 0 || text.charCodeAt(k) === NEWLINE;
}

/**
 * The base64 block starting at `i` (a run at a base64 character not preceded by one): the run,
 * with its padding, or lines of one width wrapped the same way (MIME, PEM), the last one shorter.
 */
function blockAt(text: string, i: number): Block {
  const first = runEnd(text, i);
  const width = first - i;
  const firstEnd = paddingEnd(text, first);
  if (firstEnd !== first || width < MIN_WRAPPED_LINE || width % 4 !== 0 || !atLineStart(text, i)) {
    // Padding ends base64: characters glued after it mean this is something else.
    const glued =
      firstEnd !== first && firstEnd < text.length && inAlphabet(text.charCodeAt(firstEnd));
    return { end: firstEnd, chars: glued ? '' : text.slice(i, firstEnd) };
  }
  const separator = breakAt(text, first);
  if (!separator) return { end: first, chars: text.slice(i, first) };
  const lines = [text.slice(i, first)];
  let end = first;
  for (;;) {
    if (text.slice(end, end + separator.length) !== separator) break;
    const start = end + separator.length;
    const stop = runEnd(text, start);
    const length = stop - start;
    // A following line must continue the block: the same width, or a last line no longer.
    if (length === 0 || length > width || (stop < text.length && inAlphabet(text.charCodeAt(stop))))
      break;
    const padded = paddingEnd(text, stop);
    lines.push(text.slice(start, padded));
    end = padded;
    if (length < width || padded !== stop || text.slice(end, end + separator.length) !== separator)
      break;
  }
  if (lines.length === 1) return { end: first, chars: lines[0]! };
  return { end, chars: lines.join(''), wrap: { width, separator } };
}

/** Base64 of `bytes` in `style`, cut into lines as `wrap` says. */
function writeBase64(bytes: Uint8Array, style: Base64Style, wrap: Block['wrap']): string {
  const base64 = toBase64(bytes, style);
  if (!wrap) return base64;
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += wrap.width) lines.push(base64.slice(i, i + wrap.width));
  return lines.join(wrap.separator);
}

/** The payload of a block, when it is one (see the file's comment). */
function blockPayload(start: number, block: Block): Payload | undefined {
  const { chars } = block;
  const body = chars.endsWith('==')
    ? chars.length - 2
    : chars.endsWith('=')
      ? chars.length - 1
      : chars.length;
  if (body < MIN_PAYLOAD_LENGTH || body > MAX_PAYLOAD_LENGTH || body % 4 === 1) return undefined;
  if (body !== chars.length && chars.length % 4 !== 0) return undefined;
  let kinds = 3;
  for (let k = 0; k < body; k++) kinds &= ALPHABET[chars.charCodeAt(k)]!;
  if (kinds === 0) return undefined; // both `+`/`/` and `-`/`_`: not base64
  // Cheap first: bytes that cannot be text stop the decoding.
  if (!textBytes(chars.slice(0, body))) return undefined;
  const decoded = fromBase64(chars);
  const text = decoded && payloadText(decoded.bytes);
  if (!decoded || !text) return undefined;
  // Letters and digits only, unpadded: base64url as APIs write it (Gmail, JWT), so the masked
  // text is written without `+` and `/` too.
  const style: Base64Style =
    kinds === 3 && decoded.style.unpadded ? { alphabet: 'url', unpadded: true } : decoded.style;
  return {
    start,
    end: block.end,
    text: text.text,
    encode: (t) => writeBase64(encodeText(t, text.encoding), style, block.wrap),
  };
}

/** An RFC 2047 encoded word in base64 (`=?UTF-8?B?…?=`), bounded as RFC 2047 and mailers do. */
const B_WORD =
  /=\?([A-Za-z0-9!#$%&'+^_`{|}~.-]{1,40})(?:\*[A-Za-z0-9-]{1,20})?\?[Bb]\?([A-Za-z0-9+/]{0,1000}={0,2})\?=/y;

/** The bytes of `text` in an RFC 2047 charset, and that charset; UTF-8 when it cannot hold it. */
function encodeWordText(text: string, encoding: Encoding): { bytes: Uint8Array; charset?: string } {
  if (encoding === 'windows-1252') {
    try {
      return { bytes: encodeText(text, 'windows-1252') };
    } catch {
      return { bytes: encodeText(text, 'utf-8'), charset: 'UTF-8' };
    }
  }
  return { bytes: encodeText(text, encoding) };
}

/** The B-encoded word at `i`, as a payload, when its charset is read (UTF-8, Windows-1252...). */
function bWordAt(text: string, i: number): { end: number; payload?: Payload } | undefined {
  B_WORD.lastIndex = i;
  const m = B_WORD.exec(text);
  if (!m) return undefined;
  const end = i + m[0].length;
  const charset = charsetOf(m[1]!);
  const decoded = fromBase64(m[2]!);
  const encoding = charset === 'ascii' ? 'utf-8' : charset;
  if (!decoded || (encoding !== 'utf-8' && encoding !== 'windows-1252')) return { end };
  const read = decodeText(decoded.bytes, encoding);
  if (!read || hasBinaryControls(read.text)) return { end };
  const head = m[0].slice(0, m[0].length - m[2]!.length - 2);
  return {
    end,
    payload: {
      start: i,
      end,
      text: read.text,
      encode: (t) => {
        const out = encodeWordText(t, read.encoding);
        const header = out.charset ? '=?UTF-8?B?' : head;
        return `${header}${toBase64(out.bytes)}?=`;
      },
    },
  };
}

/**
 * The base64 payloads of a text, in order and disjoint: RFC 2047 `B` words and base64 or
 * base64url runs (one line, or lines of one width) that decode to text. One scan; each
 * character is read a bounded number of times.
 *
 * @example
 * const [p] = encodedPayloads('{"data":"amVhbi5kdXBvbnRAZXhlbXBsZS5mcg"}');
 * p.text; // 'jean.dupont@exemple.fr'
 * p.encode('<<EMAIL:1>>'); // 'PDxFTUFJTDoxPj4' (base64url, unpadded, as it came)
 */
export function encodedPayloads(text: string): Payload[] {
  const words: Payload[] = [];
  const taken: { start: number; end: number }[] = [];
  for (let at = text.indexOf('=?'); at !== -1; at = text.indexOf('=?', at + 2)) {
    const word = bWordAt(text, at);
    if (!word) continue;
    if (word.payload) words.push(word.payload);
    taken.push({ start: at, end: word.end });
    at = word.end - 2;
  }
  const runs = textRunStarts(text);
  if (taken.length === 0 && runs.length === 0) return [];
  const out: Payload[] = [];
  let w = 0;
  let t = 0;
  for (const start of runs) {
    while (t < taken.length && taken[t]!.end <= start) t++;
    // Runs inside a B word are its base64, read with it.
    if (t < taken.length && taken[t]!.start <= start) continue;
    if (out.length > 0 && out[out.length - 1]!.end > start) continue; // in a wrapped block
    const payload = blockPayload(start, blockAt(text, start));
    if (!payload) continue;
    while (w < words.length && words[w]!.start < payload.start) out.push(words[w++]!);
    out.push(payload);
  }
  while (w < words.length) out.push(words[w++]!);
  return out;
}

/**
 * Where the runs of base64 characters at least `MIN_PAYLOAD_LENGTH` long start, for those
 * whose first characters can start text (`textStart`: most words, identifiers and hashes
 * cannot). A run that long holds position `i + MIN - 1` for any `i` at or before its start, so
 * the scan reads one character in `MIN` where there is none (punctuation, blanks) and,
 * elsewhere, only the run around the character it lands on.
 */
function textRunStarts(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let i = 0; // no long run starts before `i`
  while (i + MIN_PAYLOAD_LENGTH <= n) {
    const probe = i + MIN_PAYLOAD_LENGTH - 1;
    if (!inAlphabet(text.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && inAlphabet(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < n && inAlphabet(text.charCodeAt(end))) end++;
    if (end - start >= MIN_PAYLOAD_LENGTH && textStart(text, start)) out.push(start);
    i = end + 1;
  }
  return out;
}

/** Exported for the ReDoS shape test: every regex of this file. */
export const PAYLOAD_PATTERNS: readonly RegExp[] = [B_WORD, WORD_CHAR];
