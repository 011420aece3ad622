import { describe, expect, it } from 'vitest';
import { addressDetector } from '../../../../../src/core/detect/detectors/address';
import { found } from '../helpers';

const address = addressDetector();

describe('ADDRESS: without a number, a street, a city or a country named in prose is no address', () => {
  it.each([
    'She lived on Baker Street for years.',
    'Il habite rue de la Paix, près de l’Opéra.',
    'Via Montenapoleone è la via più cara di Milano.',
    'La calle Mayor está cortada.',
    'Die Königsallee ist eine der teuersten Straßen Deutschlands.',
    'We flew from Lyon to Berlin, then on to Madrid.',
    'Rue de Rivoli, la boutique ouvre à 10h.',
    'Rendez-vous rue Victor Hugo, au 3e étage.',
  ])('%s', (text) => {
    expect(found(address, text)).toEqual([]);
  });

  it('reads no number of another kind next to a street or a city as a house number or a postcode', () => {
    for (const text of [
      'Order 12345 shipped on 2024-01-15 via UPS.',
      'Rendez-vous place Bellecour à 14 h.',
      'Voie 3, quai B : départ du train pour Lille.',
      'The 2024 Paris Olympics drew 10 million visitors.',
      'In 1990 Berlin had two mayors.',
      'Platz 1 ging an das Team aus Köln.',
      'Der Marktplatz 2024 war voller Menschen.',
      'Kundennummer 20451 Müller, bitte angeben.',
      'Ticket #4821: the Elm Road project is late.',
      'Chapter 12 Main Street Stories',
      'Total: 12500 Euro',
      'Take Route 66 and then Highway 101 north.',
      'Según el apartado 3 del artículo 5, el plazo es de 10 días.',
      'BP 120/80 at the last visit',
      'Windows 11 Home, iPhone 15 Pro, version 2.4.1',
      // After a comma, a number before a word counts things: no house number.
      'Avenue Montaigne, 3 boutiques ont fermé en 2023.',
    ]) {
      expect(found(address, text), text).toEqual([]);
    }
  });

  it('reads a postcode and city alone only where one stands alone: a field, a list, a line', () => {
    expect(found(address, 'PLZ/Ort: 10115 Berlin')).toEqual(['10115 Berlin']);
    expect(found(address, 'Livraison : 69003 Lyon, sous 48 heures.')).toEqual(['69003 Lyon']);
    expect(found(address, 'Bureaux à 69003 Lyon et à 75011 Paris')).toEqual([
      '69003 Lyon',
      '75011 Paris',
    ]);
    expect(found(address, 'We shipped 12000 Units to stores')).toEqual([]);
    expect(found(address, 'Ville : 2000 Neuchâtel')).toEqual([]);
    expect(found(address, 'Ville : CH-2000 Neuchâtel')).toEqual(['CH-2000 Neuchâtel']);
  });
});
