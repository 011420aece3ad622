import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { found } from './helpers';

const person = personDetector();

function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('lower-case names after an introduction', () => {
  it('EN: a given name of the lists, and the family name after it', () => {
    expectNames([
      ["hi, i'm bertram jørgensen, i need help", ['bertram jørgensen']],
      ['my name is olivia', ['olivia']],
      ['this is john murphy from support', ['john murphy']],
      ["i'm bertram jørgensen and i need help", ['bertram jørgensen']],
    ]);
  });

  it('FR: after je suis, je m’appelle, moi c’est', () => {
    expectNames([
      ['bonjour, je suis élodie', ['élodie']],
      ["je m'appelle élodie martin.", ['élodie martin']],
      ["moi c'est nathalie", ['nathalie']],
    ]);
  });

  it('DE: after ich bin, ich heiße', () => {
    expectNames([
      ['hallo, ich bin jonas', ['jonas']],
      ['ich heiße jonas weber und wohne in Köln', ['jonas weber']],
      ['ich bin jonas aus berlin', ['jonas']],
    ]);
  });

  it('ES: after me llamo, soy, mi nombre es', () => {
    expectNames([
      ['hola, me llamo pablo ruiz', ['pablo ruiz']],
      ['soy lucía', ['lucía']],
      ['mi nombre es pablo', ['pablo']],
    ]);
  });

  it('IT: after mi chiamo, sono', () => {
    expectNames([
      ['ciao, mi chiamo giulia', ['giulia']],
      ['sono marco bianchi, il titolare', ['marco bianchi']],
    ]);
  });

  it('takes no common word, and no given name that is also a word, for a name', () => {
    expectNames([
      ["i'm happy to help", []],
      ['i am going home', []],
      ['this is great', []],
      ["i'm will", []],
      ['je suis content de vous voir', []],
      ['je suis rose de honte', []],
      ['ich bin müde', []],
      ['soy feliz', []],
      ['mi número es seis uno dos', []],
      ['sono stanco', []],
      ['sono le dieci', []],
      // A lower-case given name with no introduction before it.
      ['tell olivia the news', []],
    ]);
  });
});
