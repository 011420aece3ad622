/**
 * Security review 16 of 2026-11-30 (the fixes of review 15, fc646db..5502c89: the sweep's
 * matches across a join giving way to detector spans, every detected spelling swept, other
 * readings of a known phone kept as values, cards/IBANs/NIRs grouped with no-break spaces, the
 * detection memo's life): a differential review against fc646db and 0879548 on 44,000
 * generated conversations (30,000 under the defaults, 7,000 with `locales: ['ru-RU']`, 7,000
 * with `['en-IN']`; about 132,000 messages, 30% of the conversations with a batch).
 * - AG1: `withoutMisreadJoins` drops a known (or fresh) match taken next to digits across a
 *   slash or a no-break space wherever a detector span at another range overlaps it, even when
 *   that span holds only part of it: the rest of the known number is left in clear, and the
 *   part the detector read is masked as another value (a second token for the digits of a
 *   known number). fc646db masked all of it with the known token. In the generated
 *   conversations with the defaults, 114 of 48,263 messages (24,000 conversations measured
 *   with this check) leave in clear digits that fc646db masked and differ from 0879548's output;
 *   most are this.
 * - AG2: the no-break-space reading of cards reads U+00A0 and U+202F as one separator style
 *   (both become a space), where the first reading refuses a card grouped with two styles
 *   (`6636-082172 87570`): two phone numbers grouped with U+202F and joined by U+00A0 become a
 *   card (4-6-5, Maestro, one in ten passes Luhn) that crosses both, and two known numbers are
 *   masked with one CREDIT_CARD token whose value holds both. In 30,000 generated texts of
 *   numbers joined and grouped with no-break spaces, the three detectors of the second reading
 *   add 51 spans (0 on fc646db), most of them across two numbers.
 * - AG3: the other reading of a known phone (`otherReadings`, AF3's fix) is allocated as a
 *   value whose spelling is the text the known token masked; from the next turn on, that exact
 *   spelling is swept as the new value: the same text gets one token, then another. In 6,000
 *   generated conversations built for it (a known number, its digits regrouped as another
 *   country's), the same message sent twice in a row gets two different tokens in 389
 *   (0 on fc646db).
 * Each test fails on 5502c89 and says what it expects.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { creditCardDetector } from '../../../src/core/detect/detectors/credit-card';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
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

describe('AG1: a known number matched across a join gives way to a span that holds only part of it', () => {
  // Medium (G1, digits of a known number; G2, those it holds get another value's token).
  // Review 15's AF1 fix drops a sweep match taken next to digits across `/` or a no-break
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
    const s = session('ag1-fax');
    await s.anonymize('tel +34 633 80 10 32');
    expect(await s.anonymize('tel/fax 06 12 34 56 78/346 338 010 32')).toBe(
      'tel/fax <<PHONE:2>>/<<PHONE:1>>',
    );
  });

  it('masks the whole known number written with its extension', async () => {
    const s = session('ag1-ext');
    await s.anonymize('tel +7 912 345 67 89');
    expect(await s.anonymize('тел. 8 912 345 67 89/90')).toBe('тел. <<PHONE:1>>/90');
  });

  it('leaves no digit of the known number in clear before a date', async () => {
    const s = session('ag1-date');
    await s.anonymize('tel +7 912 345 67 89');
    const out = await s.anonymize('звоните 8 912 345 67 89/01/10/2025');
    expect(out).not.toContain('912');
  });

  it('masks the rest of a known number a card grouped with no-break spaces ends inside', async () => {
    // The card's last group is the known number's first; the no-break-space reading adds the
    // card (it overlaps nothing the card detector found first), the sweep's match across the
    // no-break space gives way to it, and `15 67 89` is left in clear. fc646db masked
    // `0111 15 67 89` with the known token (and left the card in clear: AF5).
    const s = session('ag1-card');
    await s.anonymize('mon fixe: 01 11 15 67 89');
    const card = visaEndingIn('0111').join(NBSP);
    const out = await s.anonymize(`carte ${card} 15 67 89`);
    expect(out).not.toContain('15 67 89');
  });
});

describe('AG2: a card read across two numbers grouped with two kinds of no-break space', () => {
  // Medium (G2: two values, one token; precision). `withNoBreakSpaces` reads the text again with
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
    const s = session('ag2');
    await s.anonymize('tel +39 314 343 6636');
    await s.anonymize('mob 082172 87570');
    expect(await s.anonymize(text)).toBe(`tel <<PHONE:1>>${NBSP}<<PHONE:2>> merci`);
  });
});

describe('AG3: an other reading of a known number takes over its spelling from the next turn', () => {
  // Medium (G2: one value, two tokens across turns). Where the detector reads a known phone's
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
    const s = session('ag3');
    await s.anonymize('tel +49 32 2515380');
    expect(await s.anonymize('tel +34 973 90 02 51')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 3497-3900-2-51')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 3497-3900-2-51')).toBe('tel <<PHONE:2>>');
  });

  it("does the same with review 15's AF3 number when it is not the conversation's first value", async () => {
    const s = session('ag3-af3');
    await s.anonymize('tel +49 30 1234567');
    expect(await s.anonymize('tel 03 22 19 56 43')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 032 2195643')).toBe('tel <<PHONE:2>>');
    expect(await s.anonymize('tel 032 2195643')).toBe('tel <<PHONE:2>>');
  });
});
