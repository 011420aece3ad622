import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../../src/core/errors';
import { isTextMediaType, readTextFile } from '../../../src/core/messages/text-file';

const TEXT = 'Écrivez à Jean Dupont, jean.dupont@exemple.fr 🙂\n';
const NEW = 'Écrivez à <<PERSON:1>>, <<EMAIL:1>> 🙂\n';
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
const utf8 = (bytes: Uint8Array | ArrayBuffer) => new TextDecoder().decode(bytes);
const file = (data: unknown, mediaType: string | null = 'text/plain') => ({
  type: 'file',
  ...(mediaType === null ? {} : { mediaType }),
  data,
});

describe('isTextMediaType', () => {
  it.each([
    'text/plain',
    'TEXT/Markdown',
    'text/csv; charset=utf-8',
    'text/html;charset="UTF-8"',
    'text',
    'text/*',
    'application/json',
    'Application/JSON; charset=us-ascii',
    'application/ld+json',
    'application/vnd.api+json',
    'application/xml',
    'application/atom+xml',
    'image/svg+xml',
    'application/x-ndjson',
    'application/csv',
    'application/yaml',
    'application/x-yaml',
    'application/javascript',
    // Legacy encodings: Windows-1252 under its WHATWG labels, and UTF-16.
    'text/plain; charset=iso-8859-1',
    'text/csv; charset=windows-1252',
    'text/csv;charset="CP1252"',
    'text/plain; charset=latin1',
    'text/plain; charset=us-ascii',
    'application/json; charset=utf-16',
    'text/plain; charset=UTF-16LE',
    'text/plain; charset=utf-16be',
  ])('%s is text', (type) => expect(isTextMediaType(type)).toBe(true));

  it.each([
    'image/png',
    'image/*',
    'application/pdf',
    'application/octet-stream',
    'application/zip',
    'audio/mpeg',
    'video/mp4',
    'application/jsonx',
    'text/plain; charset=shift_jis',
    'text/plain; charset=iso-8859-15',
    'text/csv; charset=windows-1250',
    'application/json; charset=utf-32',
    'text/plain; charset=x-nonsense',
    "text/plain; charset*=utf-8''x",
    'image/png; charset=utf-8',
    '',
  ])('%s is not', (type) => expect(isTextMediaType(type)).toBe(false));
});

describe('readTextFile: every representation round-trips', () => {
  it('a base64 string (standard alphabet, padded)', () => {
    const f = readTextFile(file(b64(TEXT)))!;
    expect(f.text).toBe(TEXT);
    expect(f.key).toBe('data');
    expect(f.encode(NEW)).toBe(b64(NEW));
  });

  it('base64 without padding, URL-safe, or wrapped in lines keeps its alphabet', () => {
    const urlSafe = Buffer.from(`??>>${TEXT}`).toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    const f = readTextFile(file(urlSafe))!;
    expect(f.text).toBe(`??>>${TEXT}`);
    expect(f.encode(`??>>${NEW}`)).toBe(Buffer.from(`??>>${NEW}`).toString('base64url'));
    const wrapped = b64(TEXT).replace(/(.{16})/g, '$1\r\n');
    expect(readTextFile(file(wrapped))!.text).toBe(TEXT);
  });

  it('a data: URL string, base64 or percent-encoded, keeps its header', () => {
    const base64 = readTextFile(file(`data:text/plain;charset=utf-8;base64,${b64(TEXT)}`))!;
    expect(base64.text).toBe(TEXT);
    expect(base64.encode(NEW)).toBe(`data:text/plain;charset=utf-8;base64,${b64(NEW)}`);
    const percent = readTextFile(file(`data:text/plain,${encodeURIComponent(TEXT)}`))!;
    expect(percent.text).toBe(TEXT);
    const out = percent.encode(NEW) as string;
    expect(out.startsWith('data:text/plain,')).toBe(true);
    expect(decodeURIComponent(out.slice('data:text/plain,'.length))).toBe(NEW);
    expect(out).not.toMatch(/[\s<>]/);
  });

  it('a data: URL object comes back as a URL object', () => {
    for (const href of [
      `data:text/csv;base64,${b64(TEXT)}`,
      `data:text/csv,${encodeURIComponent(TEXT)}`,
    ]) {
      const f = readTextFile(file(new URL(href), 'text/csv'))!;
      expect(f.text).toBe(TEXT);
      const out = f.encode(NEW);
      expect(out).toBeInstanceOf(URL);
      expect(readTextFile(file(out, 'text/csv'))!.text).toBe(NEW);
    }
  });

  it('bytes: Uint8Array, Buffer and ArrayBuffer', () => {
    const bytes = new TextEncoder().encode(TEXT);
    const u8 = readTextFile(file(bytes))!;
    expect(u8.text).toBe(TEXT);
    const out = u8.encode(NEW);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(utf8(out as Uint8Array)).toBe(NEW);
    expect(readTextFile(file(Buffer.from(TEXT)))!.text).toBe(TEXT);
    const buffer = readTextFile(file(bytes.slice().buffer))!;
    expect(buffer.text).toBe(TEXT);
    const outBuffer = buffer.encode(NEW);
    expect(outBuffer).toBeInstanceOf(ArrayBuffer);
    expect(utf8(outBuffer as ArrayBuffer)).toBe(NEW);
  });

  it('a byte order mark is kept', () => {
    const f = readTextFile(file(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])))!;
    expect(f.text).toBe('\uFEFFA');
    expect([...(f.encode('\uFEFFB') as Uint8Array)]).toEqual([0xef, 0xbb, 0xbf, 0x42]);
  });

  it('AI SDK 7 tagged data: { type: data }, { type: url } with a data: URL, { type: text }', () => {
    const data = readTextFile(file({ type: 'data', data: b64(TEXT) }))!;
    expect(data.text).toBe(TEXT);
    expect(data.encode(NEW)).toEqual({ type: 'data', data: b64(NEW) });
    const bytes = readTextFile(file({ type: 'data', data: new TextEncoder().encode(TEXT) }))!;
    expect(utf8((bytes.encode(NEW) as { data: Uint8Array }).data)).toBe(NEW);

    const href = `data:text/plain;base64,${b64(TEXT)}`;
    const url = readTextFile(file({ type: 'url', url: new URL(href), originalUrl: href }))!;
    expect(url.text).toBe(TEXT);
    const out = url.encode(NEW) as { type: string; url: URL; originalUrl: string };
    expect(out.type).toBe('url');
    expect(out.url.href).toBe(`data:text/plain;base64,${b64(NEW)}`);
    // The original spelling held the clear text too.
    expect(out.originalUrl).toBe(out.url.href);

    // Inline text is read whatever the declared type.
    const inline = readTextFile(file({ type: 'text', text: TEXT }, 'application/pdf'))!;
    expect(inline.text).toBe(TEXT);
    expect(inline.encode(NEW)).toEqual({ type: 'text', text: NEW });
  });

  it('a UI FileUIPart: the data: URL in `url`; the media type from the URL when the part has none', () => {
    const ui = {
      type: 'file',
      mediaType: 'text/markdown',
      url: `data:text/markdown;base64,${b64(TEXT)}`,
    };
    const f = readTextFile(ui)!;
    expect(f.key).toBe('url');
    expect(f.text).toBe(TEXT);
    expect(f.encode(NEW)).toBe(`data:text/markdown;base64,${b64(NEW)}`);
    // A tool-result `file-url` item may have no media type.
    expect(
      readTextFile({ type: 'file-url', url: `data:text/csv,${encodeURIComponent(TEXT)}` })!.text,
    ).toBe(TEXT);
  });
});

describe('readTextFile: what is not read', () => {
  it.each<[string, unknown, string | null]>([
    [
      'an image',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]).toString(
        'base64',
      ),
      'image/png',
    ],
    [
      'a PDF, even one printable throughout',
      b64('%PDF-1.4\n1 0 obj << >> endobj\n'),
      'application/pdf',
    ],
    ['binary bytes without a media type', Uint8Array.of(0x4a, 0x01, 0x02, 0x65), null],
    ['a charset not read here', b64(TEXT), 'text/plain; charset=shift_jis'],
    [
      'a charset not read here, in the data: URL',
      `data:text/plain;charset=shift_jis,a`,
      'text/plain',
    ],
    [
      'invalid UTF-8 bytes declared UTF-8',
      new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      'text/plain; charset=utf-8',
    ],
    [
      'invalid UTF-8 in base64 declared UTF-8',
      b64('x').replace('eA', '6Q'),
      'text/plain;charset=UTF-8',
    ],
    ['invalid base64 characters', 'SmVh$bg==', 'text/plain'],
    ['a truncated base64 text', 'SmVhb', 'text/plain'],
    ['mixed base64 alphabets', 'ab+_', 'text/plain'],
    ['an https URL string', 'https://files.example/cv.txt', 'text/plain'],
    ['an https URL object', new URL('https://files.example/cv.txt'), 'text/plain'],
    ['a v7 https URL', { type: 'url', url: new URL('https://files.example/cv.txt') }, 'text/plain'],
    ['a provider reference', { type: 'reference', reference: { openai: 'file-1' } }, 'text/plain'],
    ['a data: URL without a comma', 'data:text/plain;base64', 'text/plain'],
    ['a number', 42, 'text/plain'],
    ['a typed array other than bytes', new Uint16Array([65]), 'text/plain'],
    // Valid UTF-8 with a NUL between letters: no value would be seen in it.
    [
      'UTF-16 without a byte order mark',
      Buffer.from('jean@x.fr', 'utf16le').toString('base64'),
      'text/plain',
    ],
    ['a charset given the RFC 2231 way', b64(TEXT), "text/plain; charset*=utf-8''x"],
  ])('%s', (_, data, mediaType) => {
    expect(readTextFile(file(data, mediaType))).toBeUndefined();
  });

  it('a UI file part with an http URL, and a part without content', () => {
    expect(readTextFile({ type: 'file', mediaType: 'text/plain', url: 'https://x/y.txt' })).toBe(
      undefined,
    );
    expect(readTextFile({ type: 'file-id', fileId: 'file-1', mediaType: 'text/plain' })).toBe(
      undefined,
    );
  });
});

// --- legacy encodings --------------------------------------------------------------------------

/** Windows-1252 written by hand: ISO-8859-1 below U+0100, and the 0x80-0x9F characters used here. */
const CP1252_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, œ: 0x9c };
const cp1252 = (t: string) =>
  Uint8Array.from([...t], (c) => {
    const byte = CP1252_EXTRA[c] ?? c.charCodeAt(0);
    if (byte > 0xff) throw new Error(`not in the test table: ${c}`);
    return byte;
  });
/** UTF-16 with a byte order mark, in the given byte order, written by hand. */
const utf16 = (t: string, order: 'le' | 'be') => {
  const s = `\uFEFF${t}`;
  const units = Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
  return Uint8Array.from(
    units.flatMap((u) => (order === 'le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])),
  );
};
const base64Of = (bytes: Uint8Array, encoding: 'base64' | 'base64url' = 'base64') =>
  Buffer.from(bytes).toString(encoding);
const percentOf = (bytes: Uint8Array) =>
  [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const fromPercent = (s: string) =>
  Uint8Array.from(s.match(/%[0-9A-F]{2}|[^%]/g)!, (t) =>
    t.length === 3 ? Number.parseInt(t.slice(1), 16) : t.charCodeAt(0),
  );

// An Excel CSV of Western Europe, with characters of 0x80-0x9F too (`’`, `œ`, `€`).
const CSV = 'Nom;Téléphone;Note\r\nLefèvre;06 12 34 56 78;l’œuvre, 12 €\r\n';
const CSV_NEW = 'Nom;Téléphone;Note\r\n<<PERSON:1>>;<<PHONE:1>>;l’œuvre, 12 €\r\n';

describe('readTextFile: Windows-1252 (legacy encodings)', () => {
  it('no charset declared and not UTF-8: read as Windows-1252, written back as Windows-1252', () => {
    const bytes = cp1252(CSV);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const f = readTextFile(file(bytes, 'text/csv'))!;
    expect(f.text).toBe(CSV);
    const out = f.encode(CSV_NEW);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(out).toEqual(cp1252(CSV_NEW));
  });

  it.each([
    'text/csv; charset=windows-1252',
    'text/csv; charset=iso-8859-1',
    'text/csv;charset=latin1',
    'text/csv; charset="CP1252"',
    'text/csv; charset=ISO_8859-1:1987',
  ])('declared %s: read as Windows-1252 (0x80 is €)', (mediaType) => {
    const f = readTextFile(file(cp1252(CSV), mediaType))!;
    expect(f.text).toBe(CSV);
    expect(f.encode(CSV_NEW)).toEqual(cp1252(CSV_NEW));
  });

  it('valid UTF-8 beyond ASCII declared Windows-1252 is read and written back as UTF-8', () => {
    // A mislabelled UTF-8 file: read as declared, `LefÃ¨vre` hides the name.
    const bytes = new TextEncoder().encode('Lefèvre;Hélène');
    const f = readTextFile(file(bytes, 'text/plain; charset=windows-1252'))!;
    expect(f.text).toBe('Lefèvre;Hélène');
    expect(f.encode('<<PERSON:1>>;Hélène')).toEqual(
      new TextEncoder().encode('<<PERSON:1>>;Hélène'),
    );
    expect(readTextFile(file(bytes, 'text/plain'))!.text).toBe('Lefèvre;Hélène');
  });

  it('ASCII declared says nothing of bytes above 0x7F: read as if undeclared', () => {
    const f = readTextFile(file(cp1252(CSV), 'text/csv; charset=us-ascii'))!;
    expect(f.text).toBe(CSV);
    expect(f.encode(CSV_NEW)).toEqual(cp1252(CSV_NEW));
    expect(readTextFile(file(new TextEncoder().encode(CSV), 'text/csv; charset=ascii'))!.text).toBe(
      CSV,
    );
  });

  it('base64 (standard or URL-safe, padded or not), ArrayBuffer, Buffer', () => {
    const bytes = cp1252(CSV);
    for (const encoding of ['base64', 'base64url'] as const) {
      const f = readTextFile(file(base64Of(bytes, encoding), 'text/csv'))!;
      expect(f.text).toBe(CSV);
      expect(f.encode(CSV_NEW)).toBe(base64Of(cp1252(CSV_NEW), encoding));
    }
    const buffer = readTextFile(file(bytes.slice().buffer, 'text/csv'))!;
    expect(buffer.text).toBe(CSV);
    const out = buffer.encode(CSV_NEW);
    expect(out).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(out as ArrayBuffer)).toEqual(cp1252(CSV_NEW));
    expect(readTextFile(file(Buffer.from(bytes), 'text/csv'))!.text).toBe(CSV);
  });

  it('a data: URL with `;charset=windows-1252;base64` keeps its header', () => {
    const header = 'data:text/csv;charset=windows-1252;base64';
    // The part's media type declares no charset: the URL's own is used.
    const f = readTextFile(file(`${header},${base64Of(cp1252(CSV))}`, 'text/csv'))!;
    expect(f.text).toBe(CSV);
    expect(f.encode(CSV_NEW)).toBe(`${header},${base64Of(cp1252(CSV_NEW))}`);
    // A tool-result `file-url` item without a media type: the URL's type and charset.
    const item = readTextFile({ type: 'file-url', url: `${header},${base64Of(cp1252(CSV))}` })!;
    expect(item.text).toBe(CSV);
  });

  it('a percent-encoded data: URL (string and URL object) is written back percent-encoded, in Windows-1252', () => {
    const header = 'data:text/plain;charset=windows-1252';
    const f = readTextFile(file(`${header},${percentOf(cp1252(CSV))}`, 'text/plain'))!;
    expect(f.text).toBe(CSV);
    const out = f.encode(CSV_NEW) as string;
    expect(out.startsWith(`${header},`)).toBe(true);
    expect(fromPercent(out.slice(header.length + 1))).toEqual(cp1252(CSV_NEW));
    // Only a few bytes escaped, the rest as is: `Lef%E8vre`.
    expect(readTextFile(file(`${header},Lef%E8vre`))!.text).toBe('Lefèvre');

    const url = readTextFile(file(new URL(`${header},Lef%E8vre`), 'text/plain'))!;
    expect(url.text).toBe('Lefèvre');
    const outUrl = url.encode('<<PERSON:1>> é') as URL;
    expect(outUrl).toBeInstanceOf(URL);
    expect(outUrl.href).toBe(`${header},%3C%3CPERSON%3A1%3E%3E%20%E9`);
  });

  it('AI SDK 7 tagged data ({ type: data } and { type: url }) and a UI FileUIPart', () => {
    const data = readTextFile(file({ type: 'data', data: cp1252(CSV) }, 'text/csv'))!;
    expect(data.text).toBe(CSV);
    expect(data.encode(CSV_NEW)).toEqual({ type: 'data', data: cp1252(CSV_NEW) });

    const href = `data:text/csv;charset=windows-1252;base64,${base64Of(cp1252(CSV))}`;
    const tagged = readTextFile(
      file({ type: 'url', url: new URL(href), originalUrl: href }, 'text/csv'),
    )!;
    expect(tagged.text).toBe(CSV);
    const out = tagged.encode(CSV_NEW) as { url: URL; originalUrl: string };
    const expected = `data:text/csv;charset=windows-1252;base64,${base64Of(cp1252(CSV_NEW))}`;
    expect(out.url.href).toBe(expected);
    expect(out.originalUrl).toBe(expected);

    const ui = readTextFile({ type: 'file', mediaType: 'text/csv', url: href })!;
    expect(ui.key).toBe('url');
    expect(ui.text).toBe(CSV);
    expect(ui.encode(CSV_NEW)).toBe(expected);
  });

  it("the part's media type and the data: URL's must agree on the charset", () => {
    const base64 = base64Of(cp1252(CSV));
    // Declared by the part only: applies to the URL's bytes.
    expect(
      readTextFile(file(`data:text/csv;base64,${base64}`, 'text/csv; charset=windows-1252'))!.text,
    ).toBe(CSV);
    expect(
      readTextFile(
        file(`data:text/csv;charset=latin1;base64,${base64}`, 'text/csv; charset=cp1252'),
      )!.text,
    ).toBe(CSV);
    // Contradicting each other: which one the provider uses is unknown, so the file is not read.
    expect(
      readTextFile(
        file(`data:text/csv;charset=windows-1252;base64,${base64}`, 'text/csv; charset=utf-8'),
      ),
    ).toBeUndefined();
    const utf8 = b64(TEXT);
    expect(
      readTextFile(file(`data:text/csv;charset=utf-8;base64,${utf8}`, 'text/csv; charset=latin1')),
    ).toBeUndefined();
  });

  it('a character Windows-1252 cannot hold fails closed, never written as "?"', () => {
    const f = readTextFile(file(base64Of(cp1252(CSV)), 'text/csv'))!;
    // A custom placeholder format, or its neutralised look-alikes (`⟦`), outside Windows-1252.
    expect(() => f.encode('⟦⟦EMAIL:1⟧⟧')).toThrow(PiiConfigError);
    expect(() => f.encode('⟦⟦EMAIL:1⟧⟧')).toThrow(/Windows-1252.*U\+27E6/);
    // The default format and its look-alikes are in Windows-1252.
    expect(Buffer.from(f.encode('<<EMAIL:1>> ‹‹EMAIL:1››') as string, 'base64')).toEqual(
      Buffer.from(
        [...'<<EMAIL:1>> ']
          .map((c) => c.charCodeAt(0))
          .concat(
            [0x8b, 0x8b],
            [...'EMAIL:1'].map((c) => c.charCodeAt(0)),
            [0x9b, 0x9b],
          ),
      ),
    );
  });

  it('property: random bytes without 0x00, declared Windows-1252, come back byte-identical', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }).map((a) => a.filter((b) => b !== 0)),
        fc.constantFrom('windows-1252', 'iso-8859-1', 'latin1'),
        (bytes, charset) => {
          const mediaType = `text/plain; charset=${charset}`;
          const raw = readTextFile(file(bytes, mediaType))!;
          expect(raw.encode(raw.text)).toEqual(bytes);
          const base64 = readTextFile(file(base64Of(bytes), mediaType))!;
          expect(base64.encode(base64.text)).toBe(base64Of(bytes));
          const href = `data:text/plain;charset=${charset};base64,${base64Of(bytes)}`;
          const url = readTextFile(file(href, 'text/plain'))!;
          expect(url.encode(url.text)).toBe(href);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('property: whatever is read, with or without a charset or a byte order mark, comes back byte-identical', () => {
    const mediaTypes = fc.constantFrom(
      'text/plain',
      'text/plain; charset=utf-8',
      'text/plain; charset=us-ascii',
      'text/plain; charset=windows-1252',
      'text/plain; charset=utf-16',
      'text/plain; charset=utf-16le',
      'text/plain; charset=utf-16be',
    );
    const boms = fc.constantFrom([], [0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb, 0xbf]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), boms, mediaTypes, (body, bom, mediaType) => {
        const bytes = Uint8Array.from([...bom, ...body]);
        const f = readTextFile(file(bytes, mediaType));
        if (f) expect(f.encode(f.text)).toEqual(bytes);
        const g = readTextFile(file(base64Of(bytes), mediaType));
        if (g) expect(g.encode(g.text)).toBe(base64Of(bytes));
        expect(g?.text).toBe(f?.text);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

describe('readTextFile: UTF-16 with a byte order mark (Excel "Unicode text")', () => {
  const TSV = 'Nom\tTéléphone\r\nLefèvre\t06 12 34 56 78 🙂\r\n';
  const TSV_NEW = 'Nom\tTéléphone\r\n<<PERSON:1>>\t<<PHONE:1>> 🙂\r\n';

  it.each(['le', 'be'] as const)(
    'UTF-16%s, undeclared or declared: the byte order mark and the byte order are kept',
    (order) => {
      const bytes = utf16(TSV, order);
      for (const mediaType of [
        'text/plain',
        'text/plain; charset=utf-16',
        `text/plain; charset=utf-16${order}`,
        'text/plain; charset=unicode',
      ]) {
        const f = readTextFile(file(bytes, mediaType))!;
        expect(f.text).toBe(`\uFEFF${TSV}`);
        expect(f.encode(`\uFEFF${TSV_NEW}`)).toEqual(utf16(TSV_NEW, order));
      }
      const base64 = readTextFile(file(base64Of(bytes)))!;
      expect(base64.encode(`\uFEFF${TSV_NEW}`)).toBe(base64Of(utf16(TSV_NEW, order)));
      const header = `data:text/tab-separated-values;charset=utf-16${order};base64`;
      const url = readTextFile(file(`${header},${base64Of(bytes)}`))!;
      expect(url.text).toBe(`\uFEFF${TSV}`);
      expect(url.encode(`\uFEFF${TSV_NEW}`)).toBe(`${header},${base64Of(utf16(TSV_NEW, order))}`);
      const data = readTextFile(file({ type: 'data', data: bytes.slice().buffer }))!;
      const out = data.encode(`\uFEFF${TSV_NEW}`) as { type: string; data: ArrayBuffer };
      expect(out.type).toBe('data');
      expect(new Uint8Array(out.data)).toEqual(utf16(TSV_NEW, order));
    },
  );

  it('declared utf-16le / utf-16be without a byte order mark: read in that order, written back without one', () => {
    const le = utf16('Lefèvre', 'le').slice(2);
    const f = readTextFile(file(le, 'text/plain; charset=utf-16le'))!;
    expect(f.text).toBe('Lefèvre');
    expect(f.encode('Lefèvre')).toEqual(le);
    const be = utf16('Lefèvre', 'be').slice(2);
    expect(readTextFile(file(be, 'text/plain; charset=UTF-16BE'))!.text).toBe('Lefèvre');
  });
});

describe('readTextFile: legacy bytes that stay unread', () => {
  it.each<[string, unknown, string | null]>([
    ['Windows-1252 holding a NUL', cp1252('Lef\u0000èvre'), 'text/plain'],
    ['declared Windows-1252 holding a NUL', cp1252('Lef\u0000èvre'), 'text/plain; charset=cp1252'],
    ['UTF-16 with a byte order mark holding U+0000', utf16('A\u0000B', 'le'), 'text/plain'],
    [
      'declared utf-16 without a byte order mark',
      utf16('Lefèvre', 'le').slice(2),
      'text/plain; charset=utf-16',
    ],
    [
      'declared utf-16le with a big-endian mark',
      utf16('Lefèvre', 'be'),
      'text/plain; charset=utf-16le',
    ],
    [
      'declared utf-16be with a little-endian mark',
      utf16('Lefèvre', 'le'),
      'text/plain; charset=utf-16be',
    ],
    ['UTF-16 of an odd length', utf16('Lefèvre', 'le').slice(0, -1), 'text/plain'],
    // `、日本` in Shift_JIS: 0x81 is one of the five bytes Windows-1252 leaves undefined.
    ['undeclared Shift_JIS', Uint8Array.of(0x81, 0x41, 0x93, 0xfa, 0x96, 0x7b), 'text/plain'],
    ['declared Shift_JIS', Uint8Array.of(0x93, 0xfa, 0x96, 0x7b), 'text/plain; charset=shift_jis'],
    ['declared ISO-8859-15', cp1252('Lefèvre'), 'text/plain; charset=iso-8859-15'],
    [
      'a legacy text declared in a charset not read',
      cp1252('Lefèvre'),
      'image/png; charset=koi8-r',
    ],
  ])('%s', (_, data, mediaType) => {
    expect(readTextFile(file(data, mediaType))).toBeUndefined();
  });
});
