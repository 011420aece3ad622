/**
 * Security review 17 of 2026-11-30 (f6f7c44: phone numbers grouped with narrow no-break spaces,
 * U+202F, read by a second reading of the text with U+202F as U+00A0, `withNarrowNoBreakSpaces`):
 * a differential review against 4e6194d on 36,000 generated texts (detector and pipeline level,
 * under the defaults and `locales` ru-RU, en-IN, de-DE, fr-FR) and 40,000 generated
 * conversations (99,911 messages, 179,733 outputs: the history sent again at every turn, 70% of
 * the turns as one batch, 12% of the messages JSON-escaped tool results, a quarter with a
 * remembered phone number). No text leaves in clear a digit that 4e6194d masked (0 of 36,000
 * texts, 0 of 179,733 outputs); the detector only adds spans, and they are merged, never lost.
 * - AH1: the second reading brings to text grouped with U+202F the readings that run a number
 *   on into the next value (an open-length German or Austrian number on into the first groups
 *   of the next number or into the hour of a time, a card's last group read with the next
 *   number's first group as an Italian number): 4e6194d does the same on the copy grouped with
 *   spaces or U+00A0, but on the text itself it masked the known number, or the card, with its
 *   own token. Now that value gets a new token whose value holds digits of the next value (a
 *   phone value, or a merged span), and what the run-on leaves of the next value stays in clear.
 *   128 of the 99,911 last-turn messages (41 with a remembered number); values allocated whose
 *   text crosses two generated values: 3,074 (1,975 on 4e6194d).
 * - AH2: a date written with narrow no-break spaces around its slashes (`07\u202f/\u202f10\u202f/\u202f2009`)
 *   is read as a phone number: 358 of 1,000 such dates (0 on 4e6194d, 0 with ASCII spaces, where
 *   ` / ` lists numbers; 358 on 4e6194d's U+00A0 copy). From then on the sweep masks the same
 *   date written with spaces too.
 * - AH3 (both trees): a number grouped with U+202F and ASCII spaces, part of which the first
 *   reading reads as another number, keeps the rest in clear: the second reading's whole number
 *   overlaps that part and is dropped (`tél 0450 39 45\u202f84` masks `0450 39 45` and leaves
 *   `84`; its U+00A0 and space copies are masked whole). 148 of 31,662 generated numbers
 *   grouped with U+202F leave more digits in clear than their U+00A0 copy.
 * - AH4 (both trees): a number that the second reading reads on over a U+00A0 into the next
 *   value is dropped whole (its value holds U+00A0): `+43\u202f664\u202f857522\u00a0` before a
 *   card stays in clear (4e6194d masks the U+00A0 copy). Numbers grouped with both kinds of
 *   no-break space are refused on purpose (phone.test.ts): 2,716 of 3,904 such generated
 *   numbers keep digits in clear, against about a quarter for any one separator style.
 * - AH5 (older, both trees, found while reading JSON tool results): after an escaped newline
 *   (`\n` in a JSON string), the `+` of an international number is glued to the `n`: the
 *   country code stays in clear and the rest is read as another country's national number,
 *   with another token than the same number written elsewhere.
 * Cost: the second reading is linear (the phone detector on 12.5 to 100 KB of U+202F digit
 * groups: 1.2 to 2.3 times 4e6194d's time at every size); no finding.
 * Each test fails on f6f7c44 and says what it expects. AH1 (but its card case), AH2 and AH5 are
 * fixed; AH3 and AH4 are open (FINDINGS.md).
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const NNBSP = '\u202f';
const session = (id: string, locales?: string[]) =>
  createPii({
    store: memoryVaultStore(),
    ...(locales ? { detectors: defaultDetectors({ locales }) } : {}),
  }).session(id);

describe('AH1: the second reading runs a number grouped with U+202F on into the next value', () => {
  // Medium (G2: a known number or card gets another token, whose value holds digits of the next
  // value; G1: what the run-on leaves of the next value stays in clear). A regression on the
  // text itself: 4e6194d masked the known value with its token (and left the U+202F number in
  // clear). The misreading is older: 4e6194d makes it on the same text grouped with spaces or
  // U+00A0, which the second reading is. Suggested fix: the second reading adds a number only
  // where it ends where the U+202F grouping ends (no run-on across a space, `(`, `)` or into a
  // group of another value), and never across another detector's value or a known value.
  it('keeps the token of a known German number before a French number in parentheses (fr-FR)', async () => {
    const s = session('ah1-de-fr', ['fr-FR']);
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
  // both trees; it stays open (FINDINGS.md, review 17).

  it('keeps the token of a known Austrian number before a time (de-DE)', async () => {
    const s = session('ah1-at-time', ['de-DE']);
    expect(await s.anonymize('tel +43 664 849109')).toBe('tel <<PHONE:1>>');
    // f6f7c44: `<<PHONE:2>>\u202fh\u202f37`: the hour is read into the number.
    expect(await s.anonymize(`+43${NNBSP}664${NNBSP}849109 21${NNBSP}h${NNBSP}37`)).toBe(
      `<<PHONE:1>> 21${NNBSP}h${NNBSP}37`,
    );
  });
});

describe('AH2: a date with narrow no-break spaces around its slashes is read as a phone number', () => {
  // Low (precision; G2 in effect: the date gets a PHONE token, and from then on the sweep masks
  // the same date written with spaces). New for U+202F: 4e6194d reads the U+00A0 copy so, not
  // the copy with spaces (` / ` lists numbers; the date pattern wants `/` alone). 358 of 1,000
  // generated `dd\u202f/\u202fmm\u202f/\u202fyyyy`, 336 of 1,000 `du dd/mm au dd/mm/yyyy` so
  // written. Suggested fix: read `/` between no-break spaces as the date pattern and the run
  // split read ` / `.
  it.each([
    [`le 07${NNBSP}/${NNBSP}10${NNBSP}/${NNBSP}2009`],
    [`du 26${NNBSP}/${NNBSP}11 au 07${NNBSP}/${NNBSP}03${NNBSP}/${NNBSP}2018`],
  ])('leaves %j as it is', async (text) => {
    expect(await session('ah2').anonymize(text)).toBe(text);
  });
});

// AH3 and AH4 (both trees: a number grouped with U+202F and with spaces or U+00A0 at once) stay
// open; their inputs are in FINDINGS.md (review 17). The fix of AH1 reads a number grouped with
// U+202F apart from what a space separates from it, which such a number needs to be read whole.

describe('AH5 (older, both trees): an international number after an escaped newline in JSON', () => {
  // Low (G1: the country code in clear; G2: the number gets another country's canonical form,
  // and another token than the same number elsewhere). The JSON string is read as written (the
  // text holds no escape that a decoded reading is made for), and the `n` of `\n` glues the `+`.
  it('masks `+33 6 12 34 56 78` after `\\n` whole, with the token of the same number written elsewhere', async () => {
    const s = session('ah5');
    // f6f7c44 and 4e6194d: `{"result":"ok\\n+33 <<PHONE:1>>"}`, PHONE:1 being +34612345678.
    expect(await s.anonymize('{"result":"ok\\n+33 6 12 34 56 78"}', { role: 'tool' })).toBe(
      '{"result":"ok\\n<<PHONE:1>>"}',
    );
    expect(await s.anonymize('tel +33 6 12 34 56 78')).toBe('tel <<PHONE:1>>');
  });
});
