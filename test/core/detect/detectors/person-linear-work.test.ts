/**
 * The PERSON detector's work grows linearly with the text: long runs of letters, and tables whose
 * names lie outside the columns of people. Work is counted (reads), not timed.
 */
import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { scanWorkOf } from '../../helpers';

describe('PERSON detection stays linear (G7)', () => {
  it('reads a long run of ASCII letters a bounded number of times', () => {
    // The ASCII fast path reads the whole run, finds it longer than MAX_PART, goes back to its
    // start and lets `readPart` take 40 letters; the next word starts 40 letters on and the fast
    // path reads the whole rest again: (n / 40) passes of up to n letters. A 1 MB line of
    // letters (a text attachment, a FASTA sequence, a pasted blob) blocks the event loop for
    // tens of seconds.
    const detector = personDetector();
    for (const make of [(n: number) => 'a'.repeat(n), (n: number) => `A${'a'.repeat(n - 1)}`]) {
      const small = scanWorkOf(() => detector.detect(make(8_000)));
      const large = scanWorkOf(() => detector.detect(make(32_000)));
      // 4x the text may cost 4x the reads (plus slack), never 16x.
      expect(large).toBeLessThanOrEqual(6 * small);
    }
  });

  it('reads a row once however many names lie outside the columns of people', () => {
    // A header with a column of people (`nom`, the 31st), and rows whose names are in later
    // cells: each name found in a cell calls `addColumns`, which reads the row's fields from
    // its start to find the name's column, is told "not in a column of people", leaves the
    // block not `done`, and the next name on the row reads them all again. Rows are bounded
    // by MAX_LINE (4096), so the cost is ~200 reads per character instead of ~5 (~0.5 s/MB).
    const detector = personDetector();
    const header = [...Array.from({ length: 30 }, (_, i) => `col${i}`), 'nom'].join(';');
    const row = (k: number) =>
      [
        ...Array.from({ length: 30 }, () => 'x'.repeat(k)),
        'Dupont',
        ...Array.from({ length: 2 * k }, () => 'Jean'),
      ].join(';');
    const table = (k: number, total: number) => {
      const r = row(k);
      return `${header}\n${Array.from({ length: Math.ceil(total / r.length) }, () => r).join('\n')}`;
    };
    // The same amount of text in rows of ~1,000 and of ~4,000 characters.
    const short = scanWorkOf(() => detector.detect(table(25, 120_000)));
    const long = scanWorkOf(() => detector.detect(table(100, 120_000)));
    // Linear reading costs about the same for both (da7a652: 1.6x); here 3.5x.
    expect(long).toBeLessThanOrEqual(2 * short);
  });
});
