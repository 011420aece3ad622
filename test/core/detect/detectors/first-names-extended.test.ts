import { describe, expect, it } from 'vitest';
import { createPii } from '../../../../src/core/create-pii';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { FIRST_NAMES } from '../../../../src/core/detect/detectors/person-names/first-names';
import { EXTENDED_FIRST_NAMES } from '../../../../src/core/detect/detectors/person-names/first-names-extended';
import {
  AMBIGUOUS_KEYS,
  IN_EXTENDED_NAMES,
  KEY_FLAGS,
  nameKey,
  ORGANISATION_KEYS,
  PLACE_KEYS,
  STOP_KEYS,
  SURNAME_KEYS,
} from '../../../../src/core/detect/detectors/person-names/lexicon';
import { found } from './helpers';

const person = personDetector();
// What the lists alone make a name: the hand-written signals without the tagger.
const rules = personDetector({ tagger: false });

describe('the generated given names (first-names-extended.ts)', () => {
  it('finds names the curated list does not hold, as people write them', () => {
    // Each was left in clear before: no title, greeting, label or e-mail address around it.
    expect(found(person, 'Thaddeus Whitmore will present the figures.')).toEqual([
      'Thaddeus Whitmore',
    ]);
    expect(found(person, 'Le dossier est suivi par Mathis Leroy depuis mars.')).toEqual([
      'Mathis Leroy',
    ]);
    expect(found(person, 'Friederike Brandstätter übernimmt ab Montag.')).toEqual([
      'Friederike Brandstätter',
    ]);
    // Alone, after a greeting or a title.
    expect(found(person, 'Hi Evangeline, the invoice is attached.')).toEqual(['Evangeline']);
    expect(found(person, 'Dr. Thaddeus called.')).toEqual(['Thaddeus']);
  });

  it('reads none of them as a name by itself: such lists hold places, brands and words too', () => {
    // `Elija una opción`, `nach Lucca und Vigo`, `Django`: read alone, they would be masked.
    for (const text of [
      'Elija una opción y cierre la ventana.',
      'Wir fahren nach Lucca und Vigo.',
      'Il a acheté une Clio rouge.',
      'We use Django and Athena at Princeton.',
    ]) {
      expect(found(person, text), text).toEqual([]);
    }
    // The list alone does not make `Evangeline` a name; the words around it do (the tagger).
    expect(found(rules, 'Ask Evangeline about the invoice.')).toEqual([]);
    expect(found(person, 'Ask Evangeline about the invoice.')).toEqual(['Evangeline']);
  });

  it('keeps what is no name out, and leaves unknown names to the other signals', () => {
    for (const text of [
      'Rolls-Royce, Johnson & Johnson and Procter & Gamble all reported on Tuesday.',
      'La seule option pour les URI GPGV est gpgv::Options.',
      'Der ppp-Dämon wird benötigt, wenn die ABI des Symbols sich ändert.',
    ]) {
      expect(found(person, text), text).toEqual([]);
    }
    // A name of no list: the lists say nothing, the words around it do.
    expect(found(rules, 'Ask Gwénola about the invoice.')).toEqual([]);
    expect(found(person, 'Ask Gwénola about the invoice.')).toEqual(['Gwénola']);
  });

  it('holds no key the curated lists hold or classify, and no name under four letters', () => {
    const curated = new Set(FIRST_NAMES.map(nameKey));
    const keys = EXTENDED_FIRST_NAMES.map(nameKey);
    expect(EXTENDED_FIRST_NAMES.length).toBeGreaterThan(5000);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => curated.has(key))).toEqual([]);
    const classified = [STOP_KEYS, PLACE_KEYS, ORGANISATION_KEYS, AMBIGUOUS_KEYS, SURNAME_KEYS];
    expect(keys.filter((key) => classified.some((set) => set.has(key)))).toEqual([]);
    // Given names of their own kind: never a name by themselves.
    expect(keys.every((key) => (KEY_FLAGS.get(key) ?? 0) === IN_EXTENDED_NAMES)).toBe(true);
    expect(keys.filter((key) => [...key].length < 4)).toEqual([]);
    expect(
      EXTENDED_FIRST_NAMES.filter((name) => !/^\p{Lu}[\p{Ll}'’-]*\p{Ll}$/u.test(name)),
    ).toEqual([]);
  });

  it('keeps such a name from the model', async () => {
    const session = createPii().session('extended-names');
    const masked = await session.anonymize('Thaddeus Whitmore a rappelé, voir avec Mathis Leroy.');
    expect(masked).toBe('<<PERSON:1>> a rappelé, voir avec <<PERSON:2>>.');
  });
});
