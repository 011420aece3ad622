import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { NAME_PARTICLES } from '../../../../src/core/detect/detectors/person/particles';
import { PARTICLE_KEYS } from '../../../../src/core/detect/detectors/person-names/lexicon';
import { found } from './helpers';

const person = personDetector();

function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('names with particles', () => {
  it("FR and EN: an elided `d'` after a given name or a title belongs to the name", () => {
    expectNames([
      ["Mme d'Arcy a rappelé.", ["d'Arcy"]],
      ["Elizabeth d'Arcy called.", ["Elizabeth d'Arcy"]],
      ['Dr d’Ormesson will see you.', ['d’Ormesson']],
      ['Jean de La Fontaine', ['Jean de La Fontaine']],
      // An elision, not a particle: the span is the name alone.
      ["J'ai parlé d'Hélène hier", ['Hélène']],
    ]);
  });

  it('IT: `Lo`, `La`, `di`, `Dalla`, `Degli`, also in capitals', () => {
    expectNames([
      ['Giuseppe Lo Russo ha firmato.', ['Giuseppe Lo Russo']],
      ['Ne parlo con il sig. Lo Russo.', ['Lo Russo']],
      ['MARIA LA ROSA', ['MARIA LA ROSA']],
      ['Maria LA ROSA, via Roma 3', ['Maria LA ROSA']],
      ['Cognome: LA ROSA', ['LA ROSA']],
      // In capitals after a label, whatever the lists say.
      ['INTESTATARIO DEL CONTO: PIERETTA LO QUAGLIARDI', ['PIERETTA LO QUAGLIARDI']],
      ['KONTOINHABER: SELMA VAN DER HERMANN', ['SELMA VAN DER HERMANN']],
      ['la dott.ssa di Stefano', ['di Stefano']],
      ['Lucia Dalla Costa e Anna Degli Esposti', ['Lucia Dalla Costa', 'Anna Degli Esposti']],
    ]);
  });

  it('ES: `de los`, `de las`, `del`, after a given name or a title', () => {
    expectNames([
      ['María de los Ríos llega mañana.', ['María de los Ríos']],
      ['Juan de las Heras llamó a Pilar del Castillo', ['Juan de las Heras', 'Pilar del Castillo']],
      ['la Sra. de los Santos', ['de los Santos']],
    ]);
  });

  it('DE and NL: `van der`, `von der`, `zur`, `ter`', () => {
    expectNames([
      ['Pieter van der Berg kommt.', ['Pieter van der Berg']],
      ['Ursula von der Leyen sprach.', ['Ursula von der Leyen']],
      ['Herr zur Lippe ruft an.', ['zur Lippe']],
      ['Anouk ter Horst', ['Anouk ter Horst']],
    ]);
  });

  it('takes no place, article or common phrase for a name', () => {
    expectNames([
      ["Vacances sur la Côte d'Azur", []],
      ['LA ROSA ES ROJA', []],
      ['IL NUMERO MASSIMO DI RIGHE', []],
      ['ATTUALMENTE SONO AMMESSI DUE VALORI', []],
      ['La Rosa dei Venti', []],
      ['Bonjour Le Monde', []],
      ['lo Stato e la Regione', []],
      ['Vu avec Marie Le dossier', ['Marie']],
    ]);
  });
});

describe('the particle table', () => {
  it('lists the particles of EN, FR, DE, ES and IT, which are never family names by themselves', () => {
    for (const lang of ['fr', 'de', 'es', 'it', 'nl'] as const) {
      expect(NAME_PARTICLES.some((row) => row.lang === lang)).toBe(true);
    }
    for (const particle of ['lo', 'los', 'las', 'dalla', 'degli', 'zur', 'van', 'de']) {
      expect(PARTICLE_KEYS.has(particle), particle).toBe(true);
    }
  });
});
