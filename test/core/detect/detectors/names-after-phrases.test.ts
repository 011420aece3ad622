import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { INTRODUCTIONS } from '../../../../src/core/detect/detectors/person/introductions';
import { RELATIONS } from '../../../../src/core/detect/detectors/person/relations';
import { found } from './helpers';

const person = personDetector();

function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('names after "under the name" and its counterparts', () => {
  it('finds a name of no list after the phrase in EN, FR, ES and IT', () => {
    expectNames([
      ['The table is booked under the name Castellanos.', ['Castellanos']],
      ['A reservation under the name of Whitfield', ['Whitfield']],
      ['Une chambre réservée au nom de Quesnel.', ['Quesnel']],
      ['Tengo una reserva a nombre de Ibarrola.', ['Ibarrola']],
      ['Ho prenotato a nome di Quaglierini.', ['Quaglierini']],
    ]);
  });

  it('DE: finds a name of the lists only, since German capitalises its nouns', () => {
    expectNames([
      ['Ein Tisch unter dem Namen Schäfer', ['Schäfer']],
      ['Auf den Namen Katharina Brandstätter reserviert', ['Katharina Brandstätter']],
      ['Aus dem Schalter namens Netlink', []],
      ['Sie wird unter dem Namen Patch-Name gespeichert.', []],
      // `ich bin` too: `ich bin Arzt`, a profession.
      ['Ich bin Arzt.', []],
      ['Hallo, ich bin Jonas', ['Jonas']],
    ]);
  });

  it('finds nothing where the phrase names no person', () => {
    expectNames([
      ['Sort the files under the name column.', []],
      ['au nom de la loi', []],
      ['Im Namen des Volkes', []],
      ['una factura a nombre de la empresa', []],
      ['a nome di tutti noi', []],
    ]);
  });
});

describe('names after "my partner is" and its counterparts', () => {
  it('finds a name of no list after a relative and a verb, in five languages', () => {
    expectNames([
      ['my partner is Oyelaran, he will sign', ['Oyelaran']],
      ["My husband's name is Thaddeus.", ['Thaddeus']],
      ['mon compagnon est Rodrigue', ['Rodrigue']],
      ["ma femme s'appelle Ophélie", ['Ophélie']],
      ['mein Partner heißt Wendelin', ['Wendelin']],
      ['mi pareja es Iñaki', ['Iñaki']],
      ['mi marido se llama Anselmo', ['Anselmo']],
      ['il mio compagno è Gianmarco', ['Gianmarco']],
      ['mia moglie si chiama Ilaria', ['Ilaria']],
    ]);
  });

  it('takes no nationality, place or common word after the verb for a name', () => {
    expectNames([
      ['my partner is French', []],
      ['my wife is German and my husband is Italian', []],
      ['mi pareja es Argentina', []],
      ['Mi número es el 612 345 678', []],
      ['mein Partner ist Arzt', []],
    ]);
  });
});

describe('the cue tables', () => {
  it('hold the phrases of EN, FR, DE, ES and IT', () => {
    for (const lang of ['en', 'fr', 'de', 'es', 'it'] as const) {
      expect(INTRODUCTIONS.some((row) => row.lang === lang)).toBe(true);
      expect(RELATIONS.some((row) => row.lang === lang)).toBe(true);
    }
  });
});
