/**
 * The encodings text files are read in: UTF-8, UTF-16 of either byte order and Windows-1252
 * (what Excel and other Windows tools write in Western Europe; `iso-8859-1`, `latin1`,
 * `cp1252`... are its WHATWG labels). Bytes are decoded with the WHATWG `TextDecoder` and
 * encoded back here, since there is no built-in encoder for UTF-16 or Windows-1252: a text that
 * did not change is written back as exactly the bytes it was read from. Web APIs only: the core
 * also runs in the browser.
 */
import { PiiConfigError } from '../errors';

/** An encoding that text is read in and written back in. */
export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * What a `charset` parameter declares, when it is read here: an encoding; `utf-16` (and its
 * other labels, `unicode`, `ucs-2`...), whose byte order its byte order mark tells; or `ascii`,
 * which says nothing of bytes above 0x7F and is read like an undeclared charset.
 */
export type Charset = Encoding | 'utf-16' | 'ascii';

const ASCII_LABELS = new Set(['us-ascii', 'ascii']);

/**
 * The charset a `charset` parameter's value names (quotes, case and surrounding whitespace
 * ignored), or undefined when it names none read here (Shift_JIS, ISO-8859-15, an unknown name).
 *
 * @example
 * charsetOf('ISO-8859-1'); // 'windows-1252'
 * charsetOf('"utf-16"'); // 'utf-16'
 * charsetOf('shift_jis'); // undefined
 */
export function charsetOf(value: string): Charset | undefined {
  const label = value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();
  // WHATWG reads ASCII as Windows-1252; here it adds nothing to what the bytes say.
  if (ASCII_LABELS.has(label)) return 'ascii';
  let encoding: string;
  try {
    encoding = new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
  switch (encoding) {
    case 'utf-8':
    case 'windows-1252':
    case 'utf-16be':
      return encoding;
    case 'utf-16le':
      // Only `utf-16le` names a byte order; `utf-16`, `unicode`, `ucs-2`... do not.
      return label === 'utf-16le' ? 'utf-16le' : 'utf-16';
    default:
      return undefined;
  }
}

// --- decoding --------------------------------------------------------------------------------

/** A `TextDecoder` that throws on invalid input and keeps a byte order mark in the text. */
function strictDecoder(encoding: Encoding): TextDecoder | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  } catch {
    // A runtime without this encoding (Node.js built without ICU): such files are not read.
    return undefined;
  }
}

/**
 * Decodes all of `bytes` through the streaming path. Node.js 20's one-shot decoding of
 * Windows-1252 reads ISO-8859-1 instead (0x80 as U+0080, not `€`), and with `ignoreBOM` drops a
 * leading 0xFF; streaming goes through ICU, which reads it as WHATWG says. The final `decode()`
 * flushes and resets the decoder (a single-byte encoding holds nothing back anyway).
 */
function decodeStreaming(decoder: TextDecoder, bytes: Uint8Array): string {
  return decoder.decode(bytes, { stream: true }) + decoder.decode();
}

const windows1252Decoder = strictDecoder('windows-1252');

/**
 * Windows-1252's characters in byte order (`€` for 0x80...), read from the decoder itself; empty
 * when the runtime's decoder is not WHATWG's Windows-1252 (not one character per byte, all
 * distinct, `€` at 0x80), in which case Windows-1252 is not read.
 */
const WINDOWS_1252_CHARS = ((): string => {
  if (!windows1252Decoder) return '';
  const chars = decodeStreaming(
    windows1252Decoder,
    Uint8Array.from({ length: 256 }, (_, b) => b),
  );
  const exact = chars.length === 256 && new Set(chars).size === 256 && chars[0x80] === '\u20ac';
  return exact ? chars : '';
})();

const DECODERS: Record<Encoding, TextDecoder | undefined> = {
  'utf-8': strictDecoder('utf-8'),
  'utf-16le': strictDecoder('utf-16le'),
  'utf-16be': strictDecoder('utf-16be'),
  'windows-1252': WINDOWS_1252_CHARS ? windows1252Decoder : undefined,
};

/** The text of some bytes, and the encoding it was read in. */
export interface DecodedText {
  readonly text: string;
  readonly encoding: Encoding;
  /**
   * Read as Windows-1252 with no charset declared: a guess. Another 8-bit encoding read this way
   * (Windows-1250, Windows-1251, Shift_JIS...) hides its letters beyond ASCII from every
   * detector; its ASCII values are still masked, but `files: 'reject'` refuses it.
   */
  readonly uncertain?: boolean;
}

/** The text of `bytes` in `encoding`, or undefined when they are not valid in it. */
function decodeAs(bytes: Uint8Array, encoding: Encoding): DecodedText | undefined {
  const decoder = DECODERS[encoding];
  if (!decoder) return undefined;
  try {
    const text =
      encoding === 'windows-1252' ? decodeStreaming(decoder, bytes) : decoder.decode(bytes);
    return { text, encoding };
  } catch {
    return undefined;
  }
}

/** The byte order a UTF-16 byte order mark at the start of `bytes` tells, if there is one. */
function utf16ByteOrder(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * The bytes that Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D): the decoder reads
 * them as the C1 control of the same number, and no Windows tool writes them. Bytes that are
 * not Windows-1252 text (another legacy encoding: Shift_JIS, GBK, Mac Roman) often hold them.
 */
const UNDEFINED_IN_1252 = new Set(
  [...WINDOWS_1252_CHARS].flatMap((c, b) =>
    b >= 0x80 && b <= 0x9f && c.charCodeAt(0) === b ? [b] : [],
  ),
);

/** Undeclared bytes: UTF-8 when valid; else UTF-16 after a byte order mark; else Windows-1252. */
function sniff(bytes: Uint8Array): DecodedText | undefined {
  const utf8 = decodeAs(bytes, 'utf-8');
  if (utf8) return utf8;
  const utf16 = utf16ByteOrder(bytes);
  if (utf16) return decodeAs(bytes, utf16);
  // Bytes Windows-1252 leaves undefined: another encoding, whose text would be misread.
  if (bytes.some((b) => UNDEFINED_IN_1252.has(b))) return undefined;
  // What Windows tools write in Western Europe, but a guess: Windows-1250 (Polish, Czech),
  // Windows-1254 (Turkish) or Shift_JIS read this way hide their names from every detector.
  const guess = decodeAs(bytes, 'windows-1252');
  return guess && { ...guess, uncertain: true };
}

/** Bytes in a declared charset; UTF-16 takes its byte order from a byte order mark. */
function decodeDeclared(
  bytes: Uint8Array,
  charset: Exclude<Charset, 'ascii'>,
): DecodedText | undefined {
  const bom = utf16ByteOrder(bytes);
  switch (charset) {
    case 'utf-16':
      // Without a byte order mark, the order is a guess (big-endian for RFC 2781,
      // little-endian for WHATWG); the wrong one reads every ASCII letter as a CJK ideograph,
      // where no value would be seen.
      return bom && decodeAs(bytes, bom);
    case 'utf-16le':
    case 'utf-16be':
      // A byte order mark of the other order contradicts the declared one.
      return bom === undefined || bom === charset ? decodeAs(bytes, charset) : undefined;
    case 'windows-1252': {
      // Valid UTF-8 with letters beyond ASCII is UTF-8 whatever the label says
      // (`LefÃ¨vre` is no name): it is read, and written back, as UTF-8.
      const utf8 = decodeAs(bytes, 'utf-8');
      if (utf8 && bytes.some((b) => b >= 0x80)) return utf8;
      return decodeAs(bytes, 'windows-1252');
    }
    default:
      return decodeAs(bytes, charset);
  }
}

/**
 * The text of a text file's bytes, in the charset it declares (none, or `ascii`: UTF-8 when
 * the bytes are valid UTF-8, else UTF-16 when they start with a byte order mark, else
 * Windows-1252), or undefined when they are not text in it. A byte order mark stays in the text,
 * so that it is written back. Text holding U+0000 is not taken as text: it is what binary data
 * and UTF-16 without a byte order mark read as UTF-8 (`J\0e\0a\0n\0`) look like, where no
 * detector would see a value, and text files do not hold it.
 *
 * @example
 * decodeText(Uint8Array.of(0x4c, 0x65, 0x66, 0xe8, 0x76, 0x72, 0x65)); // { text: 'Lefèvre', encoding: 'windows-1252' }
 */
export function decodeText(bytes: Uint8Array, charset?: Charset): DecodedText | undefined {
  const decoded =
    charset === undefined || charset === 'ascii' ? sniff(bytes) : decodeDeclared(bytes, charset);
  return decoded && !decoded.text.includes('\u0000') ? decoded : undefined;
}

// --- encoding --------------------------------------------------------------------------------

const utf8Encoder = new TextEncoder();

/** Each character of Windows-1252 and its byte: the decoder's table, inverted. */
const WINDOWS_1252_BYTES = new Map([...WINDOWS_1252_CHARS].map((c, b) => [c.charCodeAt(0), b]));

function toWindows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const byte = WINDOWS_1252_BYTES.get(text.charCodeAt(i));
    if (byte === undefined) {
      const char = String.fromCodePoint(text.codePointAt(i)!);
      const code = text.codePointAt(i)!.toString(16).toUpperCase().padStart(4, '0');
      throw new PiiConfigError(
        `A Windows-1252 text file cannot be written back: its anonymized text holds ${JSON.stringify(char)} (U+${code}), which Windows-1252 has no byte for. Nothing was sent. Use a placeholder format whose delimiters, and the look-alikes that neutralise token-shaped text, are Windows-1252 characters, as the default <<LABEL:n>> format's are.`,
      );
    }
    bytes[i] = byte;
  }
  return bytes;
}

/** UTF-16 code units as bytes, in the given byte order. */
function toUtf16(text: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), littleEndian);
  return bytes;
}

/**
 * The bytes of `text` in `encoding`; the inverse of `decodeText` (a byte order mark is written
 * when the text starts with one). Throws a `PiiConfigError` for a character that Windows-1252
 * cannot hold, rather than writing another in its place.
 */
export function encodeText(text: string, encoding: Encoding): Uint8Array {
  switch (encoding) {
    case 'utf-8':
      return utf8Encoder.encode(text);
    case 'utf-16le':
      return toUtf16(text, true);
    case 'utf-16be':
      return toUtf16(text, false);
    case 'windows-1252':
      return toWindows1252(text);
  }
}
