import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWindows } from '../../../src/core/detect/text-windows';

describe('textWindows', () => {
  it('keeps a text that fits as one window', () => {
    expect(textWindows('Jean Dupont', 100, 10)).toEqual([{ start: 0, end: 11 }]);
  });

  it('covers the text with windows of at most `size` that move on, with every value of `overlap` units whole in one', () => {
    const isLow = (text: string, i: number) => (text.charCodeAt(i) & 0xfc00) === 0xdc00;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '😀', '王'), maxLength: 400 }),
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 0, max: 59 }),
        (text, size, rawOverlap) => {
          const overlap = Math.min(rawOverlap, Math.floor((size - 1) / 2));
          const windows = textWindows(text, size, overlap);
          expect(windows[0]!.start).toBe(0);
          expect(windows.at(-1)!.end).toBe(text.length);
          for (const [i, w] of windows.entries()) {
            expect(w.end - w.start).toBeLessThanOrEqual(size);
            expect(isLow(text, w.start) || (w.end < text.length && isLow(text, w.end))).toBe(false);
            if (i > 0) expect(w.start).toBeGreaterThan(windows[i - 1]!.start);
          }
          // A value starts and ends on whole code points.
          for (let start = 0; start + overlap <= text.length; start++) {
            if (isLow(text, start)) continue;
            const end = isLow(text, start + overlap) ? start + overlap - 1 : start + overlap;
            expect(windows.some((w) => w.start <= start && end <= w.end)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('moves on when a surrogate pair sits where the next window would start', () => {
    // Backing off the pair's low half would start the next window where this one started.
    expect(textWindows('😀😀😀', 3, 1)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 6 },
    ]);
  });

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
