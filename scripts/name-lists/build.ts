/**
 * Builds the name lists with frequencies under `src/core/detect/detectors/person-names/`, from
 * sources pinned in `NAME_SOURCES` (read with git at their commit, from `--mirror` or a clone):
 *
 * - `us-surnames.ts`: the 88,799 surnames of the 1990 US Census (public domain), in rank order,
 *   each with its share of the population per 100,000 people (0 below 0.0005 %);
 * - `us-given-names.ts`: the 4,275 female and 1,219 male given names of the 1990 US Census;
 * - `fr-given-names.ts`: INSEE's fichier des prénoms (births in France 1900-2018, Licence
 *   Ouverte 2.0), each name with its births over those years and the share of girls among them;
 * - `de-berlin-given-names.ts`, `de-koeln-given-names.ts`: given names of children born in Berlin
 *   2012-2023 and Cologne 2010-2018 (the cities' open data, CC BY 3.0 DE), likewise.
 *
 *   npx tsx scripts/name-lists/build.ts [--mirror /work/.mirror]          # writes the files
 *   npx tsx scripts/name-lists/build.ts [--mirror /work/.mirror] --check  # fails if they differ
 *
 * Needs `git` and `xz` (Debian's xz-utils). Nothing is filtered against any evaluation data.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PinnedRepo } from '../train-data/pinned-repo';
import { dataFrameColumns, readRData } from './r-data';
import { NAME_SOURCES, type NameSource } from './sources';
import { readVornamenCsv } from './vornamen-csv';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(root, 'src/core/detect/detectors/person-names');

/** One name and its weight, in the list's order (most frequent first). */
export interface NameEntry {
  name: string;
  weight: number;
  /** Share of girls among the bearers, 0-100, where the source tells. */
  female?: number;
}

/**
 * Reads a 1990 US Census list (`NAME  pct  cumulative  rank`, fixed columns) into entries whose
 * weight is the share per 100,000 people, rounded.
 *
 * @example
 * readCensus1990('SMITH          1.006  1.006      1\n'); // [{ name: 'SMITH', weight: 1006 }]
 */
export function readCensus1990(content: string): NameEntry[] {
  const out: NameEntry[] = [];
  let lastRank = 0;
  for (const line of content.split(/\r?\n/u)) {
    if (line.trim() === '') continue;
    const m = /^(\S+)\s+(\d+\.\d+)\s+\d+\.\d+\s+(\d+)\s*$/u.exec(line);
    if (!m) throw new Error(`not a census line: '${line}'`);
    const rank = Number(m[3]);
    if (rank < lastRank) throw new Error(`ranks out of order at '${line}'`);
    lastRank = rank;
    out.push({ name: m[1]!, weight: Math.round(Number(m[2]) * 1000) });
  }
  return out;
}

/**
 * Sums INSEE's births by name over the years (both sexes), most frequent first, ties by name.
 *
 * @example
 * sumBirths(['Camille', 'Camille'], ['F', 'M'], [30, 10]);
 * // [{ name: 'Camille', weight: 40, female: 75 }]
 */
export function sumBirths(
  names: readonly string[],
  sexes: readonly string[],
  counts: readonly number[],
): NameEntry[] {
  const total = new Map<string, { all: number; girls: number }>();
  names.forEach((name, i) => {
    const t = total.get(name) ?? { all: 0, girls: 0 };
    t.all += counts[i]!;
    if (sexes[i] === 'F') t.girls += counts[i]!;
    total.set(name, t);
  });
  return [...total]
    .map(([name, t]) => ({ name, weight: t.all, female: Math.round((100 * t.girls) / t.all) }))
    .sort((a, b) => b.weight - a.weight || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function readInseeRda(bytes: Buffer): NameEntry[] {
  const xz = spawnSync('xz', ['-dc'], { input: bytes, maxBuffer: 1 << 30 });
  if (xz.status !== 0) throw new Error(`xz -dc failed: ${xz.stderr}`);
  const frame = readRData(xz.stdout).get('prenoms_nat');
  if (!frame) throw new Error('prenoms_nat.rda holds no prenoms_nat');
  const cols = dataFrameColumns(frame);
  const col = (name: string) => {
    const c = cols.get(name);
    if (!c) throw new Error(`prenoms_nat has no column ${name}`);
    return c.values;
  };
  return sumBirths(col('name') as string[], col('sex') as string[], col('n') as number[]);
}

/**
 * One list as a TypeScript string literal: entries `name weight[ female]` separated by commas,
 * in the list's order. Single quotes (the project's style); `\x27` keeps an apostrophe
 * (`N'Dri`) from turning the formatter to double quotes.
 *
 * @example
 * encodeList([{ name: 'SMITH', weight: 1006 }, { name: "N'Dri", weight: 12, female: 0 }]);
 * // "'SMITH 1006,N\\x27Dri 12 0'"
 */
export function encodeList(entries: readonly NameEntry[]): string {
  const body = entries
    .map((e) => {
      if (/[\s,\\]/u.test(e.name))
        throw new Error(`a name holds a space, a comma or a backslash: '${e.name}'`);
      return e.female === undefined ? `${e.name} ${e.weight}` : `${e.name} ${e.weight} ${e.female}`;
    })
    .join(',');
  return `'${body.replace(/'/gu, '\\x27')}'`;
}

/** The text of one generated module: a header naming the source, then one constant a list. */
export function moduleText(
  source: NameSource,
  lists: ReadonlyArray<{ constant: string; doc: string; entries: NameEntry[] }>,
): string {
  const head = [
    '// Generated by scripts/name-lists/build.ts: do not edit.',
    `// Source: ${source.title}, ${source.repo}@${source.commit}.`,
    `// Licence: ${source.licence}. See THIRD_PARTY_NOTICES.md.`,
    '',
  ];
  const body = lists.flatMap(({ constant, doc, entries }) => [
    `/**\n * ${doc}\n */`,
    `export const ${constant} =\n  ${encodeList(entries)};`,
    '',
  ]);
  return [...head, ...body].join('\n');
}

/**
 * Names given to one child only over all the years are left out: most are one-off spellings, and
 * they would make two thirds of the list (INSEE pools its rare names likewise).
 */
const MIN_CHILDREN = 2;

/**
 * Sums a German city's given-name files (every year, district and position of the name among a
 * child's names) into entries with the children named so and the share of girls among them.
 */
function readVornamen(repo: PinnedRepo, paths: readonly string[]): NameEntry[] {
  const names: string[] = [];
  const sexes: string[] = [];
  const counts: number[] = [];
  let skipped = 0;
  for (const path of paths) {
    const read = readVornamenCsv(repo.read(path));
    skipped += read.skipped;
    for (const row of read.rows) {
      names.push(row.name);
      sexes.push(row.sex);
      counts.push(row.count);
    }
  }
  if (paths.length === 0) throw new Error(`${repo.repo}: no files`);
  console.log(`${repo.repo}: ${paths.length} files, ${skipped} rows skipped (not a name)`);
  return sumBirths(names, sexes, counts).filter((e) => e.weight >= MIN_CHILDREN);
}

function build(source: NameSource, repo: PinnedRepo): string {
  switch (source.id) {
    case 'us-census-1990-surnames':
      return moduleText(source, [
        {
          constant: 'US_SURNAMES',
          doc: 'US surnames (1990 Census), most frequent first: `NAME weight` entries, comma-separated, weight per 100,000 people (0: under 0.0005 %). The position is the rank.',
          entries: readCensus1990(repo.read('names/dist.all.last')),
        },
      ]);
    case 'us-census-1990-given-names':
      return moduleText(source, [
        {
          constant: 'US_FEMALE_GIVEN_NAMES',
          doc: 'US female given names (1990 Census), most frequent first: `NAME weight` entries, comma-separated, weight per 100,000 women.',
          entries: readCensus1990(repo.read('names/dist.female.first')),
        },
        {
          constant: 'US_MALE_GIVEN_NAMES',
          doc: 'US male given names (1990 Census), most frequent first: `NAME weight` entries, comma-separated, weight per 100,000 men.',
          entries: readCensus1990(repo.read('names/dist.male.first')),
        },
      ]);
    case 'insee-prenoms':
      return moduleText(source, [
        {
          constant: 'FR_GIVEN_NAMES',
          doc: 'Given names of births in France 1900-2018 (INSEE; names rarer than its publication threshold are pooled and left out), most frequent first: `Name births girls%` entries, comma-separated.',
          entries: readInseeRda(repo.readBytes('data/prenoms_nat.rda')),
        },
      ]);
    case 'berlin-vornamen':
      return moduleText(source, [
        {
          constant: 'DE_BERLIN_GIVEN_NAMES',
          doc: "Given names of children born in Berlin 2012-2023 (LABO, all districts, every position among a child's names; names of one child only left out), most frequent first: `Name children girls%` entries, comma-separated.",
          entries: readVornamen(
            repo,
            repo.list('data/cleaned').filter((p) => p.endsWith('.csv')),
          ),
        },
      ]);
    case 'koeln-vornamen':
      return moduleText(source, [
        {
          constant: 'DE_KOELN_GIVEN_NAMES',
          doc: 'Given names of children born in Cologne 2010-2018 (Stadt Köln; names of one child only left out), most frequent first: `Name children girls%` entries, comma-separated.',
          entries: readVornamen(
            repo,
            repo.list('raw').filter((p) => /Vornamen_Koeln_\d{4}\.csv$/u.test(p)),
          ),
        },
      ]);
    default:
      throw new Error(`no builder for ${source.id}`);
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const at = args.indexOf('--mirror');
  const mirror = at >= 0 ? resolve(args[at + 1] ?? '') : undefined;
  let stale = 0;
  for (const source of NAME_SOURCES) {
    const repo = PinnedRepo.open(source.repo, source.commit, {
      mirror,
      cacheDir: join(root, '.data/cache/git'),
    });
    const text = build(source, repo);
    const path = join(OUT, source.output);
    if (check) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {}
      if (current !== text) {
        console.error(`${source.output} is not what scripts/name-lists/build.ts builds`);
        stale++;
      }
      continue;
    }
    writeFileSync(path, text);
    console.log(`${source.output}: ${text.split('\n').length} lines, ${text.length} characters`);
  }
  if (stale > 0) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
