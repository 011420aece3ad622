/**
 * Values written side by side in one run (digit groups, a card glued to an address, a phone
 * read on into an IP address): each is masked whole, none left partly in clear.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

describe('values side by side in one run (G1)', () => {
  it('leaves no digit of a phone number in clear next to another number', async () => {
    // Before the fix the phone detector read runs greedily from the left: its first number ate
    // the first group of the next one, whose other digits reached the model in clear.
    const session = createPii().session('phone-runs');
    const cases = [
      ['SSN 123-45-6789 06 12 34 56 78', 'SSN <<US_SSN:1>> <<PHONE:1>>'],
      ['nums 06 12 34 56 78 07 98 76 54 32', 'nums <<PHONE:1>> <<PHONE:2>>'],
      ['phone 555 0199 06 12 34 56 78', 'phone 555 0199 <<PHONE:1>>'],
    ] as const;
    for (const [text, expected] of cases) {
      const out = await session.anonymize(text);
      expect(out).toBe(expected);
      expect(out).not.toMatch(/\d\d \d\d \d\d/);
    }
  });

  it('never leaves a detected value half in clear under a longer one read across it', async () => {
    // Before the fix, overlap resolution dropped the loser whole: the address read from `5473`
    // beat the card, whose `5469 3616 0497` reached the model; the phone read on into the IP
    // address beat it and left `.44`.
    const session = createPii().session('crossing');
    const cases = [
      ['x 5469 3616 0497 5473-ravi.subramanian@gmail.com y', 'x <<EMAIL:1>> y'],
      ['ip +49 30 901820 10.96.74.44 y', 'ip <<PHONE:1>> y'],
      [
        'cards 5448 9663 2846 3816/5448 9663 2846 3816',
        'cards <<CREDIT_CARD:1>>/<<CREDIT_CARD:1>>',
      ],
      // A phone and a card read from its `4321`: the rest of the run goes with them.
      ['tel +39 333 765 4321 4111 1111 1111 1111 fin', 'tel <<CREDIT_CARD:2>> fin'],
    ] as const;
    for (const [text, expected] of cases) {
      const out = await session.anonymize(text);
      expect(out).toBe(expected);
    }
    // The whole text is one value: it restores as it was written.
    expect(await session.restore('x <<EMAIL:1>> y')).toBe(cases[0][0]);
  });
});
