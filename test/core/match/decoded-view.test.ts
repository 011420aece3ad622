import { describe, expect, it } from 'vitest';
import { decodeText, hasEncodedCharacters } from '../../../src/core/match/decoded-view';
import { randomTexts } from '../helpers';

const back = (text: string, decodedStart: number, decodedEnd: number) => {
  const view = decodeText(text);
  return text.slice(view.sourceStart(decodedStart), view.sourceEnd(decodedEnd - 1));
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

  it('decodes the line breaks and tabs of a JSON text read as written', () => {
    const text = '{"note":"ok\\n4111 1111\\tJean\\r"}';
    const view = decodeText(text);
    expect(view.text).toBe('{"note":"ok\n4111 1111\tJean\r"}');
    expect(back(text, 11, 12)).toBe('\\n');
    expect(hasEncodedCharacters('line one\\nline two')).toBe(true);
    expect(hasEncodedCharacters('C:\\\\Users and a \\d+ regex')).toBe(false);
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

  // A property over 3,000 random texts: slow on a loaded machine, whatever the code's speed.
  it('maps every decoded unit of random texts to the encoding or character it comes from', {
    timeout: 60_000,
  }, () => {
    const pieces = ['a', 'é', ' ', '\\u00e9', '\\u0040', '&amp;', '&eacute;', '&#x1F600;', '&#64;'];
    pieces.push('%40', '%C3%A9', '%F0%9F%98%80', '%ZZ', '%C3', '&unknown;', '\\u00', '&#;');
    // Quoted-printable escapes that read no neighbour (`=40`, `=E9`, soft line breaks and
    // RFC 2047 words depend on what surrounds them).
    pieces.push('=C3=A9', '=E2=82=AC', '=');
    for (const { text } of randomTexts(pieces, 3000, 30, 11)) {
      const view = decodeText(text);
      let i = 0;
      let covered = 0; // the original text before this offset is accounted for
      while (i < view.text.length) {
        const start = view.sourceStart(i);
        const end = view.sourceEnd(i);
        expect(start).toBe(covered);
        // The units of one encoding share its range; the source decodes to exactly them.
        let j = i + 1;
        while (j < view.text.length && view.sourceStart(j) === start) j++;
        for (let u = i; u < j; u++) expect(view.sourceEnd(u)).toBe(end);
        expect(decodeText(text.slice(start, end)).text).toBe(view.text.slice(i, j));
        covered = end;
        i = j;
      }
      expect(covered).toBe(text.length);
    }
  });
});
