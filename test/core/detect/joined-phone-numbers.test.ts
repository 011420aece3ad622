/**
 * Phone numbers joined to the one before by a slash or a no-break space (`Tel 06 12 34 56
 * 78/01 23 45 67 89`): the joined reading keeps the number the usual reading finds, takes no date
 * for a number, and a known number keeps its token and is masked in every spelling next to it.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { phoneDetector } from '../../../src/core/detect/detectors/phone';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const session = () => createPii({ store: memoryVaultStore() }).session('joined-numbers');

describe('a tel/fax pair: a later spelling of the fax number is masked', () => {
  // G1, default configuration. The joined reading masks the fax
  // number of `Tel 06 12 34 56 78/01 23 45 67 89`, so the vault keeps `01 23 45 67 89` as its
  // value; the same number written `01.23.45.67.89` later gets the same token, but the vault
  // value stays the first spelling. Where that spelling follows a digit group after a no-break
  // space or a slash (`le 12/03\u00a001.23.45.67.89`), the detector does not read it (a number
  // starts after an ASCII space) and the sweep finds it only through its digit view, which
  // refuses digits joined to other digits: it is left in clear. 0879548 did not read the fax
  // number in the first message, kept `01.23.45.67.89` (second message) as the value, and the
  // sweep's exact spelling masked all three.
  const history = ['Tel 06 12 34 56 78/01 23 45 67 89', 'fax 01.23.45.67.89'];

  for (const text of [
    'le 12/03\u00a001.23.45.67.89',
    'Tel 2/01.23.45.67.89',
    '2\u202f01.23.45.67.89',
  ]) {
    it(`masks the known number in ${JSON.stringify(text)}`, async () => {
      const s = session();
      for (const m of history) await s.anonymize(m);
      const out = await s.anonymize(text);
      expect(out).not.toContain('01.23.45.67.89');
      expect(out).toContain('<<PHONE:2>>');
    });
  }
});

describe('the joined reading keeps the best reading of a number, and a known number its token', () => {
  // G2. Reading the LONGEST number at the joined
  // group (`#numbersFrom` without the weights of `bestReading`), and a number of the old reading
  // that it holds whole is replaced. A stray group before a number, or a digit after it, is
  // taken into a longer number of another country: `06 12 34 56 78/3 201 555 0123` masks
  // `3 201 555 0123` (+39 3201555 0123) instead of the US number +1 201-555-0123, and
  // `06 12 34 56 78/030 783918/0` masks `030 783918/0` (+33 3 07 83 91 80, in no usual
  // grouping) instead of the Berlin number. A number the conversation already knows is masked
  // under a new token (0879548 kept its token: its reading or the sweep found it whole).
  it('keeps the token of a known US number written after `number/3 `', async () => {
    const s = session();
    expect(await s.anonymize('Call 201 555 0123')).toBe('Call <<PHONE:1>>');
    expect(await s.anonymize('06 12 34 56 78/3 201 555 0123')).toContain('<<PHONE:1>>');
  });

  it('keeps the token of a known Berlin number written between slashes', async () => {
    const s = session();
    expect(await s.anonymize('Berlin 030 783918')).toBe('Berlin <<PHONE:1>>');
    expect(await s.anonymize('06 12 34 56 78/030 783918/0')).toContain('<<PHONE:1>>');
  });

  it('reads `201 555 0123` after `06 12 34 56 78/3` as the US number, as before', async () => {
    const spans = await phoneDetector().detect('06 12 34 56 78/3 201 555 0123');
    expect(spans.map((s) => [s.value, s.canonical])).toContainEqual([
      '201 555 0123',
      '+12015550123',
    ]);
  });

  it('reads a DE number after a joined stray `0` as the number the old reading found', async () => {
    // `030 1234567/0 201 555 0123`: the US number becomes the London +44 20 1555 0123.
    const spans = await phoneDetector().detect('030 1234567/0 201 555 0123');
    expect(spans.map((s) => s.canonical)).toContain('+12015550123');
  });
});

describe('a date-time written right after a number is not a phone number', () => {
  // Precision. Started at the date, the joined reading would read `2024/06/16 09` as the US
  // number +1 202-406-1609 (the shape of a date-time read as a number, here after `number/`).
  it('masks only the number in `06 12 34 56 78/2024/06/16 09:05`', async () => {
    const spans = await phoneDetector().detect('06 12 34 56 78/2024/06/16 09:05');
    expect(spans.map((s) => s.value)).toEqual(['06 12 34 56 78']);
  });
});

describe('a known number in another spelling, joined to a digit group, is swept', () => {
  // G1 (0879548 fails it too; the tel/fax pair above is how a conversation reaches it). The vault keeps the first spelling of a number; the
  // sweep finds the others only through its digit view, which refuses a match with a digit
  // before or after it across separators (`2\u00a001.23.45.67.89`, `2/01.23.45.67.89`), and the
  // detector starts no number after a no-break space or a slash that follows no number.
  for (const text of ['2\u00a001.23.45.67.89', 'Tel 2/01.23.45.67.89']) {
    it(`masks the known 01 23 45 67 89 in ${JSON.stringify(text)}`, async () => {
      const s = session();
      expect(await s.anonymize('fax 01 23 45 67 89')).toBe('fax <<PHONE:1>>');
      const out = await s.anonymize(text);
      expect(out).not.toContain('01.23.45.67.89');
    });
  }
});
