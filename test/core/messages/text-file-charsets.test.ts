/**
 * A text file counts as scanned only when its values could be read: a file in the wrong
 * charset, a guessed 8-bit encoding or an ambiguous media type is reported to `onFile` (refused
 * under `files: 'reject'`) or read so that no known name goes out in clear.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { encodeText } from '../../../src/core/messages/text-encodings';

type Part = Record<string, unknown>;

/** An encoder for a single-byte legacy encoding, from its decoder. */
function singleByteEncoder(label: string) {
  const decoder = new TextDecoder(label);
  const bytes = new Map<string, number>();
  for (let b = 0; b < 256; b++) bytes.set(decoder.decode(Uint8Array.of(b)), b);
  return (text: string) => Uint8Array.from([...text].map((c) => bytes.get(c)!));
}

/** Sends one text file through `anonymizeMessages`: the files reported, and the bytes sent. */
async function sendFile(data: Uint8Array, id: string, mediaType = 'text/csv') {
  const session = createPii().session(id);
  const reported: unknown[] = [];
  const [out] = await session.anonymizeMessages(
    [{ role: 'user', content: [{ type: 'file', mediaType, data }] }],
    { onFile: (f) => reported.push(f) },
  );
  const sent = ((out!.content as Part[])[0] as Part).data;
  return { reported, sent: sent as Uint8Array | string };
}

describe('text files in a charset other than the one declared (G1)', () => {
  /** The bytes of a file part's data (Uint8Array or base64 string). */
  const bytesOf = (data: unknown) =>
    typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.from(data as Uint8Array);

  it('reports a UTF-8 CSV declared ISO-8859-1, or masks its names', async () => {
    // Read as Windows-1252 it decodes as `LefÃ¨vre;HÃ©lÃ¨ne`: no detector and no sweep would see
    // `Hélène Lefèvre`, and the file would count as scanned and go out byte for byte (an LLM
    // reads the mojibake, or the UTF-8, as the name).
    const session = createPii().session('mislabelled');
    await session.remember('PERSON', 'Hélène Lefèvre');
    const csv = 'nom;prénom;ville\nLefèvre;Hélène;Paris\nHélène Lefèvre;;Lyon\n';
    const refused: unknown[] = [];
    const [out] = await session.anonymizeMessages(
      [
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'text/csv; charset=iso-8859-1', data: Buffer.from(csv) },
          ],
        },
      ],
      { onFile: (f) => refused.push(f) },
    );
    const sent = bytesOf(((out!.content as Part[])[0] as Part).data).toString('utf8');
    expect(refused.length > 0 || !sent.includes('Hélène Lefèvre')).toBe(true);
  });

  it('reports an undeclared Windows-1251 file, or masks its known name', async () => {
    // Non-UTF-8 bytes without 0x81/0x8D/0x8F/0x90/0x9D are valid Windows-1252, and also Cyrillic
    // (Windows-1251, KOI8-R), ISO-8859-x, many GBK texts: read as Windows-1252, a known value
    // would not be seen.
    const session = createPii().session('cp1251');
    await session.remember('PERSON', 'Иван Петров');
    const cp1251 = new TextDecoder('windows-1251');
    const byteOf = new Map<string, number>();
    for (let b = 0; b < 256; b++) byteOf.set(cp1251.decode(Uint8Array.of(b)), b);
    const text = 'Клиент: Иван Петров, Москва\n';
    const data = Uint8Array.from([...text].map((c) => byteOf.get(c)!));
    const refused: unknown[] = [];
    const [out] = await session.anonymizeMessages(
      [{ role: 'user', content: [{ type: 'file', mediaType: 'text/plain', data }] }],
      { onFile: (f) => refused.push(f) },
    );
    const sent = cp1251.decode(bytesOf(((out!.content as Part[])[0] as Part).data));
    expect(refused.length > 0 || !sent.includes('Иван Петров')).toBe(true);
  });

  it('reports a file whose media type has two charsets, or masks its address', async () => {
    // Read with its last charset, `text/plain; charset=utf-8; charset=utf-16le` over UTF-8 bytes
    // of even length decodes as UTF-16LE (CJK, no U+0000): counted as scanned, nothing seen. `new MIMEType(...)` / WHATWG MIME parsing keep the
    // first parameter: `utf-8`, where the reader sees the address.
    const session = createPii().session('two-charsets');
    const text = 'Contact : jean.dupont@exemple.fr, +33 6 12 34 56 78 !!'; // 54 bytes
    const refused: unknown[] = [];
    const [out] = await session.anonymizeMessages(
      [
        {
          role: 'user',
          content: [
            {
              type: 'file',
              mediaType: 'text/plain; charset=utf-8; charset=utf-16le',
              data: Buffer.from(text).toString('base64'),
            },
          ],
        },
      ],
      { onFile: (f) => refused.push(f) },
    );
    const sent = bytesOf(((out!.content as Part[])[0] as Part).data).toString('utf8');
    expect(refused.length > 0 || !sent.includes('jean.dupont@exemple.fr')).toBe(true);
  });
});

describe('undeclared double-byte files are not taken for Western text (G1)', () => {
  /** An encoder for a double-byte legacy encoding, from its decoder. */
  function encoderFor(label: string) {
    const decoder = new TextDecoder(label);
    const bytes = new Map<string, number[]>();
    for (let a = 0x81; a <= 0xfe; a++) {
      for (let b = 0x40; b <= 0xfe; b++) {
        const c = decoder.decode(Uint8Array.of(a, b));
        if ([...c].length === 1 && c !== '\ufffd' && !bytes.has(c)) bytes.set(c, [a, b]);
      }
    }
    return (text: string) =>
      Uint8Array.from(
        [...text].flatMap((c) => (c.charCodeAt(0) < 128 ? [c.charCodeAt(0)] : bytes.get(c)!)),
      );
  }

  it.each([
    ['shift_jis', '山田太郎'],
    ['big5', '張小林'],
  ])(
    'reports an undeclared %s CSV whose trail bytes are ASCII, or masks %s',
    async (label, name) => {
      // Shift_JIS, Big5 (and GBK outside GB2312) write many characters as a lead byte above
      // 0x7F and a trail byte in 0x40-0x7E: the runs of non-ASCII bytes stay at one or two, below
      // `MAX_NON_ASCII_RUN`, and no byte is one Windows-1252 leaves undefined. Read
      // as Windows-1252 mojibake, it would count as scanned and the name go out as written.
      const session = createPii().session(`double-byte-${label}`);
      await session.remember('PERSON', name);
      const data = encoderFor(label)(`name,phone\n${name},03-1234-5678\n`);
      const refused: unknown[] = [];
      const [out] = await session.anonymizeMessages(
        [{ role: 'user', content: [{ type: 'file', mediaType: 'text/csv', data }] }],
        { onFile: (f) => refused.push(f) },
      );
      const sentData = ((out!.content as Part[])[0] as Part).data;
      const sent = new TextDecoder(label).decode(
        typeof sentData === 'string' ? Buffer.from(sentData, 'base64') : (sentData as Uint8Array),
      );
      expect(refused.length > 0 || !sent.includes(name)).toBe(true);
    },
  );
});

describe('undeclared 8-bit text is a guess; declared Windows-1252 is read (G1)', () => {
  it.each([
    ['windows-1250', 'name,phone\nMichał Wiśniewski,600 100 200\n', 'Wiśniewski'],
    ['windows-1250', 'jméno,telefon\nJiří Dvořák,602 123 456\n', 'Dvořák'],
    ['windows-1254', 'ad,soyad\nŞükrü,Yılmaz\nAyşe,Öztürk\n', 'Yılmaz'],
  ])('reports an undeclared %s CSV, or masks its name (%s)', async (label, text, name) => {
    // Excel saves "CSV" in the ANSI code page: Windows-1250 in Poland or Czechia,
    // Windows-1254 in Turkey. `ł` is `³`, `ś` is `œ`, `ř` is `ø`, `ı` is `ý`: letters or
    // symbols after letters, no run over three bytes, no symbol before an ASCII letter. The
    // same file in UTF-8 has its names masked; read as Windows-1252, no detector would see them.
    const { reported, sent } = await sendFile(
      singleByteEncoder(label)(text),
      `single-byte-${label}`,
    );
    const out = new TextDecoder(label).decode(sent as Uint8Array);
    expect(reported.length > 0 || !out.includes(name)).toBe(true);
  });

  it.each([
    ['German single quotes', 'Kunde,Notiz\nMüller,sagte ‚Danke‘ am Telefon\n'],
    ['single guillemets', 'client,note\nLefèvre,a dit ‹bonjour› puis ›merci‹\n'],
    ['French NBSP inside guillemets', 'client,note\nLefèvre,« Voilà…\u00a0» dit-il\n'],
    ['a fraction before a unit', 'Zutat,Menge\nMilch,½l\nSalz,½TL\n'],
    ['a footnote mark', 'Quelle\n¹Statistisches Bundesamt\n'],
    ['a trade mark', 'produit,prix\nAcme™Pro,12,50 €\n'],
    ['square metres', 'Objekt,Preis\nWohnung,12 €/m²Wohnfläche\n'],
  ])(
    'scans a Western Windows-1252 file (%s) declared so, not refused under `reject`',
    async (_, text) => {
      // No heuristic flags Western typography: undeclared 8-bit text is a guess (reported,
      // refused under `reject`, masked under `allow`); declared Windows-1252 is counted as read.
      const bytes = encodeText(text, 'windows-1252');
      expect(
        (await sendFile(bytes, 'western-declared', 'text/csv; charset=windows-1252')).reported,
      ).toEqual([]);
      expect((await sendFile(bytes, 'western-undeclared')).reported).toHaveLength(1);
    },
  );
});
