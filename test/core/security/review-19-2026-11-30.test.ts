/**
 * Security review 19 of 2026-11-30 (f71cfe9..a1ed0f8: JSON escapes `\n`, `\r`, `\t` read
 * decoded too, 53a13d8; the generated given names a kind of their own, `announcedGivenName`,
 * cb532e5; a currency or a decimal part after a national number makes it an amount, the U+202F
 * reading adds no number in thousands, cb532e5 and a1ed0f8), against 4e6194d and f71cfe9.
 * Corpora: 36 national numbers (12 countries, formatted and digits only) x 5 prefixes (`Tel: `,
 * `Call `, `Dupont,`, `{"phone": "`, `Kontakt: `) x 22 suffixes (3,960 texts); 306 generated
 * given names x 16 templates; the evaluation set as JSON (with its spaces as `\n`, as `\t`,
 * `, ` as `,\t`, JSON inside JSON: 3,615 texts) for the round trip; review 17's generators on
 * seeds 59 (4,000 texts) and 159 (2,000 conversations): nothing new there but amounts with `€`
 * (meant).
 * - AJ1 (High, G1; new in a1ed0f8): `amountAfter` reads any `,` or `.` followed by two digits
 *   (and no third) after a national number as its decimal part, so the number of a CSV row whose
 *   next field is a two-digit number (an age, a count, a department, a price) is refused:
 *   `Dupont,0612345678,42`, `Jean Dupont,0612345678,34`, `Dupont,0612345678,12.50`,
 *   `0612345678,06,0698765432`. Per suffix `,42`, `,12.50`, `,99`, `,06,Paris`: 4e6194d and
 *   f71cfe9 mask 170 of 180 numbers whole; a1ed0f8 none (150 left in clear whole, 30 in part).
 *   `.50`: 170 -> 75 whole. Also after a phone context (`Kontakt: 0151 23456789,95`).
 * - AJ2 (Medium, G1; new in cb532e5): a currency right after a national number refuses it even
 *   after an explicit phone context: `Tel: 0612345678 Euro`, `Chiama il 333 123 4567 euro`,
 *   `Ruf an: 0151 2345678 Euro`, `Tel: (201) 555-0123 USD`. Per suffix (` €`, ` EUR`,
 *   ` euros`, ` euro`, ` Euro`, ` $`, ` dollars`, ` USD`, ` £`, ` CHF`, ` francs`, ` livres`,
 *   ` pounds`): 170 of 180 masked whole by 4e6194d and f71cfe9, none by a1ed0f8 (150 in
 *   clear, 30 in part). `livres` (books) and `francs` are words too.
 * - AJ3 (Medium, G1/G2; new): when the whole number is refused as an amount, a shorter run of
 *   its groups is still tried and taken: the last group stays in clear and the vault holds
 *   another value (another token than the number's): `Tel: 06 12 34 56 78 EUR` ->
 *   `Tel: <<PHONE:1>> 78 EUR` (value `06 12 34 56`), `Tel: 0450 00 12 34,99` ->
 *   `<<PHONE:1>> 34,99`, `Call 312 345 6789.50` -> `Call 312 <<PHONE:1>>` (value
 *   `345 6789.50`). These are the 30 "in part" of each suffix above. Either the number is an
 *   amount (then no sub-run of it is a number), or it is not.
 * - AJ4 (Medium, G1 against f71cfe9; by design of cb532e5, no regression against 4e6194d,
 *   which did not know these names): a generated given name alone is never a name, whatever
 *   the structure around it: a signature after a sentence (`Thanks for your help.\nAdalberto`),
 *   a table cell under a `Name` header, a CSV row, `Adalberto wrote:`, `Adalberto called
 *   yesterday`, `Please ask Adalberto to`. Of 306 names sampled, f71cfe9 masked all 306 in each
 *   of these 5 templates, a1ed0f8 none. (`Dear`, `Hi`, `Best regards,\n`, `Name:`, `cc:`,
 *   `From:`, `- N: done`, JSON `"name": "N"`, `My name is` keep all 306.)
 * - AJ5 (Low, G2; older, narrowed by 53a13d8): `\\n` (an escaped backslash, then `n`: JSON in
 *   JSON) before an e-mail address: the text read as written takes the `n` into the local part
 *   (`escapeLetterAt` rightly says no escape), the decoded reading reads a line break; the
 *   longer span wins, the vault holds `njean.dupont@example.com`, and the address alone in the
 *   next message gets another token. 15 of 25 (5 addresses x `\\n`, `\\t`, `\\r`, `\n`, `\t`:
 *   all of the double-backslash ones) on a1ed0f8, 25 of 25 on 4e6194d.
 * - AJ6 (Medium, restoration; new in 53a13d8; G1 improves: 4e6194d left these values in clear
 *   in part): a value the decoded reading finds over `\n` or `\t` escapes (a known name written
 *   across a line break, `"rappeler Thaddeus\nWhitmore demain, puis Thaddeus Whitmore"`; `+33\n6\n12\n34\n56\n78`)
 *   is stored decoded, with a real line break or tab, when it is the first form the vault sees:
 *   `restore` then writes that raw control character inside the JSON string (invalid JSON), and
 *   every later occurrence of the value, in plain text too, is restored with it (`Thaddeus
 *   Whitmore a appelé.` comes back as `Thaddeus` LF `Whitmore a appelé.`). Found on the AI SDK's
 *   docs as JSON (`[Runtime and Tool\nContext](…)`, a PERSON false positive of older trees, now
 *   restored as invalid JSON); 4 of 3,615 JSON texts of the evaluation set restore to invalid
 *   JSON on a1ed0f8, 0 on 4e6194d and f71cfe9. (The other way round, `Jean Dupont puis
 *   Jean\nDupont` restores `Jean Dupont` twice: the first form of a value, older.)
 * Cost (no finding): 50-400 KB of JSON logs, code with `"\n"` strings, dense JSON with values
 * and a text of escapes only, same process, trees alternated, median of 9: linear (time doubles
 * with size). At 100 KB, 4e6194d / f71cfe9 / a1ed0f8: JSON logs 4.5 / 5.9 / 10.1 ms, code
 * 1.3 / 1.2 / 3.2 ms, dense JSON 13.0 / 12.9 / 23.9 ms, escapes only 1.1 / 1.0 / 7.0 ms.
 * Precision (no finding but AJ6's case): this repo's and the AI SDK's docs as JSON strings (3 MB):
 * PERSON 442 / 450 / 458 tokens; values a1ed0f8 masks that 4e6194d does not: 4 (`Thaddeus
 * Whitmore`, a real name; `based`; `log`, masked in plain text too; `Tool\nContext`).
 * Round trip otherwise unchanged (15 differences of 3,615, 9 on 4e6194d: the same canonical
 * phone written two ways, older).
 * AJ1, AJ2, AJ3 and AJ6 are fixed (the amount guard is reverted; decoded values keep a space for
 * an escaped line break or tab); AJ4 and AJ5 are open (FINDINGS.md).
 * Each test fails on a1ed0f8 and says what it expects.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const session = (id: string) => createPii({ store: memoryVaultStore() }).session(id);

describe('AJ1: a two-digit field after a number in a CSV row is read as its decimal part', () => {
  // High (G1, a regression of a1ed0f8): 4e6194d and f71cfe9 mask these numbers. Suggested fix:
  // read a decimal part only when the number is an amount by its shape (groups of three) or a
  // currency comes after the decimals; never after a comma that separates fields (a comma before
  // the number on the same line, or a header of comma-separated names).
  it.each([
    ['Dupont,0612345678,42', '0612345678'],
    ['Dupont,0612345678,12.50', '0612345678'],
    ['Dupont;0612345678,12;Paris', '0612345678'],
    ['tel=0612345678,42', '0612345678'],
    ['phones: 0612345678,06,0698765432', '0612345678'],
    ['Kontakt: 0151 23456789,95', '0151 23456789'],
    ['Telefon 030 12345678,00', '030 12345678'],
    ['Call (201) 555-0123,12', '(201) 555-0123'],
  ])('masks the number of %j', async (text, number) => {
    // a1ed0f8: the text as it is.
    const out = await session('aj1').anonymize(text);
    expect(out).not.toContain(number);
    expect(out).toMatch(/<<PHONE:\d+>>/);
  });

  it('masks every number of a contact export with an age column', async () => {
    const csv =
      'name,phone,age\nJean Dupont,0612345678,34\nMarie Curie,0698765432,29\nLéa Martin,0711223344,41';
    // a1ed0f8: `<<PERSON:1>>,0612345678,34` on each row (4e6194d: `<<PERSON:1>>,<<PHONE:1>>,34`).
    const out = await session('aj1-csv').anonymize(csv);
    expect(out).not.toMatch(/0612345678|0698765432|0711223344/);
  });
});

describe('AJ2: a currency after a number refuses it even after a phone context', () => {
  // Medium (G1, new in cb532e5): 4e6194d and f71cfe9 mask these numbers. Suggested fix: a
  // phone context before the number (`Tel`, `Kontakt`, `Ruf an`, `Chiama`, `Call`) outweighs a
  // currency after it, as it outweighs a word of amounts; or read a currency only after a
  // number grouped as amounts are (thousands).
  it.each([
    ['Tel: 0612345678 Euro', '0612345678'],
    ['Chiama il 333 123 4567 euro', '333 123 4567'],
    ['Ruf an: 0151 2345678 Euro', '0151 2345678'],
    ['Tel: (201) 555-0123 USD', '(201) 555-0123'],
    ['phone 0612345678 $', '0612345678'],
    ['Kontakt: 0612345678 livres', '0612345678'],
  ])('masks the number of %j', async (text, number) => {
    // a1ed0f8: the text as it is.
    const out = await session('aj2').anonymize(text);
    expect(out).not.toContain(number);
    expect(out).toMatch(/<<PHONE:\d+>>/);
  });
});

describe('AJ3: a number refused as an amount is masked in part: a shorter run of its groups is taken', () => {
  // Medium (G1: the last group in clear; G2: the vault holds a value that is no number of the
  // text, with a token of its own), new in cb532e5/a1ed0f8. Suggested fix: decide "amount" for
  // the whole digit run once, and skip every candidate of it (prefixes and suffixes) then.
  it.each([
    ['Tel: 06 12 34 56 78 EUR', '06 12 34 56 78'],
    ['Appelez le 06 12 34 56 78 euros', '06 12 34 56 78'],
    ['Tél : 06 12 34 56 78 €', '06 12 34 56 78'],
    ['Call 020 7946 0958 GBP', '020 7946 0958'],
    ['Tel: 0450 00 12 34,99', '0450 00 12 34'],
    ['Call 312 345 6789.50', '312 345 6789'],
  ])('masks the number of %j whole or not at all', async (text, number) => {
    const out = await session('aj3').anonymize(text);
    // a1ed0f8: `Tel: <<PHONE:1>> 78 EUR` (value `06 12 34 56`), `Call 312 <<PHONE:1>>` (value
    // `345 6789.50`). Whole (4e6194d) or not at all (an amount, as the commit means) are both
    // consistent; a part of it is neither.
    expect([text, text.replace(number, '<<PHONE:1>>')]).toContain(out);
  });

  it('gives the number one token, not one for a prefix of it', async () => {
    const s = session('aj3-g2');
    const first = await s.anonymize('Tel: 06 12 34 56 78 EUR');
    const second = await s.anonymize('Mon numéro : 06 12 34 56 78.');
    // a1ed0f8: the first message masks `06 12 34 56` as <<PHONE:1>> and leaves `78`; the second
    // masks `06 12 34 56 78` with another token, <<PHONE:2>>.
    expect(second).toBe('Mon numéro : <<PHONE:1>>.');
    expect(first).not.toContain(' 78 ');
  });
});

// AJ4 (a generated given name alone is never a name, whatever the structure around it) is the
// design chosen after review 18's AI1; it stays open, with its inputs in FINDINGS.md (review 19).

// AJ5 (an e-mail after `\\\\n`, JSON inside JSON, takes the `n`) is open again: the fix that read
// such texts decoded only was reverted after review 20 (AK1); FINDINGS.md.

describe('AJ6: a value joined over `\\n` or `\\t` escapes is restored with raw control characters', () => {
  // Medium (restoration, new in 53a13d8): 4e6194d and f71cfe9 restore these texts as valid JSON.
  // Suggested fix: drop decoded-reading spans whose value holds a control character that the
  // text writes as an escape, or keep the value as written (the original slice) for them.
  it.each([
    ['{"content":"tel +33\\n6\\n12\\n34\\n56\\n78 then 0612345678"}'],
    ['{"content":"tel +33\\t6\\t12\\t34\\t56\\t78 then 0612345678"}'],
    [
      '{"content":"name,email,phone\\nJean\\tDupont,jean.dupont@example.fr,+33\\t6\\t12\\t34\\t56\\t78\\nMarie\\tCurie,marie.curie@example.com,0612345678"}',
    ],
  ])('restores %j as valid JSON, with no raw line break or tab', async (text) => {
    const s = session('aj6');
    const restored = await s.restore(await s.anonymize(text));
    // a1ed0f8: `+33` LF `6` LF `12`... inside the JSON string (JSON.parse throws); the later
    // `0612345678` (same canonical number, same token) is restored in that form too (restoring
    // the first form of a canonical value is older: 4e6194d does it for `+33 6 12 34 56 78`).
    expect(restored).not.toMatch(/[\n\t]/);
    expect(() => JSON.parse(restored)).not.toThrow();
  });

  it('restores a name first seen across `\\n` as valid JSON, and its later plain mentions as written', async () => {
    const s = session('aj6-conv');
    const json = '{"a":"rappeler Thaddeus\\nWhitmore demain, puis Thaddeus Whitmore"}';
    const first = await s.anonymize(json);
    expect(first).toBe('{"a":"rappeler <<PERSON:1>> demain, puis <<PERSON:1>>"}');
    // a1ed0f8: `rappeler Thaddeus` LF `Whitmore demain, puis Thaddeus` LF `Whitmore` (JSON.parse
    // throws).
    const restoredJson = await s.restore(first);
    expect(() => JSON.parse(restoredJson)).not.toThrow();
    // a1ed0f8: `Thaddeus` LF `Whitmore a appelé.`
    const plain = await s.anonymize('Thaddeus Whitmore a appelé.');
    expect(await s.restore(plain)).toBe('Thaddeus Whitmore a appelé.');
  });
});
