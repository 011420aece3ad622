/**
 * Values grouped with no-break spaces (U+00A0, U+202F: French typography, `Intl.NumberFormat`):
 * phone numbers, cards, IBANs and NIRs are detected and keep the token of their other spellings;
 * a second reading with U+202F adds numbers without running one on into the next value, reads no
 * card across two kinds of no-break space, and takes no date or amount for a phone number.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { creditCardDetector } from '../../../src/core/detect/detectors/credit-card';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const session = (id: string, locales?: string[]) =>
  createPii({
    store: memoryVaultStore(),
    ...(locales ? { detectors: defaultDetectors({ locales }) } : {}),
  }).session(id);

describe('numbers grouped with no-break spaces are detected', () => {
  // G1. French typography groups digits with
  // a no-break space (U+00A0) or a narrow one (U+202F), and word processors put them there by
  // themselves; the phone detector and the sweep read them (joined numbers). The card,
  // IBAN and NIR detectors take only a space, `-` or `.` between groups (`CANDIDATE` in
  // credit-card.ts, iban.ts, fr-nir.ts), so the text is read a second time with no-break
  // spaces as spaces; a phone number grouped with U+202F (`06\u202f12\u202f34\u202f56\u202f78`)
  // is read by a second reading too. (A value already known is swept in these spellings; without
  // these readings its first occurrence would leak.)
  // A phone number grouped with U+202F was left open here: libphonenumber-js refuses the
  // character, and reading it as a space in the validation changed how runs of numbers were read
  // (63 of 49,943 generated messages lost digits the old reading masked). It is read now by a
  // second reading that only adds numbers (`withNarrowNoBreakSpaces`).
  it.each([
    [
      'a phone number (U+202F)',
      `tél 06${NNBSP}12${NNBSP}34${NNBSP}56${NNBSP}78`,
      'tél <<PHONE:1>>',
    ],
    ['a US phone number (U+202F)', `call (415)${NNBSP}555-2671`, 'call <<PHONE:1>>'],
    ['a card (U+00A0)', `card 4111${NBSP}1111${NBSP}1111${NBSP}1111`, 'card <<CREDIT_CARD:1>>'],
    ['a card (U+202F)', `card 4111${NNBSP}1111${NNBSP}1111${NNBSP}1111`, 'card <<CREDIT_CARD:1>>'],
    [
      'an IBAN (U+202F)',
      `IBAN FR76${NNBSP}3000${NNBSP}6000${NNBSP}0112${NNBSP}3456${NNBSP}7890${NNBSP}189`,
      'IBAN <<IBAN:1>>',
    ],
    [
      'a NIR (U+00A0)',
      `NIR 1${NBSP}85${NBSP}05${NBSP}78${NBSP}006${NBSP}084${NBSP}91`,
      'NIR <<FR_NIR:1>>',
    ],
  ])('masks %s', async (_name, text, expected) => {
    const pii = createPii();
    expect(await pii.session('nbsp-values').anonymize(text)).toBe(expected);
  });

  it('gives a phone number grouped with U+202F the token of its other spellings', async () => {
    const session = createPii().session('nnbsp-token');
    expect(await session.anonymize('tel 06 12 34 56 78')).toBe('tel <<PHONE:1>>');
    const text = `fax +33${NNBSP}6${NNBSP}12${NNBSP}34${NNBSP}56${NNBSP}78 ou 06${NNBSP}12${NNBSP}34${NNBSP}56${NNBSP}78`;
    const masked = await session.anonymize(text);
    expect(masked).toBe('fax <<PHONE:1>> ou <<PHONE:1>>');
    expect(masked).not.toMatch(/\d{2}/);
  });
});

describe('no card is read across two numbers grouped with two kinds of no-break space', () => {
  // G2 (two values, one token) and precision. `withNoBreakSpaces` reads the text again with
  // every U+00A0 and U+202F as a space, and keeps what it finds grouped with no-break spaces
  // only. The card detector keeps one separator style per card (`4111 1111-1111 1111` is two
  // things), but the second reading has made the two kinds one. `+39 314 343 6636` and `082172
  // 87570` (an Indian number), each grouped with U+202F and joined by U+00A0, hold `6636 082172
  // 87570`: a Maestro number in the American Express layout, Luhn-valid. It overlaps nothing the
  // card detector found first, so it is added; where both numbers are known, the card crosses
  // both sweep matches and the three are masked as one CREDIT_CARD token whose value is both
  // phone numbers. fc646db masked them with their own tokens. Suggested fix: read the text once
  // per kind of no-break space (or keep a span only if the no-break spaces in it are of one kind),
  // as the first reading keeps one separator style.
  const text = `tel +39${NNBSP}314${NNBSP}343${NNBSP}6636${NBSP}082172${NNBSP}87570 merci`;

  it('reads no card where the groups use two kinds of no-break space', () => {
    expect(creditCardDetector().detect(text)).toEqual([]);
  });

  it('keeps the tokens of two known numbers', async () => {
    const s = session('two-kinds');
    await s.anonymize('tel +39 314 343 6636');
    await s.anonymize('mob 082172 87570');
    expect(await s.anonymize(text)).toBe(`tel <<PHONE:1>>${NBSP}<<PHONE:2>> merci`);
  });
});

describe('the U+202F reading does not run a number on into the next value', () => {
  // G2: a known number or card would get another token, whose value holds digits of the next
  // value; G1: what the run-on leaves of the next value would stay in clear. 4e6194d masked the known value with its token (and left the U+202F number in
  // clear). The misreading is older: 4e6194d makes it on the same text grouped with spaces or
  // U+00A0, which the second reading is. Suggested fix: the second reading adds a number only
  // where it ends where the U+202F grouping ends (no run-on across a space, `(`, `)` or into a
  // group of another value), and never across another detector's value or a known value.
  it('keeps the token of a known German number before a French number in parentheses (fr-FR)', async () => {
    const s = session('de-before-fr', ['fr-FR']);
    expect(await s.anonymize('tel +49 89 1238780')).toBe('tel <<PHONE:1>>');
    // f6f7c44: `et <<PHONE:2>>\u202f20\u202f64, merci` (`+49…1238780 (0450 14` read as one number).
    expect(
      await s.anonymize(
        `et +49${NNBSP}89${NNBSP}1238780 (0450${NNBSP}14${NNBSP}20${NNBSP}64, merci`,
      ),
    ).toBe('et <<PHONE:1>> (<<PHONE:2>>, merci');
  });

  // The card case (`card 4009 6051 5702 3648\u202f07401\u202f760920`: the card's last group
  // read with the next number as an Italian one) is how the text grouped with U+00A0 is read in
  // both trees; it stays open (FINDINGS.md).

  it('keeps the token of a known Austrian number before a time (de-DE)', async () => {
    const s = session('at-before-time', ['de-DE']);
    expect(await s.anonymize('tel +43 664 849109')).toBe('tel <<PHONE:1>>');
    // f6f7c44: `<<PHONE:2>>\u202fh\u202f37`: the hour is read into the number.
    expect(await s.anonymize(`+43${NNBSP}664${NNBSP}849109 21${NNBSP}h${NNBSP}37`)).toBe(
      `<<PHONE:1>> 21${NNBSP}h${NNBSP}37`,
    );
  });
});

describe('a date with narrow no-break spaces around its slashes is not a phone number', () => {
  // Precision; G2 in effect: the date would get a PHONE token, and from then on the sweep mask
  // the same date written with spaces. For U+202F: 4e6194d reads the U+00A0 copy so, not
  // the copy with spaces (` / ` lists numbers; the date pattern wants `/` alone). 358 of 1,000
  // generated `dd\u202f/\u202fmm\u202f/\u202fyyyy`, 336 of 1,000 `du dd/mm au dd/mm/yyyy` so
  // written. Suggested fix: read `/` between no-break spaces as the date pattern and the run
  // split read ` / `.
  it.each([
    [`le 07${NNBSP}/${NNBSP}10${NNBSP}/${NNBSP}2009`],
    [`du 26${NNBSP}/${NNBSP}11 au 07${NNBSP}/${NNBSP}03${NNBSP}/${NNBSP}2018`],
  ])('leaves %j as it is', async (text) => {
    expect(await session('nnbsp-date').anonymize(text)).toBe(text);
  });
});

// Open (FINDINGS.md): a number grouped with U+202F and with spaces or U+00A0 at once keeps
// digits in clear. The reading above reads a number grouped with
// U+202F apart from what a space separates from it, which such a number needs to be read whole.

describe('amounts formatted by Intl.NumberFormat("fr-FR") (U+202F groups) are not phone numbers', () => {
  // Precision (an older reading: 4e6194d reads the same amounts grouped
  // with U+00A0, or spaces, as phone numbers under the default detectors). 396 of 2,000
  // generated amounts of 7 to 12 digits, 0 on 4e6194d. U+202F is what software writes in
  // French amounts; people rarely type it. Suggested fix: no number whose groups are all
  // threes after the first (`\d{1,3}(\u202f\d{3})+`) from the second reading, or none before
  // `,dd €`, `€`, `euros`, `habitants`.
  const fr = new Intl.NumberFormat('fr-FR');
  it.each([
    [`Le budget est de ${fr.format(720428905)} euros.`],
    [`Montant : ${fr.format(9375165933)}`],
    [
      `Montant : ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(685211730.95)}`,
    ],
  ])('leaves %j as it is', async (text) => {
    expect(text).toContain('\u202f');
    // f71cfe9: `Le budget est de <<PHONE:1>> euros.`
    expect(await session('fr-amounts').anonymize(text)).toBe(text);
  });
});
