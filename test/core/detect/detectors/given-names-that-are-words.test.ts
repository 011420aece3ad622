/**
 * Words of the generated given-name list that are also places, brands, technology names or verb
 * forms (`Elija`, `Lucca`, `Clio`, `Django`) are not names by themselves, and the sweep does not
 * mask them in lower case later in the conversation.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../../src/core/create-pii';
import { memoryVaultStore } from '../../../../src/core/vault/memory-store';

const session = (id: string) => createPii({ store: memoryVaultStore() }).session(id);

describe('places, brands, technology names and Spanish verb forms of the list are not persons', () => {
  // Precision: common text in five languages; the sweep would then mask the word in lower case
  // for the rest of the conversation. None of these words is masked by 4e6194d, nor now. Suggested fix: drop from the list the names hunspell accepts in lower case in
  // the seven languages (inflected forms), the capitalised entries of the word lists and the
  // names of faker's location, vehicle and company data; or let a name of the extended list
  // count alone only with another signal (a title, a greeting, a family name after it).
  it.each([
    ['Elija una opción del menú.'],
    ['Cierra la sesión antes de salir.'],
    ['Hazle saber que llegamos tarde.'],
    ['Vivo en Argelia desde 2019.'],
    ['Ich fahre nach Lucca und Vigo.'],
    ["J'ai une Clio rouge."],
    ['We use Django and Loki for logging, Athena for queries.'],
    ['He works at Cornell and then Princeton.'],
    ['The Hilbert space and the Bessel function.'],
    ['I drove my Camry from Albany to Dayton.'],
    // All caps: f71cfe9 `POR <<PERSON:1>> EL ARCHIVO` (`FAVOR ELIJA DONDE GUARDAR`, read as a
    // family name and a given name).
    ['POR FAVOR ELIJA DONDE GUARDAR EL ARCHIVO'],
  ])('leaves %j as it is', async (text) => {
    // f71cfe9: `<<PERSON:1>> una opción del menú.`, `nach <<PERSON:1>> und <<PERSON:2>>`...
    expect(await session('words').anonymize(text)).toBe(text);
  });

  it('does not mask `django` in the code of the next message', async () => {
    const s = session('words-sweep');
    await s.anonymize('We migrated the app to Django last year.');
    // f71cfe9: `Run pip install <<PERSON:1>> then import <<PERSON:1>>.db`.
    expect(await s.anonymize('Run pip install django then import django.db')).toBe(
      'Run pip install django then import django.db',
    );
  });
});

// Open (FINDINGS.md): a name read on into the all-caps words or German nouns after it gets
// another token than the name alone, as for the curated names.

// Open by design (FINDINGS.md): a generated given name alone is never a name, whatever the
// structure around it; that is the price of the words above.
