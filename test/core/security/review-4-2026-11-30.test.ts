/**
 * Security review 4 of 2026-11-30 (the fixes of review 3, T1-T4, at 2b51057), core findings.
 * Every test here failed on the reviewed tree and passes since its fix; findings in
 * FINDINGS.md (U2, a vault-format change, is documented there, not tested).
 */
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

describe('review 4: `outsideMergedNamespace` (G2/G3)', () => {
  it('U1: `merged:abc` and `\\merged:abc` get one token: the escape is not injective', async () => {
    // `merged:abc` is escaped to `\merged:abc`, which is also the canonical form of the value
    // `\merged:abc` (it does not start with `merged:`, so it is left as is).
    const session = createPii().session('u1');
    const a = await session.remember('TICKET', 'merged:abc');
    const b = await session.remember('TICKET', '\\merged:abc');
    expect(b).not.toBe(a);
    expect(await session.restore(b)).toBe('\\merged:abc');
  });

  it('U5: `Jean Dupont Fr76 3000 …`: a title-case country code continues the name, merged into the IBAN', async () => {
    // Before 2b51057 any word glued to digits ended the name; `opensIban` wants two capitals,
    // so `Fr76` (an IBAN the IBAN detector reads) is taken as a part of the name, which crosses
    // the IBAN and is merged with it: one IBAN value holding the person.
    const session = createPii().session('u5');
    const masked = await session.anonymize(
      'Virement à Jean Dupont Fr76 3000 6000 0112 3456 7890 189 merci',
    );
    expect(masked).toMatch(/<<PERSON:\d+>> <<IBAN:\d+>>/);
  });
});

describe('review 4: `looksWestern` (U3: G1; U4: Western files refused)', () => {
  it.each([
    ['windows-1250', 'name,phone\nMichał Wiśniewski,600 100 200\n', 'Wiśniewski'],
    ['windows-1250', 'jméno,telefon\nJiří Dvořák,602 123 456\n', 'Dvořák'],
    ['windows-1254', 'ad,soyad\nŞükrü,Yılmaz\nAyşe,Öztürk\n', 'Yılmaz'],
  ])(
    'U3: an undeclared %s CSV reads as Western mojibake, counts as scanned, the name goes out (%s)',
    async (label, text, name) => {
      // Excel saves "CSV" in the ANSI code page: Windows-1250 in Poland or Czechia,
      // Windows-1254 in Turkey. `ł` is `³`, `ś` is `œ`, `ř` is `ø`, `ı` is `ý`: letters or
      // symbols after letters, no run over three bytes, no symbol before an ASCII letter. The
      // same file in UTF-8 has its names masked; read as Windows-1252, no detector sees them.
      const { reported, sent } = await sendFile(singleByteEncoder(label)(text), `u3-${label}`);
      const out = new TextDecoder(label).decode(sent as Uint8Array);
      expect(reported.length > 0 || !out.includes(name)).toBe(true);
    },
  );

  it.each([
    ['German single quotes', 'Kunde,Notiz\nMüller,sagte ‚Danke‘ am Telefon\n'],
    ['single guillemets', 'client,note\nLefèvre,a dit ‹bonjour› puis ›merci‹\n'],
    ['French NBSP inside guillemets', 'client,note\nLefèvre,« Voilà…\u00a0» dit-il\n'],
    ['a fraction before a unit', 'Zutat,Menge\nMilch,½l\nSalz,½TL\n'],
    ['a footnote mark', 'Quelle\n¹Statistisches Bundesamt\n'],
    ['a trade mark', 'produit,prix\nAcme™Pro,12,50 €\n'],
    ['square metres', 'Objekt,Preis\nWohnung,12 €/m²Wohnfläche\n'],
  ])(
    'U4: a Western Windows-1252 file (%s) declared so is scanned, not refused under `reject`',
    async (_, text) => {
      // The heuristic that flagged these is gone: undeclared 8-bit text is a guess (reported,
      // refused under `reject`, masked under `allow`); declared Windows-1252 is counted as read.
      const bytes = encodeText(text, 'windows-1252');
      expect((await sendFile(bytes, 'u4', 'text/csv; charset=windows-1252')).reported).toEqual([]);
      expect((await sendFile(bytes, 'u4-undeclared')).reported).toHaveLength(1);
    },
  );
});
