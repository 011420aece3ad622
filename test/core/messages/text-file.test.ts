import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
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
    'text/plain; charset=iso-8859-1',
    'text/csv; charset=windows-1252',
    'application/json; charset=utf-16',
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
    ['an image', b64(TEXT), 'image/png'],
    ['a PDF', b64(TEXT), 'application/pdf'],
    ['no media type at all', b64(TEXT), null],
    ['a non-UTF-8 charset', b64(TEXT), 'text/plain; charset=iso-8859-1'],
    ['a non-UTF-8 charset in the data: URL', `data:text/plain;charset=latin1,caf%E9`, 'text/plain'],
    ['invalid UTF-8 bytes', new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'text/plain'],
    ['invalid UTF-8 in base64', b64('x').replace('eA', '6Q'), 'text/plain'],
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
