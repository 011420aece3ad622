import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { found } from './helpers';

const person = personDetector();

describe('personDetector', () => {
  it('does not read an upper-case preposition as a family name before a given name', () => {
    // `DUPONT Jean` puts the family name first; `TO MICHAEL` does not (it crossed the address
    // `MICHAEL.OBRIEN@…` and was masked with it).
    expect(found(person, 'SEND IT TO MICHAEL.OBRIEN@OUTLOOK.COM')).toEqual([]);
    const rules = personDetector({ tagger: false });
    expect(found(rules, 'EMAIL FROM MICHAEL, CC DUPONT JEAN')).toEqual(['DUPONT JEAN']);
    // The tagger reads the sender too: a given name in capitals after `FROM`.
    expect(found(person, 'EMAIL FROM MICHAEL, CC DUPONT JEAN')).toEqual(['DUPONT JEAN', 'MICHAEL']);
    expect(found(person, 'Cc: Jean Dupont')).toEqual(['Jean Dupont']);
  });

  it('reads a given name alone in upper-case text after a greeting, and nothing else alone', () => {
    expect(found(person, 'DEAR MICHAEL, THE MEETING IS MOVED TO FRIDAY.')).toEqual(['MICHAEL']);
    expect(found(person, 'BONJOUR MARIE, MERCI POUR LE DOSSIER')).toEqual(['MARIE']);
    expect(found(person, 'HI SOPHIE')).toEqual(['SOPHIE']);
    expect(found(person, 'HELLO, MICHAEL')).toEqual(['MICHAEL']);
    expect(found(person, 'BONJOUR PIERRE-ANTOINE,')).toEqual(['PIERRE-ANTOINE']);
    // Not given names of the lists, or words as well as names, or no greeting right before.
    for (const text of [
      'HELLO TEAM',
      'HI ALL',
      'DEAR CUSTOMER,',
      'HELLO PARIS',
      'HI MAY',
      'HELLO WORLD',
      'PLEASE CALL SOPHIE',
    ]) {
      expect(found(person, text), text).toEqual([]);
    }
  });

  it('strips titles', () => {
    expect(found(person, 'Dr. Emily Chen will see you.')).toEqual(['Emily Chen']);
    expect(found(person, 'Bonjour Mme Nathalie Lefèvre, voici le devis.')).toEqual([
      'Nathalie Lefèvre',
    ]);
    expect(found(person, 'M. Dupont est absent.')).toEqual(['Dupont']);
    expect(found(person, 'Sehr geehrter Herr Dr. Schmidt,')).toEqual(['Schmidt']);
  });

  it('finds compound, accented and Irish names', () => {
    expect(found(person, 'Jean-Pierre Martin et Aïcha Benali sont là.')).toEqual([
      'Jean-Pierre Martin',
      'Aïcha Benali',
    ]);
    expect(found(person, "Michael O'Brien called.")).toEqual(["Michael O'Brien"]);
    expect(found(person, 'Ludwig van Beethoven, Charles de Gaulle')).toEqual([
      'Ludwig van Beethoven',
      'Charles de Gaulle',
    ]);
  });

  it('finds names in greetings and signatures, even unknown ones', () => {
    expect(found(person, 'Hi Sarah,\nThanks.\nBest regards,\nThaddeus Whitmore')).toEqual([
      'Sarah',
      'Thaddeus Whitmore',
    ]);
    expect(found(person, 'Cordiali saluti,\nGiulia Rossi')).toEqual(['Giulia Rossi']);
    expect(found(person, 'Hola Carmen, ¿qué tal?')).toEqual(['Carmen']);
    expect(found(person, 'My name is Kwabena Asante.')).toEqual(['Kwabena Asante']);
  });

  it('reads an introduction only where it starts a word', () => {
    const rules = personDetector({ tagger: false });
    expect(found(rules, 'Hi, I am Okafor Nwosu.')).toEqual(['Okafor Nwosu']);
    // `i am`, `call me` at the end of longer words introduce nobody (the tagger may still read
    // a name there by its shape: that is its own signal, not the introduction's).
    expect(found(rules, 'Flights from Miami am Okafor Nwosu.')).toEqual([]);
    expect(found(rules, 'They will recall me Okafor Nwosu.')).toEqual([]);
  });

  it('finds names as JSON values under name-like keys', () => {
    const json =
      '{"fullName": "Wenceslas Kowalczyk", "customer": "Zéphyrine Oduya", "city": "Paris"}';
    expect(found(person, json)).toEqual(['Wenceslas Kowalczyk', 'Zéphyrine Oduya']);
  });

  it('uses the local part of a nearby e-mail address', () => {
    expect(found(person, 'Contactez Oyelaran Quispe : oyelaran.quispe@exemple.fr')).toEqual([
      'Oyelaran Quispe',
    ]);
    expect(found(person, 'Oyelaran Quispe est arrivé.')).toEqual([]);
  });

  it('uses knownNames, whatever the case', () => {
    const withKnown = personDetector({ knownNames: ['Ottoline Brandt'] });
    expect(found(withKnown, 'ottoline brandt a appelé')).toEqual(['ottoline brandt']);
    expect(found(person, 'ottoline brandt a appelé')).toEqual([]);
  });

  it('strips possessives and elisions', () => {
    expect(found(person, "Sarah's laptop is broken")).toEqual(['Sarah']);
    expect(found(person, "J'ai parlé d'Hélène hier")).toEqual(['Hélène']);
  });

  it('has exact offsets next to CJK text and emoji', () => {
    expect(found(person, '李明的邮箱 Jean Dupont 是')).toEqual(['Jean Dupont']);
    expect(found(person, 'Merci Claire 🙏 à demain')).toEqual(['Claire']);
    expect(found(person, '👋🏽Hi Léa!')).toEqual(['Léa']);
  });

  it('ignores cities, companies, weekdays, months and sentence starts', () => {
    expect(found(person, 'Meeting on Monday in Paris with Microsoft.')).toEqual([]);
    expect(found(person, 'The report is ready. Please check it. Merci !')).toEqual([]);
    expect(found(person, 'Rendez-vous lundi 3 mars à Lyon, chez Orange.')).toEqual([]);
    expect(found(person, 'Will you send it? May I call?')).toEqual([]);
    expect(found(person, 'rue Victor Hugo, 75016 Paris')).toEqual([]);
    expect(found(person, 'Marie Curie University and New York Times')).toEqual([]);
    expect(found(person, 'Hello World, Dear Customer, Hi Team')).toEqual([]);
    expect(found(person, '{"name": "Acme Corp", "status": "OK"}')).toEqual([]);
  });

  it('scores stronger signals higher', () => {
    const score = (text: string) =>
      (person.detect(text) as unknown as { score?: number }[])[0]?.score ?? 0;
    expect(score('Dr. Emily Chen')).toBeGreaterThan(score('Emily Chen'));
    expect(score('Emily Chen')).toBeGreaterThan(score('Emily'));
    expect(score('Emily')).toBeGreaterThanOrEqual(0.6);
  });

  it('reads words as the former word regex did (joins, elisions, marks, astral letters)', () => {
    expect(found(person, "L'équipe de Jean-Pierre McDonald et d’Hélène O'Brien’s")).toEqual([
      'Jean-Pierre McDonald',
      "Hélène O'Brien",
    ]);
    expect(found(person, 'Rencontre avec Éric Dupont-Moretti.')).toEqual(['Éric Dupont-Moretti']);
    expect(found(person, 'Hélène\u0301 Dubois')).toEqual(['Hélène\u0301 Dubois']);
    expect(found(person, 'Hi 𝐀lice, merci Zoé')).toEqual(['Zoé']);
    // `MM.` is a title; `Durand` follows a name with `et` (a list of names).
    expect(found(person, 'MM. Dupont et Durand')).toEqual(['Dupont', 'Durand']);
    expect(found(person, 'Chère Aïcha,')).toEqual(['Aïcha']);
    // Bounded words: at most 40 letters per part and 5 parts (the rules); the tagger reads the
    // whole name as one.
    expect(
      found(personDetector({ tagger: false }), 'Jean-Pierre-Marie-Louis-Paul-Henri Martin'),
    ).toEqual(['Jean-Pierre-Marie-Louis-Paul', 'Henri Martin']);
    expect(found(person, 'Jean-Pierre-Marie-Louis-Paul-Henri Martin')).toEqual([
      'Jean-Pierre-Marie-Louis-Paul-Henri Martin',
    ]);
  });
});
