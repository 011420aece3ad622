import { describe, expect, it } from 'vitest';
import {
  decodedViews,
  decodeText,
  hasEncodedCharacters,
} from '../../../src/core/match/decoded-view';

const back = (text: string, decodedStart: number, decodedEnd: number) => {
  const view = decodeText(text);
  return text.slice(view.starts[decodedStart], view.ends[decodedEnd - 1]);
};

describe('decoded view', () => {
  it('decodes JSON escapes, HTML references and percent-encoding', () => {
    expect(decodeText('\\u00c9lodie M\\u00fcller \\u0040').text).toBe('Élodie Müller @');
    expect(decodeText('&#64; &#x40; &Eacute;&uuml;&szlig; &amp; &unknown; &#xZZ;').text).toBe(
      '@ @ Éüß & &unknown; &#xZZ;',
    );
    expect(decodeText('a%40b %C3%89l %E2%82%AC %F0%9F%98%80 %ZZ %C3').text).toBe(
      'a@b Él € 😀 %ZZ %C3',
    );
  });

  it('maps each decoded character back to its whole encoding', () => {
    const text = 'x\\u0040y &eacute; %C3%A9';
    const view = decodeText(text);
    expect(view.text).toBe('x@y é é');
    expect(back(text, 1, 2)).toBe('\\u0040');
    expect(back(text, 4, 5)).toBe('&eacute;');
    expect(back(text, 6, 7)).toBe('%C3%A9');
    expect(back(text, 0, 3)).toBe('x\\u0040y');
  });

  it('tells cheaply whether a text needs decoding', () => {
    expect(hasEncodedCharacters('plain text, 100% sure & ready')).toBe(false);
    expect(hasEncodedCharacters('a%40b')).toBe(true);
    expect(hasEncodedCharacters('a&#64;b')).toBe(true);
    expect(hasEncodedCharacters('\\u0040')).toBe(true);
  });

  it('decodes long adversarial runs in one pass', () => {
    const text = `${'%'.repeat(50_000)}${'&#'.repeat(25_000)}${'\\u'.repeat(25_000)}`;
    expect(decodeText(text).text).toBe(text);
  });
});

describe('decoded views', () => {
  it('decodes the windows around encoded characters, at the whole text positions', () => {
    const intro = `${'Nothing to decode here. '.repeat(1000)}\n\n`; // past 16 KB
    const text = `${intro}Signé : &Eacute;lodie M&uuml;ller\n\nFin.`;
    const views = decodedViews(text);
    // The paragraph, after the end of the one before (context for a name).
    expect(views).toHaveLength(1);
    expect(views[0]!.text).toMatch(/^[^]{1,256}\n\nSigné : Élodie Müller$/);
    const [view] = views;
    const at = view!.text.indexOf('Élodie');
    expect(text.slice(view!.starts[at], view!.ends[at + 'Élodie Müller'.length - 1])).toBe(
      '&Eacute;lodie M&uuml;ller',
    );
  });

  it('is empty when nothing is encoded', () => {
    expect(decodedViews('Élodie Müller, 100% & more')).toEqual([]);
  });
});
