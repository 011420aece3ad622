/**
 * Builds `src/core/detect/detectors/person-names/first-names-extended.ts`: given names from two
 * MIT-licensed lists, less every one that is also a common word, a family name, a word of
 * faker's other data or a word the PERSON detector's curated lists classify. The curated list
 * (`first-names.ts`) stays the detector's core; the detector reads these names as given names
 * that may be words too (`lexicon.ts`): they start a name of two words or more (`Thaddeus
 * Whitmore`, `Mathis Leroy`) or one after a title or a greeting, never a name by themselves.
 *
 * Sources (devDependencies, pinned; nothing is read at run time):
 * - `@faker-js/faker` 10.6.0: the given names of its EN, FR, DE, ES, IT, PT and NL locales;
 * - `human-names` 1.0.13: popular given names in EN, FR, DE, ES, IT and NL.
 *
 * A name is left out when:
 * - it has fewer than four letters (`Uri`, `Abi`: read as acronyms, `URI FTP`, `ABI`);
 * - the curated lists hold it already, as a name or as anything else (stop words, places,
 *   organisations, family names, titles, greetings, particles);
 * - it is a word of a Debian word list (`/usr/share/dict`) written in lower case, or any German
 *   word (nouns take a capital), accents and case aside (`Hunter`, `Pink`, `Marine`, `Dämon`
 *   for `Damon`);
 * - hunspell accepts it in lower case in English, French, German, Spanish or Italian (the
 *   inflected forms the word lists lack: `Elija`, `Cierra`, `Vivo`);
 * - faker lists it as a family name in any locale (`Johnson`, in `Johnson & Johnson`), or as a
 *   word of its data about things and places (cities, states, vehicles, products: `Camry`,
 *   `Clio`, `Vigo`);
 * - compromise's lexicon tags it as something else than a name (`Cleveland`, a city).
 *
 *   apt-get install -y wamerican wbritish wfrench wngerman wspanish witalian wportuguese \
 *     hunspell hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it
 *   npm run names:build      # writes the file
 *   npm run names:check      # fails if the file is not what this script builds (CI)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allLocales } from '@faker-js/faker';
import nlp from 'compromise';
import { FIRST_NAMES } from '../src/core/detect/detectors/person-names/first-names';
import {
  AMBIGUOUS_KEYS,
  GREETING_KEYS,
  nameKey,
  ORGANISATION_KEYS,
  PARTICLE_KEYS,
  PLACE_KEYS,
  PLACE_PREFIX_KEYS,
  STOP_KEYS,
  SURNAME_KEYS,
  TITLE_KEYS,
} from '../src/core/detect/detectors/person-names/lexicon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(root, 'src/core/detect/detectors/person-names/first-names-extended.ts');

const FAKER_LOCALES = [
  'en',
  'en_AU',
  'en_IN',
  'fr',
  'fr_BE',
  'fr_CH',
  'de',
  'de_AT',
  'de_CH',
  'es',
  'es_MX',
  'it',
  'pt_BR',
  'pt_PT',
  'nl',
  'nl_BE',
] as const;

const WORD_LISTS = [
  'american-english',
  'british-english',
  'french',
  'ngerman',
  'spanish',
  'italian',
  'portuguese',
];

/** Tags of compromise's lexicon that a given name may carry. */
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person']);

/** A name as people write it: a capital, then lower-case letters, `'` or `-`. */
const NAME_SHAPE = /^\p{Lu}[\p{Ll}'’-]*\p{Ll}$/u;
const MIN_LETTERS = 4;

type NameLists = string[] | Record<string, string[] | undefined> | undefined;

function flatten(lists: NameLists): string[] {
  if (!lists) return [];
  return Array.isArray(lists) ? lists : Object.values(lists).flatMap((l) => l ?? []);
}

function fakerGivenNames(): string[] {
  return FAKER_LOCALES.flatMap((locale) => {
    const person = allLocales[locale]?.person;
    if (!person) throw new Error(`faker has no person data for ${locale}`);
    return flatten(person.first_name as NameLists);
  });
}

function fakerFamilyNameKeys(): Set<string> {
  const keys = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    for (const name of flatten(locale.person?.last_name as NameLists)) keys.add(nameKey(name));
  }
  return keys;
}

/** Keys of the lower-case words of the Debian word lists. */
function dictionaryWordKeys(): Set<string> {
  const keys = new Set<string>();
  for (const list of WORD_LISTS) {
    const path = `/usr/share/dict/${list}`;
    if (!existsSync(path)) {
      throw new Error(
        `${path} is missing: apt-get install -y wamerican wbritish wfrench wngerman wspanish witalian wportuguese`,
      );
    }
    for (const word of readFileSync(path, 'utf8').split('\n')) {
      const first = word.charAt(0);
      // German writes every noun with a capital (`Dämon`, read as the name `Damon`): all its
      // words count.
      const lower = first !== '' && first === first.toLowerCase() && first !== first.toUpperCase();
      if (lower || (list === 'ngerman' && first !== '')) keys.add(nameKey(word));
    }
  }
  return keys;
}

/** Dictionaries of hunspell (Debian packages `hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it`). */
const HUNSPELL_DICTIONARIES = 'en_US,fr_FR,de_DE,es_ES,it_IT';

/**
 * The names whose lower-case form hunspell accepts as a word of one of its dictionaries: the
 * inflected forms the word lists lack (`Elija`, `Cierra`, `Vivo`: Spanish verbs).
 */
function hunspellWords(names: readonly string[]): Set<string> {
  const run = spawnSync('hunspell', ['-d', HUNSPELL_DICTIONARIES, '-G', '-i', 'utf-8'], {
    input: names.map((n) => n.toLowerCase()).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0 || run.error) {
    throw new Error(
      `hunspell failed (${run.error?.message ?? run.stderr}): apt-get install -y hunspell hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it`,
    );
  }
  return new Set(run.stdout.split('\n').filter(Boolean));
}

/**
 * The parts of faker's other data that name things and places, not people: its street names,
 * company names, artists and authors are made of names, and are left out here.
 */
const FAKER_THINGS: readonly (readonly [string, readonly string[] | undefined])[] = [
  [
    'location',
    ['city_name', 'city_prefix', 'city_suffix', 'state', 'county', 'country', 'continent'],
  ],
  ['vehicle', undefined],
  ['commerce', undefined],
  ['animal', undefined],
  ['food', undefined],
  ['color', undefined],
  ['airline', undefined],
  ['science', undefined],
  ['hacker', undefined],
  ['database', undefined],
  ['word', undefined],
  ['lorem', undefined],
];

/** Keys of the words of faker's data about things and places (`Camry`, `Clio`, `Vigo`). */
function fakerThingWordKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      for (const word of value.split(/[^\p{L}'’-]+/u)) if (word) keys.add(nameKey(word));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const locale of Object.values(allLocales)) {
    for (const [category, parts] of FAKER_THINGS) {
      const data = (locale as Record<string, Record<string, unknown> | undefined>)[category];
      if (!data) continue;
      if (!parts) walk(data);
      else for (const part of parts) walk(data[part]);
    }
  }
  return keys;
}

/** Keys that compromise's lexicon tags as something else than a given name. */
function otherLexiconKeys(): (key: string) => boolean {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one
    .lexicon;
  return (key) => {
    const tags = lexicon[key];
    if (tags === undefined) return false;
    return (Array.isArray(tags) ? tags : [tags]).some((tag) => !NAME_TAGS.has(tag));
  };
}

/** The names, sorted by key, and how many each rule left out. */
export function buildExtendedFirstNames(): { names: string[]; left: Record<string, number> } {
  const curated = new Set(FIRST_NAMES.map(nameKey));
  const classified = new Set(
    [
      STOP_KEYS,
      ORGANISATION_KEYS,
      PLACE_KEYS,
      AMBIGUOUS_KEYS,
      SURNAME_KEYS,
      TITLE_KEYS,
      GREETING_KEYS,
      PARTICLE_KEYS,
      PLACE_PREFIX_KEYS,
    ].flatMap((set) => [...set]),
  );
  const words = dictionaryWordKeys();
  const families = fakerFamilyNameKeys();
  const otherData = fakerThingWordKeys();
  const otherTag = otherLexiconKeys();
  const candidates = [...fakerGivenNames(), ...humanNames()];
  const inflected = hunspellWords(candidates);
  const left: Record<string, number> = {
    shape: 0,
    curated: 0,
    classified: 0,
    word: 0,
    inflected: 0,
    family: 0,
    other: 0,
    lexicon: 0,
  };
  const byKey = new Map<string, string>();
  for (const name of candidates) {
    const key = nameKey(name);
    if (byKey.has(key)) continue;
    const reason =
      !NAME_SHAPE.test(name) || [...key].length < MIN_LETTERS
        ? 'shape'
        : curated.has(key)
          ? 'curated'
          : classified.has(key)
            ? 'classified'
            : words.has(key)
              ? 'word'
              : inflected.has(name.toLowerCase())
                ? 'inflected'
                : families.has(key)
                  ? 'family'
                  : otherData.has(key)
                    ? 'other'
                    : otherTag(key)
                      ? 'lexicon'
                      : undefined;
    if (reason) {
      left[reason]!++;
      // A name left out is left out in every spelling.
      byKey.set(key, '');
      continue;
    }
    byKey.set(key, name);
  }
  const names = [...byKey]
    .filter(([, name]) => name !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, name]) => name);
  return { names, left };
}

/** Every list of `human-names` (its `data/*.json`, female and male, each language). */
function humanNames(): string[] {
  const data = join(dirname(createRequire(import.meta.url).resolve('human-names')), 'data');
  return readdirSync(data)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(join(data, file), 'utf8')) as string[]);
}

/** The generated module's text. */
export function renderExtendedFirstNames(names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    if (line.length + name.length + 1 > 100) {
      lines.push(line);
      line = name;
    } else line = line ? `${line} ${name}` : name;
  }
  if (line) lines.push(line);
  return `// Generated by scripts/build-first-names.ts (npm run names:build): do not edit.
// Given names from @faker-js/faker 10.6.0 (MIT, Copyright (c) 2022-2025 Faker) and human-names
// 1.0.13 (MIT, Copyright (c) 2015 Alessandro Minoccheri), less common words, family names and
// words the curated lists classify; see the script, and THIRD_PARTY_NOTICES.md.

const NAMES = \`
${lines.join('\n')}
\`;

/** ${names.length} given names beyond the curated list (\`first-names.ts\`), as written. */
export const EXTENDED_FIRST_NAMES: readonly string[] = NAMES.split(/\\s/).filter(
  (n) => n.length > 0,
);
`;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { names, left } = buildExtendedFirstNames();
  const text = renderExtendedFirstNames(names);
  if (process.argv.includes('--check')) {
    const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (current !== text) {
      console.error(
        `${OUTPUT} is not what scripts/build-first-names.ts builds: npm run names:build`,
      );
      process.exit(1);
    }
    console.log(`first-names-extended.ts: ${names.length} names, as built`);
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`${names.length} names written; left out: ${JSON.stringify(left)}`);
  }
}
