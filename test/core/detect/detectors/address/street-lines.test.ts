import { describe, expect, it } from 'vitest';
import { addressDetector } from '../../../../../src/core/detect/detectors/address';
import { found } from '../helpers';

const address = addressDetector();

describe('ADDRESS: a street with its house number, the number where each country writes it', () => {
  it.each([
    // Number first: France, UK, US.
    ['Écrivez au 12 rue des Lilas.', '12 rue des Lilas'],
    ['Livraison au 5, avenue Foch demain.', '5, avenue Foch'],
    ['Passez au 48 bd Haussmann.', '48 bd Haussmann'],
    ['Envoyez-le au 3 r. Pasteur.', '3 r. Pasteur'],
    ['I live at 221B Baker Street.', '221B Baker Street'],
    ['Ship it to 1600 Pennsylvania Ave NW please', '1600 Pennsylvania Ave NW'],
    ['Our office: 350 5th Avenue, New York, NY 10118.', '350 5th Avenue, New York, NY 10118'],
    // Number after the name: Italy, Spain, Germany, the Netherlands, Belgium, Switzerland.
    ['Abito in Via Roma 1.', 'Via Roma 1'],
    ['Vivo en Calle de Alcalá, 48.', 'Calle de Alcalá, 48'],
    ['Wir wohnen in der Hauptstraße 5a.', 'Hauptstraße 5a'],
    ['Die Berliner Straße 12 ist gesperrt.', 'Berliner Straße 12'],
    ['Het kantoor is op Prinsengracht 263-267.', 'Prinsengracht 263-267'],
    ['Bureau : Rue de la Loi 16.', 'Rue de la Loi 16'],
    ['Bahnhofstrasse 1 in Zürich', 'Bahnhofstrasse 1'],
    ['Envíelo a C/ Serrano 5.', 'C/ Serrano 5'],
    ['Scrivete a Via Garibaldi n. 5.', 'Via Garibaldi n. 5'],
    ['Ci vediamo in Via XX Settembre 12.', 'Via XX Settembre 12'],
    ['Wir treffen uns Straße des 17. Juni 135.', 'Straße des 17. Juni 135'],
  ])('%s', (text, expected) => {
    expect(found(address, text)).toEqual([expected]);
  });

  it('reads bis, ter, letters, ranges and the Spanish s/n as part of the number', () => {
    expect(found(address, 'au 3 bis rue Victor Hugo')).toEqual(['3 bis rue Victor Hugo']);
    expect(found(address, 'au 12bis, rue Victor Hugo')).toEqual(['12bis, rue Victor Hugo']);
    expect(found(address, 'au 7 ter avenue Jean Jaurès')).toEqual(['7 ter avenue Jean Jaurès']);
    expect(found(address, 'au 2-4 allée des Tilleuls')).toEqual(['2-4 allée des Tilleuls']);
    expect(found(address, 'in Corso Italia 5/A')).toEqual(['Corso Italia 5/A']);
    expect(found(address, 'en Calle Mayor s/n')).toEqual(['Calle Mayor s/n']);
  });

  it('reads flats, floors and suites after the street, and a UK flat before it', () => {
    expect(found(address, 'au 12 rue des Lilas, 3e étage')).toEqual(['12 rue des Lilas, 3e étage']);
    expect(found(address, '123 Main St Apt 4B, Springfield, IL 62704')).toEqual([
      '123 Main St Apt 4B, Springfield, IL 62704',
    ]);
    expect(found(address, 'C/ Mayor, 10, 3º B, 28013 Madrid')).toEqual([
      'C/ Mayor, 10, 3º B, 28013 Madrid',
    ]);
    expect(found(address, 'Hauptstraße 5, 2. OG, 10115 Berlin')).toEqual([
      'Hauptstraße 5, 2. OG, 10115 Berlin',
    ]);
    expect(found(address, 'Via Roma 1, scala B, int. 5, 00184 Roma')).toEqual([
      'Via Roma 1, scala B, int. 5, 00184 Roma',
    ]);
    expect(found(address, 'Wetstraat 16 bus 3, 1040 Brussel')).toEqual([
      'Wetstraat 16 bus 3, 1040 Brussel',
    ]);
    expect(found(address, 'Flat 3, 12 Elm Road, London SW1A 2AA')).toEqual([
      'Flat 3, 12 Elm Road, London SW1A 2AA',
    ]);
  });

  it('reads the postcode and city after the street, on its line or the next', () => {
    expect(found(address, 'Écrivez au 12 rue des Lilas, 69003 Lyon.')).toEqual([
      '12 rue des Lilas, 69003 Lyon',
    ]);
    expect(found(address, 'Hauptstraße 5\nD-10115 Berlin\nDeutschland')).toEqual([
      'Hauptstraße 5\nD-10115 Berlin',
    ]);
    expect(found(address, 'Via Roma 1, 00184 Roma (RM)')).toEqual(['Via Roma 1, 00184 Roma (RM)']);
    expect(found(address, '5 place Bellecour, 69002 LYON CEDEX 02')).toEqual([
      '5 place Bellecour, 69002 LYON CEDEX 02',
    ]);
    expect(found(address, 'Kerkstraat 12, 1012 AB Amsterdam')).toEqual([
      'Kerkstraat 12, 1012 AB Amsterdam',
    ]);
    expect(found(address, 'Rue du Rhône 48, CH-1204 Genève')).toEqual([
      'Rue du Rhône 48, CH-1204 Genève',
    ]);
    expect(found(address, '10 Downing Street\nLondon\nSW1A 2AA')).toEqual([
      '10 Downing Street\nLondon\nSW1A 2AA',
    ]);
    expect(found(address, '1600 Pennsylvania Avenue NW, Washington, DC 20500')).toEqual([
      '1600 Pennsylvania Avenue NW, Washington, DC 20500',
    ]);
    // A city alone after a comma, then the end of the address.
    expect(found(address, 'au 12 rue des Lilas, Lyon.')).toEqual(['12 rue des Lilas, Lyon']);
  });

  it('reads a street named without a street word when its postcode and city follow', () => {
    expect(found(address, 'Unter den Linden 77, 10117 Berlin')).toEqual([
      'Unter den Linden 77, 10117 Berlin',
    ]);
    expect(found(address, 'Damrak 1\n1012 LG Amsterdam')).toEqual(['Damrak 1\n1012 LG Amsterdam']);
    expect(found(address, 'Lieferung an Am Markt 1, 60311 Frankfurt am Main')).toEqual([
      'Am Markt 1, 60311 Frankfurt am Main',
    ]);
    // A compound after the preposition that opens its name.
    expect(found(address, 'Am Kirchberg 4\n79100 Freiburg')).toEqual([
      'Am Kirchberg 4\n79100 Freiburg',
    ]);
  });

  it('reads a signature on several lines, not the name above it nor the country below', () => {
    const text =
      'Cordialement,\nJean Dupont\n12 bis, rue Victor Hugo\n3e étage\n69003 LYON\nFrance';
    expect(found(address, text)).toEqual(['12 bis, rue Victor Hugo\n3e étage\n69003 LYON']);
  });

  it('reads addresses typed in lower case in a chat, where the street word is a strong one', () => {
    expect(found(address, 'je suis au 12 rue des lilas, 69003 lyon')).toEqual([
      '12 rue des lilas, 69003 lyon',
    ]);
    expect(found(address, 'vivo en calle mayor 10')).toEqual(['calle mayor 10']);
    expect(found(address, 'ich wohne hauptstraße 5, 10115 berlin')).toEqual([
      'hauptstraße 5, 10115 berlin',
    ]);
    // `via` is also a preposition: in lower case, it needs more than a number.
    expect(found(address, 'sent via email 2 times')).toEqual([]);
  });

  it('reads no-break spaces as blanks and gives offsets in UTF-16 code units', () => {
    const text = '😀 au 12\u00a0rue des Lilas, 69003 Lyon';
    const spans = address.detect(text) as readonly { start: number; end: number }[];
    expect(spans).toHaveLength(1);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe('12\u00a0rue des Lilas, 69003 Lyon');
    expect(spans[0]!.start).toBe(6);
  });
});
