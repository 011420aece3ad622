/**
 * Text files sent as file parts (review finding L5): a `text/plain`, CSV, Markdown or JSON
 * attachment holds the same kind of text as a message, so it is read, anonymized and written
 * back in the representation it came in. Web APIs only (`TextDecoder`, `atob`): the core also
 * runs in the browser.
 */

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// By tag rather than `instanceof`, so that values from another realm (a test DOM, an iframe)
// are recognised too; a `Buffer` is tagged `Uint8Array`.
const tag = (v: unknown) => Object.prototype.toString.call(v);
const isBytes = (v: unknown): v is Uint8Array => tag(v) === '[object Uint8Array]';
const isArrayBuffer = (v: unknown): v is ArrayBuffer => tag(v) === '[object ArrayBuffer]';
const isUrl = (v: unknown): v is URL => tag(v) === '[object URL]';

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

// Charsets whose bytes are UTF-8 (ASCII is a subset); absent means UTF-8.
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** The lower-cased essence (`type/subtype`) of a media type, or undefined when its charset is not UTF-8. */
function utf8Essence(mediaType: string): string | undefined {
  const [essence = '', ...params] = mediaType.split(';');
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    // `charset*=` (RFC 2231) names a charset too: not read, so not taken as UTF-8.
    if (name === 'charset*') return undefined;
    if (name !== 'charset') continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!UTF8_CHARSETS.has(charset)) return undefined;
  }
  return essence.trim().toLowerCase();
}

/**
 * Whether a file of this media type is text that can be read as UTF-8: `text/*` (and the bare
 * top-level `text`), the `application/` types of a fixed list (JSON, NDJSON, XML, CSV, YAML,
 * TOML, JavaScript, TypeScript, SQL, GraphQL, shell, RTF, form data) and any type with a `+json`,
 * `+xml` or `+yaml` suffix. Compared case-insensitively; parameters are ignored except a
 * `charset` other than UTF-8 or ASCII, which makes the type not textual.
 *
 * @example
 * isTextMediaType('text/csv; charset=UTF-8'); // true
 * isTextMediaType('application/ld+json'); // true
 * isTextMediaType('text/plain; charset=iso-8859-1'); // false
 * isTextMediaType('image/png'); // false
 */
export function isTextMediaType(mediaType: string): boolean {
  const essence = utf8Essence(mediaType);
  if (essence === undefined) return false;
  if (essence === 'text' || essence.startsWith('text/')) return true;
  const slash = essence.indexOf('/');
  if (slash === -1) return false;
  const subtype = essence.slice(slash + 1);
  if (TEXT_SUFFIX.test(subtype)) return true;
  return essence.slice(0, slash) === 'application' && TEXT_APPLICATION.has(subtype);
}

// --- bytes <-> text --------------------------------------------------------------------------

// `ignoreBOM` keeps a byte order mark in the text, so that it is written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * The text of UTF-8 bytes, or undefined. Text holding U+0000 is not taken as text either: it is
 * what UTF-16 without a byte order mark looks like when read as UTF-8 (`J\0e\0a\0n\0`),
 * where no detector would see a value, and text files do not hold it.
 */
function utf8(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return undefined;
  }
  return text.includes('\u0000') ? undefined : text;
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

/** Percent-decodes to bytes; a `%` not followed by two hex digits stays as it is (as in URLs). */
function percentDecode(text: string): Uint8Array {
  if (!text.includes('%')) return encoder.encode(text);
  const out: number[] = [];
  let run = '';
  const flush = () => {
    if (run) for (const b of encoder.encode(run)) out.push(b);
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

/** Percent-encodes UTF-8 bytes, keeping only unreserved characters as they are. */
function percentEncode(text: string): string {
  let out = '';
  for (const b of encoder.encode(text)) {
    const c = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

interface DataUrl {
  /** The media type the URL declares (`text/plain` when it declares none). */
  mediaType: string;
  text: string;
  /** The same URL, with the same header and encoding, holding `text`. */
  encode(text: string): string;
}

/** Reads a `data:` URL (`data:[<media type>][;base64],<data>`) as UTF-8 text. */
function readDataUrl(href: string): DataUrl | undefined {
  if (!/^data:/i.test(href)) return undefined;
  const comma = href.indexOf(',');
  if (comma === -1) return undefined;
  const header = href.slice(0, comma); // `data:text/plain;base64`
  const params = header.slice('data:'.length).split(';');
  const base64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === 'base64';
  const declared = (base64 ? params.slice(0, -1) : params).join(';').trim();
  const mediaType = declared.split(';')[0]!.trim() ? declared : `text/plain${declared}`;
  if (utf8Essence(mediaType) === undefined) return undefined;
  const body = href.slice(comma + 1);
  let bytes: Uint8Array | undefined;
  let style: Base64Style | undefined;
  if (base64) {
    // Base64 may itself be percent-encoded (`%2B` for `+`).
    let binary = body;
    if (body.includes('%')) {
      binary = '';
      for (const b of percentDecode(body)) binary += String.fromCharCode(b);
    }
    const decoded = fromBase64(binary);
    bytes = decoded?.bytes;
    style = decoded?.style;
  } else bytes = percentDecode(body);
  const text = bytes && utf8(bytes);
  if (text === undefined) return undefined;
  return {
    mediaType,
    text,
    encode: (t) => `${header},${style ? toBase64(encoder.encode(t), style) : percentEncode(t)}`,
  };
}

// --- file data in every representation --------------------------------------------------------

interface Decoded {
  text: string;
  /** Set when the data is a `data:` URL: the media type it declares. */
  mediaType?: string;
  /** The data, in the same representation, holding `text`. */
  encode(text: string): unknown;
}

/** Reads file data as text, or undefined when it cannot be read (binary, remote, unknown). */
function decodeData(data: unknown): Decoded | undefined {
  if (typeof data === 'string') {
    if (/^data:/i.test(data)) return readDataUrl(data);
    // A URL of any other scheme is not content; base64 never holds a colon.
    if (data.includes(':')) return undefined;
    const decoded = fromBase64(data);
    if (!decoded) return undefined;
    const text = utf8(decoded.bytes);
    if (text === undefined) return undefined;
    return { text, encode: (t) => toBase64(encoder.encode(t), decoded.style) };
  }
  if (isUrl(data)) {
    // `http(s):` and other URLs are fetched by the SDK or the provider: nothing to read here.
    if (data.protocol !== 'data:') return undefined;
    const url = readDataUrl(data.href);
    return url && { ...url, encode: (t) => new URL(url.encode(t)) };
  }
  if (isBytes(data)) {
    const text = utf8(data);
    return text === undefined ? undefined : { text, encode: (t) => encoder.encode(t) };
  }
  if (isArrayBuffer(data)) {
    const text = utf8(new Uint8Array(data));
    if (text === undefined) return undefined;
    return {
      text,
      encode: (t) => {
        const bytes = encoder.encode(t);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      },
    };
  }
  if (!isObj(data)) return undefined;
  // AI SDK 7 tagged file data.
  switch (data.type) {
    case 'text':
      return typeof data.text === 'string'
        ? { text: data.text, encode: (t) => ({ ...data, text: t }) }
        : undefined;
    case 'data': {
      const inner = decodeData(data.data);
      return inner && { ...inner, encode: (t) => ({ ...data, data: inner.encode(t) }) };
    }
    case 'url': {
      const inner = isUrl(data.url) ? decodeData(data.url) : undefined;
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
  /** The new value of that field holding `text`, in the representation it came in. */
  encode(text: string): unknown;
}

/**
 * Reads a file part (model, provider prompt, tool-result content item or UI `FileUIPart`) as
 * text, when it is a text file whose content is at hand: its media type is textual (see
 * `isTextMediaType`; without one, the type a `data:` URL declares) and its content is valid
 * UTF-8 given as a base64 string, a `data:` URL (string or `URL`, base64 or percent-encoded),
 * a `Uint8Array`, an `ArrayBuffer`, or AI SDK 7 file data (`{ type: 'data' | 'url' | 'text' }`).
 * Inline text (`{ type: 'text', text }`) is read whatever the media type. Returns undefined for
 * anything else: binary types, other charsets, invalid UTF-8 or base64, `http(s):` URLs,
 * provider references.
 *
 * `encode` writes base64 as base64 (same alphabet), a data URL with its own header, a `URL` as a
 * `URL`, bytes as a `Uint8Array` (a `Buffer` comes back as a plain `Uint8Array`), an
 * `ArrayBuffer` as an `ArrayBuffer`.
 *
 * @example
 * const file = readTextFile({ type: 'file', mediaType: 'text/plain', data: 'SmVhbg==' });
 * file?.text; // 'Jean'
 * file?.encode('<<PERSON:1>>'); // 'PDxQRVJTT046MT4+'
 */
export function readTextFile(part: Readonly<Obj>): TextFile | undefined {
  const key = 'data' in part ? 'data' : typeof part.url === 'string' ? 'url' : undefined;
  if (!key) return undefined;
  const decoded = decodeData(part[key]);
  if (!decoded) return undefined;
  const inline = isObj(part.data) && part.data.type === 'text';
  const mediaType = typeof part.mediaType === 'string' ? part.mediaType : decoded.mediaType;
  if (!inline && (mediaType === undefined || !isTextMediaType(mediaType))) return undefined;
  return { text: decoded.text, key, encode: decoded.encode };
}
