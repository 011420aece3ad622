/**
 * Text files sent as file parts: a `text/plain`, CSV, Markdown or JSON
 * attachment holds the same kind of text as a message, so it is read, anonymized and written
 * back in the representation and the encoding it came in (UTF-8, UTF-16, Windows-1252: see
 * `text-encodings.ts`). So is a file whose media type does not say it is text but whose bytes
 * are (`text-content.ts`): a CSV sent as `application/vnd.ms-excel`, a `.md` with no type.
 * Web APIs only (`TextDecoder`, `atob`): the core also runs in the browser.
 */
import { type Base64Style, fromBase64, toBase64 } from './base64';
import { textContentOf } from './text-content';
import {
  type Charset,
  charsetOf,
  type DecodedText,
  decodeText,
  encodeText,
} from './text-encodings';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// By tag rather than `instanceof`, so that values from another realm (a test DOM, an iframe)
// are recognised too; a `Buffer` is tagged `Uint8Array`.
const tag = (v: unknown) => Object.prototype.toString.call(v);
const isBytes = (v: unknown): v is Uint8Array => tag(v) === '[object Uint8Array]';
const isArrayBuffer = (v: unknown): v is ArrayBuffer => tag(v) === '[object ArrayBuffer]';
const isUrl = (v: unknown): v is URL => tag(v) === '[object URL]';

// --- media types -----------------------------------------------------------------------------

/** `application/<subtype>` media types that are text (besides the `+json`/`+xml`/`+yaml` suffixes). */
const TEXT_APPLICATION = new Set([
  'json',
  'ndjson',
  'x-ndjson',
  'jsonl',
  'x-jsonlines',
  'xml',
  'csv',
  'yaml',
  'x-yaml',
  'toml',
  'javascript',
  'x-javascript',
  'ecmascript',
  'typescript',
  'sql',
  'graphql',
  'x-sh',
  'rtf',
  'x-www-form-urlencoded',
]);

// Structured-syntax suffixes of text formats (RFC 6839): `application/ld+json`, `image/svg+xml`.
const TEXT_SUFFIX = /\+(?:json|xml|yaml)$/;

/** A media type, read: its lower-cased essence (`type/subtype`) and the charset it declares. */
interface MediaType {
  essence: string;
  /** Undefined when the type declares no charset. */
  charset: Charset | undefined;
}

/** Reads a media type; undefined when it declares a charset not read here (see `charsetOf`). */
function parseMediaType(mediaType: string): MediaType | undefined {
  const [essence = '', ...params] = mediaType.split(';');
  let charset: Charset | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    // `charset*=` (RFC 2231) names a charset too: not read, so the text is not either.
    if (name === 'charset*') return undefined;
    if (name !== 'charset') continue;
    // Two charsets: readers differ on which one counts (WHATWG takes the first), so no
    // reading here is sure to see what the provider's does.
    if (charset !== undefined) return undefined;
    charset = charsetOf(param.slice(eq + 1));
    if (charset === undefined) return undefined;
  }
  return { essence: essence.trim().toLowerCase(), charset };
}

/** Whether a lower-cased essence (`type/subtype`) is a text format. */
function isTextEssence(essence: string): boolean {
  if (essence === 'text' || essence.startsWith('text/')) return true;
  const slash = essence.indexOf('/');
  if (slash === -1) return false;
  const subtype = essence.slice(slash + 1);
  if (TEXT_SUFFIX.test(subtype)) return true;
  return essence.slice(0, slash) === 'application' && TEXT_APPLICATION.has(subtype);
}

/** A textual media type, read; undefined for any other (binary, or a charset not read here). */
function parseTextMediaType(mediaType: string): MediaType | undefined {
  const type = parseMediaType(mediaType);
  return type && isTextEssence(type.essence) ? type : undefined;
}

/**
 * Whether a file of this media type is text that can be read: `text/*` (and the bare top-level
 * `text`), the `application/` types of a fixed list (JSON, NDJSON, XML, CSV, YAML, TOML,
 * JavaScript, TypeScript, SQL, GraphQL, shell, RTF, form data) and any type with a `+json`,
 * `+xml` or `+yaml` suffix. Compared case-insensitively; parameters are ignored except
 * `charset`: UTF-8, ASCII, UTF-16 (`utf-16`, `utf-16le`, `utf-16be`) and Windows-1252 under
 * any of its labels (`windows-1252`, `iso-8859-1`, `latin1`, `cp1252`...) are read; any other
 * charset (Shift_JIS, ISO-8859-15...) or a `charset*=` parameter makes the type not textual.
 *
 * @example
 * isTextMediaType('text/csv; charset=UTF-8'); // true
 * isTextMediaType('application/ld+json'); // true
 * isTextMediaType('text/plain; charset=iso-8859-1'); // true (read as Windows-1252)
 * isTextMediaType('text/plain; charset=utf-16le'); // true
 * isTextMediaType('text/plain; charset=shift_jis'); // false
 * isTextMediaType('image/png'); // false
 */
export function isTextMediaType(mediaType: string): boolean {
  return parseTextMediaType(mediaType) !== undefined;
}

/**
 * The charset that two declarations of the same bytes agree on (a part's media type and its
 * `data:` URL's), or `null` when they contradict each other. ASCII yields to the other one.
 */
function agreedCharset(a: Charset | undefined, b: Charset | undefined): Charset | undefined | null {
  if (a === undefined || a === 'ascii') return b ?? a;
  if (b === undefined || b === 'ascii' || a === b) return a;
  return null;
}

// --- data: URLs ------------------------------------------------------------------------------

const HEX = /^[0-9A-Fa-f]{2}$/;
const utf8Encoder = new TextEncoder();

/**
 * Percent-decodes to bytes; a `%` not followed by two hex digits stays as it is (as in URLs),
 * and other characters are taken as their UTF-8 bytes (as the URL parser does).
 */
function percentDecode(text: string): Uint8Array {
  if (!text.includes('%')) return utf8Encoder.encode(text);
  const out: number[] = [];
  let run = '';
  const flush = () => {
    if (run) for (const b of utf8Encoder.encode(run)) out.push(b);
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '%' && HEX.test(hex)) {
      flush();
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else run += text[i];
  }
  flush();
  return Uint8Array.from(out);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes bytes, keeping only unreserved ASCII characters as they are. */
function percentEncode(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The bytes of a `data:` URL's body, and how its base64 was written (none: percent-encoded). */
function dataUrlBytes(
  body: string,
  base64: boolean,
): { bytes: Uint8Array; style?: Base64Style } | undefined {
  if (!base64) return { bytes: percentDecode(body) };
  // Base64 may itself be percent-encoded (`%2B` for `+`).
  let binary = body;
  if (body.includes('%')) {
    binary = '';
    for (const b of percentDecode(body)) binary += String.fromCharCode(b);
  }
  return fromBase64(binary);
}

/** The content of file data as bytes, and how to write new bytes back in its place. */
interface RawContent {
  bytes: Uint8Array;
  /** Set when the data is a `data:` URL: the media type it declares (`text/plain` when none). */
  urlMediaType?: string;
  /** The data, in the same representation, holding `bytes`. */
  write(bytes: Uint8Array): unknown;
}

/** A `data:` URL (`data:[<media type>][;base64],<data>`) as bytes, written back with its header. */
function dataUrlContent(href: string): RawContent | undefined {
  const comma = href.indexOf(',');
  if (comma === -1) return undefined;
  const header = href.slice(0, comma); // `data:text/plain;base64`
  const params = header.slice('data:'.length).split(';');
  const base64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === 'base64';
  const declared = (base64 ? params.slice(0, -1) : params).join(';').trim();
  const body = dataUrlBytes(href.slice(comma + 1), base64);
  if (!body) return undefined;
  const { style } = body;
  return {
    bytes: body.bytes,
    urlMediaType: declared.split(';')[0]!.trim() ? declared : `text/plain${declared}`,
    write: (bytes) => `${header},${style ? toBase64(bytes, style) : percentEncode(bytes)}`,
  };
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * The content of file data as bytes, or undefined when it is not at hand (remote, a provider
 * reference) or not bytes at all (invalid base64, a number).
 */
function rawContent(data: unknown): RawContent | undefined {
  if (typeof data === 'string') {
    if (/^data:/i.test(data)) return dataUrlContent(data);
    // A URL of any other scheme is not content; base64 never holds a colon.
    if (data.includes(':')) return undefined;
    const base64 = fromBase64(data);
    return base64 && { bytes: base64.bytes, write: (b) => toBase64(b, base64.style) };
  }
  if (isUrl(data)) {
    // `http(s):` and other URLs are fetched by the SDK or the provider: nothing to read here.
    if (data.protocol !== 'data:') return undefined;
    const url = dataUrlContent(data.href);
    return url && { ...url, write: (b) => new URL(url.write(b) as string) };
  }
  if (isBytes(data)) return { bytes: data, write: (b) => b };
  if (isArrayBuffer(data)) return { bytes: new Uint8Array(data), write: toArrayBuffer };
  if (!isObj(data)) return undefined;
  // AI SDK 7 tagged file data (inline text is read by `readTextFile`).
  switch (data.type) {
    case 'data': {
      const inner = rawContent(data.data);
      return inner && { ...inner, write: (b) => ({ ...data, data: inner.write(b) }) };
    }
    case 'url': {
      const inner = isUrl(data.url) ? rawContent(data.url) : undefined;
      return (
        inner && {
          ...inner,
          write: (b) => {
            const url = inner.write(b) as URL;
            // `originalUrl` holds the same content in clear: it is rewritten too.
            return 'originalUrl' in data
              ? { ...data, url, originalUrl: url.href }
              : { ...data, url };
          },
        }
      );
    }
    default:
      return undefined;
  }
}

/** The text of a file part, and how to write an anonymized text back in its place. */
export interface TextFile {
  /** The file's content. */
  readonly text: string;
  /** The field of the part that holds the content: `data`, `image` (image parts) or `url` (UI parts, URL items). */
  readonly key: 'data' | 'image' | 'url';
  /** The new value of that field holding `text`, in the representation and encoding it came in. */
  encode(text: string): unknown;
  /**
   * Read as Windows-1252 with no charset declared (see `DecodedText.uncertain`): anonymized all
   * the same, but letters of another 8-bit encoding would go unseen, so it is not counted as
   * scanned (`files: 'reject'` refuses it; declare `charset=windows-1252` to have it counted).
   */
  readonly uncertain: boolean;
}

/**
 * The text of some bytes: as the text they are declared to be (`textual`), or by their content.
 * Undefined when they are not text.
 */
function decodeContent(
  bytes: Uint8Array,
  charset: Charset | undefined,
  textual: boolean,
): DecodedText | undefined {
  return textual ? decodeText(bytes, charset) : textContentOf(bytes, charset);
}

/**
 * Reads a file part (model, provider prompt, tool-result content item or UI `FileUIPart`) as
 * text, when its content is at hand and is text. The content may be a base64 string, a `data:`
 * URL (string or `URL`, base64 or percent-encoded), a `Uint8Array`, an `ArrayBuffer`, or AI SDK
 * 7 file data (`{ type: 'data' | 'url' | 'text' }`), in the `data` field (or `image`, or `url`).
 *
 * - A file of a textual media type (see `isTextMediaType`; without one on the part, the type its
 *   `data:` URL declares) is read in the charset it declares (the part's and the URL's must
 *   agree); with none declared (or ASCII), as UTF-8 when the bytes are valid UTF-8, else UTF-16
 *   when they start with a byte order mark, else Windows-1252 unless they hold one of its five
 *   undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D: another legacy encoding); that last reading
 *   is a guess (`uncertain`). A declared charset not read here (Shift_JIS...) leaves it unread.
 * - A file of any other type, or of none (`application/vnd.ms-excel`, `application/octet-stream`,
 *   `message/rfc822`, `image/png`, `''`...), is read by its content (`textContentOf`): as text
 *   when no binary format's magic number opens it (PDF, ZIP, PNG...), it decodes the same way,
 *   and it holds no binary control character. Its media type is kept as it is.
 *
 * `utf-16` takes its byte order from a byte order mark (none: not read). Decoded text holding
 * U+0000 is not read (binary data, UTF-16 without a byte order mark read as UTF-8). Inline text
 * (`{ type: 'text', text }`) is read whatever the media type. Returns undefined for anything
 * else: binary content, other charsets, bytes invalid in their charset, invalid base64,
 * `http(s):` URLs, provider references.
 *
 * `encode` writes base64 as base64 (same alphabet and padding), a data URL with its own header,
 * a `URL` as a `URL`, bytes as a `Uint8Array` (a `Buffer` comes back as a plain `Uint8Array`),
 * an `ArrayBuffer` as an `ArrayBuffer`, each in the encoding the content was read in (same byte
 * order, byte order mark kept): a text that did not change is written back byte for byte. It
 * throws a `PiiConfigError` for a character that Windows-1252 cannot hold.
 *
 * @example
 * const file = readTextFile({ type: 'file', mediaType: 'text/plain', data: 'SmVhbg==' });
 * file?.text; // 'Jean'
 * file?.encode('<<PERSON:1>>'); // 'PDxQRVJTT046MT4+'
 * readTextFile({ type: 'file', mediaType: 'text/csv', data: Uint8Array.of(0xe9) })?.text; // 'é' (Windows-1252)
 * readTextFile({ type: 'file', mediaType: 'application/vnd.ms-excel', data: 'SmVhbg==' })?.text; // 'Jean'
 */
export function readTextFile(part: Readonly<Obj>): TextFile | undefined {
  const key =
    'data' in part
      ? 'data'
      : 'image' in part
        ? 'image'
        : typeof part.url === 'string'
          ? 'url'
          : undefined;
  if (!key) return undefined;
  const data = part[key];
  if (isObj(data) && data.type === 'text') {
    // Inline text is text already, whatever the media type says.
    if (typeof data.text !== 'string') return undefined;
    return { text: data.text, key, encode: (t) => ({ ...data, text: t }), uncertain: false };
  }
  const mediaType = typeof part.mediaType === 'string' ? part.mediaType : undefined;
  const partType = mediaType === undefined ? undefined : parseMediaType(mediaType);
  // A charset not read here (Shift_JIS...): the bytes are that text, which no reading here sees.
  if (mediaType !== undefined && !partType) return undefined;
  const raw = rawContent(data);
  if (!raw) return undefined;
  const urlType = raw.urlMediaType === undefined ? undefined : parseMediaType(raw.urlMediaType);
  if (raw.urlMediaType !== undefined && !urlType) return undefined;
  const charset = agreedCharset(partType?.charset, urlType?.charset);
  if (charset === null) return undefined;
  // The part's own type decides; without one, the type its `data:` URL declares.
  const declared = partType ?? urlType;
  const decoded = decodeContent(
    raw.bytes,
    charset,
    declared !== undefined && isTextEssence(declared.essence),
  );
  if (!decoded) return undefined;
  return {
    text: decoded.text,
    key,
    encode: (t) => raw.write(encodeText(t, decoded.encoding)),
    uncertain: decoded.uncertain === true,
  };
}
