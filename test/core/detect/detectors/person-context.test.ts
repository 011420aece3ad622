import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import {
  PARTICLE_KEYS,
  SURNAME_KEYS,
} from '../../../../src/core/detect/detectors/person-names/lexicon';
import { scanWorkOf } from '../../helpers';
import { found } from './helpers';

const person = personDetector();

describe('personDetector: particles', () => {
  it('reads a particle as a particle, never as a family name by itself', () => {
    expect(SURNAME_KEYS.has('santis')).toBe(true);
    expect(SURNAME_KEYS.has('berg')).toBe(true);
    for (const particle of PARTICLE_KEYS) expect(SURNAME_KEYS.has(particle)).toBe(false);
  });

  it('joins one or two particles before a capitalised word', () => {
    expect(found(person, 'Can you send it to Sophie van der Meer? Thanks')).toEqual([
      'Sophie van der Meer',
    ]);
    expect(found(person, 'Vu avec Lotte Van den Berg et Juan de la Cruz.')).toEqual([
      'Lotte Van den Berg',
      'Juan de la Cruz',
    ]);
  });

  it('ends no name with a particle, and finds no particle alone', () => {
    expect(found(person, 'Vu avec Marie Le dossier')).toEqual(['Marie']);
    expect(found(person, 'Ask Paul De')).toEqual(['Paul']);
    expect(found(person, 'Bonjour, De 9h à 12h le samedi')).toEqual([]);
    expect(found(person, 'Bonjour Van')).toEqual([]);
  });

  it('keeps the particles of known names particles', () => {
    const withKnown = personDetector({ knownNames: ['Ludwig van Beethoven'] });
    expect(found(withKnown, 'Bonjour Van, ludwig van beethoven est là')).toEqual([
      'ludwig van beethoven',
    ]);
  });

  it('finds a family name that opens with its particle', () => {
    expect(found(person, 'M. Le Bihan souhaite être rappelé.')).toEqual(['Le Bihan']);
    expect(found(person, 'Intervention réalisée avec Le Gall hier.')).toEqual(['Le Gall']);
    expect(found(person, 'Rendez-vous chez De Luca demain')).toEqual(['De Luca']);
    // An article before a word of no list is a title, a newspaper, a shop.
    expect(found(person, 'Bonjour Le Monde, avec La Poste et chez Le Bon Coin')).toEqual([]);
  });
});

describe('personDetector: tables', () => {
  it('reads the columns of people under a header, names of no list included', () => {
    expect(
      found(
        person,
        'last_name,first_name,company\nWhitfield,Nora,Acme Corp\nCastellanos,Diego,Initech',
      ),
    ).toEqual(['Nora', 'Whitfield', 'Castellanos', 'Diego']);
    expect(found(person, 'NOM;PRENOM;TEL\nGARNIER;Lucie;0647218813')).toEqual(['Lucie', 'GARNIER']);
    expect(
      found(person, 'Nachname;Vorname;Abteilung\nSchäfer;Katrin;Vertrieb\nYilmaz;Emre;Einkauf'),
    ).toEqual(['Emre', 'Schäfer', 'Katrin', 'Yilmaz']);
    expect(
      found(person, '| Nom | Prénom |\n|---|---|\n| Martin | Sophie |\n| Okonkwo | Chidi |'),
    ).toEqual(['Martin', 'Sophie', 'Chidi', 'Okonkwo']);
  });

  it('leaves the other columns, placeholders and firms alone', () => {
    expect(found(person, 'Vorname;Abteilung\nKatrin;Vertrieb\nEmre;Einkauf')).toEqual([
      'Emre',
      'Katrin',
    ]);
    expect(found(person, 'name,email\nAcme Corp,a@b.fr\nNULL,x@y.fr\nJean Dupont,j@d.fr')).toEqual([
      'Jean Dupont',
    ]);
    expect(found(person, 'product;color\nRose;red\nNathalie;blue')).toEqual(['Nathalie']);
  });

  it('reads a large table in linear time (work counted, not timed)', () => {
    // Each row's name checked against the others' would read the text rows × rows times.
    const tables = (rows: number) => [
      `nom;prénom\n${'Lefèvre;Nathalie\n'.repeat(rows)}`,
      'DUPONT,Jean,Paris\n'.repeat(rows),
    ];
    for (const text of tables(40_000)) expect(person.detect(text)).toHaveLength(80_000);
    const work = (rows: number) =>
      scanWorkOf(() => {
        for (const text of tables(rows)) person.detect(text);
      });
    // 4x the rows may cost 4x the reads (plus slack), never 16x.
    expect(work(40_000)).toBeLessThanOrEqual(5 * work(10_000));
  });

  it('reads a family name next to a given name in a row with no header', () => {
    expect(found(person, 'Lefèvre;Nathalie;06 23 45 67 89')).toEqual(['Nathalie', 'Lefèvre']);
    expect(found(person, 'id,DUPONT,Jean,Paris')).toEqual(['Jean', 'DUPONT']);
    // Not a word of no list (`Acme`), a short acronym, a city, or words of a sentence.
    expect(found(person, 'Hi Paul,\nAcme,Marie')).toEqual(['Paul', 'Marie']);
    expect(found(person, 'CEO,Marie')).toEqual(['Marie']);
    expect(found(person, 'Jean;Paris;75001')).toEqual(['Jean']);
    // A sentence is no row: the table reading leaves `Lefèvre` out (the tagger reads it as the
    // family name it is, from the words around it).
    expect(
      found(personDetector({ tagger: false }), 'Le dossier Lefèvre, Nathalie le suit'),
    ).toEqual(['Nathalie']);
    expect(found(person, 'Le dossier Lefèvre, Nathalie le suit')).toEqual(['Nathalie', 'Lefèvre']);
  });
});

describe('personDetector: lists, relatives, speakers', () => {
  it('finds a name that follows a name in a list', () => {
    expect(found(person, 'Merci à Ophélie et Nassim pour leur aide.')).toEqual([
      'Ophélie',
      'Nassim',
    ]);
    expect(found(person, 'Présents : Olivier, Rose, Karim Haddad')).toEqual([
      'Olivier',
      'Rose',
      'Karim Haddad',
    ]);
    expect(found(person, 'Merci Paul, Olivier et Grace.')).toEqual(['Paul', 'Olivier', 'Grace']);
  });

  it('takes no role, department or firm for a name in a list', () => {
    expect(found(person, 'Signed, Eleanor Vance, Trustee')).toEqual(['Eleanor Vance']);
    expect(found(person, 'Paul and Engineering will sync on Friday.')).toEqual(['Paul']);
    expect(found(person, 'Thanks Marie, Google and Apple replied.')).toEqual(['Marie']);
    expect(found(person, 'Hi Marc, Will you come?')).toEqual(['Marc']);
    expect(found(person, 'We met Van Cleef & Arpels')).toEqual(['Van Cleef']);
  });

  it('finds the name of a relative or colleague', () => {
    expect(found(person, 'my husband Frank is the account holder')).toEqual(['Frank']);
    expect(found(person, 'Mon conjoint Rodrigue Etienne sera présent.')).toEqual([
      'Rodrigue Etienne',
    ]);
  });

  it('finds a given name that is also a word as a speaker or a list item owner', () => {
    expect(found(person, 'Standup\n- Grace: blocked on QA\n- Olive: on leave')).toEqual([
      'Grace',
      'Olive',
    ]);
    expect(found(person, 'Tom: I agree\nMark: me too')).toEqual(['Tom', 'Mark']);
    expect(found(person, 'Hope: we ship on Friday.\nWill: maybe')).toEqual([]);
  });
});

describe('personDetector: titles and places', () => {
  it('strips the Italian abbreviated titles', () => {
    expect(found(person, 'Gentile sig.ra Rossi, la dott.ssa Bianchi la richiamerà.')).toEqual([
      'Rossi',
      'Bianchi',
    ]);
  });

  it('reads a street or a café through its particles and titles', () => {
    expect(found(person, 'Avenue du Général Leclerc, en face du Café de Flore.')).toEqual([]);
    expect(found(person, 'au 12 rue du Docteur Roux')).toEqual([]);
    // A lower-case word before `de` is a street word, or a name follows.
    expect(found(person, 'Le cours de Marie est annulé.')).toEqual(['Marie']);
  });

  it('takes `Air` for the start of a firm or a product', () => {
    expect(found(person, 'desservies par Air Caraïbes, pas par Air France')).toEqual([]);
    expect(found(person, 'Jordan 1 Retro High and Air Max 90 are back in stock.')).toEqual([]);
  });
});
