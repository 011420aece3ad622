/**
 * A known phone number in conversations: it keeps its token and is masked whole wherever it is
 * written (inside a number grouped with no-break spaces or slashes, across a join, next to a card,
 * in every spelling a text holds), and the same text gets the same token at every turn.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const NBSP = '\u00a0';
const session = (id: string) => createPii({ store: memoryVaultStore() }).session(id);

/** A Visa number ending in `last` (Luhn-valid), in groups of four. */
function visaEndingIn(last: string): string[] {
  const luhn = (s: string) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) {
      let d = Number(s[s.length - 1 - i]);
      if (i % 2) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  };
  for (let x = 0; x < 10_000; x++) {
    const digits = `41111111${String(x).padStart(4, '0')}${last}`;
    if (luhn(digits)) return digits.match(/.{4}/g)!;
  }
  throw new Error('no card');
}

describe('a known number written next to a number grouped with no-break spaces', () => {
  // G1 and G2. 0879548's sweep read a no-break space between digits as a separator of
  // one digit run; the sweep ends the run there (a known number after `2\u00a0` or `2/`).
  // But a no-break space is also how French typography groups one number (`01 23 45 67 39`
  // with U+00A0). A run across it would let a known value's digits (here the digits of +39 015 9433 without
  // `+`, `390159433`) match from the last group of such a number into the next one
  // (`…67\u00a039 015 9433`): the two numbers cross and are masked as one span with one token.
  // The French number gets no token of its own (it takes another one when written alone, G2),
  // and its spelling is no longer a known value: where only the sweep reaches it (after a
  // stray group, `482\u00a001 23 45 67 39`), it is left in clear, whole. In generated
  // conversations under the defaults, reverting this change alone takes the messages that
  // lose characters from 35 to 31 (of 150,122).
  it('keeps two tokens for two numbers, and masks the first one when it comes back', async () => {
    const pii = createPii();
    const session = pii.session('nbsp-grouped');
    await session.anonymize('tel +39 015 9433');
    const two = `Tel.: 01${NBSP}23${NBSP}45${NBSP}67${NBSP}39 015 9433`;
    expect(await session.anonymize(two)).toBe('Tel.: <<PHONE:2>> <<PHONE:1>>');
    expect(await session.anonymize(`fax 482${NBSP}01${NBSP}23${NBSP}45${NBSP}67${NBSP}39`)).toBe(
      `fax 482${NBSP}<<PHONE:2>>`,
    );
  });

  it('does the same with a number grouped with slashes', async () => {
    const pii = createPii();
    const session = pii.session('slash-grouped');
    await session.anonymize('tel +39 015 9433');
    expect(await session.anonymize('Tel.: 01/23/45/67/39 015 9433')).toBe(
      'Tel.: <<PHONE:2>> <<PHONE:1>>',
    );
    expect(await session.anonymize('fax 482/01/23/45/67/39')).toBe('fax 482/<<PHONE:2>>');
  });

  it('masks the number when it comes back (found by the generator)', async () => {
    const pii = createPii();
    const session = pii.session('nbsp-generated');
    await session.anonymize(
      `Tel.: 0${NBSP}807${NBSP}05${NBSP}29${NBSP}39 01594${NBSP}33${NBSP}4597670 / +49 1594 33 4597670`,
    );
    const back = await session.anonymize(`fax 482${NBSP}0${NBSP}807${NBSP}05${NBSP}29${NBSP}39`);
    expect(back).not.toContain('807');
  });
});

describe('every spelling of a number the detectors found is swept', () => {
  // G1, a whole number. A sweep of a batch that looked for the values the detectors found
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
    const masked = await pii.session('every-spelling').anonymize(text);
    expect(masked).not.toContain('438');
  });
});

// Open (FINDINGS.md): a known number matched where the detector reads another number of the same
// digits leaves that number's other spellings in clear. A fix that kept the detector's reading
// as a value too made the same text change token from one turn to the next (tested below) and
// was reverted.

describe('a known number matched across a join is masked whole next to a span that holds part of it', () => {
  // G1, digits of a known number; G2, those it holds would get another value's token.
  // Dropping a sweep match taken next to digits across `/` or a no-break
  // space where a detector span at another range overlaps it (`withoutMisreadJoins`). The
  // drop assumes the detector's span masks those digits instead; but the span may hold only
  // part of the match (the detector reads `346 338 010` or `912 345 67 89` out of the known
  // number, a card read with no-break spaces ends inside it), and what the span does not hold
  // is left in clear, while the known number's remaining digits get a token of their own.
  // fc646db masked the whole known number with its token. A tel/fax pair
  // (`06 12 34 56 78/346 338 010 32`) or a Russian line number with its extension (`8 912 345
  // 67 89/90`) is enough. Suggested fix: drop the match only where the detector spans over it
  // cover every digit of it, or keep it as a crossing span masked together with them.
  it('masks the whole known number after a tel/fax slash', async () => {
    const s = session('tel-fax');
    await s.anonymize('tel +34 633 80 10 32');
    expect(await s.anonymize('tel/fax 06 12 34 56 78/346 338 010 32')).toBe(
      'tel/fax <<PHONE:2>>/<<PHONE:1>>',
    );
  });

  it('masks the whole known number written with its extension', async () => {
    const s = session('extension');
    await s.anonymize('tel +7 912 345 67 89');
    expect(await s.anonymize('тел. 8 912 345 67 89/90')).toBe('тел. <<PHONE:1>>/90');
  });

  it('leaves no digit of the known number in clear before a date', async () => {
    const s = session('before-date');
    await s.anonymize('tel +7 912 345 67 89');
    const out = await s.anonymize('звоните 8 912 345 67 89/01/10/2025');
    expect(out).not.toContain('912');
  });

  it('masks the rest of a known number a card grouped with no-break spaces ends inside', async () => {
    // The card's last group is the known number's first; the no-break-space reading adds the
    // card (it overlaps nothing the card detector found first); had the sweep's match across the
    // no-break space given way to it, `15 67 89` would be left in clear.
    const s = session('card-ends-inside');
    await s.anonymize('mon fixe: 01 11 15 67 89');
    const card = visaEndingIn('0111').join(NBSP);
    const out = await s.anonymize(`carte ${card} 15 67 89`);
    expect(out).not.toContain('15 67 89');
  });
});

describe('another reading of a known number does not take over its spelling from the next turn', () => {
  // G2: one value, two tokens across turns. Where the detector reads a known phone's
  // match with another canonical form, 5502c89 masks the text with the known token and also
  // allocates the detector's reading as a value (`otherReadings`), with the text as its
  // spelling. The vault now holds that exact spelling under the new value; the next time the
  // same text is sent, the sweep's match of the new value's spelling wins over the known
  // number's digit view, and the text gets the new token. The model saw `3497-3900-2-51` as
  // <<PHONE:2>> and now sees it as <<PHONE:3>>, two numbers. fc646db gave <<PHONE:2>> every
  // time. Suggested fix: keep the other reading's canonical form (for its other spellings) but
  // not the masked text as its spelling, or let a known match at the exact range keep its
  // token over another value's spelling (the order of the listing, not of the sweep's build).
  it('gives the same text the same token at every turn', async () => {
    const s = session('same-token');
    await s.anonymize('tel +49 32 2515380');
    expect(await s.anonymize('tel +34 973 90 02 51')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 3497-3900-2-51')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 3497-3900-2-51')).toBe('tel <<PHONE:2>>');
  });

  it("does the same with a German-shaped known French number that is not the conversation's first value", async () => {
    const s = session('same-token-second');
    await s.anonymize('tel +49 30 1234567');
    expect(await s.anonymize('tel 03 22 19 56 43')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 032 2195643')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 032 2195643')).toBe('tel <<PHONE:2>>');
  });
});
