/**
 * Security review 18 of 2026-11-30 (4e6194d..f71cfe9: about 6,000 more given names for PERSON
 * and `Am` as a stop word, f6f3010; U+202F phone numbers read by a second reading, f6f7c44,
 * e5a7610, f71cfe9; an escaped `\n` glues nothing to a number, e5a7610), against 4e6194d.
 * Corpora: the AI SDK's docs, this project's docs and 4.6 MB of FR/DE/ES/IT man pages (7.4 MB:
 * +11 PERSON spans, 9 of them real names); the translation catalogues of the installed Debian
 * packages (`/usr/share/locale/{es,fr,de,it}/LC_MESSAGES/*.mo`, and their English msgids: 13.7
 * MB of UI strings: +462 PERSON spans, 15 of them real names: translators, authors); the
 * evaluation set (PERSON false positives 5 -> 6, true positives 566 -> 573); the review-17
 * generators on seeds 41 and 141 (8,000 texts, 4,000 conversations: no digit that 4e6194d
 * masked left in clear; in the conversations, 11 last-turn values that 4e6194d masked with
 * their own token get another one, 2 messages change token from one turn to the next where
 * 4e6194d is stable: AH1's kind, left to the lead's runs on other seeds).
 * - AI1 (Medium, precision; new): the new list holds place names, brands, technology names and
 *   Spanish verb forms; a capitalised word of the list is a PERSON by itself (0.7), so `Elija
 *   una opción` (the imperative of elegir, 9 times in the Spanish catalogues), `Cierra la
 *   sesión`, `nach Lucca und Vigo`, `une Clio rouge`, `Django`, `Loki`, `Athena`, `Cornell`,
 *   `Princeton` are masked, and the sweep then masks the word in lower case in the rest of the
 *   conversation (`pip install django`, `import django.db`, `si usted elija`). Of the 6,002
 *   names: 69 are Spanish words for hunspell es_ES (the Debian `spanish` list the script reads
 *   lacks most inflected forms: Elija, Cierra, Hazle, Fije, Miran, Callen, Dron...); 226 appear in
 *   faker's own non-person data (36 city names, 7 street names, vehicle models Camry and Clio,
 *   manufacturers Aston, Royce); 933 are capitalised entries of the Debian word lists (proper
 *   nouns: the script drops only lower-case entries): Albany, Dayton, Trenton, Lucca, Vigo,
 *   Enna, Argelia and Mauricio (Spanish for Algeria and Mauritius), Castille, Anatolia, Avalon,
 *   Camry, Armani, Oprah, Hendrix, Hilbert, Bessel, Giove, Platone, Socrate... The same
 *   catalogues and the AI SDK's docs in capitals (6 MB): +80 PERSON spans, none a person's
 *   name (`FAVOR ELIJA DONDE GUARDAR`, `QUE CIERRA`, `SUELEN SER DEMASIADO COMPLEJAS PARA`,
 *   `SE LEEN NOMBRES`, `SÃO PAULO`, `SIEM REAB`).
 * - AI2 (Medium, G1; new, a regression of f6f3010's `Am` stop word): in all-caps text, `I AM`
 *   and a given name alone leaves the name in clear: `HI, I AM JEAN`, `HELLO I AM MICHAEL, MY
 *   CARD IS BLOCKED`. 4e6194d masked `AM JEAN` (a run of two all-caps words, one a given name);
 *   now `AM` ends the run and a lone all-caps given name needs a title or a greeting right
 *   before it. 2,475 of the 2,599 curated given names, in each of four templates (`I AM {N}`,
 *   `HI, I AM {N}`, `HELLO I AM {N} AND I NEED HELP`, `I AM {N}, MY CARD IS BLOCKED`), were
 *   masked by 4e6194d; none now. (`I AM JEAN DUPONT` is masked, as the commit intends.)
 * - AI3 (Low, G2/precision; older mechanism, new reach): a name read on into the capitalised
 *   words after it (all-caps verbs, German nouns) gets another token than the same name alone
 *   or in lower case: `MATHIS LEROY PASSERA RÉCUPÉRER LE COLIS` then `Mathis Leroy passera
 *   demain`; `hat Friederike Angebot geschickt` then `Friederike ruft an`. 4e6194d does so for
 *   curated names (855 of 867 and 825 of 867 in these two templates); for the new names it left
 *   them in clear, and now all 2,001 sampled get two tokens (and the verbs or nouns are masked).
 * - AI4 (Low, G1/G2; older, both trees: AH5's remainder): a JSON string holding JSON (a tool
 *   result whose text is a JSON-encoded payload, tool-call arguments logged as a string) writes
 *   a line break `\\n`: an even number of backslashes, so the `n` still glues the number: `+33`
 *   stays in clear and the rest gets another country's token, a national number stays in clear
 *   whole. 33 of 42 numbers (14 formats, after `\n`, `\t`, `\r\n`) keep digits in clear encoded
 *   twice, 3 encoded once (the 3 that plain text leaves in clear too).
 * - AI5 (Low, precision; new): the same change ungroups a number from the letter of a file name
 *   after a Windows path separator: `C:\logs\t0612345678.txt` and `C:\new\n0612345678.txt` are
 *   masked inside the path (4e6194d left them, as it still leaves `C:\temp\0612345678`).
 * - AI6 (Low, precision; new exposure of an older reading): `Intl.NumberFormat('fr-FR')`
 *   groups digits with U+202F, so amounts and counts that software formats in French are now
 *   read as phone numbers under the default detectors: 396 of 2,000 generated amounts of 7 to
 *   12 digits (0 on 4e6194d; the same 396 on 4e6194d's U+00A0 copy, 505 on its copy with
 *   spaces; 0 with `locales: ['fr-FR']`).
 * Cost: linear (PERSON on 25 to 200 KB of names, U+202F numbers on 25 to 200 KB: about 2x
 * 4e6194d for the latter, at every size); the names load once at import (about +60 ms).
 * Each test fails on f71cfe9 and says what it expects. AI1, AI2, AI4 and AI6 are fixed; AI3 is
 * open and AI5 accepted (FINDINGS.md).
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const session = (id: string, locales?: string[]) =>
  createPii({
    store: memoryVaultStore(),
    ...(locales ? { detectors: defaultDetectors({ locales }) } : {}),
  }).session(id);

describe('AI1: places, brands, technology names and Spanish verb forms of the new list are read as persons', () => {
  // Medium (precision: common text in five languages; the sweep then masks the word in lower
  // case for the rest of the conversation). New in f6f3010: none of these words is masked by
  // 4e6194d. Suggested fix: drop from the list the names hunspell accepts in lower case in
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
    expect(await session('ai1').anonymize(text)).toBe(text);
  });

  it('does not mask `django` in the code of the next message', async () => {
    const s = session('ai1-sweep');
    await s.anonymize('We migrated the app to Django last year.');
    // f71cfe9: `Run pip install <<PERSON:1>> then import <<PERSON:1>>.db`.
    expect(await s.anonymize('Run pip install django then import django.db')).toBe(
      'Run pip install django then import django.db',
    );
  });
});

describe('AI2: `Am` as a stop word leaves an all-caps given name after `I AM` in clear', () => {
  // Medium (G1, a regression of f6f3010): 4e6194d masked `AM JEAN` (too wide, but the name
  // was masked); now `AM` ends the run and `JEAN` alone, all caps, with no title or greeting
  // right before it, is not read. 2,475 of 2,599 curated given names per template, 0 now.
  // Suggested fix: read `I AM` (and `I'M`, `JE SUIS`, `ICH BIN`) before an all-caps word as
  // announcing a name, as `greetedGivenName` reads a greeting.
  it.each([
    ['HI, I AM JEAN', 'HI, I AM <<PERSON:1>>'],
    ['I AM MARIE AND I NEED HELP', 'I AM <<PERSON:1>> AND I NEED HELP'],
    ['HELLO I AM MICHAEL, MY CARD IS BLOCKED', 'HELLO I AM <<PERSON:1>>, MY CARD IS BLOCKED'],
  ])('masks the name of %j', async (text, expected) => {
    // f71cfe9: the text as it is (4e6194d: `HI, I <<PERSON:1>>`).
    expect(await session('ai2').anonymize(text)).toBe(expected);
  });
});

// AI3 (older: a name read on into the all-caps words or German nouns after it gets another token
// than the name alone) stays open, as for the curated names since the first reviews; its inputs
// are in FINDINGS.md (review 18).

describe('AI4 (older, both trees): a number after a line break escaped twice (JSON in a JSON string)', () => {
  // Low (G1: digits in clear; G2: another country's token). AH5's fix reads `\n` (an odd
  // number of backslashes) as a line break; JSON written in a JSON string escapes it as `\\n`,
  // and the `n` glues the number again. 33 of 42 numbers keep digits in clear so (3 of 42
  // encoded once). Suggested fix: read a run of backslashes and `n`, `r`, `t` as a break
  // whatever its parity when the number after it is no word's continuation (a `+`, or a
  // digit followed by a separator).
  const twice = (value: string) => JSON.stringify(JSON.stringify({ result: `ok\n${value}` }));

  it('masks `+33 6 12 34 56 78` whole, with the token of the same number written elsewhere', async () => {
    // The number first seen so (seen before in plain text, the sweep masks it whole).
    const s = session('ai4-intl');
    // f71cfe9: `"{\"result\":\"ok\\\\n+33 <<PHONE:1>>\"}"`, PHONE:1 being +34612345678.
    expect(await s.anonymize(twice('+33 6 12 34 56 78'), { role: 'tool' })).toBe(
      twice('<<PHONE:1>>'),
    );
    // f71cfe9: `tel <<PHONE:2>>`.
    expect(await s.anonymize('tel +33 6 12 34 56 78')).toBe('tel <<PHONE:1>>');
  });

  it('masks a national number (fr-FR) and a German one (defaults)', async () => {
    expect(await session('ai4-de').anonymize(twice('+49 151 23456789'), { role: 'tool' })).toBe(
      twice('<<PHONE:1>>'),
    );
    // f71cfe9: the text as it is.
    expect(
      await session('ai4-nat', ['fr-FR']).anonymize(twice('06 12 34 56 78'), { role: 'tool' }),
    ).toBe(twice('<<PHONE:1>>'));
  });
});

// AI5 (a phone-shaped file name after `\\n` or `\\t` in a Windows path is masked) is accepted:
// the same characters are a line break and a number in a JSON text, and a number left in clear
// costs more than a file name masked; FINDINGS.md (review 18).

describe('AI6: amounts formatted by Intl.NumberFormat("fr-FR") (U+202F groups) are read as phone numbers', () => {
  // Low (precision; new exposure of an older reading: 4e6194d reads the same amounts grouped
  // with U+00A0, or spaces, as phone numbers under the default detectors). 396 of 2,000
  // generated amounts of 7 to 12 digits, 0 on 4e6194d. U+202F is what software writes in
  // French amounts; people rarely type it. Suggested fix: no number whose groups are all
  // threes after the first (`\d{1,3}(\u202f\d{3})+`) from the second reading, or none before
  // `,dd €`, `€`, `euros`, `habitants`.
  const fr = new Intl.NumberFormat('fr-FR');
  it.each([
    [`Le budget est de ${fr.format(720428905)} euros.`],
    [`Montant : ${fr.format(9375165933)}`],
    [
      `Montant : ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(685211730.95)}`,
    ],
  ])('leaves %j as it is', async (text) => {
    expect(text).toContain('\u202f');
    // f71cfe9: `Le budget est de <<PHONE:1>> euros.`
    expect(await session('ai6').anonymize(text)).toBe(text);
  });
});
