/**
 * Rebuilds the external evaluation set from public labelled corpora at pinned commits
 * (`sources.ts`): `.data/external/eval-dev.jsonl`, `eval-test.jsonl`, `eval-units.sha256` (one
 * SHA-256 of each unit's normalised text a line, both splits, for de-duplicating training data)
 * and `manifest.json` (sources, commits, licences, counts). Nothing it writes is committed.
 *
 *   npm run eval:data                          # clones each repository at its commit
 *   npm run eval:data -- --mirror /work/.mirror  # reads local bare mirrors (owner+name)
 *
 * The output depends only on the pinned commits: splits are the sources' own where they have
 * them, else a hash of the document (or template, or block); samples are the first units in the
 * order of a hash of their ids. Of a corpus that the training data shares
 * (`scripts/shared/evaluation-reserve.ts`), only the documents or blocks reserved for the
 * evaluation are read; the manifest lists them (`reservedForEvaluation`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Cut,
  checkCut,
  cutOf,
  isReserved,
  type ReserveGroup,
  reserveGroup,
} from '../shared/evaluation-reserve';
import { readColumns } from './conll-reader';
import { bratUnits, readBrat } from './convert-brat';
import { type Converted, columnUnits, type UnitContext } from './convert-columns';
import { presidioUnits } from './convert-presidio';
import { openPinned, type PinnedRepo } from './git-source';
import { isNamedMention } from './named-mention';
import { SOURCES, type Source } from './sources';
import { hashSplit, sample } from './split-sample';
import { checkUnit, type Unit, unitHash } from './unit';

interface Args {
  mirror?: string;
  out: string;
  cache: string;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { out: '.data/external', cache: '.data/cache' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--mirror' && value) args.mirror = value;
    else if (flag === '--out' && value) args.out = value;
    else if (flag === '--cache' && value) args.cache = value;
    else
      throw new Error(
        `unknown argument ${flag}; usage: build.ts [--mirror DIR] [--out DIR] [--cache DIR]`,
      );
    i++;
  }
  return args;
}

export interface Loaded {
  units: Unit[];
  invalidTags: number;
  unmappedSpans: number;
  groups: Map<string, string>; // unit id → split group (hash-split files)
  /**
   * Corpora shared with the training data (`scripts/shared/evaluation-reserve.ts`): every group
   * of the source (key → reserved for the evaluation or not). `units` holds reserved ones only.
   */
  reserve?: { share: number; groups: Map<string, boolean>; cuts: Map<string, Cut> };
}

/**
 * Reads a source's units at its commit, with their splits; of a corpus shared with the training
 * data, only the units of the documents or blocks reserved for the evaluation.
 *
 * @example
 * load(SOURCES.find((s) => s.id === 'litbank')!, repo).units; // lines of the reserved novels
 */
export function load(source: Source, repo: PinnedRepo): Loaded {
  const out: Loaded = { units: [], invalidTags: 0, unmappedSpans: 0, groups: new Map() };
  const reserveOf = new Map<string, ReserveGroup>(); // unit id → its group in a shared corpus
  const cuts = new Map<string, Cut>(); // block file of a shared corpus → how it was cut
  const add = (
    converted: Converted,
    group?: (unit: Unit, n: number) => string,
    shared?: (n: number) => ReserveGroup | undefined,
  ) => {
    out.invalidTags += converted.invalidTags;
    out.unmappedSpans += converted.unmappedSpans;
    converted.units.forEach((unit, n) => {
      if (group) out.groups.set(unit.id, group(unit, n));
      const reserve = shared?.(n);
      if (reserve) reserveOf.set(unit.id, reserve);
      out.units.push(unit);
    });
  };
  for (const file of source.files) {
    const context: UnitContext = {
      source: source.id,
      lang: source.lang,
      genre: source.genre,
      split: file.split === 'hash' ? 'test' : file.split,
      labelMap: source.labelMap,
    };
    const format = source.format;
    if (format.kind === 'columns') {
      let sentences = readColumns(repo.read(file.path), format);
      if (file.part === 'second-half')
        sentences = sentences.slice(Math.floor(sentences.length / 2));
      const idPrefix = file.split === 'hash' ? source.id : `${source.id}:${file.split}`;
      const size = source.groupSize ?? 1;
      const blocks = reserveGroup(source.repo, file.path, 0)?.corpus.blockSize;
      if (blocks !== undefined && blocks !== size)
        throw new Error(`${source.id}: blocks of ${size} units, the reserve's of ${blocks}`);
      const converted = columnUnits(sentences, { ...context, ...format, idPrefix });
      if (blocks !== undefined) cuts.set(file.path, cutOf(converted.units.map((u) => u.text)));
      add(
        converted,
        file.split === 'hash' ? (_, n) => `${source.id}:b${Math.floor(n / size)}` : undefined,
        (n) => reserveGroup(source.repo, file.path, Math.floor(n / size)),
      );
    } else if (format.kind === 'brat') {
      for (const ann of repo.list(file.path).filter((p) => p.endsWith('.ann'))) {
        const doc = ann.slice(file.path.length + 1, -'.ann'.length).replace(/_brat$/, '');
        const keep = format.namedOnly
          ? (_: string, text: string) => isNamedMention(text)
          : undefined;
        const converted = bratUnits(
          repo.read(ann.replace(/\.ann$/, '.txt')),
          readBrat(repo.read(ann)),
          {
            ...context,
            idPrefix: `${source.id}:${doc}`,
            layout: format.layout,
            keep,
          },
        );
        add(
          converted,
          () => `${source.id}:${doc}`,
          () => reserveGroup(source.repo, ann),
        );
      }
    } else {
      add(presidioUnits(repo.read(file.path), context), (unit) => unit.id.replace(/:\d+$/, ''));
    }
  }
  for (const unit of out.units) {
    const group = out.groups.get(unit.id);
    if (group) unit.split = hashSplit(group);
    checkUnit(unit);
  }
  out.units = out.units.filter((u) => /\p{L}/u.test(u.text));
  if (reserveOf.size > 0) {
    const groups = new Map<string, boolean>();
    for (const group of reserveOf.values()) groups.set(group.key, isReserved(group));
    const share = [...reserveOf.values()][0]!.corpus.share;
    out.reserve = { share, groups, cuts };
    // The rest of the corpus is the training data's.
    out.units = out.units.filter((u) => {
      const group = reserveOf.get(u.id);
      return group === undefined || groups.get(group.key) === true;
    });
  }
  return out;
}

const countLabels = (units: readonly Unit[]) => {
  const counts: Record<string, number> = {};
  for (const u of units) for (const s of u.spans) counts[s.label] = (counts[s.label] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
};

interface Drawn {
  source: Source;
  data: Loaded;
  available: Record<'dev' | 'test', number>;
  drawn: Record<'dev' | 'test', Unit[]>;
}

function manifestEntry({ source, data, available, drawn }: Drawn) {
  const groups = (split: 'dev' | 'test') =>
    [
      ...new Set(data.units.filter((u) => u.split === split).map((u) => data.groups.get(u.id)!)),
    ].sort();
  return {
    id: source.id,
    repo: source.repo,
    commit: source.commit,
    url: `https://github.com/${source.repo}/tree/${source.commit}`,
    files: source.files,
    lang: source.lang,
    genre: source.genre,
    licence: source.licence,
    authors: source.authors,
    notes: source.notes,
    labels: source.labels,
    available,
    units: { dev: drawn.dev.length, test: drawn.test.length },
    spans: { dev: countLabels(drawn.dev), test: countLabels(drawn.test) },
    lost: { invalidTags: data.invalidTags, unmappedOrCrossingSpans: data.unmappedSpans },
    // Documents and templates on each side, for training sets that exclude whole documents.
    hashSplitGroups:
      source.format.kind === 'columns' ? undefined : { dev: groups('dev'), test: groups('test') },
    reservedForEvaluation: data.reserve && reserveEntry(data.reserve),
  };
}

/** The documents or blocks the evaluation may draw from; the training build keeps the others. */
function reserveEntry({ share, groups, cuts }: NonNullable<Loaded['reserve']>) {
  const reserved = [...groups].filter(([, r]) => r).map(([key]) => key);
  return {
    rule: `groups whose SHA-256 of "reserve:<group>" (first 32 bits, as a fraction of 2^32) is below ${share}: isReserved in scripts/shared/evaluation-reserve.ts, which the training build reads too`,
    share,
    groups: groups.size,
    cuts: cuts.size > 0 ? Object.fromEntries(cuts) : undefined,
    reserved: reserved.sort(new Intl.Collator('en', { numeric: true }).compare), // #b2 before #b10
  };
}

function byLang(units: readonly Unit[]) {
  const r: Record<string, { units: number; PERSON: number }> = {};
  for (const u of units) {
    const x = r[u.lang] ?? { units: 0, PERSON: 0 };
    x.units++;
    x.PERSON += u.spans.filter((s) => s.label === 'PERSON').length;
    r[u.lang] = x;
  }
  return r;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const out = resolve(args.out);
  mkdirSync(out, { recursive: true });
  const drawnSources: Drawn[] = SOURCES.map((source) => {
    const repo = openPinned(source.repo, source.commit, {
      mirror: args.mirror,
      cache: resolve(args.cache),
    });
    const data = load(source, repo);
    for (const [path, cut] of data.reserve?.cuts ?? [])
      checkCut(reserveGroup(source.repo, path, 0)!.corpus, cut, `evaluation build (${source.id})`);
    return {
      source,
      data,
      available: { dev: 0, test: 0 },
      drawn: { dev: [], test: [] },
    };
  });
  // Test first, so that a text found in both splits (or twice) stays in test, once.
  const seen = new Set<string>();
  for (const split of ['test', 'dev'] as const) {
    for (const entry of drawnSources) {
      const candidates = entry.data.units.filter((u) => u.split === split);
      entry.available[split] = candidates.length;
      for (const unit of sample(candidates, candidates.length)) {
        if (entry.drawn[split].length >= entry.source.sample[split]) break;
        const hash = unitHash(unit.text);
        if (seen.has(hash)) continue;
        seen.add(hash);
        entry.drawn[split].push(unit);
      }
    }
  }
  const dev = drawnSources.flatMap((e) => e.drawn.dev);
  const test = drawnSources.flatMap((e) => e.drawn.test);
  const jsonl = (units: readonly Unit[]) => units.map((u) => `${JSON.stringify(u)}\n`).join('');
  writeFileSync(join(out, 'eval-dev.jsonl'), jsonl(dev));
  writeFileSync(join(out, 'eval-test.jsonl'), jsonl(test));
  writeFileSync(join(out, 'eval-units.sha256'), `${[...seen].sort().join('\n')}\n`);
  const manifest = {
    description:
      'External evaluation set of ai-sdk-pii, rebuilt by scripts/eval-data/build.ts from the pinned commits below. Not for training: eval-units.sha256 lists the SHA-256 of every unit (both splits) after normalisation (NFKC, lower case, all whitespace removed; normalizeForHash in scripts/eval-data/unit.ts).',
    format:
      'one JSON object a line: id, source, lang, genre, split, text, spans [{start, end, label}] (UTF-16 offsets)',
    totals: {
      dev: { units: dev.length, byLang: byLang(dev), spans: countLabels(dev) },
      test: { units: test.length, byLang: byLang(test), spans: countLabels(test) },
    },
    sources: drawnSources.map(manifestEntry),
  };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${dev.length} dev and ${test.length} test units to ${out}`);
  for (const s of manifest.sources) {
    console.log(
      `${s.id.padEnd(18)} dev ${s.units.dev}/${s.available.dev}, test ${s.units.test}/${s.available.test}; PERSON dev ${s.spans.dev.PERSON ?? 0}, test ${s.spans.test.PERSON ?? 0}`,
    );
  }
  console.log(`test by language: ${JSON.stringify(manifest.totals.test.byLang)}`);
  console.log(`dev by language: ${JSON.stringify(manifest.totals.dev.byLang)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
