/**
 * Security review 2 of 2026-11-30 (changes since da7a652), core findings. Every test here
 * failed on the reviewed tree (aba147b) and passes since its fix; findings in FINDINGS.md.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { personDetector } from '../../../src/core/detect/detectors/person';
import { scanWorkOf, testPii } from '../helpers';

type Part = Record<string, unknown>;

describe('review 2: merged spans (G2/G3)', () => {
  // A losing span that reaches past the winner is merged with it (R5). The merged span has the
  // winner's label and no canonical form of its own: `canonicalize('PHONE', union)` runs
  // libphonenumber on the whole union, which reads the phone and ignores what follows it. The
  // union then has the bare phone's canonical form, hence its token.
  const BARE = '+33 (0)1 44 55 66 77';
  const GLUED = `${BARE}-info@empresa.es`; // eval-set values, glued by a dash (the R5 fuzz)

  it('S1: a phone known first: the phone+address union gets its token and restores without the address', async () => {
    const session = createPii().session('s1-known-first');
    expect(await session.anonymize(`Standard : ${BARE}`)).toBe('Standard : <<PHONE:1>>');
    const text = `Contact : ${GLUED}`;
    const masked = await session.anonymize(text);
    // `info@empresa.es` is dropped from what people and tools get back.
    expect(await session.restore(masked)).toBe(text);
  });

  it('S1: the union seen first: the bare phone later gets the union`s token (one token, two values)', async () => {
    const session = createPii().session('s1-union-first');
    await session.anonymize(`Contact : ${GLUED}`);
    const text = 'Rappelez le 01 44 55 66 77 svp';
    const masked = await session.anonymize(text);
    // Was restored (screen, tool argument) as `+33 (0)1 44 55 66 77-info@empresa.es svp`. The
    // union now has an identity of its own: the bare phone gets a token of its own and
    // restores as written.
    expect(await session.restore(masked)).toBe(text);
    const [phone] = await session.entries([masked.match(/<<PHONE:\d+>>/)![0]]);
    expect(phone!.value).not.toContain('@');
  });
});

describe('review 2: a name before an IBAN (G2/G3)', () => {
  it('S2: `Jean Dupont FR76 …` with a plain space becomes one IBAN whose value holds the name', async () => {
    // The PERSON detector reads the IBAN's country code as a name part (`Jean Dupont FR`); it
    // loses to the longer IBAN but reaches past it, so it is merged: one IBAN span over
    // `Jean Dupont FR76 3000 …`. The model never sees a PERSON, a transfer tool given
    // <<IBAN:1>> receives the name and the IBAN as one string, and the IBAN written alone
    // later gets another token. Same for GB, BE, NL and CH IBANs (not DE, ES, IT).
    const session = createPii().session('s2-name-iban');
    const iban = 'FR76 3000 6000 0112 3456 7890 189';
    const out = await session.anonymize(`Virement de 200 € à Jean Dupont ${iban}.`);
    expect(out).toBe('Virement de 200 € à <<PERSON:1>> <<IBAN:1>>.');
    const [entry] = await session.entries(['<<IBAN:1>>']);
    expect(entry!.value).toBe(iban);
  });
});

describe('review 2: card numbers in a run (G1)', () => {
  it('S3: a card after a 4-digit number in the same spacing is read from that number: its last group stays in clear', async () => {
    // `cardsIn` takes, from the leftmost group, the longest stretch that passes Luhn and a
    // network check: `2200 4111 1111 1111` (Mir, Luhn-valid, 1 prefix in 10 passes). The real
    // card `4111 1111 1111 1111` loses its first three groups to it; `1111` reaches the model
    // and the vault holds a card number that was never written.
    const session = createPii().session('s3-card');
    for (const [prefix, card] of [
      ['2200', '4111 1111 1111 1111'],
      ['2224', '5555 5555 5555 4444'],
      ['2234', '4970 1000 0000 0063'],
    ] as const) {
      const out = await session.anonymize(`code ${prefix} ${card} merci`);
      expect(out).not.toContain(card.slice(-4));
    }
  });
});

describe('review 2: text files counted as scanned while their values are unseen (G1)', () => {
  /** The bytes of a file part's data (Uint8Array or base64 string). */
  const bytesOf = (data: unknown) =>
    typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.from(data as Uint8Array);

  it('S4: a UTF-8 CSV declared ISO-8859-1 is read as Windows-1252 mojibake: names pass, not refused', async () => {
    // At da7a652 `charset=iso-8859-1` was not read: `onFile` (→ `files: 'reject'`) refused
    // it (a regression of the legacy-encodings change, dd722d9). Now it decodes as `LefÃ¨vre;HÃ©lÃ¨ne`: no detector and no sweep
    // sees `Hélène Lefèvre`, the file counts as scanned and goes out byte for byte (an LLM
    // reads the mojibake, or the UTF-8, as the name).
    const session = createPii().session('s4-mislabelled');
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

  it('S4: an undeclared Windows-1251 file (no byte Windows-1252 leaves undefined) is read as Windows-1252', async () => {
    // `sniff` takes any non-UTF-8 bytes without 0x81/0x8D/0x8F/0x90/0x9D as Windows-1252:
    // Cyrillic (Windows-1251, KOI8-R), ISO-8859-x, many GBK texts. A known value is not seen.
    const session = createPii().session('s4-cp1251');
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

  it('S5: a media type with two charsets is read with the last one; WHATWG (and providers) take the first', async () => {
    // `parseMediaType` overwrites `charset` at each parameter. `text/plain; charset=utf-8;
    // charset=utf-16le` over UTF-8 bytes of even length decodes as UTF-16LE (CJK, no U+0000):
    // counted as scanned, nothing seen. `new MIMEType(...)` / WHATWG MIME parsing keep the
    // first parameter: `utf-8`, where the reader sees the address.
    const session = createPii().session('s5-two-charsets');
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

describe('review 2: exact-range keys of swept spans (G1)', () => {
  it('S6: in a text over 2^21 code units a detector span one unit longer than a known match is dropped', async () => {
    // `rangeKey(start, end) = start * 2^32 + end` is exact only below 2^53, i.e. for
    // start < 2^21. Above, [s, s+22) and [s, s+23) share a key: the detector span
    // `jean.dupont@exemple.com` is taken for the swept `jean.dupont@exemple.co` and filtered
    // out of the candidates (anonymize.ts `ranges.has(rangeKey(...))`); its `m` stays in clear.
    // (Since then, `hasSpanAt` compares starts and ends themselves: no key, nothing to collide.)
    const known = async (id: string) => {
      const session = testPii().session(id);
      await session.remember('EMAIL', 'jean.dupont@exemple.co');
      return session;
    };
    const small = await (await known('s6-small')).anonymize('à jean.dupont@exemple.com fin');
    expect(small).toBe('à <<EMAIL:2>> fin');
    const pad = ' '.repeat(2 ** 21 + 2);
    const large = await (await known('s6-large')).anonymize(`${pad}jean.dupont@exemple.com fin`);
    expect(large.slice(pad.length)).toBe('<<EMAIL:2>> fin');
  });
});

describe('review 2: PERSON tables stay linear (G7)', () => {
  it('S7: names outside the columns of people cost a read of the row per name (quadratic in the row)', () => {
    // A header with a column of people (`nom`, the 31st), and rows whose names are in later
    // cells: each name found in a cell calls `addColumns`, which reads the row's fields from
    // its start to find the name's column, is told "not in a column of people", leaves the
    // block not `done`, and the next name on the row reads them all again. Rows are bounded
    // by MAX_LINE (4096), so the cost is ~200 reads per character instead of ~5 (~0.5 s/MB).
    const detector = personDetector();
    const header = [...Array.from({ length: 30 }, (_, i) => `col${i}`), 'nom'].join(';');
    const row = (k: number) =>
      [
        ...Array.from({ length: 30 }, () => 'x'.repeat(k)),
        'Dupont',
        ...Array.from({ length: 2 * k }, () => 'Jean'),
      ].join(';');
    const table = (k: number, total: number) => {
      const r = row(k);
      return `${header}\n${Array.from({ length: Math.ceil(total / r.length) }, () => r).join('\n')}`;
    };
    // The same amount of text in rows of ~1,000 and of ~4,000 characters.
    const short = scanWorkOf(() => detector.detect(table(25, 120_000)));
    const long = scanWorkOf(() => detector.detect(table(100, 120_000)));
    // Linear reading costs about the same for both (da7a652: 1.6x); here 3.5x.
    expect(long).toBeLessThanOrEqual(2 * short);
  });
});
