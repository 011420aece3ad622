/**
 * Texts written by others and full of numbers, to count the phone numbers a detector finds
 * where there are (almost) none: `bench/phone-false-alarms.ts` reads them. Each reader gives
 * the texts of one corpus, or none (with the reason) when it is absent from this machine.
 * Nothing is downloaded: the paths are read as they are.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface Corpus {
  name: string;
  /** Where it comes from and under which terms, for the report. */
  source: string;
  texts: string[];
  /** Why `texts` is empty, when it is. */
  missing?: string;
}

function filesUnder(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) filesUnder(path, keep, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

/**
 * CoNLL-2003 (Reuters news of 1996, English): each document is one text, one sentence a line,
 * tokens joined by spaces as the corpus splits them (`Real Sociedad 15 7 3 5 20 18 24`). Its
 * sports pages hold tables of results and standings. The Reuters text may not be
 * redistributed: it is read from a local copy (`dir` holding `train.txt`, `valid.txt`,
 * `test.txt`), never committed.
 */
export function conll2003(dir: string | undefined): Corpus {
  const source = 'CoNLL-2003 English (Reuters RCV1 news, 1996; research licence, not shipped)';
  const files = ['train.txt', 'valid.txt', 'test.txt'].map((f) => join(dir ?? '', f));
  if (!dir || !files.every(existsSync)) {
    return { name: 'conll2003', source, texts: [], missing: `no ${files.join(', ')}` };
  }
  const texts: string[] = [];
  for (const file of files) {
    let sentences: string[] = [];
    let tokens: string[] = [];
    const endSentence = () => {
      if (tokens.length > 0) sentences.push(tokens.join(' '));
      tokens = [];
    };
    const endDocument = () => {
      endSentence();
      if (sentences.length > 0) texts.push(sentences.join('\n'));
      sentences = [];
    };
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('-DOCSTART-')) endDocument();
      else if (line.trim() === '') endSentence();
      else tokens.push(line.split(' ')[0]!);
    }
    endDocument();
  }
  return { name: 'conll2003', source, texts };
}

/** Markdown under `node_modules/**\/docs` (the AI SDK, Next.js, undici…: prose and code). */
export function packageDocs(root: string): Corpus {
  const source = 'node_modules/**/docs/**/*.md(x) (the packages’ own licences, read in place)';
  const base = join(root, 'node_modules');
  const dirs = [
    'ai/docs',
    'ai-v6/docs',
    '@ai-sdk/openai/docs',
    '@ai-sdk/gateway/docs',
    'next/dist/docs',
    'undici/docs',
    'compromise/docs',
    'storybook/assets/docs',
  ]
    .map((d) => join(base, d))
    .filter(existsSync);
  const texts = dirs.flatMap((d) =>
    filesUnder(d, (n) => /\.mdx?$/.test(n)).map((f) => readFileSync(f, 'utf8')),
  );
  return { name: 'package-docs', source, texts };
}

/**
 * The translated strings (`msgstr`) of gettext catalogues under `/usr/share/locale`, one text
 * per catalogue, for `languages` (directory names such as `fr`, `de_DE`).
 */
export function gettextCatalogues(languages: readonly string[]): Corpus {
  const source = '/usr/share/locale/*/LC_MESSAGES/*.mo (Debian packages, GPL/LGPL and others)';
  const base = '/usr/share/locale';
  if (!existsSync(base)) return { name: 'gettext', source, texts: [], missing: `no ${base}` };
  const texts: string[] = [];
  for (const language of readdirSync(base).sort()) {
    if (!languages.some((l) => language === l || language.startsWith(`${l}_`))) continue;
    const dir = join(base, language, 'LC_MESSAGES');
    if (!existsSync(dir)) continue;
    for (const file of filesUnder(dir, (n) => n.endsWith('.mo'))) {
      const strings = moTranslations(readFileSync(file));
      if (strings.length > 0) texts.push(strings.join('\n'));
    }
  }
  return { name: 'gettext', source, texts };
}

/** The translations of a GNU `.mo` file (both byte orders), or none if it is not one. */
function moTranslations(data: Buffer): string[] {
  if (data.length < 28) return [];
  const magic = data.readUInt32LE(0);
  const little = magic === 0x950412de;
  if (!little && magic !== 0xde120495) return [];
  const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
  const count = u32(8);
  const table = u32(16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = u32(table + i * 8);
    const offset = u32(table + i * 8 + 4);
    if (offset + length > data.length) break;
    // Plural forms are NUL-separated.
    for (const s of data.toString('utf8', offset, offset + length).split('\0')) {
      if (s) out.push(s);
    }
  }
  return out;
}

/**
 * Man pages under `/usr/share/man` (English and the `languages` given), their roff source with
 * requests and font escapes removed: prose full of options, versions, sizes and dates.
 */
export function manPages(languages: readonly string[], limitPerLanguage = 600): Corpus {
  const source = '/usr/share/man (Debian packages, various free licences)';
  const base = '/usr/share/man';
  if (!existsSync(base)) return { name: 'man', source, texts: [], missing: `no ${base}` };
  const texts: string[] = [];
  for (const language of ['', ...languages]) {
    const dir = join(base, language);
    if (!existsSync(dir)) continue;
    const pages = readdirSync(dir)
      .filter((d) => /^man\d/.test(d))
      .sort()
      .flatMap((d) => filesUnder(join(dir, d), (n) => n.endsWith('.gz')));
    for (const page of pages.slice(0, limitPerLanguage)) {
      try {
        texts.push(roffText(gunzipSync(readFileSync(page)).toString('utf8')));
      } catch {
        // A link or a damaged page: skipped.
      }
    }
  }
  return { name: 'man', source, texts };
}

const ROFF_ESCAPES = /\\f(?:\[[^\]]{0,8}\]|\(..|.)|\\\(..|\\\[[^\]]{0,8}\]|\\[&|^%]/g;

function roffText(source: string): string {
  return source
    .split('\n')
    .filter((line) => !line.startsWith('.') && !line.startsWith("'"))
    .join('\n')
    .replace(ROFF_ESCAPES, '')
    .replace(/\\-/g, '-')
    .replace(/\\e/g, '\\');
}
