import { describe, expect, it } from 'vitest';
import { viewWithPieces } from '../../../src/core/match/edited-view';
import { DIGIT_ZEROS, WRAP_RULES } from '../../../src/core/match/layout-pieces';
import { layoutPieces } from '../../../src/core/match/layout-reading';
import { scanWorkOf } from '../helpers';

/** The text as the layout reading sees it. */
const undone = (text: string) => viewWithPieces(text, layoutPieces(text)).text;

describe('layout pieces: invisible characters', () => {
  it('drops soft hyphens, zero-width characters, joiners and directional marks inside a text', () => {
    expect(undone('jean\u00ad.dupont@exemple.fr')).toBe('jean.dupont@exemple.fr');
    expect(undone('Jean Du\u200dpont, 06\u200b12\u200c34\u206056\u200e78\u202e')).toBe(
      'Jean Dupont, 0612345678',
    );
  });

  it("keeps a file's leading byte order mark (it stands before no value) and visible text", () => {
    expect(layoutPieces('\uFEFFnom;email')).toEqual([]);
    expect(layoutPieces('Élodie Müller, naïve café')).toEqual([]);
  });
});

describe('layout pieces: full-width forms and digits of other scripts', () => {
  it('reads full-width digits (spaced with ideographic spaces too) and addresses as ASCII', () => {
    // The run's full-width colon too: it is read with the number it introduces.
    expect(undone('電話：０６ １２ ３４ ５６ ７８')).toBe('電話:06 12 34 56 78');
    expect(undone('０６\u3000１２\u3000３４\u3000５６\u3000７８')).toBe('06 12 34 56 78');
    expect(undone('ｊｅａｎ．ｄｕｐｏｎｔ＠ｅｘｅｍｐｌｅ．ｆｒ')).toBe('jean.dupont@exemple.fr');
  });

  it('reads the digits of other scripts (one table: each script’s zero)', () => {
    expect(undone('٠٦١٢٣٤٥٦٧٨')).toBe('0612345678');
    expect(undone('०६ १२ ३४ ५६ ७८')).toBe('06 12 34 56 78');
    for (const zero of DIGIT_ZEROS) {
      const digits = Array.from({ length: 10 }, (_, d) => String.fromCharCode(zero + d)).join('');
      expect(undone(digits)).toBe('0123456789');
    }
  });

  it('leaves full-width punctuation and short numbers in prose alone', () => {
    expect(layoutPieces('２０２４年（令和６年）、東京。')).toEqual([]);
  });
});

describe('layout pieces: hard wraps', () => {
  it.each([
    ['after the @', 'Écrivez à jean.dupont@\nexemple.fr demain', 'jean.dupont@exemple.fr'],
    ['before the @', 'Écrivez à jean.dupont\r\n@exemple.fr demain', 'jean.dupont@exemple.fr'],
    ['at a hyphen', 'Écrivez à marie-\nclaire.dupont@exemple.fr', 'marie-claire.dupont@exemple.fr'],
    ['at a dot of the domain', 'Écrivez à jean@exemple.\n   fr demain', 'jean@exemple.fr'],
  ])('an address cut %s is one address', (_, text, address) => {
    expect(undone(text)).toContain(address);
  });

  it('digit groups across a line break read as one number (an IBAN, a card, a phone)', () => {
    expect(undone('IBAN : FR76 3000 6000\n0112 3456 7890 189')).toBe(
      'IBAN : FR76 3000 6000 0112 3456 7890 189',
    );
    expect(undone('Carte 4111 1111\r\n  1111 1111 exp. 12/30')).toBe(
      'Carte 4111 1111 1111 1111 exp. 12/30',
    );
  });

  it('a key wrapped at a column goes on at the start of the next line', () => {
    const key = `sk-proj-${'Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7'.repeat(3)}`;
    const line = `OPENAI_API_KEY=${key.slice(0, 60)}`;
    expect(undone(`${line}\n${key.slice(60)}\nnext line`)).toContain(`OPENAI_API_KEY=${key}\n`);
  });

  it('leaves ordinary line breaks alone', () => {
    for (const text of [
      'well-\nknown words are hyphenated', // no address there
      'See the docs.\nNext sentence.',
      'Total 12\n34 apples', // too few digits
      '2024-01-01 12:00:00\n2024-01-01 12:00:01 next', // timestamps
      `OPENAI_API_KEY=sk-proj-${'a'.repeat(40)}\nANTHROPIC_API_KEY=sk-ant-x`, // a variable name
      `${'Zm9vYmFy'.repeat(9)}\n${'Zm9vYmFy'.repeat(9)}`, // base64 lines
      'Write to @\nteam', // no address before the @
    ]) {
      expect(layoutPieces(text), text).toEqual([]);
    }
  });

  it('each rule has a name (for the docs) and is tried in order', () => {
    expect(WRAP_RULES.map((r) => r.name)).toEqual([
      'an address cut after its @',
      'an address cut before its @',
      'an address cut at a hyphen or a dot',
      'digit groups across a line break',
      'a key wrapped at a column',
    ]);
  });
});

describe('layout pieces: folded vCard lines', () => {
  it('unfolds the lines of a vCard (a line break and one blank), and only there', () => {
    const card = 'BEGIN:VCARD\r\nEMAIL:jean.dupont@exem\r\n ple.fr\r\nEND:VCARD\r\n';
    expect(undone(card)).toBe('BEGIN:VCARD\r\nEMAIL:jean.dupont@exemple.fr\r\nEND:VCARD\r\n');
    expect(layoutPieces('Dear Jean,\r\n please call.')).toEqual([]);
  });
});

describe('layout pieces: linear scans', () => {
  it.each([
    ['line breaks', 'a\n'],
    ['addresses cut at @', 'a@\nb'],
    ['digit lines', '1234 5678\n'],
    ['key lines', `${'k-'.repeat(30)}\n`],
    ['full-width digits', '０'],
    ['soft hyphens', 'a\u00ad'],
    ['spelled at', 'a at '],
  ])('%s', (_, unit) => {
    const small = unit.repeat(Math.ceil(20_000 / unit.length));
    const large = unit.repeat(Math.ceil(40_000 / unit.length));
    const smallWork = scanWorkOf(() => layoutPieces(small));
    const largeWork = scanWorkOf(() => layoutPieces(large));
    expect(largeWork).toBeLessThanOrEqual(3 * smallWork + 1000);
  });
});
