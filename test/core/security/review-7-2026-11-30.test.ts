/**
 * Security review 7 of 2026-11-30 (the fixes of review 6, at 3748256): a third differential
 * review, of the API-key start scan, the e-mail addresses kept in the excerpt read as written,
 * and batches mixing encoded and plain spellings. X2 failed on the reviewed tree; X3 records a
 * change of the session that the review found (one token where there were two). X1, a slowdown,
 * is measured in FINDINGS.md.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

describe('review 7', () => {
  it('X2: a run too long for an address, in a long encoded text, is not read as one', async () => {
    const fill = 'The quarterly report is attached. '.repeat(600);
    const text = `${fill}\n\nmail ${'a'.repeat(70)}@example.fr here\n\n${fill}\n\ncaf&eacute;\n`;
    expect(text.length).toBeGreaterThan(16_384);
    const session = createPii().session('x2');
    const out = await session.anonymize(text);
    expect(out).toContain(`mail ${'a'.repeat(70)}@example.fr here`);
    expect(await session.entries()).toEqual([]);
  });

  it('X3: an address percent-encoded and written plainly is one value, stored decoded', async () => {
    const session = createPii().session('x3');
    const out = await session.anonymizeMany(
      ['Write to ottoline%2Elefevre@example.fr', 'or ottoline.lefevre@example.fr'],
      { role: 'tool' },
    );
    expect(out).toEqual(['Write to <<EMAIL:1>>', 'or <<EMAIL:1>>']);
    expect(await session.restore('<<EMAIL:1>>')).toBe('ottoline.lefevre@example.fr');
  });
});
