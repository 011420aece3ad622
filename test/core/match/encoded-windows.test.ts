import { describe, expect, it } from 'vitest';
import { ENCODED, encodedWindows } from '../../../src/core/match/encoded-windows';
import { scanWorkOf } from '../helpers';

const slices = (text: string, reach?: number) =>
  encodedWindows(text, reach).map(({ start, end }) => text.slice(start, end));

/** Every encoded character lies in a window; windows are in order, apart, within the text. */
function expectWellFormed(text: string, reach: number) {
  const windows = encodedWindows(text, reach);
  for (let k = 0; k < windows.length; k++) {
    const { start, end } = windows[k]!;
    expect(0 <= start && start < end && end <= text.length).toBe(true);
    if (k > 0) expect(start).toBeGreaterThan(windows[k - 1]!.end);
  }
  const all = new RegExp(ENCODED.source, 'g');
  for (let m = all.exec(text); m; m = all.exec(text)) {
    const at = m.index;
    const end = at + m[0].length;
    expect(windows.some((w) => w.start <= at && end <= w.end)).toBe(true);
  }
  return windows;
}

describe('encoded windows', () => {
  it('is empty for a text with nothing encoded', () => {
    expect(encodedWindows('Plain text, 100% sure & ready.\n\nAnother paragraph.')).toEqual([]);
  });

  it('is the paragraph holding the encoded characters', () => {
    const text = [
      'An introduction with no encoding at all.',
      '',
      'Bonjour,\nContact : Jos&eacute; Garc&iacute;a, jose\\u0040example.es',
      '  ',
      'A closing paragraph.',
    ].join('\n');
    expect(slices(text)).toEqual([
      'Bonjour,\nContact : Jos&eacute; Garc&iacute;a, jose\\u0040example.es',
    ]);
  });

  it('keeps paragraphs apart, and merges encodings of one paragraph', () => {
    const text = 'a %40 b\nc %41 d\n\nplain\n\ne &amp; f';
    expect(slices(text)).toEqual(['a %40 b\nc %41 d', 'e &amp; f']);
  });

  it('reaches at most `reach` either side, cut at a line break, else at a space', () => {
    const line = 'word '.repeat(2000); // 10,000 code units, no line break
    const text = `${line}Garc&iacute;a ${line}`;
    const [window] = encodedWindows(text, 1000);
    const at = text.indexOf('&iacute;');
    expect(window!.start).toBeGreaterThanOrEqual(at - 1000);
    expect(window!.start).toBeLessThanOrEqual(at - 500);
    expect(window!.end).toBeLessThanOrEqual(at + 8 + 1000);
    expect(window!.end).toBeGreaterThanOrEqual(at + 8 + 500);
    expect(text[window!.start - 1]).toBe(' ');
    expect(text[window!.end]).toBe(' ');

    const lines = `${'a short line\n'.repeat(500)}Garc&iacute;a\n${'a short line\n'.repeat(500)}`;
    const [byLine] = encodedWindows(lines, 1000);
    expect(lines[byLine!.start - 1]).toBe('\n');
    expect(lines[byLine!.end]).toBe('\n');
  });

  it('grows a window along a long run of encodings, as far as they go', () => {
    const json = `{"notes":"${'caf\\u00e9 '.repeat(3000)}"}`;
    expect(slices(json, 500)).toEqual([json]);
    const text = `${'x '.repeat(5000)}${'caf\\u00e9 '.repeat(300)}${'y '.repeat(5000)}`;
    const [window] = expectWellFormed(text, 500);
    expect(window!.end - window!.start).toBeLessThan(3300 + 2 * 500);
  });

  it('covers every encoded character of random texts', () => {
    const pieces = ['a', 'b ', ' ', '\n', '\n\n', ' \n', '%41', '%4', '&amp;', '&#64;', '\\u00e9'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 2000; k++) {
      let text = '';
      for (let j = next(120); j > 0; j--) text += pieces[next(pieces.length)];
      expectWellFormed(text, 1 + next(40));
    }
  });

  it('reads each code unit a bounded number of times, whatever the text', () => {
    const n = 60_000;
    for (const text of [
      '%41'.repeat(n / 3),
      'x%41 '.repeat(n / 5),
      'a%41\n'.repeat(n / 5),
      `${'%41'.repeat(n / 6)}\n\n${'b'.repeat(n / 2)}`,
      `${'b'.repeat(n / 2)}&amp;${'c'.repeat(n / 2)}`,
      '&amp;\n\n'.repeat(n / 7),
    ]) {
      const work = scanWorkOf(() => encodedWindows(text));
      expect(work).toBeLessThan(4 * text.length);
    }
  });
});
