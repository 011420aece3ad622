/**
 * A name next to digits: before an IBAN the country code (`FR76`, `Fr76`) is not a part of the
 * name, but a footnote mark, an index or a year glued to a family name does not end it.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../../src/core/create-pii';

describe('a name before an IBAN (G2/G3)', () => {
  it('reads `Jean Dupont FR76 …` with a plain space as a name, then an IBAN whose value is the IBAN alone', async () => {
    // Were the IBAN's country code read as a name part (`Jean Dupont FR`), the name would lose to
    // the longer IBAN but reach past it, so it would be merged: one IBAN span over
    // `Jean Dupont FR76 3000 …`. The model never sees a PERSON, a transfer tool given
    // <<IBAN:1>> receives the name and the IBAN as one string, and the IBAN written alone
    // later gets another token. Same for GB, BE, NL and CH IBANs (not DE, ES, IT).
    const session = createPii().session('name-iban');
    const iban = 'FR76 3000 6000 0112 3456 7890 189';
    const out = await session.anonymize(`Virement de 200 € à Jean Dupont ${iban}.`);
    expect(out).toBe('Virement de 200 € à <<PERSON:1>> <<IBAN:1>>.');
    const [entry] = await session.entries(['<<IBAN:1>>']);
    expect(entry!.value).toBe(iban);
  });

  it('ends the name before a title-case country code: `Jean Dupont Fr76 3000 …` is a name, then an IBAN', async () => {
    // `Fr76` opens an IBAN the IBAN detector reads; taken as a part of the name, it would make the
    // name cross the IBAN and be merged with it: one IBAN value holding the person.
    const session = createPii().session('name-iban-title-case');
    const masked = await session.anonymize(
      'Virement à Jean Dupont Fr76 3000 6000 0112 3456 7890 189 merci',
    );
    expect(masked).toMatch(/<<PERSON:\d+>> <<IBAN:\d+>>/);
  });
});

describe('a word glued to digits does not end a name (G1/G2)', () => {
  // Only an IBAN's opening ends a name: stopping a name before any word glued to digits would
  // leave in clear a family name followed by a footnote mark, an index or a year, and a name of
  // three words might no longer be read at all. All of these are masked whole (`<<PERSON:1>>2`).
  it('masks the family name of `Jean Dupont2`, `John Smith3`, `Pierre Lefèvre1`', async () => {
    const session = createPii().session('name-glued-leak');
    for (const [text, family] of [
      ['Bonjour, je suis Jean Dupont2 et voilà', 'Dupont'],
      ['Patient: John Smith3, né en 1980', 'Smith'],
      ['Votre conseiller Pierre Lefèvre1 vous répond', 'Lefèvre'],
      ['Dr Anne Marie Leroy2 est absente', 'Leroy'],
    ] as const) {
      expect(await session.anonymize(text)).not.toContain(family);
    }
  });

  it('reads `Sarah Connor2` and `Jean-Pierre Martin2024` as one person each', async () => {
    const session = createPii().session('name-glued-identity');
    const masked = await session.anonymize('Ask Sarah Connor2 to call Jean-Pierre Martin2024');
    expect(masked.match(/<<PERSON:\d+>>/g)).toHaveLength(2);
  });
});
