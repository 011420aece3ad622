/**
 * Security review 15 of 2026-11-30 (joined phone numbers, numbers without their optional
 * prefix, the sweep's digit runs ended at `/` and no-break spaces, the national digits of a
 * known phone, the detection memo, and the speed merge; at fc646db): a differential review
 * against 0879548. The phone detector itself loses nothing (300,000 generated texts, 50 lists
 * of countries), and the speed merge and the memo change no output (the new tree with the
 * phone, sweep and spelling changes reverted gives 0879548's output, byte for byte, on 80,000
 * generated conversations), but in conversations (anonymize, the sweep, batches; 330,000
 * generated conversations under the defaults and six locales, 86 messages of 826,210 lose
 * characters that 0879548 masked, 75 of them whole numbers):
 * - AF1: the sweep now starts a known number at any no-break space, so inside a number grouped
 *   with no-break spaces (French typography): the match crosses that number, the two values
 *   are masked with one token, and the first one, not in the vault under its own spelling, is
 *   left in clear when it comes back.
 * - AF2: a number read in a joined chain (`… 49\u00a0074 438 66 91`) becomes the value of its
 *   canonical in the batch, and the sweep of that batch no longer reaches the other spellings
 *   of the same number that only it could mask (`Tel.074. 438. 66. 91`), masked by 0879548.
 * - AF3: a known number now also matches (after a no-break space, as national digits) where the
 *   detector reads another number of the same digits (another country's): the known token
 *   wins, the detector's number never enters the vault, and its other spellings
 *   (`49322195643`), masked by 0879548, are left in clear.
 * - AF4: the detection memo outlives the erasure of a conversation when the store drops it
 *   (another process's `forget`, an expiry) or when another session object of the conversation
 *   forgets it.
 * Each test fails on fc646db and says what it expects.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const NBSP = '\u00a0';

describe('AF1: a known number matched from inside a number grouped with no-break spaces', () => {
  // High (G1 and G2). 0879548's sweep read a no-break space between digits as a separator of
  // one digit run; fc646db ends the run there (AD1: a known number after `2\u00a0` or `2/`).
  // But a no-break space is also how French typography groups one number (`01 23 45 67 39`
  // with U+00A0). A known value's digits (here the digits of +39 015 9433 without `+`,
  // `390159433`) now match from the last group of such a number into the next one
  // (`…67\u00a039 015 9433`): the two numbers cross and are masked as one span with one token.
  // The French number gets no token of its own (it takes another one when written alone, G2),
  // and its spelling is no longer a known value: where only the sweep reaches it (after a
  // stray group, `482\u00a001 23 45 67 39`), it is left in clear, whole. In generated
  // conversations under the defaults, reverting this change alone takes the messages that
  // lose characters from 35 to 31 (of 150,122).
  it('keeps two tokens for two numbers, and masks the first one when it comes back', async () => {
    const pii = createPii();
    const session = pii.session('af1');
    await session.anonymize('tel +39 015 9433');
    const two = `Tel.: 01${NBSP}23${NBSP}45${NBSP}67${NBSP}39 015 9433`;
    expect(await session.anonymize(two)).toBe('Tel.: <<PHONE:2>> <<PHONE:1>>');
    expect(await session.anonymize(`fax 482${NBSP}01${NBSP}23${NBSP}45${NBSP}67${NBSP}39`)).toBe(
      `fax 482${NBSP}<<PHONE:2>>`,
    );
  });

  it('does the same with a number grouped with slashes', async () => {
    const pii = createPii();
    const session = pii.session('af1-slash');
    await session.anonymize('tel +39 015 9433');
    expect(await session.anonymize('Tel.: 01/23/45/67/39 015 9433')).toBe(
      'Tel.: <<PHONE:2>> <<PHONE:1>>',
    );
    expect(await session.anonymize('fax 482/01/23/45/67/39')).toBe('fax 482/<<PHONE:2>>');
  });

  it('masks the number when it comes back (found by the generator)', async () => {
    const pii = createPii();
    const session = pii.session('af1-gen');
    await session.anonymize(
      `Tel.: 0${NBSP}807${NBSP}05${NBSP}29${NBSP}39 01594${NBSP}33${NBSP}4597670 / +49 1594 33 4597670`,
    );
    const back = await session.anonymize(`fax 482${NBSP}0${NBSP}807${NBSP}05${NBSP}29${NBSP}39`);
    expect(back).not.toContain('807');
  });
});

describe('AF2: a joined number changes the spelling the sweep looks for', () => {
  // Medium (G1, a whole number). The sweep of a batch looks for the values the detectors found
  // in it, one spelling per canonical form: the first span's, with the canonical form's
  // variants. A number the reading now joins to the one before (a no-break space, `/`) is that
  // first span (`074 438 66 91`); the spelling 0879548 stored (`074. 438. 66. 91`, detected
  // later in the text) is no longer looked for, and neither digit-run variants nor the
  // national digits match `. ` separators: where only the sweep reaches it (glued to `Tel.`,
  // after an `ID`), it is left in clear, though the same text has it detected and masked under
  // that very spelling. The gap exists in 0879548 when the plain spelling comes first (`tel
  // 074 438 66 91 / 074. 438. 66. 91`), and across messages in both trees (the vault keeps
  // one spelling, and `Tel.074. 438. 66. 91` after `tel 074 438 66 91` is left in clear); the
  // joined reading makes it reachable from numbers 0879548 did not read. Under the defaults,
  // reverting the phone changes alone takes the messages that lose characters from 35 to 20 (of
  // 150,122); most of the others read are this, or its variant across messages (the spelling of
  // the vault's value changed by an earlier message). Under the six locales: 28 of 525,896.
  it('masks every occurrence of a number the text masks elsewhere under the same spelling', async () => {
    const pii = createPii();
    const text = `Tel.074. 438. 66. 91, tel 061 84 89 49${NBSP}074 438 66 91 / 074. 438. 66. 91`;
    const masked = await pii.session('af2').anonymize(text);
    expect(masked).not.toContain('438');
  });
});

// AF3 (a known number matched where the detector reads another number of the same digits,
// whose other spellings were then left in clear) stays open: its fix, which kept the detector's
// reading as a value too, made the same text change token from one turn to the next (review 16,
// AG3) and was reverted. Its inputs are in FINDINGS.md.

describe('AF4: the detection memo outlives the erasure of the conversation', () => {
  // Low (retention; forget is the right to erasure). The memo holds what the detectors found
  // in the conversation's long texts, values included. It lives on the conversation's
  // `MatcherCache`, which `forget()` drops from this process's `ConversationCaches`. But when
  // the store reports the values dropped (`forget()` in another process sharing the store, an
  // expiry, an eviction), `MatcherCache.known` starts its listing over and rebuilds the sweep,
  // and the memo stays, values and all, as long as the conversation goes on (it is dropped
  // only by this process's LRU). The same holds for another `PiiSession` object of the
  // conversation created before `forget()` (one per request: concurrent requests). Nothing is
  // masked less (detection is a function of the text); the values the erasure dropped are
  // still held in clear in memory, and a text sent again is not detected again.
  const longText = `${'Bonjour, voici le compte rendu de la réunion. '.repeat(60)}Code SECRET-4242.`;
  const counting = () => {
    const calls = { count: 0 };
    const detector: Detector = {
      name: 'code',
      detect(text) {
        calls.count++;
        const i = text.indexOf('SECRET-4242');
        return i < 0 ? [] : [{ start: i, end: i + 11, label: 'CODE' }];
      },
    };
    return { calls, detector };
  };

  it('detects a long text again after another process forgot the conversation', async () => {
    const store = memoryVaultStore();
    const { calls, detector } = counting();
    const here = createPii({ detectors: [detector], store });
    const elsewhere = createPii({ detectors: [detector], store });
    expect(await here.session('af3').anonymize(longText)).toContain('<<CODE:1>>');
    await elsewhere.session('af3').forget();
    calls.count = 0;
    await here.session('af3').anonymize(longText);
    expect(calls.count).toBe(1);
  });

  it('detects a long text again in a session object made before forget()', async () => {
    const { calls, detector } = counting();
    const pii = createPii({ detectors: [detector] });
    const request1 = pii.session('af3-b');
    const request2 = pii.session('af3-b');
    await request2.anonymize(longText);
    await request1.forget();
    calls.count = 0;
    await request2.anonymize(longText);
    expect(calls.count).toBe(1);
  });
});

describe('AF5 (pre-existing, both trees): numbers grouped with no-break spaces are not detected', () => {
  // High (G1; not a regression: 0879548 does the same). French typography groups digits with
  // a no-break space (U+00A0) or a narrow one (U+202F), and word processors put them there by
  // themselves; the phone detector and the sweep now read them (joined numbers, AD1). The card,
  // IBAN and NIR detectors take only a space, `-` or `.` between groups (`CANDIDATE` in
  // credit-card.ts, iban.ts, fr-nir.ts): a card, an IBAN or a NIR written so is not detected
  // at all, and reaches the model whole. The phone detector reads groups joined by U+00A0 but
  // not by U+202F (`06\u202f12\u202f34\u202f56\u202f78`), which it takes as a join between two
  // numbers only. (A value already known is swept in these spellings: first occurrences leak.) (The generated conversations hold many of them, in
  // clear in both trees; a known phone inside one is masked and the rest left, AF1.)
  const NNBSP = '\u202f';
  // A phone number grouped with U+202F was left open here: libphonenumber-js refuses the
  // character, and reading it as a space in the validation changed how runs of numbers were read
  // (63 of 49,943 generated messages lost digits the old reading masked). It is read now by a
  // second reading that only adds numbers (`withNarrowNoBreakSpaces`); FINDINGS.md, AF5.
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
    expect(await pii.session('af5').anonymize(text)).toBe(expected);
  });

  it('gives a phone number grouped with U+202F the token of its other spellings', async () => {
    const session = createPii().session('af5-token');
    expect(await session.anonymize('tel 06 12 34 56 78')).toBe('tel <<PHONE:1>>');
    const text = `fax +33${NNBSP}6${NNBSP}12${NNBSP}34${NNBSP}56${NNBSP}78 ou 06${NNBSP}12${NNBSP}34${NNBSP}56${NNBSP}78`;
    const masked = await session.anonymize(text);
    expect(masked).toBe('fax <<PHONE:1>> ou <<PHONE:1>>');
    expect(masked).not.toMatch(/\d{2}/);
  });
});

describe('AF6: two different texts share a key of the detection memo', () => {
  // Low (G1 with a custom detector only). The memo finds a text again by the SHA-256 digest of
  // `TextEncoder().encode(text)`, "a cryptographic digest, because a text that could be
  // written to match another's key would get that text's spans" (detection-memo.ts). But
  // `TextEncoder` writes every lone surrogate (U+D800 to U+DFFF alone: an emoji cut in two by a
  // `slice`, a stream chunk or a JSON `\ud83d` escape) as U+FFFD: texts that differ only there
  // get one key, and the second is given the spans of the first without being detected. The
  // default detectors read a lone surrogate and U+FFFD alike (21,690 insertions into the eval
  // set: no span differs), so nothing is lost with them; a detector that reads them otherwise
  // (a model, a custom rule) gets its answer for another text. Hash the UTF-16 code units
  // (the bytes of a `Uint16Array` of the text), or keep texts that are not well-formed
  // (`String.prototype.isWellFormed`) out of the memo.
  it('detects a text that differs from a remembered one', async () => {
    const calls = { count: 0 };
    const detector: Detector = {
      name: 'count',
      detect() {
        calls.count++;
        return [];
      },
    };
    const pii = createPii({ detectors: [detector] });
    const session = pii.session('af6');
    const base = 'Voici le texte du contrat. '.repeat(90);
    await session.anonymize(`${base}\ufffd fin`);
    calls.count = 0;
    await session.anonymize(`${base}\ud83d fin`);
    expect(calls.count).toBe(1);
  });
});
