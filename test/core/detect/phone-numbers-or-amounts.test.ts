/**
 * A national number followed by a two-digit field (a CSV column, an age) or by a currency is a
 * phone number, masked whole, never in part; it keeps one token.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const session = (id: string) => createPii({ store: memoryVaultStore() }).session(id);

describe('a two-digit field after a number in a CSV row is not its decimal part', () => {
  // G1: 4e6194d and f71cfe9 mask these numbers; an amount guard (a1ed0f8, reverted) did not. Suggested fix:
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
    const out = await session('csv-field').anonymize(text);
    expect(out).not.toContain(number);
    expect(out).toMatch(/<<PHONE:\d+>>/);
  });

  it('masks every number of a contact export with an age column', async () => {
    const csv =
      'name,phone,age\nJean Dupont,0612345678,34\nMarie Curie,0698765432,29\nLéa Martin,0711223344,41';
    // a1ed0f8: `<<PERSON:1>>,0612345678,34` on each row (4e6194d: `<<PERSON:1>>,<<PHONE:1>>,34`).
    const out = await session('csv-export').anonymize(csv);
    expect(out).not.toMatch(/0612345678|0698765432|0711223344/);
  });
});

describe('a currency after a number does not refuse it after a phone context', () => {
  // G1: 4e6194d and f71cfe9 mask these numbers; cb532e5 (reverted) did not. Suggested fix: a
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
    const out = await session('currency').anonymize(text);
    expect(out).not.toContain(number);
    expect(out).toMatch(/<<PHONE:\d+>>/);
  });
});

describe('a number is masked whole or not at all, never a shorter run of its groups', () => {
  // G1: the last group would be in clear; G2: the vault would hold a value that is no number of
  // the text, with a token of its own (cb532e5/a1ed0f8, reverted). Suggested fix: decide "amount" for
  // the whole digit run once, and skip every candidate of it (prefixes and suffixes) then.
  it.each([
    ['Tel: 06 12 34 56 78 EUR', '06 12 34 56 78'],
    ['Appelez le 06 12 34 56 78 euros', '06 12 34 56 78'],
    ['Tél : 06 12 34 56 78 €', '06 12 34 56 78'],
    ['Call 020 7946 0958 GBP', '020 7946 0958'],
    ['Tel: 0450 00 12 34,99', '0450 00 12 34'],
    ['Call 312 345 6789.50', '312 345 6789'],
  ])('masks the number of %j whole or not at all', async (text, number) => {
    const out = await session('whole-or-not').anonymize(text);
    // a1ed0f8: `Tel: <<PHONE:1>> 78 EUR` (value `06 12 34 56`), `Call 312 <<PHONE:1>>` (value
    // `345 6789.50`). Whole (4e6194d) or not at all (an amount, as the commit means) are both
    // consistent; a part of it is neither.
    expect([text, text.replace(number, '<<PHONE:1>>')]).toContain(out);
  });

  it('gives the number one token, not one for a prefix of it', async () => {
    const s = session('one-token');
    const first = await s.anonymize('Tel: 06 12 34 56 78 EUR');
    const second = await s.anonymize('Mon numéro : 06 12 34 56 78.');
    // a1ed0f8: the first message masks `06 12 34 56` as <<PHONE:1>> and leaves `78`; the second
    // masks `06 12 34 56 78` with another token, <<PHONE:2>>.
    expect(second).toBe('Mon numéro : <<PHONE:1>>.');
    expect(first).not.toContain(' 78 ');
  });
});
