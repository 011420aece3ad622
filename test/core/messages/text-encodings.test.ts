import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../../src/core/errors';
import {
  charsetOf,
  decodeText,
  type Encoding,
  encodeText,
} from '../../../src/core/messages/text-encodings';

/**
 * Windows-1252 written by hand for the tests (the code derives its table from `TextDecoder`):
 * Latin-1 for the characters up to U+00FF, and the 0x80-0x9F characters used here.
 */
const CP1252_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, '—': 0x97, œ: 0x9c, Ÿ: 0x9f };
function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    const extra = CP1252_EXTRA[c];
    if (extra !== undefined) return extra;
    const code = c.charCodeAt(0);
    if (code > 0xff || (code >= 0x80 && code < 0xa0))
      throw new Error(`not in the test table: ${c}`);
    return code;
  });
}

const bytesArb = (exclude: (b: number) => boolean) =>
  fc.uint8Array({ minLength: 0, maxLength: 200 }).map((a) => a.filter((b) => !exclude(b)));

describe('charsetOf', () => {
  it.each([
    ['utf-8', 'utf-8'],
    ['UTF8', 'utf-8'],
    ['unicode-1-1-utf-8', 'utf-8'],
    ['us-ascii', 'ascii'],
    ['ASCII', 'ascii'],
    ['windows-1252', 'windows-1252'],
    ['iso-8859-1', 'windows-1252'],
    ['ISO_8859-1:1987', 'windows-1252'],
    ['latin1', 'windows-1252'],
    ['l1', 'windows-1252'],
    ['cp1252', 'windows-1252'],
    ['x-cp1252', 'windows-1252'],
    [' "Windows-1252" ', 'windows-1252'],
    ['utf-16le', 'utf-16le'],
    ['UTF-16BE', 'utf-16be'],
    ['utf-16', 'utf-16'],
    ['unicode', 'utf-16'],
    ['ucs-2', 'utf-16'],
  ])('%s is %s', (label, charset) => expect(charsetOf(label)).toBe(charset));

  it.each([
    'shift_jis',
    'iso-8859-15',
    'iso-8859-2',
    'windows-1251',
    'koi8-r',
    'gbk',
    'utf-32',
    'x-user-defined',
    'nonsense',
    '',
  ])('%s is not read', (label) => expect(charsetOf(label)).toBeUndefined());
});

describe('encodeText: the inverse of decodeText', () => {
  it('Windows-1252: every byte but 0x00 comes back as itself, and means what WHATWG says', () => {
    const all = Uint8Array.from({ length: 255 }, (_, i) => i + 1);
    const decoded = decodeText(all, 'windows-1252')!;
    expect(decoded.encoding).toBe('windows-1252');
    // The WHATWG index for 0x80-0x9F, typed here as the reference (five bytes are undefined
    // and read as the C1 control of the same number); the rest is ISO-8859-1.
    const row80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
    const latin1 = (from: number, to: number) =>
      String.fromCharCode(...Array.from({ length: to - from }, (_, i) => from + i));
    expect(decoded.text).toBe(latin1(1, 0x80) + row80 + latin1(0xa0, 0x100));
    expect(encodeText(decoded.text, 'windows-1252')).toEqual(all);
    // The test's own table agrees with the decoder on the characters it knows.
    const sample = 'Lefèvre doit 12 € — l’œuvre, Ÿ';
    expect(decodeText(cp1252(sample), 'windows-1252')!.text).toBe(sample);
    expect(encodeText(sample, 'windows-1252')).toEqual(cp1252(sample));
  });

  it("reads Windows-1252 as WHATWG says even where the runtime's one-shot decoder does not", () => {
    // Node.js 20 decodes `new TextDecoder('windows-1252').decode(bytes)` as ISO-8859-1, and
    // drops a leading 0xFF with `ignoreBOM`: neither shows here.
    expect(decodeText(Uint8Array.of(0x80, 0x92), 'windows-1252')!.text).toBe('€’');
    expect(decodeText(Uint8Array.of(0xff, 0xfe), 'windows-1252')!.text).toBe('ÿþ');
    expect(decodeText(Uint8Array.of(0xff, 0x41))).toEqual({
      text: 'ÿA',
      encoding: 'windows-1252',
      uncertain: true,
    });
  });

  it('property: random bytes without 0x00, read as Windows-1252, are written back identical', () => {
    fc.assert(
      fc.property(
        bytesArb((b) => b === 0),
        (bytes) => {
          // Valid UTF-8 beyond ASCII is read as UTF-8 (a mislabelled file), the rest as declared.
          const decoded = decodeText(bytes, 'windows-1252')!;
          expect(encodeText(decoded.text, decoded.encoding)).toEqual(bytes);
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('property: whatever is read, in any charset or none, is written back identical', () => {
    const charsets = fc.constantFrom(
      undefined,
      'ascii' as const,
      'utf-8' as const,
      'windows-1252' as const,
      'utf-16' as const,
      'utf-16le' as const,
      'utf-16be' as const,
    );
    const boms = fc.constantFrom([], [0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb, 0xbf]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), boms, charsets, (body, bom, charset) => {
        const bytes = Uint8Array.from([...bom, ...body]);
        const decoded = decodeText(bytes, charset);
        if (decoded) expect(encodeText(decoded.text, decoded.encoding)).toEqual(bytes);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('UTF-16 of both byte orders, byte order mark and surrogate pairs included', () => {
    const text = '\uFEFFLefèvre 🙂 €';
    for (const [encoding, littleEndian] of [
      ['utf-16le', true],
      ['utf-16be', false],
    ] as const) {
      const bytes = encodeText(text, encoding);
      const view = new DataView(bytes.buffer);
      expect(bytes).toHaveLength(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        expect(view.getUint16(i * 2, littleEndian)).toBe(text.charCodeAt(i));
      }
      expect(decodeText(bytes)).toEqual({ text, encoding });
    }
    expect([...encodeText('\uFEFFA', 'utf-16le')]).toEqual([0xff, 0xfe, 0x41, 0x00]);
    expect([...encodeText('\uFEFFA', 'utf-16be')]).toEqual([0xfe, 0xff, 0x00, 0x41]);
  });

  it('a character Windows-1252 cannot hold fails closed (PiiConfigError), never a "?"', () => {
    for (const text of ['⟦EMAIL:1⟧', 'Jean\u200dDupont', '王伟', '🙂', 'Ā']) {
      expect(() => encodeText(text, 'windows-1252')).toThrow(PiiConfigError);
    }
    expect(() => encodeText('x ⟦', 'windows-1252')).toThrow(/"⟦" \(U\+27E6\)/);
    expect(() => encodeText('🙂', 'windows-1252')).toThrow(/U\+1F642/);
    // Tokens, and the default look-alikes of neutralised tokens, are in Windows-1252.
    const tokens = '<<PERSON:1>> ‹‹EMAIL:1››';
    expect(decodeText(encodeText(tokens, 'windows-1252'), 'windows-1252')!.text).toBe(tokens);
  });

  it.each<[Encoding, string]>([
    ['utf-8', 'Lefèvre 🙂'],
    ['windows-1252', 'Lefèvre €'],
  ])('%s round-trips text', (encoding, text) => {
    expect(decodeText(encodeText(text, encoding), encoding)).toEqual({ text, encoding });
  });
});

describe('decodeText: which encoding', () => {
  it('undeclared: valid UTF-8 first, then a UTF-16 byte order mark, then Windows-1252 (a guess)', () => {
    const utf8 = new TextEncoder().encode('Lefèvre');
    expect(decodeText(utf8)).toEqual({ text: 'Lefèvre', encoding: 'utf-8' });
    // Windows-1250 (`Michał` is `Micha³`), Windows-1254 or Shift_JIS read this way hide names:
    // the reading is uncertain.
    expect(decodeText(cp1252('Lefèvre'))).toEqual({
      text: 'Lefèvre',
      encoding: 'windows-1252',
      uncertain: true,
    });
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0xe8, 0x00))).toEqual({
      text: '\uFEFFè',
      encoding: 'utf-16le',
    });
    expect(decodeText(Uint8Array.of(0xfe, 0xff, 0x00, 0xe8))).toEqual({
      text: '\uFEFFè',
      encoding: 'utf-16be',
    });
    // ASCII says nothing of the bytes above 0x7F: read like no charset.
    expect(decodeText(cp1252('Lefèvre'), 'ascii')!.encoding).toBe('windows-1252');
    expect(decodeText(utf8, 'ascii')!.encoding).toBe('utf-8');
  });

  it('undeclared: bytes Windows-1252 leaves undefined are another encoding, not read', () => {
    for (const b of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) {
      expect(decodeText(Uint8Array.of(0x41, b, 0x42))).toBeUndefined();
      // Declared, they are read (as the C1 control of the same number) and written back.
      const declared = decodeText(Uint8Array.of(0x41, b, 0x42), 'windows-1252')!;
      expect(declared.text).toBe(`A${String.fromCharCode(b)}B`);
    }
    // `日本` in Shift_JIS: 0x93 0xfa 0x96 0x7b; `、` is 0x81 0x41.
    expect(decodeText(Uint8Array.of(0x93, 0xfa, 0x96, 0x7b, 0x81, 0x41))).toBeUndefined();
  });

  it('declared: the charset wins over what the bytes look like, but for valid UTF-8', () => {
    // Valid UTF-8 beyond ASCII declared Windows-1252 is UTF-8 mislabelled.
    const utf8 = new TextEncoder().encode('Hélène Lefèvre');
    expect(decodeText(utf8, 'windows-1252')).toEqual({ text: 'Hélène Lefèvre', encoding: 'utf-8' });
    // Declared Windows-1252 is read as such, and is no guess.
    for (const western of ['¿Qué?', '¡Hola!', 'l’été', 'ação, Größe', '12 €'])
      expect(decodeText(cp1252(western), 'windows-1252')).toEqual({
        text: western,
        encoding: 'windows-1252',
      });
    expect(decodeText(cp1252('é'), 'utf-8')).toBeUndefined();
    expect(decodeText(Uint8Array.of(0x41, 0x00), 'utf-16le')!.text).toBe('A');
    expect(decodeText(Uint8Array.of(0x00, 0x41), 'utf-16be')!.text).toBe('A');
  });

  it('declared UTF-16: the byte order mark decides; none, or a contradicting one, is not read', () => {
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x41, 0x00), 'utf-16')!.encoding).toBe('utf-16le');
    expect(decodeText(Uint8Array.of(0xfe, 0xff, 0x00, 0x41), 'utf-16')!.encoding).toBe('utf-16be');
    expect(decodeText(Uint8Array.of(0x41, 0x00), 'utf-16')).toBeUndefined();
    expect(decodeText(Uint8Array.of(0xfe, 0xff, 0x00, 0x41), 'utf-16le')).toBeUndefined();
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x41, 0x00), 'utf-16be')).toBeUndefined();
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x41, 0x00), 'utf-16le')!.text).toBe('\uFEFFA');
  });

  it('invalid UTF-16 (odd length, lone surrogate) is not read', () => {
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x41, 0x00, 0x42))).toBeUndefined();
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00))).toBeUndefined();
  });

  it('text holding U+0000 is not text, in every encoding', () => {
    expect(decodeText(Uint8Array.of(0x4c, 0x00, 0xe8))).toBeUndefined();
    expect(decodeText(Uint8Array.of(0x4c, 0x00, 0xe8), 'windows-1252')).toBeUndefined();
    expect(decodeText(Uint8Array.of(0xff, 0xfe, 0x00, 0x00, 0x41, 0x00))).toBeUndefined();
    expect(decodeText(Uint8Array.of(0x41, 0x00, 0x00, 0x00), 'utf-16le')).toBeUndefined();
    // UTF-16 without a byte order mark is valid UTF-8 with NULs: still refused.
    const bomless = Uint8Array.from([...'jean@x.fr'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(decodeText(bomless)).toBeUndefined();
  });
});
