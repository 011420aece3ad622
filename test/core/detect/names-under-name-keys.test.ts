import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { personDetector } from '../../../src/core/detect/detectors/person';
import { NAME_LABELS } from '../../../src/core/detect/detectors/person/labels';
import { NAME_KEYS, nameKeyKind } from '../../../src/core/detect/detectors/person/name-keys';
import { NAME_COLUMNS } from '../../../src/core/detect/detectors/person/tables';
import { PiiConfigError } from '../../../src/core/errors';
import { found } from './detectors/helpers';

const person = personDetector();
/** Names of no list of the detector: only the key tells they are names. */
const GIVEN = 'gwénola';
const FAMILY = 'Quarbet';
const FULL = 'Valaane Montier';

describe('the table of keys that name a person', () => {
  it('matches a key whatever its case, separators and accents', () => {
    for (const key of ['first_name', 'firstName', 'FirstName', 'first-name', 'FIRST NAME']) {
      expect(nameKeyKind(key), key).toBe('name');
    }
    for (const key of ['prénom', 'prenom', 'Vorname', 'Nachname', 'apellidos', 'cognome']) {
      expect(nameKeyKind(key), key).toBe('name');
    }
    for (const key of ['name', 'Name', 'nom', 'nombre', 'nome', 'display_name', 'displayName']) {
      expect(nameKeyKind(key), key).toBe('ambiguous');
    }
    for (const key of ['filename', 'product_name', 'tool', 'id', 'owner', 'names', '']) {
      expect(nameKeyKind(key), key).toBeUndefined();
    }
  });

  it('is read as a JSON key label in text and as a column header, every key of it', () => {
    const compact = (s: string) => s.replace(/[ _]/g, '');
    const labels = new Set(
      NAME_LABELS.filter((row) => row.jsonKey).flatMap((row) => row.labels.map(compact)),
    );
    const columns = new Set([...NAME_COLUMNS].map(compact));
    const fold = (s: string) => compact(s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    for (const row of NAME_KEYS) {
      for (const key of row.keys) {
        expect(labels.has(compact(key)) || labels.has(fold(key)), `${key}: a JSON key label`).toBe(
          true,
        );
        expect(columns.has(fold(key)), `${key}: a column header`).toBe(true);
      }
    }
  });
});

describe('names under name keys, in JSON written in a text', () => {
  it('reads the value of a key that names a person as a name, whatever its case', () => {
    expect(
      found(person, `{"customer": {"first_name": "${GIVEN}", "last_name": "${FAMILY}"}}`),
    ).toEqual([GIVEN, FAMILY]);
    expect(found(person, `{"prénom": "${GIVEN}", "nom_de_famille": "quarbet"}`)).toEqual([
      GIVEN,
      'quarbet',
    ]);
    expect(found(person, `{'Vorname': 'valaane', 'Nachname': 'de montier'}`)).toEqual([
      'valaane',
      'de montier',
    ]);
    expect(found(person, `{"fullName":"valaane montier-quarbet","id":3}`)).toEqual([
      'valaane montier-quarbet',
    ]);
    expect(found(person, `{"apellidos": "quarbet d'orsay", "nombre": "Valaane"}`)).toContain(
      "quarbet d'orsay",
    );
  });

  it('reads the value of a bare `name` key as the text around it reads it', () => {
    // Capitalised: the key is the label before the name.
    expect(found(person, `{"name": "${FULL}", "phone": "+33 6 12 34 56 78"}`)).toEqual([FULL]);
    // In lower case, a name of the lists makes it one: two words, no common word.
    expect(found(person, '{"name": "john quarbet"}')).toEqual(['john quarbet']);
  });

  it('reads no file, package, tool or placeholder under a name key as a person', () => {
    for (const text of [
      '{"name": "react-dom", "version": "19.0.0"}',
      '{"name": "lodash"}',
      '{"name": "report.pdf"}',
      '{"name": "get_weather", "description": "Get the weather"}',
      '{"name": "dark mode"}',
      '{"nombre": "trois"}',
      '{"first_name": "N/A"}',
      '{"last_name": "unknown"}',
      '{"first_name": "test"}',
      '{"last_name": "user123"}',
      '{"full_name": "one two three four five six"}',
      '{"display_name": "sales team"}',
    ]) {
      expect(found(person, text), text).toEqual([]);
    }
  });
});

describe('names under name keys, in structured values', () => {
  const pii = createPii();

  it('masks the value of a key that names a person, whatever its case', async () => {
    const session = pii.session(`keys-${Math.random()}`);
    const masked = await session.anonymizeValue({
      customer: { first_name: GIVEN, last_name: FAMILY },
      name: FULL,
      phone: '+33 6 12 34 56 78',
    });
    expect(masked).toEqual({
      customer: { first_name: '<<PERSON:1>>', last_name: '<<PERSON:2>>' },
      name: '<<PERSON:3>>',
      phone: '<<PHONE:1>>',
    });
    expect(await session.restoreValue(masked)).toEqual({
      customer: { first_name: GIVEN, last_name: FAMILY },
      name: FULL,
      phone: '+33 6 12 34 56 78',
    });
  });

  it('reads the key, not the value alone: the same value elsewhere is left as it is', async () => {
    const session = pii.session(`keys-${Math.random()}`);
    // Lower case: read alone, with no key that names a person, neither is a name (a
    // capitalised `Valaane Montier` is one by itself, for the tagger).
    expect(await session.anonymizeValue({ note: GIVEN, status: 'montier' })).toEqual({
      note: GIVEN,
      status: 'montier',
    });
  });

  it('leaves a package, a file or a tool under a bare `name` key as it is', async () => {
    const session = pii.session(`keys-${Math.random()}`);
    const value = {
      name: 'react-dom',
      files: [{ name: 'report.pdf' }, { name: 'get_weather' }, { name: 'lodash' }],
    };
    expect(await session.anonymizeValue(value)).toEqual(value);
  });

  it('masks a name under its key in the items of an array under that key', async () => {
    const session = pii.session(`keys-${Math.random()}`);
    expect(await session.anonymizeValue({ surname: [FAMILY, 'montier'] })).toEqual({
      surname: ['<<PERSON:1>>', '<<PERSON:2>>'],
    });
  });

  it('takes the key of each text from `keys` in anonymizeMany, and checks its length', async () => {
    const session = pii.session(`keys-${Math.random()}`);
    expect(
      await session.anonymizeMany([GIVEN, GIVEN, 'quarbet'], {
        keys: ['Vorname', undefined, 'cognome'],
      }),
    ).toEqual(['<<PERSON:1>>', '<<PERSON:1>>', '<<PERSON:2>>']);
    await expect(session.anonymizeMany([GIVEN], { keys: [] })).rejects.toThrow(PiiConfigError);
  });
});
