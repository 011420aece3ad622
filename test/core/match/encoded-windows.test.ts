import { describe, expect, it } from 'vitest';
import { ENCODED, encodedWindows } from '../../../src/core/match/encoded-windows';
import { randomTexts, scanWorkOf } from '../helpers';

// Windows as a long text has them: the tests' texts are short.
const windowsOf = (text: string, before = 0) => encodedWindows(text, before, 0);
const slices = (text: string, before = 0) =>
  windowsOf(text, before).map(({ start, end }) => text.slice(start, end));

/** Every encoded character lies in a window; windows are in order, apart, within the text. */
function expectWellFormed(text: string, before: number) {
  const windows = windowsOf(text, before);
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

  it('is the whole text up to 16 KB, so that no signal of a text is lost', () => {
    const text = `Nom;Ville\n${'Martin;Lyon\n'.repeat(1000)}L&eacute;vy;Nice`;
    expect(text.length).toBeLessThan(16_384);
    expect(encodedWindows(text)).toEqual([{ start: 0, end: text.length }]);
    const longer = `${text}\n\n${'Prose after the table. '.repeat(1000)}`;
    // Past 16 KB: the table's paragraph only.
    expect(encodedWindows(longer).map((w) => longer.slice(w.start, w.end))).toEqual([text]);
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

  it('merges paragraphs that only blank lines keep apart', () => {
    const text = 'plain\n\na %40 b\n\n \n\t\r\n\nc %41 d\n\nplain';
    expect(slices(text)).toEqual(['a %40 b\n\n \n\t\r\n\nc %41 d']);
  });

  it('takes a paragraph whole, however long (a table with its header rows)', () => {
    const table = `Nom;Ville\n${'Martin;Lyon\n'.repeat(2000)}L&eacute;vy;Nice\n${'Petit;Caen\n'.repeat(500)}`;
    const text = `${'Prose before the table. '.repeat(800)}\n\n${table}\n${'Prose after. '.repeat(800)}`;
    expect(slices(text)).toEqual([table.slice(0, -1)]);
  });

  it('takes the end of the paragraph before, up to `before` code units, from a word', () => {
    const text = `${'Thanks again for the review. '.repeat(40)}Cordialement,\n\n&Eacute;lodie M&uuml;ller\n\nEnd.`;
    const [window] = windowsOf(text, 100);
    const own = text.indexOf('&Eacute;');
    expect(own - window!.start).toBeLessThanOrEqual(100);
    expect(own - window!.start).toBeGreaterThan(60);
    expect(text[window!.start - 1]).toBe(' ');
    expect(text.slice(window!.start, window!.end)).toMatch(
      /Cordialement,\n\n&Eacute;lodie M&uuml;ller$/,
    );
    // Never back into the window before: it is merged with it.
    const two = `a &amp; b\n\nc\n\nd &amp; e`;
    expect(slices(two, 100)).toEqual([two]);
  });

  it('grows along a long run of encodings, as far as its paragraph goes', () => {
    const json = `{"notes":"${'caf\\u00e9 '.repeat(3000)}"}`;
    expect(slices(json)).toEqual([json]);
  });

  it('covers every encoded character of random texts', () => {
    const pieces = ['a', 'b ', ' ', '\n', '\n\n', ' \n', '%41', '%4', '&amp;', '&#64;', '\\u00e9'];
    for (const { text, next } of randomTexts(pieces, 2000, 120, 7)) {
      expectWellFormed(text, next(40));
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
