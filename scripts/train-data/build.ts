/**
 * Rebuilds `.data/train/<source>.jsonl` and `.data/train/manifest.json` from the sources of
 * `sources.ts`, each read at its pinned commit. The output is the same on every run.
 *
 *   npx tsx scripts/train-data/build.ts [--mirror /work/.mirror] [--exclude eval-units.sha256]
 *                                       [--only wnut17,btc] [--out .data/train] [--require-all]
 *
 * `--mirror` names a folder of bare git mirrors (`owner+name`); without one, or when a mirror
 * lacks the commit, the repository is fetched from GitHub at that commit into `.data/cache/git`.
 * `--exclude` names a file of SHA-256 hashes of evaluation units (see `unit-hash.ts`): a training
 * unit whose hash is there is dropped, and with it (`--exclude-scope group`, the default) every
 * unit of its document or block, whose names it shares; the manifest counts them. Whatever the
 * flags, a unit of a document or block reserved for the external evaluation
 * (`scripts/shared/evaluation-reserve.ts`) is never kept.
 * A source whose files this machine cannot read (a blob the mirror lacks, no network) is left out
 * with a warning and listed under `unavailable` in the manifest; `--require-all` makes it fatal.
 * Files ending in `.gz`, `.bz2` or `.xz` are unpacked (`bunzip2`, `xz` must be installed).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_CORPORA } from '../shared/evaluation-reserve';
import { decodeFile } from './decompress';
import { checkBlockCuts, reservedUnits } from './evaluation-reserve';
import { PinnedRepo, UnavailableFile } from './pinned-repo';
import { TRAINING_SOURCES, type TrainingSource } from './sources';
import type { ConvertedUnit, Notes, TrainingUnit } from './unit';
import { normaliseUnitText, readHashes, unitHash } from './unit-hash';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Normalised length from which an evaluation unit found in a group drops the whole group. */
const GROUP_EVIDENCE_CHARS = 25;

interface Options {
  mirror?: string;
  /** `group` (default): an evaluation unit takes its document or block along; `unit`: itself only. */
  excludeScope: 'group' | 'unit';
  exclude?: string;
  only?: Set<string>;
  out: string;
  /** Fail when a source cannot be read here, instead of leaving it out with a warning. */
  requireAll: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    out: join(root, '.data/train'),
    excludeScope: 'group',
    requireAll: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--require-all') {
      options.requireAll = true;
      continue;
    }
    const value = argv[i + 1];
    if (
      value === undefined ||
      !['--mirror', '--exclude', '--exclude-scope', '--only', '--out'].includes(flag ?? '')
    ) {
      throw new Error(
        `usage: build.ts [--mirror <dir>] [--exclude <hashes> [--exclude-scope group|unit]] [--only <id,id>] [--out <dir>] [--require-all] (at '${flag}')`,
      );
    }
    i++;
    if (flag === '--mirror') options.mirror = resolve(value);
    if (flag === '--exclude') options.exclude = resolve(value);
    if (flag === '--out') options.out = resolve(value);
    if (flag === '--exclude-scope') {
      if (value !== 'group' && value !== 'unit') throw new Error('--exclude-scope: group or unit');
      options.excludeScope = value;
    }
    if (flag === '--only') options.only = new Set(value.split(','));
  }
  if (options.only) {
    const known = new Set(TRAINING_SOURCES.map((s) => s.id));
    const unknown = [...options.only].filter((id) => !known.has(id));
    if (unknown.length > 0) throw new Error(`unknown source(s): ${unknown.join(', ')}`);
  }
  return options;
}

/** A span must lie inside its text, hold no outer white space, and not overlap the next one. */
export function checkUnit(unit: ConvertedUnit, where: string): void {
  let last = 0;
  for (const s of unit.spans) {
    const value = unit.text.slice(s.start, s.end);
    if (s.start < last || s.end <= s.start || s.end > unit.text.length || value.trim() !== value) {
      throw new Error(`${where}: bad span ${JSON.stringify(s)} in ${JSON.stringify(unit.text)}`);
    }
    last = s.end;
  }
}

interface SourceReport {
  source: string;
  repo: string;
  commit: string;
  paths: readonly string[];
  files: number;
  lang: string;
  genre: string;
  split: 'train';
  licence: string;
  licenceWhere: string;
  attribution: string;
  units: number;
  unitsWithPerson: number;
  unitsWithoutEntity: number;
  spans: Record<string, number>;
  /** Units of the documents or blocks the evaluation draws from, and how many such groups. */
  droppedReservedForEvaluation: number;
  reservedGroups: number;
  /** Units dropped by `--exclude`: evaluation units, and the other units of their groups. */
  droppedAsEvaluationUnits: number;
  droppedGroups: number;
  droppedEmptyOrDuplicate: number;
  notes: Record<string, number>;
  decisions: readonly string[];
}

function buildSource(source: TrainingSource, options: Options, exclude: Set<string>): SourceReport {
  const repo = PinnedRepo.open(source.repo, source.commit, {
    mirror: options.mirror,
    cacheDir: join(root, '.data/cache/git'),
  });
  const paths = source.suffixes
    ? source.paths
        .flatMap((dir) => repo.list(dir))
        .filter((p) => source.suffixes!.some((s) => p.endsWith(s)))
    : [...source.paths];
  const files = paths.map((path) => ({ path, content: decodeFile(path, repo.readBytes(path)) }));
  const notes: Notes = new Map();
  const converted = source.convert(files, { lang: source.lang, labelMap: source.labelMap, notes });
  // A group (document, block) with one evaluation unit goes whole: its other units share its
  // names, and the evaluation build splits such sources by group.
  const hashes = converted.map((unit) => unitHash(unit.text));
  checkBlockCuts(source.repo, converted, `training build (${source.id})`);
  const reserved = reservedUnits(source.repo, converted);
  const reservedGroups = new Set(converted.filter((_, i) => reserved[i]).map((u) => u.group));
  const excludedGroups = new Set<string>();
  converted.forEach((unit, i) => {
    if (
      options.excludeScope === 'unit' ||
      unit.group === undefined ||
      reserved[i] ||
      !exclude.has(hashes[i]!)
    )
      return;
    // A short unit (`Paris.`, `1 fr.`) recurs across documents: it names no group.
    if (normaliseUnitText(unit.text).length >= GROUP_EVIDENCE_CHARS) excludedGroups.add(unit.group);
  });
  const seen = new Set<string>();
  const spans: Record<string, number> = {};
  const lines: string[] = [];
  let excluded = 0;
  let skippedReserved = 0;
  let skipped = 0;
  let withPerson = 0;
  let withoutEntity = 0;
  for (const [i, unit] of converted.entries()) {
    checkUnit(unit, source.id);
    const hash = hashes[i]!;
    if (reserved[i]) {
      skippedReserved++;
      continue;
    }
    if (exclude.has(hash) || (unit.group !== undefined && excludedGroups.has(unit.group))) {
      excluded++;
      continue;
    }
    // An empty unit, or one already written (retweets, repeated headers), adds nothing.
    if (unit.text.trim() === '' || seen.has(hash)) {
      skipped++;
      continue;
    }
    seen.add(hash);
    for (const s of unit.spans) spans[s.label] = (spans[s.label] ?? 0) + 1;
    if (unit.spans.some((s) => s.label === 'PERSON')) withPerson++;
    if (unit.spans.length === 0) withoutEntity++;
    const line: TrainingUnit = {
      id: `${source.id}:train:${lines.length}`,
      source: source.id,
      lang: source.lang,
      genre: source.genre,
      split: 'train',
      text: unit.text,
      spans: unit.spans,
    };
    // The group stays out of the line: the format has no such field.
    lines.push(JSON.stringify(line));
  }
  writeFileSync(
    join(options.out, `${source.id}.jsonl`),
    lines.length ? `${lines.join('\n')}\n` : '',
  );
  return {
    source: source.id,
    repo: source.repo,
    commit: source.commit,
    paths: source.paths,
    files: files.length,
    lang: source.lang,
    genre: source.genre,
    split: 'train',
    licence: source.licence,
    licenceWhere: source.licenceWhere,
    attribution: source.attribution,
    units: lines.length,
    unitsWithPerson: withPerson,
    unitsWithoutEntity: withoutEntity,
    spans: Object.fromEntries(Object.entries(spans).sort(([a], [b]) => a.localeCompare(b))),
    droppedReservedForEvaluation: skippedReserved,
    reservedGroups: reservedGroups.size,
    droppedAsEvaluationUnits: excluded,
    droppedGroups: excludedGroups.size,
    droppedEmptyOrDuplicate: skipped,
    notes: Object.fromEntries([...notes].sort(([a], [b]) => a.localeCompare(b))),
    decisions: source.decisions,
  };
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(options.out, { recursive: true });
  let exclude = new Set<string>();
  if (options.exclude) {
    if (!existsSync(options.exclude)) throw new Error(`--exclude: no file ${options.exclude}`);
    exclude = readHashes(readFileSync(options.exclude, 'utf8'));
  }
  const sources = TRAINING_SOURCES.filter((s) => !options.only || options.only.has(s.id));
  const manifestPath = join(options.out, 'manifest.json');
  const previousManifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        sources: SourceReport[];
        unavailable?: Record<string, string>;
      })
    : undefined;
  const previous = previousManifest?.sources ?? [];
  const reports = new Map(previous.map((r) => [r.source, r]));
  const unavailable = new Map<string, string>(
    Object.entries((previousManifest?.unavailable ?? {}) as Record<string, string>),
  );
  for (const source of sources) {
    let report: SourceReport;
    try {
      report = buildSource(source, options, exclude);
    } catch (error) {
      if (!(error instanceof UnavailableFile) || options.requireAll) throw error;
      // A corpus this machine cannot read (a large file missing from the mirror, no network) is
      // left out loudly: its old output goes, so that the files and the manifest agree.
      reports.delete(source.id);
      unavailable.set(source.id, error.message);
      rmSync(join(options.out, `${source.id}.jsonl`), { force: true });
      console.warn(`${source.id}: NOT BUILT: ${error.message}`);
      continue;
    }
    unavailable.delete(source.id);
    reports.set(source.id, report);
    const person = report.spans.PERSON ?? 0;
    console.log(
      `${source.id}: ${report.units} units, ${person} PERSON spans, ${report.droppedReservedForEvaluation} reserved for the evaluation (${report.reservedGroups} groups), ${report.droppedAsEvaluationUnits} dropped by --exclude (${report.droppedGroups} groups)`,
    );
  }
  const order = TRAINING_SOURCES.map((s) => s.id);
  const manifest = {
    description: 'Training units for the PERSON tagger, built by scripts/train-data/build.ts',
    exclude: options.exclude ? { hashes: exclude.size, scope: options.excludeScope } : null,
    // Dropped whatever the flags: the evaluation's manifest lists the reserved groups.
    evaluationReserve: SHARED_CORPORA.map(({ repo, path, by, blockSize, share, why }) => ({
      repo,
      path,
      by,
      blockSize,
      share,
      why,
    })),
    sources: [...reports.values()]
      .filter((r) => order.includes(r.source))
      .sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source)),
    /** Sources that could not be read on the machine that built this, and why. */
    unavailable: Object.fromEntries(
      [...unavailable].filter(([id]) => order.includes(id)).sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  if (unavailable.size > 0) {
    console.warn(
      `${unavailable.size} source(s) not built: ${[...unavailable.keys()].join(', ')} (see manifest.json "unavailable"; --require-all makes this an error)`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
