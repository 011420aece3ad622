/**
 * Text files sent as file parts (review finding L5): a `text/plain`, CSV, Markdown or JSON
 * attachment holds the same kind of text as a message, so it is read, anonymized and written
 * back in the representation and the encoding it came in (UTF-8, UTF-16, Windows-1252: see
 * `text-encodings.ts`). Web APIs only (`TextDecoder`, `atob`): the core also runs in the browser.
 */
import { type Charset, charsetOf, decodeText, encodeText } from './text-encodings';

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

// --- base64 ----------------------------------------------------------------------------------

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;

/** How a base64 text was written: its alphabet, and whether it dropped the `=` padding. */
interface Base64Style {
  alphabet: 'standard' | 'url';
  unpadded: boolean;
}

/** Strict base64 (standard or URL-safe alphabet; padding optional; ASCII whitespace skipped). */
function fromBase64(input: string): { bytes: Uint8Array; style: Base64Style } | undefined {
  const text = input.replace(/[\t\n\f\r ]/g, '');
  const body = text.replace(/={1,2}$/, '');
  const padding = text.length - body.length;
  if (padding > 0 && text.length % 4 !== 0) return undefined;
  if (body.length % 4 === 1) return undefined;
  const alphabet: Base64Style['alphabet'] | undefined = STANDARD.test(body)
    ? 'standard'
    : URL_SAFE.test(body)
      ? 'url'
      : undefined;
  if (!alphabet) return undefined;
  const standard = alphabet === 'url' ? body.replace(/-/g, '+').replace(/_/g, '/') : body;
  let binary: string;
  try {
    binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // Without `=`: dropped padding, or none needed; URL-safe base64 is usually written without.
  const unpadded = padding === 0 && (alphabet === 'url' || body.length % 4 !== 0);
  return { bytes, style: { alphabet, unpadded } };
}

const PADDED: Base64Style = { alphabet: 'standard', unpadded: false };

function toBase64(bytes: Uint8Array, style: Base64Style = PADDED): string {
  let binary = '';
  // In chunks: `String.fromCharCode(...bytes)` overflows the stack on large files.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const base64 = style.unpadded ? btoa(binary).replace(/=+$/, '') : btoa(binary);
  return style.alphabet === 'url' ? base64.replace(/\+/g, '-').replace(/\//g, '_') : base64;
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

interface DataUrl {
  /** The media type the URL declares (`text/plain` when it declares none). */
  mediaType: string;
  text: string;
  /** See `DecodedText.uncertain`. */
  uncertain?: boolean;
  /** The same URL, with the same header, body encoding and charset, holding `text`. */
  encode(text: string): string;
}

/**
 * Reads a `data:` URL (`data:[<media type>][;base64],<data>`) as text, in the charset it
 * declares or, when it declares none, `charset` (the one its part's media type declares).
 */
function readDataUrl(href: string, charset: Charset | undefined): DataUrl | undefined {
  if (!/^data:/i.test(href)) return undefined;
  const comma = href.indexOf(',');
  if (comma === -1) return undefined;
  const header = href.slice(0, comma); // `data:text/plain;base64`
  const params = header.slice('data:'.length).split(';');
  const base64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === 'base64';
  const declared = (base64 ? params.slice(0, -1) : params).join(';').trim();
  const mediaType = declared.split(';')[0]!.trim() ? declared : `text/plain${declared}`;
  const own = parseMediaType(mediaType);
  if (!own) return undefined;
  const agreed = agreedCharset(own.charset, charset);
  if (agreed === null) return undefined;
  const body = dataUrlBytes(href.slice(comma + 1), base64);
  const decoded = body && decodeText(body.bytes, agreed);
  if (!decoded) return undefined;
  const { style } = body;
  return {
    mediaType,
    text: decoded.text,
    uncertain: decoded.uncertain,
    encode: (t) => {
      const bytes = encodeText(t, decoded.encoding);
      return `${header},${style ? toBase64(bytes, style) : percentEncode(bytes)}`;
    },
  };
}

// --- file data in every representation --------------------------------------------------------

interface Decoded {
  text: string;
  /** See `DecodedText.uncertain`. */
  uncertain?: boolean;
  /** Set when the data is a `data:` URL: the media type it declares. */
  mediaType?: string;
  /** The data, in the same representation and encoding, holding `text`. */
  encode(text: string): unknown;
}

/** Bytes as text, written back by `write` from the bytes of a new text in the same encoding. */
function decodeBytes(
  bytes: Uint8Array,
  charset: Charset | undefined,
  write: (bytes: Uint8Array) => unknown,
): Decoded | undefined {
  const decoded = decodeText(bytes, charset);
  return (
    decoded && {
      text: decoded.text,
      uncertain: decoded.uncertain,
      encode: (t) => write(encodeText(t, decoded.encoding)),
    }
  );
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * Reads file data as text in `charset` (undefined: none declared), or undefined when it cannot
 * be read (binary, remote, unknown).
 */
function decodeData(data: unknown, charset: Charset | undefined): Decoded | undefined {
  if (typeof data === 'string') {
    if (/^data:/i.test(data)) return readDataUrl(data, charset);
    // A URL of any other scheme is not content; base64 never holds a colon.
    if (data.includes(':')) return undefined;
    const base64 = fromBase64(data);
    return base64 && decodeBytes(base64.bytes, charset, (b) => toBase64(b, base64.style));
  }
  if (isUrl(data)) {
    // `http(s):` and other URLs are fetched by the SDK or the provider: nothing to read here.
    if (data.protocol !== 'data:') return undefined;
    const url = readDataUrl(data.href, charset);
    return url && { ...url, encode: (t) => new URL(url.encode(t)) };
  }
  if (isBytes(data)) return decodeBytes(data, charset, (b) => b);
  if (isArrayBuffer(data)) return decodeBytes(new Uint8Array(data), charset, toArrayBuffer);
  if (!isObj(data)) return undefined;
  // AI SDK 7 tagged file data (inline text is read by `readTextFile`).
  switch (data.type) {
    case 'data': {
      const inner = decodeData(data.data, charset);
      return inner && { ...inner, encode: (t) => ({ ...data, data: inner.encode(t) }) };
    }
    case 'url': {
      const inner = isUrl(data.url) ? decodeData(data.url, charset) : undefined;
      return (
        inner && {
          ...inner,
          encode: (t) => {
            const url = inner.encode(t) as URL;
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
  /** The field of the part that holds the content: `data`, or `url` (UI parts, URL items). */
  readonly key: 'data' | 'url';
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
 * Reads a file part (model, provider prompt, tool-result content item or UI `FileUIPart`) as
 * text, when it is a text file whose content is at hand: its media type is textual (see
 * `isTextMediaType`; without one, the type a `data:` URL declares) and its content, given as a
 * base64 string, a `data:` URL (string or `URL`, base64 or percent-encoded), a `Uint8Array`, an
 * `ArrayBuffer`, or AI SDK 7 file data (`{ type: 'data' | 'url' | 'text' }`), is text in:
 * - the charset declared by the media type or the `data:` URL (both: they must agree);
 * - with none declared (or ASCII): UTF-8 when the bytes are valid UTF-8, else UTF-16 when they
 *   start with a byte order mark, else Windows-1252 unless they hold one of its five undefined
 *   bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D: another legacy encoding); that last reading is a
 *   guess (`uncertain`).
 *
 * `utf-16` takes its byte order from a byte order mark (none: not read). Decoded text holding
 * U+0000 is not read (binary data, UTF-16 without a byte order mark read as UTF-8). Inline text
 * (`{ type: 'text', text }`) is read whatever the media type. Returns undefined for anything
 * else: binary types, other charsets, bytes invalid in their charset, invalid base64,
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
 */
export function readTextFile(part: Readonly<Obj>): TextFile | undefined {
  const key = 'data' in part ? 'data' : typeof part.url === 'string' ? 'url' : undefined;
  if (!key) return undefined;
  const data = part[key];
  if (isObj(data) && data.type === 'text') {
    // Inline text is text already, whatever the media type says.
    if (typeof data.text !== 'string') return undefined;
    return { text: data.text, key, encode: (t) => ({ ...data, text: t }), uncertain: false };
  }
  const mediaType = typeof part.mediaType === 'string' ? part.mediaType : undefined;
  const type = mediaType === undefined ? undefined : parseTextMediaType(mediaType);
  if (mediaType !== undefined && !type) return undefined;
  const decoded = decodeData(data, type?.charset);
  if (!decoded) return undefined;
  // Without a media type on the part, the one its `data:` URL declares must be textual.
  if (!type && !(decoded.mediaType && isTextMediaType(decoded.mediaType))) return undefined;
  return { text: decoded.text, key, encode: decoded.encode, uncertain: decoded.uncertain === true };
}
