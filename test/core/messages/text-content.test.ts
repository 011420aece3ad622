import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BINARY_SIGNATURES,
  binaryFormatOf,
  hasBinaryControls,
  textContentOf,
} from '../../../src/core/messages/text-content';
import { readTextFile } from '../../../src/core/messages/text-file';

const CSV = 'nom;email\r\nJean Dupont;jean.dupont@exemple.fr\r\n';
const utf8 = (t: string) => new TextEncoder().encode(t);
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
const latin1 = (t: string) => Uint8Array.from([...t], (c) => c.charCodeAt(0));
const file = (data: unknown, mediaType?: string) => ({
  type: 'file',
  ...(mediaType === undefined ? {} : { mediaType }),
  data,
});

describe('files whose media type is not a text type are read by their content', () => {
  it.each([
    ['a CSV from a Windows browser', 'application/vnd.ms-excel'],
    ['a .md with an empty type', ''],
    ['a .md as octet-stream', 'application/octet-stream'],
    ['an e-mail', 'message/rfc822'],
    ['subtitles', 'application/x-subrip'],
    ['an SVG given a generic image type', 'image/*'],
    ['text declared as an image', 'image/png'],
  ])('%s (%s): read, and written back in the same representation', (_, mediaType) => {
    for (const data of [
      b64(CSV),
      utf8(CSV),
      `data:${mediaType || 'application/octet-stream'};base64,${b64(CSV)}`,
    ]) {
      const f = readTextFile(file(data, mediaType))!;
      expect(f.text).toBe(CSV);
      expect(f.uncertain).toBe(false);
      const out = f.encode(CSV.replace('Jean Dupont', '<<PERSON:1>>'));
      if (typeof data === 'string' && data.startsWith('data:')) {
        expect(out).toBe(
          `data:${mediaType || 'application/octet-stream'};base64,${b64(CSV.replace('Jean Dupont', '<<PERSON:1>>'))}`,
        );
      } else if (typeof data === 'string') {
        expect(out).toBe(b64(CSV.replace('Jean Dupont', '<<PERSON:1>>')));
      } else {
        expect(out).toEqual(utf8(CSV.replace('Jean Dupont', '<<PERSON:1>>')));
      }
    }
  });

  it('a part with no media type at all, given as base64, bytes or an image part', () => {
    expect(readTextFile(file(b64(CSV)))!.text).toBe(CSV);
    expect(readTextFile({ type: 'image', image: utf8(CSV) })!.text).toBe(CSV);
    const image = readTextFile({ type: 'image', image: b64(CSV), mediaType: 'image/svg' })!;
    expect(image.key).toBe('image');
  });

  it('an undeclared Windows-1252 reading is a guess (uncertain), as for text types', () => {
    const f = readTextFile(
      file(latin1('Nom;Ville\r\nLefèvre;Besançon\r\n'), 'application/vnd.ms-excel'),
    )!;
    expect(f.text).toBe('Nom;Ville\r\nLefèvre;Besançon\r\n');
    expect(f.uncertain).toBe(true);
    // Declared on the non-text type, the charset is used and the reading is not a guess.
    const declared = readTextFile(
      file(latin1('Lefèvre'), 'application/vnd.ms-excel; charset=windows-1252'),
    )!;
    expect(declared.uncertain).toBe(false);
  });

  it('UTF-16 with a byte order mark (Excel "Unicode text" saved as .xls)', () => {
    const bytes = Buffer.from(`\uFEFF${CSV}`, 'utf16le');
    const f = readTextFile(file(bytes, 'application/vnd.ms-excel'))!;
    expect(f.text).toBe(`\uFEFF${CSV}`);
    expect(Buffer.from(f.encode(`\uFEFF${CSV}`) as Uint8Array)).toEqual(bytes);
  });
});

describe('binary content stays unread', () => {
  it.each(BINARY_SIGNATURES.map((s) => [s.format, s] as const))(
    '%s, even when the rest of its bytes are printable',
    (_, signature) => {
      const at = signature.at ?? 0;
      const head = Array.from({ length: at }, () => 0x41);
      const magic = signature.bytes.map((b) => b ?? 0x41);
      const bytes = Uint8Array.from([...head, ...magic, ...utf8(` ${CSV}`)]);
      expect(binaryFormatOf(bytes)).toBe(signature.format);
      expect(textContentOf(bytes)).toBeUndefined();
      expect(readTextFile(file(bytes, 'application/octet-stream'))).toBeUndefined();
    },
  );

  it('text that merely starts like a signature is read (`ID3 tags`, `BZh…`, `OTTO`)', () => {
    for (const text of ['ID3 tags hold the title.', 'BZh is bzip2.', 'OTTO GmbH, Hamburg']) {
      expect(textContentOf(utf8(text))?.text).toBe(text);
    }
  });

  it('binary control characters make bytes binary; tab, line breaks, form feed and escape do not', () => {
    for (const c of [0, 1, 8, 0x0e, 0x1a, 0x1c, 0x1f, 0x7f]) {
      expect(textContentOf(Uint8Array.of(0x41, c, 0x42))).toBeUndefined();
    }
    // A C1 control is what an undecodable byte or binary data yields, never text.
    expect(hasBinaryControls('a\u0085b')).toBe(true);
    const log = '\u001b[31mERROR\u001b[0m\tjob 12\fpage\r\n\u000b';
    expect(textContentOf(utf8(log))?.text).toBe(log);
    // Declared text keeps its own rule (only U+0000 refuses it).
    expect(readTextFile(file(Uint8Array.of(0x41, 0x01, 0x42), 'text/plain'))!.text).toBe(
      'A\u0001B',
    );
  });

  it('property: random binary (compressed data, images) is never taken for text', () => {
    // Bytes after a byte order mark are declared text (UTF-8, UTF-16): `FF FE 00 01 …` is
    // `ĀĀ…` in UTF-16LE, which fast-check, fond of 0, 1, 254 and 255, does generate.
    const declaredText = (b: Uint8Array) =>
      (b[0] === 0xff && b[1] === 0xfe) ||
      (b[0] === 0xfe && b[1] === 0xff) ||
      (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf);
    const binary = fc.uint8Array({ minLength: 64, maxLength: 512 }).filter((b) => !declaredText(b));
    fc.assert(
      fc.property(binary, (bytes) => {
        expect(textContentOf(bytes)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
