import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { luhn, mod97 } from '../../../src/core/detect/detectors/checksums';
import { IBAN_LENGTHS } from '../../../src/core/detect/detectors/iban';
import { BBAN_FORMATS, bbanLength } from '../../../src/core/detect/detectors/iban-formats';

// Hundreds of texts through the whole pipeline per property: slow on a busy machine.
const pii = createPii();
let conversation = 0;
const masked = (text: string) => pii.session(`mistyped-${conversation++}`).anonymize(text);

const DIGIT = fc.integer({ min: 0, max: 9 }).map(String);
const LETTER = fc.integer({ min: 65, max: 90 }).map((c) => String.fromCharCode(c));

/** A valid IBAN of a SEPA country, drawn from its BBAN structure, its check digits computed. */
const validIban = fc
  .constantFrom(...Object.keys(BBAN_FORMATS))
  .chain((country) => {
    const parts = [...BBAN_FORMATS[country]!.matchAll(/(\d{1,2})([nac])/g)].map(([, n, c]) =>
      fc
        .array(c === 'n' ? DIGIT : c === 'a' ? LETTER : fc.oneof(DIGIT, LETTER), {
          minLength: Number(n),
          maxLength: Number(n),
        })
        .map((xs) => xs.join('')),
    );
    return fc.tuple(fc.constant(country), ...parts);
  })
  .map(([country, ...parts]) => {
    const bban = parts.join('');
    const check = String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
    return `${country}${check}${bban}`;
  });

/** A valid card number of a known network (Visa or Mastercard, 16 digits). */
const validCard = fc
  .tuple(fc.constantFrom('4', '51', '52', '55'), fc.array(DIGIT, { minLength: 14, maxLength: 14 }))
  .map(([prefix, rest]) => {
    const body = (prefix + rest.join('')).slice(0, 15);
    for (let d = 0; d <= 9; d++) if (luhn(`${body}${d}`)) return `${body}${d}`;
    throw new Error('unreachable');
  });

/** A typo: one digit changed (after the country code and check digits for an IBAN). */
const typo = (value: string, at: number, by: number) => {
  const digits = [...value].map((c, i) => (/\d/.test(c) && i >= 2 ? i : -1)).filter((i) => i >= 0);
  const i = digits[at % digits.length]!;
  return value.slice(0, i) + String((Number(value[i]) + by) % 10) + value.slice(i + 1);
};

const inFours = (value: string) => value.match(/.{1,4}/g)!.join(' ');

/** The labels of values made of digits, other than IBAN and card. */
const DIGIT_LABELS = ['PHONE', 'US_SSN', 'FR_NIR', 'IP_ADDRESS', 'FR_SIRET', 'FR_SIREN'];

/** The labels of the tokens in `out`. */
const labels = (out: string) => [...out.matchAll(/<<([A-Z][A-Z0-9_]*):\d+>>/g)].map((m) => m[1]);

describe('a mistyped IBAN or card', () => {
  it('holds the IBAN registry lengths in every BBAN structure', () => {
    for (const [country, format] of Object.entries(BBAN_FORMATS)) {
      expect(4 + bbanLength(format), country).toBe(IBAN_LENGTHS[country]);
    }
  });

  it('masks an IBAN with one wrong digit whole, never a part of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        validIban,
        fc.nat(40),
        fc.integer({ min: 1, max: 9 }),
        async (iban, at, by) => {
          const wrong = inFours(typo(iban, at, by));
          const out = await masked(`Mon IBAN : ${wrong}, merci`);
          expect(out).toBe('Mon IBAN : <<IBAN:1>>, merci');
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('masks a card with one wrong digit whole, never a part of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        validCard,
        fc.nat(20),
        fc.integer({ min: 1, max: 9 }),
        async (card, at, by) => {
          const wrong = inFours(typo(card, at, by));
          const out = await masked(`card ${wrong} exp soon`);
          expect(out).toBe('card <<CREDIT_CARD:1>> exp soon');
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('never masks a digit of one with a digit missing or added under another label', async () => {
    // Its length is no IBAN's or card's any more: it is not one (or a valid card and a digit
    // after it). What is masked of it is masked as what it is, never as a phone number read in
    // its groups with the rest left in clear.
    const cases = fc.tuple(fc.oneof(validIban, validCard), fc.nat(40), DIGIT, fc.boolean());
    await fc.assert(
      fc.asyncProperty(cases, async ([value, at, digit, drop]) => {
        const i = 4 + (at % (value.length - 4));
        const changed = drop
          ? value.slice(0, i) + value.slice(i + 1)
          : value.slice(0, i) + digit + value.slice(i);
        const out = await masked(`see ${inFours(changed)} below`);
        for (const label of labels(out)) expect(DIGIT_LABELS, out).not.toContain(label);
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
