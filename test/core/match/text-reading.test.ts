import { describe, expect, it } from 'vitest';
import type { PiiSpan } from '../../../src/core/detect/types';
import { addressWindows } from '../../../src/core/match/address-windows';
import { excerptReading } from '../../../src/core/match/text-excerpt';
import { readingsOf } from '../../../src/core/match/text-reading';
import { scanWorkOf } from '../helpers';

const span = (start: number, end: number, value = ''): PiiSpan => ({
  start,
  end,
  label: 'X',
  value,
  score: 1,
  detector: 'test',
});

const prose = (n: number) => 'Nothing to decode in this sentence at all. '.repeat(n);

describe('readingsOf', () => {
  it('reads a text with nothing encoded once, as it is', () => {
    const text = 'Élodie Müller, 100% & more';
    expect(readingsOf(text).map((r) => r.text)).toEqual([text]);
  });

  it('reads a text with escaped line breaks and tabs decoded and as written', () => {
    const text = '{"note":"ok\\n+33 6 12 34 56 78\\tJean\\\\njean@example.com"}';
    const readings = readingsOf(text);
    // As written too: `C:\\Users\\nathalie` is a path, not a line break.
    expect(readings.map((r) => r.text)).toEqual([
      '{"note":"ok\n+33 6 12 34 56 78\tJean\\\njean@example.com"}',
      text,
    ]);
    // What is found there moves back to the text as written.
    const decoded = readings[0]!.text;
    const at = decoded.indexOf('+33');
    const [moved] = readings[0]!.toOriginal([span(at, at + 17, '+33 6 12 34 56 78')]);
    expect(text.slice(moved!.start, moved!.end)).toBe('+33 6 12 34 56 78');
    const mail = decoded.indexOf('jean@');
    const [address] = readings[0]!.toOriginal([span(mail, mail + 16, 'jean@example.com')]);
    expect(text.slice(address!.start, address!.end)).toBe('jean@example.com');
  });

  it('reads a short text with encodings decoded and as written, both whole', () => {
    const text = 'Sign&eacute; : &Eacute;lodie M&uuml;ller';
    expect(readingsOf(text).map((r) => r.text)).toEqual(['Signé : Élodie Müller', text]);
  });

  it('reads a long one decoded whole, and as written around its encodings only', () => {
    const text = `${prose(400)}\n\nSign&eacute; : &Eacute;lodie\n\n${prose(400)}`;
    const [decoded, written] = readingsOf(text);
    expect(decoded!.text).toBe(text.replace('&eacute;', 'é').replace('&Eacute;', 'É'));
    expect(written!.text.length).toBeLessThan(300);
    expect(written!.text).toMatch(/\n\nSign&eacute; : &Eacute;lodie$/);
    // Both readings put `Élodie` at its place in the text.
    const at = text.indexOf('&Eacute;lodie');
    const inDecoded = decoded!.text.indexOf('Élodie');
    const inWritten = written!.text.indexOf('&Eacute;lodie');
    expect(decoded!.toOriginal([span(inDecoded, inDecoded + 6)])).toMatchObject([
      { start: at, end: at + 13 },
    ]);
    expect(written!.toOriginal([span(inWritten, inWritten + 13)])).toMatchObject([
      { start: at, end: at + 13 },
    ]);
  });

  it('keeps the e-mail addresses of a long text in its excerpt (they support names anywhere)', () => {
    const text = `Write to thaddeus.whitmore@example.com.\n\n${prose(400)}\n\nThaddeus Whitmore&#x41;`;
    const [, written] = readingsOf(text);
    expect(written!.text).toMatch(/^thaddeus\.whitmore@example\.com\.\n\n/);
    expect(written!.text.length).toBeLessThan(400);
  });

  it('reads a long text whose encodings are everywhere as written whole (no excerpt)', () => {
    const text = `{"notes":"${'caf\\u00e9 '.repeat(4000)}"}`;
    const [, written] = readingsOf(text);
    expect(written!.text).toBe(text);
  });
});

describe('excerptReading', () => {
  const text = '0123456789abcdefghij';
  const reading = excerptReading(text, [
    { start: 2, end: 5 },
    { start: 10, end: 14 },
  ]);

  it('joins the windows as paragraphs', () => {
    expect(reading.text).toBe('234\n\nabcd');
  });

  it('moves spans back to their place, and drops those across a joint', () => {
    expect(reading.toOriginal([span(0, 3), span(5, 9), span(6, 7), span(2, 6)])).toMatchObject([
      { start: 2, end: 5 },
      { start: 10, end: 14 },
      { start: 11, end: 12 },
    ]);
  });
});

describe('addressWindows', () => {
  const runs = (text: string) => addressWindows(text).map((w) => text.slice(w.start, w.end));

  it('is each `@` with the run of characters around it', () => {
    expect(runs('Write to jean.dupont@exemple.fr today, or to @team; a@b c')).toEqual([
      'jean.dupont@exemple.fr',
      '@team',
      'a@b',
    ]);
    expect(runs('{"email":"jean@x.fr","cc":["<marie@y.fr>"]}')).toEqual([
      'jean@x.fr',
      'marie@y.fr',
    ]);
    expect(runs('a@b@c d')).toEqual(['a@b@c']);
  });

  it('leaves out runs longer than an address can be (no address is read inside them)', () => {
    expect(runs(`${'x'.repeat(64)}@b.fr`)).toEqual([`${'x'.repeat(64)}@b.fr`]);
    expect(runs(`mail ${'x'.repeat(65)}@b.fr here`)).toEqual([]);
    expect(runs(`a@${'y'.repeat(255)} b@${'y'.repeat(256)}`)).toEqual([`a@${'y'.repeat(255)}`]);
  });

  it('reads the text once, whatever it holds', () => {
    for (const text of ['@'.repeat(60_000), 'a@'.repeat(30_000), `${'x'.repeat(60_000)}@`]) {
      expect(scanWorkOf(() => addressWindows(text))).toBeLessThan(3 * text.length);
    }
  });
});
