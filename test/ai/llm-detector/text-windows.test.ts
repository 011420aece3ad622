import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWindows } from '../../../src/ai/llm-detector/text-windows';

describe('textWindows', () => {
  it('keeps a text that fits as one window', () => {
    expect(textWindows('Jean Dupont', 100, 10)).toEqual([{ start: 0, end: 11 }]);
  });

  it('covers the text with windows of at most `size`, each sharing at least `overlap` with the next', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '😀'), maxLength: 600 }),
        fc.integer({ min: 16, max: 120 }),
        fc.integer({ min: 0, max: 59 }),
        (text, size, rawOverlap) => {
          const overlap = Math.min(rawOverlap, Math.floor((size - 1) / 2));
          const windows = textWindows(text, size, overlap);
          expect(windows[0]!.start).toBe(0);
          expect(windows.at(-1)!.end).toBe(text.length);
          for (const [i, w] of windows.entries()) {
            expect(w.end - w.start).toBeLessThanOrEqual(size);
            const next = windows[i + 1];
            if (next) {
              expect(next.start).toBeGreaterThan(w.start);
              expect(w.end - next.start).toBeGreaterThanOrEqual(overlap);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('puts every value no longer than `overlap` whole in some window', () => {
    const text = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ');
    const windows = textWindows(text, 40, 12);
    for (let start = 0; start + 12 <= text.length; start++) {
      const end = start + 12;
      expect(windows.some((w) => w.start <= start && end <= w.end)).toBe(true);
    }
  });

  it('cuts after a white space rather than inside a word', () => {
    const text =
      'Bonjour Jean Dupont, voici le dossier de Marie Curie pour demain, à lire avant midi.';
    for (const w of textWindows(text, 40, 8)) {
      if (w.end < text.length) expect(text[w.end - 1]).toMatch(/\s/);
      if (w.start > 0) expect(text[w.start - 1]).toMatch(/\s/);
    }
  });

  it('never cuts a surrogate pair', () => {
    const text = '😀'.repeat(50);
    for (const w of textWindows(text, 17, 4)) {
      expect(w.start % 2).toBe(0);
      expect(w.end % 2).toBe(0);
    }
  });
});
