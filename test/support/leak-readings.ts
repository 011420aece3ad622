/**
 * Looks for personal values in what was sent to a provider, in every reading a reader of the
 * bytes could make: the bytes as they are; the strings of the JSON (keys too, and JSON inside
 * strings); HTML references, percent-encoding and `+` for spaces, base64 and base64url runs,
 * quoted-printable, RFC 2047 encoded words, each decoded (nested up to three levels). Each
 * reading is compared folded: case, accents, compatibility forms (full-width), `ß`/`ss`,
 * invisible characters and runs of spaces do not hide a value. Numbers are compared on their
 * digits whatever separates them; with `variants: true`, letters-and-digits runs too (slugs,
 * handles, `Jean+Dupont`), and the usual other orders of a name (`Dupont, Jean`, `J. Dupont`);
 * with `parts: true`, the parts of a value written alone (see `partForms`).
 */

export interface Leak {
  value: string;
  /** Which form of the value was found: `text`, `digits`, `alnum`, or a name form. */
  form: string;
  /** The chain of readings that shows it: `raw`, `json`, `json>base64`... */
  reading: string;
  excerpt: string;
}

export interface FindLeaksOptions {
  /** Also look for slugs, handles and other orders of names (default `false`). */
  variants?: boolean;
  /**
   * Also look for the parts of values written alone (default `false`): each word of a name
   * (`Dupont a rappelé`), its first initial glued to its other words (`@jdupont`), the national
   * account (BBAN) and account number of an IBAN, an IPv4 address with zero-padded octets.
   */
  parts?: boolean;
  /**
   * Also read the body as a model reads its layout (default `false`): the `text` of the parts
   * of one array joined (a value split over two text parts of a message), and e-mail addresses
   * spelled out (`[at]`, `(dot)`, `at`, `dot`, `arobase`, `point`) as `@` and `.`.
   */
  layout?: boolean;
}

const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;

/** The folded form of a text in which values are looked for. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

const alnum = (text: string) => fold(text).replace(/[^\p{L}\p{N}]/gu, '');

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  commat: '@',
  period: '.',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ntilde: 'ñ',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  aacute: 'á',
};

function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

/** Bytes as text: UTF-8 when valid, else Windows-1252. */
function bytesText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** `%XX` runs decoded as UTF-8 bytes, and `+` read as a space. */
function decodePercent(text: string): string {
  return text
    .replace(/(?:%[0-9a-f]{2})+/gi, (run) =>
      bytesText(Uint8Array.from(run.slice(1).split('%'), (h) => parseInt(h, 16))),
    )
    .replace(/\+/g, ' ');
}

/** Quoted-printable: soft line breaks removed, `=XX` decoded as bytes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      bytesText(Uint8Array.from(run.slice(1).split('='), (h) => parseInt(h, 16))),
    );
}

function base64Bytes(run: string, minLength = 8): Uint8Array | undefined {
  const clean = run.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean.length < minLength || clean.length % 4 === 1) return undefined;
  try {
    return Uint8Array.from(Buffer.from(clean, 'base64'));
  } catch {
    return undefined;
  }
}

/** Whether decoded bytes read as text (no binary control characters). */
function isText(text: string): boolean {
  if (text.length === 0) return false;
  let bad = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) bad++;
  }
  return bad <= text.length * 0.02;
}

/** Every base64 / base64url run (MIME line breaks allowed inside) decoded, when it is text. */
function decodeBase64Runs(text: string): string {
  const out: string[] = [];
  for (const match of text.matchAll(
    /[A-Za-z0-9+/_-](?:[A-Za-z0-9+/_-]|\r?\n(?=[A-Za-z0-9+/_-])){10,}={0,2}/g,
  )) {
    // Read from each of the first four positions: a value may sit mid-blob on any alignment.
    for (let shift = 0; shift < 4; shift++) {
      const bytes = base64Bytes(match[0].slice(shift));
      if (!bytes) continue;
      const decoded = bytesText(bytes);
      if (isText(decoded)) out.push(decoded);
    }
  }
  return out.join('\n');
}

/** The bytes of a `Q`-encoded word: `_` is a space, `=XX` a byte. */
function qBytes(data: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const hex = data.slice(i + 1, i + 3);
    if (data[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(data[i] === '_' ? 0x20 : data.charCodeAt(i) & 0xff);
  }
  return Uint8Array.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeEncodedWords(text: string): string {
  return text.replace(
    /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g,
    (whole, charset: string, kind: string, data: string) => {
      const bytes = kind.toUpperCase() === 'B' ? base64Bytes(data, 2) : qBytes(data);
      if (!bytes) return whole;
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return bytesText(bytes);
      }
    },
  );
}

/** The strings of a JSON value, keys included, and the strings of JSON written inside them. */
function jsonStrings(value: unknown, out: string[], depth = 0): void {
  if (depth > 8) return;
  if (typeof value === 'string') {
    out.push(value);
    const trimmed = value.trim();
    if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && trimmed.length > 1) {
      try {
        jsonStrings(JSON.parse(trimmed), out, depth + 1);
      } catch {
        // not JSON: the string itself is enough
      }
    }
  } else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      jsonStrings(v, out, depth + 1);
    }
  }
}

const DECODERS: [string, (text: string) => string][] = [
  ['html', decodeHtml],
  ['percent', decodePercent],
  ['quoted-printable', decodeQuotedPrintable],
  ['rfc2047', decodeEncodedWords],
  ['base64', decodeBase64Runs],
];

/** The `text` of the objects of each array (two or more), joined: the parts of one message. */
function joinedParts(value: unknown, out: string[], depth = 0): void {
  if (depth > 12 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const texts = value.flatMap((v) =>
      v && typeof v === 'object' && typeof (v as { text?: unknown }).text === 'string'
        ? [(v as { text: string }).text]
        : [],
    );
    if (texts.length > 1) out.push(texts.join(''));
  }
  for (const v of Object.values(value)) joinedParts(v, out, depth + 1);
}

/** E-mail addresses spelled out to hide them (`jean [at] exemple [dot] fr`), as addresses. */
function undoSpelledAddresses(text: string): string {
  return text
    .replace(/\s*[[({<]\s*(?:at|@|arobase)\s*[\])}>]\s*|\s+(?:at|arobase|@)\s+/gi, '@')
    .replace(/\s*[[({<]\s*(?:dot|point|\.)\s*[\])}>]\s*|\s+(?:dot|point)\s+/gi, '.');
}

/** The readings of one body: name and text. */
export function readingsOf(body: string, options: FindLeaksOptions = {}): [string, string][] {
  const readings: [string, string][] = [['raw', body]];
  try {
    const strings: string[] = [];
    const parsed = JSON.parse(body);
    jsonStrings(parsed, strings);
    readings.push(['json', strings.join('\n')]);
    if (options.layout) {
      const parts: string[] = [];
      joinedParts(parsed, parts);
      if (parts.length > 0) readings.push(['json>parts', parts.join('\n')]);
    }
  } catch {
    // not JSON
  }
  let frontier = [...readings];
  const seen = new Set(readings.map(([, t]) => t));
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const next: [string, string][] = [];
    for (const [name, text] of frontier) {
      for (const [decoder, decode] of DECODERS) {
        const decoded = decode(text);
        if (decoded.length === 0 || seen.has(decoded)) continue;
        seen.add(decoded);
        next.push([`${name}>${decoder}`, decoded]);
      }
    }
    readings.push(...next);
    frontier = next;
  }
  return readings;
}

/** The other orders and shortenings of a name of two words or more. */
export function nameForms(name: string): [string, string][] {
  const words = name.trim().split(/\s+/);
  if (words.length < 2 || !words.every((w) => /^[\p{L}'’-]+$/u.test(w))) return [];
  const first = words[0]!;
  const last = words.slice(1).join(' ');
  return [
    ['last, first', `${last}, ${first}`],
    ['last first', `${last} ${first}`],
    ['initial. last', `${first[0]}. ${last}`],
    ['initial last', `${first[0]} ${last}`],
  ];
}

/** BBAN fields of the IBANs whose account number the checker looks for alone: start, length. */
const ACCOUNT_FIELDS: Record<string, [number, number]> = {
  FR: [10, 11],
  MC: [10, 11],
  DE: [8, 10],
  IT: [11, 12],
  ES: [10, 10],
};

/** Particles of names of three letters or more, as the checker folds them (its own list). */
const PARTICLES = new Set([
  'van',
  'der',
  'den',
  'von',
  'del',
  'della',
  'las',
  'los',
  'dos',
  'das',
  'zur',
  'zum',
  'ter',
  'ten',
]);

/**
 * The parts of a value that are personal data by themselves, each with how to look for it:
 * `word` (folded, between non-letters), `alnum` (in the letters-and-digits run of the text).
 */
export function partForms(value: string): [string, string, 'word' | 'alnum'][] {
  const forms: [string, string, 'word' | 'alnum'][] = [];
  const words = value.trim().split(/\s+/);
  if (words.length >= 2 && words.every((w) => /^[\p{L}'’.-]+$/u.test(w))) {
    for (const word of words) {
      // A particle alone (`van`, `der`, `del`) is no one's: it names nobody.
      if (alnum(word).length >= 3 && !PARTICLES.has(fold(word))) {
        forms.push(['name word', fold(word), 'word']);
      }
    }
    const initial = alnum(words[0]!).charAt(0);
    forms.push(['initial+rest', initial + alnum(words.slice(1).join('')), 'alnum']);
  }
  const iban = value.replace(/[\s.-]+/g, '').toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) {
    const bban = iban.slice(4).toLowerCase();
    forms.push(['bban', bban, 'alnum']);
    const field = ACCOUNT_FIELDS[iban.slice(0, 2)];
    if (field) forms.push(['account', bban.slice(field[0], field[0] + field[1]), 'alnum']);
  }
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value.trim());
  if (octets) {
    forms.push([
      'zero-padded',
      octets
        .slice(1)
        .map((o) => o.padStart(3, '0'))
        .join(''),
      'alnum',
    ]);
  }
  return forms;
}

const isWordAt = (text: string, at: number) => at >= 0 && /[\p{L}\p{N}]/u.test(text[at] ?? '');

/** Where `word` stands in `text` between non-letters, or -1. */
function wordIndex(text: string, word: string): number {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordAt(text, at - 1) && !isWordAt(text, at + word.length)) return at;
  }
  return -1;
}

/**
 * The values of `values` found in any reading of any body, with where they were found.
 *
 * @example
 * expect(findLeaks(recorder.bodies(), ['Jean Dupont', 'jean.dupont@exemple.fr'])).toEqual([]);
 */
export function findLeaks(
  bodies: readonly string[],
  values: readonly string[],
  options: FindLeaksOptions = {},
): Leak[] {
  const leaks: Leak[] = [];
  for (const body of bodies) {
    const all = readingsOf(body, options);
    if (options.layout) {
      for (const [name, text] of [...all]) {
        const undone = undoSpelledAddresses(text);
        if (undone !== text) all.push([`${name}>spelled`, undone]);
      }
    }
    for (const [reading, text] of all) {
      const folded = fold(text);
      const compact = folded.replace(/[^\p{L}\p{N}]/gu, '');
      const report = (value: string, form: string, at: number, inText: string) => {
        if (leaks.some((l) => l.value === value && l.reading === reading)) return;
        leaks.push({ value, form, reading, excerpt: inText.slice(Math.max(0, at - 30), at + 50) });
      };
      for (const value of values) {
        const digits = value.replace(/\D/g, '');
        const forms: [string, string, string][] = [['text', fold(value).trim(), folded]];
        if (digits.length >= 6) {
          forms.push(['digits', alnum(value), compact]);
          if (/^[+0]/.test(value.trim())) {
            const national = alnum(value).replace(/^0+/, '');
            if (national.length >= 8) forms.push(['digits', national, compact]);
          }
        }
        if (options.variants) {
          if (alnum(value).length >= 6) forms.push(['alnum', alnum(value), compact]);
          for (const [form, spelled] of nameForms(value)) forms.push([form, fold(spelled), folded]);
        }
        for (const [form, needle, haystack] of forms) {
          if (needle.length === 0) continue;
          const at = haystack.indexOf(needle);
          if (at !== -1) report(value, form, at, haystack);
        }
        if (options.parts) {
          for (const [form, needle, how] of partForms(value)) {
            const at = how === 'word' ? wordIndex(folded, needle) : compact.indexOf(needle);
            if (at !== -1) report(value, form, at, how === 'word' ? folded : compact);
          }
        }
      }
    }
  }
  return leaks;
}
