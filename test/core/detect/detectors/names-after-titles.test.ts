import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { TITLE_CUES, titleCueOf } from '../../../../src/core/detect/detectors/person/titles';
import { found } from './helpers';

const person = personDetector();

/** Each text, and the names it holds (titles left out of the span). */
function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('names after titles', () => {
  it('EN: abbreviations in any case, with or without their dot', () => {
    expectNames([
      ['I spoke with dr. Whitfield yesterday.', ['Whitfield']],
      ['I spoke with Dr Whitfield yesterday.', ['Whitfield']],
      ['NOTE FROM MRS. WHITFIELD', ['WHITFIELD']],
      ['Ms Okonkwo will call back.', ['Okonkwo']],
      ['ask mr. Castellanos', ['Castellanos']],
      ['Prof. Quesnel-Arnaud replied.', ['Quesnel-Arnaud']],
      ['Thanks to Capt. Ibarrola and Sgt. Mbeki', ['Ibarrola', 'Mbeki']],
    ]);
  });

  it('FR: Me (maître), Mlle, Pr, M., Mme in any usual case', () => {
    expectNames([
      ['Me Lacroix représente le client.', ['Lacroix']],
      ['Rendez-vous avec Me Dubois demain.', ['Dubois']],
      ['Mlle Durand est là.', ['Durand']],
      ['Le Pr Lacombe opère demain.', ['Lacombe']],
      ['mme Okonkwo a rappelé', ['Okonkwo']],
      ["l'abbé Quesnel célèbre la messe", ['Quesnel']],
      ['MME LEFÈVRE', ['LEFÈVRE']],
    ]);
  });

  it('DE: Hr., Fr., Dr.in and Dr.ⁱⁿ, Mag.a, Herr, Frau', () => {
    expectNames([
      ['Hr. Schäfer ruft zurück.', ['Schäfer']],
      ['Fr. Müller hat angerufen.', ['Müller']],
      ['Termin bei Dr.ⁱⁿ Weber am Montag', ['Weber']],
      ['Termin bei Dr.in Brandstätter', ['Brandstätter']],
      ['Mag.a Huber übernimmt.', ['Huber']],
      ['Sehr geehrte Frau Okonkwo,', ['Okonkwo']],
    ]);
  });

  it('ES: Sr., Sra., Srta., Dña., don, Lic., Dra.', () => {
    expectNames([
      ['El Sr. de la Fuente llamó.', ['de la Fuente']],
      ['La sra. Castellanos espera.', ['Castellanos']],
      ['Hablé con don García ayer.', ['García']],
      ['Dña. Ortega firmó.', ['Ortega']],
      ['la Srta. Ibarrola', ['Ibarrola']],
      ['el Lic. Morales y la Dra. Quintanilla', ['Morales', 'Quintanilla']],
      ['SR. GARCÍA', ['GARCÍA']],
      // A family name of no list, which is no word of a job title.
      ['El paquete lo firmó Sr. Echoez.', ['Echoez']],
    ]);
  });

  it('IT: dott., sig.ra, avv., ing., prof.ssa, don, in any case and after an elision', () => {
    expectNames([
      ['Ho parlato con il dott. Rossi ieri.', ['Rossi']],
      ['La sig.ra Bianchi ha chiamato.', ['Bianchi']],
      ["L'avv. Ferraro ha risposto.", ['Ferraro']],
      ["Parlane con l'ing. Galli.", ['Galli']],
      ["Il parere dell'avv. Quaglierini", ['Quaglierini']],
      ['DOTT. ROSSI', ['ROSSI']],
      ['Il Dott Rossi arriva.', ['Rossi']],
      ['la prof.ssa Neri', ['Neri']],
      ['il geom. Colombo', ['Colombo']],
      ['don Abbondio e don Camillo', ['Abbondio', 'Camillo']],
    ]);
  });
});

describe('words that are titles only sometimes', () => {
  it('`Me` is a French pronoun and an English word: only `Me` before a capitalised name counts', () => {
    expectNames([
      ['Me voici.', []],
      ['Me voilà, Paul.', ['Paul']],
      ['Call Me Maybe', []],
      // Title-case song titles: `Me` needs a name of the lists after it (`Harder` is one: a
      // surname of the census, which the tagger reads as a name there).
      ['What Have You Done for Me Lately', []],
      ['Me and Paul went', ['Paul']],
    ]);
    // A lower-case `me` is no title, nor `ME` in capitals (the tagger may still read the surname
    // after them as a name).
    const rules = personDetector({ tagger: false });
    expect(found(rules, 'Il me Lacroix')).toEqual([]);
    expect(found(rules, 'ME LACROIX')).toEqual([]);
  });

  it('`don` is an English verb: a lower-case `don` needs a name of the lists after it', () => {
    expectNames([
      ['Please don the Hazmat suit.', []],
      ['Staff must don Tyvek suits.', []],
      // In lower case, English titles are nouns.
      ['the director general de Medio Ambiente', []],
      // An article in lower case after a title: a function, not a name.
      ['M. le Directeur a parlé, puis Mme la Présidente.', []],
      ['M. Le Bihan a parlé.', ['Le Bihan']],
      // `Don` is a given name: read with the name, never dropped as a title, in a table too.
      ['Don Draper called.', ['Don Draper']],
      ['nom;prénom\nRossi;Giulia\nDon;Draper', ['Giulia', 'Rossi', 'Don', 'Draper']],
    ]);
  });

  it('`Sr` is a chemical symbol and `Sr.` an English senior: they need a name of the lists', () => {
    expectNames([
      ['Sr is strontium, Ca is calcium.', []],
      ['Ca, Sr and Ba', []],
      ['She is a Sr. Data Scientist at Acme.', []],
      ['Our Sr. Software Engineer left.', []],
    ]);
  });

  it('abbreviations that are also words need their dot in lower case', () => {
    expectNames([
      ['Ich gebe dir Bescheid.', []],
      ['Mo. bis Fr. Sprechstunde', []],
      ['Fr. 12.03. geschlossen', []],
      ['the pr Fix typo', []],
      ['PR Review', []],
    ]);
  });
});

describe('the title table', () => {
  it('covers the usual titles of EN, FR, DE, ES and IT', () => {
    for (const lang of ['en', 'fr', 'de', 'es', 'it'] as const) {
      expect(TITLE_CUES.some((row) => row.lang === lang)).toBe(true);
    }
    expect(titleCueOf('dott.ssa')?.weight).toBe(0.95);
    expect(titleCueOf('sig.ra')).toBeDefined();
    expect(titleCueOf('dr.ⁱⁿ')).toBeDefined();
    expect(titleCueOf('don')?.support).toBe('listed-name');
    expect(titleCueOf('maybe')).toBeUndefined();
  });
});
