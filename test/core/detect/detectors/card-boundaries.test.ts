/**
 * Where a card number starts and ends: after another number in the same spacing, before a
 * letter glued to a longer reading, after a slash.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../../src/core/create-pii';
import { memoryVaultStore } from '../../../../src/core/vault/memory-store';

const session = () => createPii({ store: memoryVaultStore() }).session('cards');

describe('card numbers among other digits and letters (G1)', () => {
  it('masks the last group of a card after a 4-digit number in the same spacing', async () => {
    // Read from the leftmost group only, the longest stretch that passes Luhn and a network
    // check is `2200 4111 1111 1111` (Mir, Luhn-valid, 1 prefix in 10 passes): the real card
    // `4111 1111 1111 1111` would lose its first three groups to it, `1111` would reach the model
    // and the vault would hold a card number that was never written. Every group may start one.
    const session = createPii().session('card-after-number');
    for (const [prefix, card] of [
      ['2200', '4111 1111 1111 1111'],
      ['2224', '5555 5555 5555 4444'],
      ['2234', '4970 1000 0000 0063'],
    ] as const) {
      const out = await session.anonymize(`code ${prefix} ${card} merci`);
      expect(out).not.toContain(card.slice(-4));
    }
  });

  it('masks `6011 0009 9013 9424` when its longer reading is glued to a letter (`18h`)', async () => {
    // The longest valid reading from a group may be glued to a letter; the shorter valid reading
    // that stands alone (the card itself) is then taken.
    // Discover, JCB, UnionPay, Mir, Diners and Maestro allow 17-19 digits: 1 group of 1-3
    // digits in 10 after them completes a Luhn-valid longer reading.
    const session = createPii().session('card-before-letter');
    for (const text of [
      'Carte 6011 0009 9013 9424 18h ok',
      'Carte 6011 0009 9013 9424 9h ok',
      'Carte 6011-0009-9013-9424-18h ok',
    ]) {
      expect(await session.anonymize(text)).not.toContain('9424');
    }
  });
});

describe('a card number right after a slash', () => {
  // G1. A look-behind that refused a number after `/` would leave `Carte 12/4111 1111 1111 1111` (a
  // date or a label, then the card) whole in clear. A slash now ends what comes
  // before, as a space does; Luhn, the issuer ranges and the grouping still decide.
  for (const text of ['Carte 12/4111 1111 1111 1111', 'visa/4111111111111111 merci']) {
    it(`masks the card in ${JSON.stringify(text)}`, async () => {
      const out = await session().anonymize(text);
      expect(out).not.toContain('1111');
      expect(out).toContain('<<CREDIT_CARD:1>>');
    });
  }
});
