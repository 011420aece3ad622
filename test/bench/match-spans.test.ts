import { describe, expect, it } from 'vitest';
import { matchSpans } from '../../bench/external/match-spans';

const P = (start: number, end: number, label = 'PERSON') => ({ start, end, label });

describe('matchSpans (same label, overlap ≥ 50 % of both spans, one-to-one)', () => {
  it('matches a name without its title: 6 of 10 and 6 of 6 characters', () => {
    const r = matchSpans([P(0, 10)], [P(4, 10)]);
    expect(r.pairs).toHaveLength(1);
    expect(r.missed).toEqual([]);
    expect(r.spurious).toEqual([]);
  });

  it('rejects a prediction that covers under half of the gold span', () => {
    // gold 'Anna Maria Lopez' (16), predicted 'Lopez' (5)
    const r = matchSpans([P(0, 16)], [P(11, 16)]);
    expect(r.pairs).toEqual([]);
    expect(r.missed).toEqual([P(0, 16)]);
    expect(r.spurious).toEqual([P(11, 16)]);
  });

  it('rejects a prediction mostly outside the gold span', () => {
    // gold 'Ann' (3), predicted 'Ann said that' (13)
    expect(matchSpans([P(0, 3)], [P(0, 13)]).pairs).toEqual([]);
  });

  it('accepts exactly half of both', () => {
    expect(matchSpans([P(0, 4)], [P(2, 6)]).pairs).toHaveLength(1);
  });

  it('never matches across labels', () => {
    const r = matchSpans([P(0, 5)], [P(0, 5, 'LOCATION')]);
    expect(r.pairs).toEqual([]);
    expect(r.missed).toHaveLength(1);
    expect(r.spurious).toHaveLength(1);
  });

  it('is one-to-one: two predictions on one name give one hit and one false alarm', () => {
    const r = matchSpans([P(0, 8)], [P(0, 6), P(1, 8)]);
    expect(r.pairs).toEqual([[P(0, 8), P(1, 8)]]);
    expect(r.spurious).toEqual([P(0, 6)]);
  });

  it('takes the largest overlap first, whatever the order of predictions', () => {
    const gold = [P(0, 4), P(4, 8)];
    const a = matchSpans(gold, [P(2, 6), P(4, 8)]);
    const b = matchSpans(gold, [P(4, 8), P(2, 6)]);
    expect(a.pairs).toEqual([
      [P(0, 4), P(2, 6)],
      [P(4, 8), P(4, 8)],
    ]);
    expect(b.pairs).toEqual(a.pairs);
  });
});
