/**
 * Bytes read as text by what they hold rather than by the media type they were given: a CSV
 * uploaded from Windows arrives as `application/vnd.ms-excel`, a Markdown file with an empty
 * type or `application/octet-stream`, an e-mail as `message/rfc822`, subtitles as
 * `application/x-subrip`. Such bytes are text when no binary format's magic number opens them,
 * they decode (`decodeText`: UTF-8, UTF-16 after a byte order mark, Windows-1252) and the text
 * holds no binary control character. Web APIs only: the core also runs in the browser.
 */
import { type Charset, type DecodedText, decodeText } from './text-encodings';

/** A binary format, told by the bytes it starts with (`null`: any byte). */
interface Signature {
  format: string;
  /** Where the signature starts (default 0). */
  at?: number;
  bytes: readonly (number | null)[];
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * Formats that are not text whatever their bytes look like. Most binary files hold control
 * bytes early and fail the text test anyway; these are listed because some of them can be
 * printable throughout (a PDF with ASCII streams) or because masking would corrupt them (a
 * PDF's cross-reference table counts bytes; a ZIP archive is compressed). Sources: the WHATWG
 * MIME Sniffing standard (images, audio, video, archives) and each format's specification.
 */
export const BINARY_SIGNATURES: readonly Signature[] = [
  { format: 'PDF', bytes: ascii('%PDF-') },
  { format: 'ZIP (Office, OpenDocument, EPUB, JAR)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { format: 'ZIP (empty)', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { format: 'ZIP (spanned)', bytes: [0x50, 0x4b, 0x07, 0x08] },
  { format: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
  { format: 'GIF', bytes: ascii('GIF87a') },
  { format: 'GIF', bytes: ascii('GIF89a') },
  { format: 'RIFF (WebP, WAV, AVI)', bytes: ascii('RIFF') },
  { format: 'TIFF (little-endian)', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { format: 'TIFF (big-endian)', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { format: 'ICO', bytes: [0x00, 0x00, 0x01, 0x00] },
  { format: 'ISO base media (MP4, MOV, HEIC, AVIF)', at: 4, bytes: ascii('ftyp') },
  // Version byte, then a zero revision byte: a text that starts `ID3` is not one.
  { format: 'MP3 with ID3 tag', bytes: [...ascii('ID3'), null, 0x00] },
  { format: 'Ogg', bytes: ascii('OggS') },
  { format: 'FLAC', bytes: ascii('fLaC') },
  { format: 'Matroska, WebM', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { format: 'gzip', bytes: [0x1f, 0x8b] },
  { format: 'bzip2', bytes: [...ascii('BZh'), null, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59] },
  { format: 'xz', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { format: 'Zstandard', bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { format: '7-Zip', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { format: 'RAR', bytes: ascii('Rar!\u001a\u0007') },
  { format: 'SQLite', bytes: ascii('SQLite format 3\u0000') },
  { format: 'WebAssembly', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { format: 'ELF', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { format: 'WOFF', bytes: ascii('wOFF') },
  { format: 'WOFF2', bytes: ascii('wOF2') },
  { format: 'OpenType', bytes: [...ascii('OTTO'), 0x00] },
  { format: 'Compound File (legacy Office)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1] },
];

/** The binary format whose magic number `bytes` start with, or undefined. */
export function binaryFormatOf(bytes: Uint8Array): string | undefined {
  for (const { format, at = 0, bytes: signature } of BINARY_SIGNATURES) {
    if (bytes.length < at + signature.length) continue;
    if (signature.every((b, i) => b === null || bytes[at + i] === b)) return format;
  }
  return undefined;
}

/**
 * Control characters that text does not hold: C0 controls other than tab, line feed, vertical
 * tab, form feed, carriage return and escape (terminal colours in logs), DEL, and C1 controls
 * (which only an undecodable byte or binary data yields).
 */
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f-\u009f]/;

/** Whether decoded text holds a binary control character (see `BINARY_CONTROL`). */
export function hasBinaryControls(text: string): boolean {
  return BINARY_CONTROL.test(text);
}

/**
 * Bytes of a file whose media type does not say it is text, read as text when they are: no
 * binary format's magic number (`BINARY_SIGNATURES`), decodable in `charset` (none: UTF-8,
 * UTF-16 after a byte order mark, else Windows-1252, a guess: `uncertain`), and no binary
 * control character. Undefined otherwise.
 *
 * @example
 * textContentOf(new TextEncoder().encode('nom;email\nJean;jean@exemple.fr\n'))?.text; // 'nom;email\n…'
 * textContentOf(Uint8Array.of(0x25, 0x50, 0x44, 0x46, 0x2d)); // undefined: a PDF
 */
export function textContentOf(bytes: Uint8Array, charset?: Charset): DecodedText | undefined {
  if (binaryFormatOf(bytes) !== undefined) return undefined;
  const decoded = decodeText(bytes, charset);
  return decoded && !hasBinaryControls(decoded.text) ? decoded : undefined;
}

/** Exported for the ReDoS shape test: every regex of this file. */
export const TEXT_CONTENT_PATTERNS: readonly RegExp[] = [BINARY_CONTROL];
