import { describe, expect, it } from 'vitest';
import { createPii } from '../../../../src/core/create-pii';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { found } from './helpers';

const person = personDetector();

function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('names written family name first, then a comma', () => {
  it('EN: mail display names and address lists', () => {
    expectNames([
      ['From: "Whitfield, Nora" <nora.whitfield@example.com>', ['Whitfield, Nora']],
      ['To: Castellanos, Diego; Whitfield, Nora', ['Castellanos, Diego', 'Whitfield, Nora']],
      ['Whitfield, Nora', ['Whitfield, Nora']],
    ]);
  });

  it('FR: a display name, a quoted CSV field', () => {
    expectNames([
      ['"Dupont, Jean" <jean.dupont@exemple.fr>', ['Dupont, Jean']],
      ['id,client,ville\n7,"Quesnel, Élodie",Lyon', ['Quesnel, Élodie']],
    ]);
  });

  it('DE: a recipient with a display name', () => {
    expectNames([
      ['An: Schäfer, Katharina <katharina.schaefer@beispiel.de>', ['Schäfer, Katharina']],
      // Names of no list: after a label of people, or in a quoted cell of a row.
      ['Teilnehmer: Janich, Tore; die anderen folgen.', ['Janich, Tore']],
      ['id;name\n1;"Bergirieder, Ludtrud";', ['Bergirieder, Ludtrud']],
    ]);
  });

  it('ES: two family names, after a label', () => {
    expectNames([['Cliente: García López, María', ['García López, María']]]);
  });

  it('IT: a list separated by semicolons, a JSON value', () => {
    expectNames([
      ['Rossi, Maria; Bianchi, Luca', ['Rossi, Maria', 'Bianchi, Luca']],
      ['{"cliente": "Ferraro, Giulia", "città": "Torino"}', ['Ferraro, Giulia']],
    ]);
  });

  it('reads no label of something else as a label of people (the rules; the tagger may still read a name there by its shape)', () => {
    expect(
      found(personDetector({ tagger: false }), 'Bureau: Drey Karpfen, Kolowratstraße'),
    ).toEqual([]);
  });

  it('takes no list of given names, place, greeting or role for the family name', () => {
    expectNames([
      ['Merci Paul, Marie et Grace.', ['Paul', 'Marie', 'Grace']],
      ['Paris, France', []],
      ['Hello, Maria;', ['Maria']],
      ['Firenze, Giulia;', ['Giulia']],
      // A quoted title, a label of no person, a place.
      ['"Fieldiana, Botany" 29 (3): 187.', []],
      ['Location: Springfield, Illinois', []],
      ['Signed, Eleanor Vance, Trustee', ['Eleanor Vance']],
      // A sentence, not a field: the comma follows a word of the sentence.
      // A family name then a comma in a sentence is no Last, First (the tagger reads `Lefèvre`
      // as a family name by itself: `person-context.test.ts`).
      ['Le dossier Lefèvre, Nathalie le suit', ['Nathalie', 'Lefèvre']],
    ]);
  });
});

describe('a name written family name first is the same person as in the usual order', () => {
  it('has the canonical form of the usual order: one token for both', () => {
    const [span] = person.detect('"Rossi, Maria" <maria.rossi@example.it>') as DetectedSpan[];
    expect(span?.canonical).toBe('maria rossi');
    const [particle] = person.detect('Cliente: De la Fuente, María;') as DetectedSpan[];
    expect(particle?.canonical).toBe('maría de la fuente');
  });

  it('gets the token of the name in the usual order, which the model then sees again', async () => {
    const session = createPii().session('last-first');
    const [csv, later] = await session.anonymizeMany(
      ['id;nome\n1;"Rossi, Maria"', 'Ho parlato con Maria Rossi, e poi con maria rossi.'],
      { role: 'tool' },
    );
    expect(csv).toBe('id;nome\n1;"<<PERSON:1>>"');
    expect(later).toBe('Ho parlato con <<PERSON:1>>, e poi con <<PERSON:1>>.');
  });
});
