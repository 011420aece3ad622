/**
 * Security review 3 of 2026-11-30 (the fixes of review 2, S1-S7, at 9908a7d), core findings.
 * Every test here failed on the reviewed tree and passes since its fix; findings in FINDINGS.md.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

type Part = Record<string, unknown>;

describe('review 3: the `merged:` namespace is not reserved (G2/G3)', () => {
  // `mergedCanonical` prefixes a merged span's text with `merged:`, in the label's own
  // namespace; `isMergedCanonical` tells a merged entry by that prefix alone. A value whose
  // label's canonicaliser keeps the prefix (EMAIL and PERSON lower-case it, any other label's
  // default canonicaliser keeps it as is) is taken for a merged entry, or collides with one.
  const UNION = '4111 1111 1111 1111-jean.dupont.longname@exemple.fr'; // merged, label EMAIL

  it('T1: a remembered EMAIL `merged:<union>` and the merged union share a token: the message restores with `merged:`', async () => {
    const session = createPii().session('t1-collision');
    await session.remember('EMAIL', `merged:${UNION}`);
    const text = `Paiement ${UNION} merci`;
    const masked = await session.anonymize(text);
    expect(masked).not.toContain('4111');
    expect(await session.restore(masked)).toBe(text);
  });

  it('T1: a remembered value whose canonical form starts with `merged:` gets another token when swept', async () => {
    const session = createPii().session('t1-identity');
    const token = await session.remember('TICKET', 'merged:abc-123');
    // `matchIdentifier` reads the entry as merged and identifies the match as
    // `merged:merged:abc-123`: a second entry for the same value.
    expect(await session.anonymize('Ticket merged:abc-123 ici')).toBe(`Ticket ${token} ici`);
  });
});

describe('review 3: a word glued to digits ends a name (G1/G2)', () => {
  // S2's fix (`runEnd`) stops a name before any word glued to digits, not only before an
  // IBAN's country code: a family name followed by a footnote mark, an index or a year stays
  // in clear, and a name of three words may no longer be read at all. At 9908a7d~6 all of
  // these were masked whole (`<<PERSON:1>>2`).
  it('T2: `Jean Dupont2`, `John Smith3`, `Pierre Lefèvre1`: the family name reaches the model', async () => {
    const session = createPii().session('t2-leak');
    for (const [text, family] of [
      ['Bonjour, je suis Jean Dupont2 et voilà', 'Dupont'],
      ['Patient: John Smith3, né en 1980', 'Smith'],
      ['Votre conseiller Pierre Lefèvre1 vous répond', 'Lefèvre'],
      ['Dr Anne Marie Leroy2 est absente', 'Leroy'],
    ] as const) {
      expect(await session.anonymize(text)).not.toContain(family);
    }
  });

  it('T2: `Sarah Connor2`, `Jean-Pierre Martin2024`: one person becomes two values', async () => {
    const session = createPii().session('t2-identity');
    const masked = await session.anonymize('Ask Sarah Connor2 to call Jean-Pierre Martin2024');
    expect(masked.match(/<<PERSON:\d+>>/g)).toHaveLength(2);
  });
});

describe('review 3: a card whose longest reading is glued to a letter (G1)', () => {
  it('T3: `6011 0009 9013 9424 18h`: the 18-digit reading is glued to `h`, the card goes out in clear', async () => {
    // `cardsIn` keeps only the longest valid reading from a group; when that one is glued to a
    // letter it is dropped, and the shorter valid reading (the card itself) is not tried.
    // Discover, JCB, UnionPay, Mir, Diners and Maestro allow 17-19 digits: 1 group of 1-3
    // digits in 10 after them completes a Luhn-valid longer reading.
    const session = createPii().session('t3-card');
    for (const text of [
      'Carte 6011 0009 9013 9424 18h ok',
      'Carte 6011 0009 9013 9424 9h ok',
      'Carte 6011-0009-9013-9424-18h ok',
    ]) {
      expect(await session.anonymize(text)).not.toContain('9424');
    }
  });
});

describe('review 3: double-byte files read as Western text (G1)', () => {
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
    'T4: an undeclared %s CSV whose trail bytes are ASCII passes `westernText`: %s unseen',
    async (label, name) => {
      // Shift_JIS, Big5 (and GBK outside GB2312) write many characters as a lead byte above
      // 0x7F and a trail byte in 0x40-0x7E: the runs of non-ASCII bytes stay at one or two, below
      // `MAX_NON_ASCII_RUN`, and no byte is one Windows-1252 leaves undefined. The file is read
      // as Windows-1252 mojibake and counts as scanned; the name goes out as written.
      const session = createPii().session(`t4-${label}`);
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
