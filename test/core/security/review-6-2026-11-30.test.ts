/**
 * Security review 6 of 2026-11-30 (the fixes of review 5 and the second sweep of 93721a6, at
 * ac75e53), core findings: a second differential review against the tree before the session's
 * changes. Every test here failed on the reviewed tree and passes since its fix; findings in
 * FINDINGS.md (W4, a slowdown, is measured there, not tested).
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

describe('review 6: the second sweep (G1, G2)', () => {
  it('W1: two spellings of one name in one call get one token', async () => {
    const session = createPii().session('w1');
    expect(await session.anonymize('Contact José García today. Later Jose Garcia replied.')).toBe(
      'Contact <<PERSON:1>> today. Later <<PERSON:1>> replied.',
    );
    expect(await session.anonymize('Jürgen Weiß schreibt. Gruß an Jürgen Weiss.')).toBe(
      '<<PERSON:2>> schreibt. Gruß an <<PERSON:2>>.',
    );
  });

  it('W2: a name found inside a longer known value masks its other spellings', async () => {
    const session = createPii().session('w2');
    await session.remember('ORG', 'Jean Dupont SARL');
    expect(await session.anonymize('Client: Jean Dupont SARL. Merci jean dupont.')).toBe(
      'Client: <<ORG:1>>. Merci <<PERSON:1>>.',
    );
  });
});

describe('review 6: the reading as written of a long text (G1)', () => {
  it('W3: a name glued to an encoded letter, supported by an address far away', async () => {
    const prose = 'The quarterly report is attached; totals are unchanged since the last review. ';
    const text = `Write to thaddeus.whitmore@example.com today.\n\n${prose.repeat(230)}\n\nThaddeus Whitmore&#x41; will present.`;
    expect(text.length).toBeGreaterThan(16_384);
    const session = createPii().session('w3');
    const out = await session.anonymize(text);
    expect(out).not.toMatch(/Thaddeus|Whitmore/);
    // The name's token, with or without the encoded letter glued to it (the tagger reads the
    // decoded `WhitmoreA` as one word, and a value read decoded is restored decoded).
    expect(out).toMatch(/<<PERSON:1>>(&#x41;)? will present\.$/);
    expect(await session.restore(out)).toMatch(/Thaddeus Whitmore(&#x41;|A) will present\.$/);
  });
});
