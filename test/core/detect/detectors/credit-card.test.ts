import { describe, expect, it } from 'vitest';
import {
  creditCardDetector,
  knownCardNetwork,
} from '../../../../src/core/detect/detectors/credit-card';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { canonicals, found } from './helpers';

const card = creditCardDetector();

describe('creditCardDetector', () => {
  it.each([
    ['Visa 4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['MC 5555-5555-5555-4444', '5555-5555-5555-4444'],
    ['Amex 3782 822463 10005', '3782 822463 10005'],
    ['Discover 6011111111111117', '6011111111111117'],
    ['JCB 3530 1113 3330 0000', '3530 1113 3330 0000'],
    ['Diners 3056 9309 0259 04', '3056 9309 0259 04'],
    ['Mastercard 2-series 2223 0031 2200 3222', '2223 0031 2200 3222'],
  ])('finds %j', (text, value) => {
    expect(found(card, text)).toEqual([value]);
  });

  it('sets the digits as canonical form', () => {
    expect(canonicals(card, '4111-1111-1111-1111')).toEqual(['4111111111111111']);
  });

  it('finds a card in a CSV field, not in the decimals after a comma', () => {
    expect(found(card, 'name,card\nJean,4111 1111 1111 1111,12/27')).toEqual([
      '4111 1111 1111 1111',
    ]);
    expect(found(card, 'id,card\n100234,4111 1111 1111 1111,12/27\n7,5555555555554444')).toEqual([
      '4111 1111 1111 1111',
      '5555555555554444',
    ]);
    expect(found(card, 'ratio 0,4111111111111111 exactly')).toEqual([]);
  });

  it('stops before an expiry date or a CVC that follows', () => {
    expect(found(card, 'carte 4111 1111 1111 1111 1227 123')).toEqual(['4111 1111 1111 1111']);
  });

  it('reads cards in long runs of digit groups and after numbers of another style', () => {
    // The run is longer than the candidate pattern's 41 characters.
    expect(found(card, 'IT11 X269 7591 0810 1334 8466 620 2221 2220 5727 8003')).toEqual([
      '2221 2220 5727 8003',
    ]);
    expect(found(card, 'ssn 536-22-8174 6011-0584-1698-4518')).toEqual(['6011-0584-1698-4518']);
    // `56 78 4325 5353 7940` passes Luhn and names a network, but no card is printed 2-2-4-4-4.
    expect(found(card, 'tel 06 12 34 56 78 4325 5353 7940 4895')).toEqual(['4325 5353 7940 4895']);
    expect(found(card, 'Amex 3782 822463 10005, Diners 3056 930902 5904')).toEqual([
      '3782 822463 10005',
      '3056 930902 5904',
    ]);
  });

  it('finds a card after an unrelated number in the same run', () => {
    expect(found(card, 'ref 12 4111 1111 1111 1111')).toEqual(['4111 1111 1111 1111']);
  });

  it('has exact offsets next to CJK and emoji', () => {
    const text = '卡号💳4111111111111111。';
    const [span] = card.detect(text) as unknown as { start: number; end: number }[];
    expect(text.slice(span!.start, span!.end)).toBe('4111111111111111');
  });

  it('finds a card printed in groups whose check fails whole, less sure (mistyped)', () => {
    // Masked whole or not at all: a mistyped card never leaves digits in clear beside a value
    // read in it. Printed in three groups or more, with a known network's prefix and length.
    const spans = card.detect('Carte 4111 1111 1111 1112, exp 12/27') as DetectedSpan[];
    expect(spans.map((s) => [s.value, s.score])).toEqual([['4111 1111 1111 1112', 0.5]]);
    expect(found(card, '3782 822463 10006')).toEqual(['3782 822463 10006']);
    // A valid reading wins over a longer mistyped one.
    expect(found(card, '4111 1111 1111 1111 1')).toEqual(['4111 1111 1111 1111']);
  });

  it('refuses Luhn failures not printed as cards, unknown networks, mixed separators and longer numbers', () => {
    expect(found(card, '4111111111111112')).toEqual([]);
    expect(found(card, '4111 111111111112')).toEqual([]);
    expect(found(card, '1234 5678 9012 3452')).toEqual([]); // Luhn-valid, no network
    expect(found(card, '4111 1111-1111 1111')).toEqual([]);
    expect(found(card, 'tracking 41111111111111110000')).toEqual([]);
    expect(found(card, 'ID4111111111111111')).toEqual([]);
    expect(found(card, 'v4111111111111111 and 1.4111111111111111')).toEqual([]);
  });

  it('knows network lengths', () => {
    expect(knownCardNetwork('378282246310005')).toBe(true);
    expect(knownCardNetwork('3782822463100050')).toBe(false);
    expect(knownCardNetwork('5555555555554444')).toBe(true);
    expect(knownCardNetwork('9555555555554444')).toBe(false);
  });
});
