/**
 * Builds `src/core/vault/name-words-data.ts`: the words of people's names that are also common
 * words (`Rose`, `Pierre`, `Martin`, `Boulanger`, `Koch`, `Fischer`, `Brown`). The known-value
 * sweep masks a word of a known name written alone (`Dupont a rappelé`, once the conversation
 * knows `Jean Dupont`); when that word is a common word too, it is masked only where it is
 * written as a name (`name-word-gate.ts`), so that `la pierre` or `the brown fox` stays as it is.
 *
 * Names: every word of the given and family names of `@faker-js/faker` 10.6.0 (all locales),
 * `human-names` 1.0.13, and the PERSON detector's curated lists. A word is a common word when:
 * - a Debian word list (`/usr/share/dict`: English, French, Spanish, Italian, Portuguese,
 *   German) has it in lower case, accents and case aside;
 * - hunspell accepts it in lower case in English, French, German, Spanish or Italian (inflected
 *   forms the lists lack);
 * - hunspell's German dictionary has it as a noun (written with a capital: `Fischer/FNSmgij`;
 *   its entries for names carry no noun flag: `Robert/S`).
 * Words the curated lists already classify (sentence words, places, organisations, given names
 * that are words: `lexicon.ts`) are left out: the gate reads those lists itself.
 *
 *   apt-get install -y wamerican wbritish wfrench wngerman wspanish witalian wportuguese \
 *     hunspell hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it
 *   npm run name-words:build      # writes the file
 *   npm run name-words:check      # fails if the file is not what this script builds (CI)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allLocales } from '@faker-js/faker';
import { FIRST_NAMES } from '../src/core/detect/detectors/person-names/first-names';
import { EXTENDED_FIRST_NAMES } from '../src/core/detect/detectors/person-names/first-names-extended';
import {
  AMBIGUOUS_KEYS,
  nameKey,
  PARTICLE_KEYS,
  STOP_KEYS,
} from '../src/core/detect/detectors/person-names/lexicon';
import { SURNAMES_LIST } from '../src/core/detect/detectors/person-names/surnames';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(root, 'src/core/vault/name-words-data.ts');

const WORD_LISTS = [
  'american-english',
  'british-english',
  'french',
  'ngerman',
  'spanish',
  'italian',
  'portuguese',
];
const HUNSPELL_DICTIONARIES = 'en_US,fr_FR,de_DE,es_ES,it_IT';
const GERMAN_DIC = '/usr/share/hunspell/de_DE.dic';
/** Flags of hunspell's German dictionary that its nouns carry (and its names do not). */
const GERMAN_NOUN_FLAGS = /[mi]/;
const INSTALL =
  'apt-get install -y wamerican wbritish wfrench wngerman wspanish witalian wportuguese hunspell hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it';

type NameLists = string[] | Record<string, string[] | undefined> | undefined;

function flatten(lists: NameLists): string[] {
  if (!lists) return [];
  return Array.isArray(lists) ? lists : Object.values(lists).flatMap((l) => l ?? []);
}

/** Every list of `human-names` (its `data/*.json`). */
function humanNames(): string[] {
  const data = join(dirname(createRequire(import.meta.url).resolve('human-names')), 'data');
  return readdirSync(data)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(join(data, file), 'utf8')) as string[]);
}

/** The words of every name of the sources, as keys, and one spelling of each. */
function nameWords(): Map<string, string> {
  const names = [...FIRST_NAMES, ...EXTENDED_FIRST_NAMES, ...SURNAMES_LIST, ...humanNames()];
  for (const locale of Object.values(allLocales)) {
    names.push(...flatten(locale.person?.first_name as NameLists));
    names.push(...flatten(locale.person?.last_name as NameLists));
  }
  const words = new Map<string, string>();
  for (const name of names) {
    for (const word of name.split(/[\s_-]+/u)) {
      if (!/^\p{L}[\p{L}'’]*$/u.test(word)) continue;
      const key = nameKey(word);
      if (!words.has(key)) words.set(key, word);
    }
  }
  return words;
}

/** Keys of the words the Debian word lists write in lower case. */
function lowerCaseWords(): Set<string> {
  const keys = new Set<string>();
  for (const list of WORD_LISTS) {
    const path = `/usr/share/dict/${list}`;
    if (!existsSync(path)) throw new Error(`${path} is missing: ${INSTALL}`);
    for (const word of readFileSync(path, 'utf8').split('\n')) {
      const first = word.charAt(0);
      if (first !== '' && first === first.toLowerCase() && first !== first.toUpperCase()) {
        keys.add(nameKey(word));
      }
    }
  }
  return keys;
}

/** Keys of the nouns of hunspell's German dictionary (see `GERMAN_NOUN_FLAGS`). */
function germanNouns(): Set<string> {
  if (!existsSync(GERMAN_DIC)) throw new Error(`${GERMAN_DIC} is missing: ${INSTALL}`);
  const keys = new Set<string>();
  // UTF-8 (its `.aff` says `SET UTF-8`); the first line is the count of entries.
  for (const line of readFileSync(GERMAN_DIC, 'utf8').split('\n').slice(1)) {
    const [stem = '', flags = ''] = line.split('/');
    const first = stem.charAt(0);
    if (first !== first.toUpperCase() || first === first.toLowerCase()) continue;
    if (GERMAN_NOUN_FLAGS.test(flags)) keys.add(nameKey(stem));
  }
  return keys;
}

/** The words (lower case) that hunspell accepts in one of its dictionaries. */
function hunspellWords(words: readonly string[]): Set<string> {
  const run = spawnSync('hunspell', ['-d', HUNSPELL_DICTIONARIES, '-G', '-i', 'utf-8'], {
    input: words.join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0 || run.error) {
    throw new Error(`hunspell failed (${run.error?.message ?? run.stderr}): ${INSTALL}`);
  }
  return new Set(run.stdout.split('\n').filter(Boolean));
}

/** The keys of the name words that are common words, sorted, and counts by reason. */
export function buildNameWords(): { words: string[]; counts: Record<string, number> } {
  const names = nameWords();
  const classified = new Set([...STOP_KEYS, ...AMBIGUOUS_KEYS, ...PARTICLE_KEYS]);
  const lower = lowerCaseWords();
  const nouns = germanNouns();
  const candidates = [...names.keys()].filter((k) => [...k].length >= 3 && !classified.has(k));
  const accepted = hunspellWords(candidates);
  const counts = { names: names.size, lower: 0, hunspell: 0, noun: 0 };
  const words: string[] = [];
  for (const key of candidates) {
    if (lower.has(key)) counts.lower++;
    else if (accepted.has(key)) counts.hunspell++;
    else if (nouns.has(key)) counts.noun++;
    else continue;
    words.push(key);
  }
  words.sort();
  return { words, counts };
}

/** The generated module's text. */
export function renderNameWords(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length + word.length + 1 > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return `// Generated by scripts/build-name-words.ts (npm run name-words:build): do not edit.
// Words of the names of @faker-js/faker 10.6.0 (MIT, Copyright (c) 2022-2025 Faker), human-names
// 1.0.13 (MIT, Copyright (c) 2015 Alessandro Minoccheri) and the curated lists that Debian's word
// lists or hunspell's dictionaries hold as common words; see the script, and THIRD_PARTY_NOTICES.md.

/** ${words.length} words of people's names that are common words too, as lookup keys. */
export const NAME_WORDS_THAT_ARE_WORDS = \`
${lines.join('\n')}
\`;
`;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { words, counts } = buildNameWords();
  const text = renderNameWords(words);
  if (process.argv.includes('--check')) {
    const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (current !== text) {
      console.error(
        `${OUTPUT} is not what scripts/build-name-words.ts builds: npm run name-words:build`,
      );
      process.exit(1);
    }
    console.log(`name-words-data.ts: ${words.length} words, as built`);
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`${words.length} words written; ${JSON.stringify(counts)}`);
  }
}
