// Trains the PERSON tagger on labelled units and writes its weights.
//
//   npx tsx scripts/person-tagger/train.ts --train '.data/train/*.jsonl' \
//     --dev .data/external/eval-dev.jsonl --epochs 6 --bits 20 --out <weights file>
//
// Deterministic: units are shuffled with a fixed seed; the same data gives the same weights.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { personRuleDetector } from '../../src/core/detect/detectors/person';
import { nameBands } from '../../src/core/detect/detectors/person-names/name-bands';
import { loadCommonWords } from '../../src/core/detect/detectors/person-tagger/common-words';
import { B, I, O, type Tag } from '../../src/core/detect/detectors/person-tagger/features';
import { mergeTaggedSpans } from '../../src/core/detect/detectors/person-tagger/merge-spans';
import { loadModel, type TaggerWeights } from '../../src/core/detect/detectors/person-tagger/model';
import {
  type PreparedText,
  prepareText,
  type RuleSpan,
  type Scorer,
  spansOfTags,
  tagText,
} from '../../src/core/detect/detectors/person-tagger/sequence';
import type {
  TaggerLexicon,
  WordReads,
} from '../../src/core/detect/detectors/person-tagger/word-reads';
import { seeded as seededRandom } from '../shared/seeded-random';
import { buildCommonWords } from './common-words';
import { goldTags, type LabelledUnit, readUnits } from './labelled-units';
import { type ManifestSource, refusal } from './licence-policy';
import { type Counts, countMatches, emptyCounts, figures, formatCounts } from './overlap-score';
import { AveragedPerceptron } from './perceptron';
import { writeWeights } from './write-weights';

const { values: args } = parseArgs({
  options: {
    train: { type: 'string', multiple: true, default: ['.data/train/*.jsonl'] },
    dev: { type: 'string' },
    epochs: { type: 'string', default: '6' },
    bits: { type: 'string', default: '20' },
    'out-dir': { type: 'string' },
    rules: { type: 'boolean', default: true },
    'no-rules': { type: 'boolean', default: false },
    limit: { type: 'string' },
    seed: { type: 'string', default: '1' },
    holdout: { type: 'string', default: '0' },
    'word-dropout': { type: 'string', default: '0' },
  },
});

const useRules = !args['no-rules'];
const rules = personRuleDetector();
const memo = new Map<number, WordReads>();
let lexicon: TaggerLexicon = { common: { band: () => 0 }, names: nameBands(), memo };

function ruleSpans(text: string): RuleSpan[] {
  if (!useRules) return [];
  return (rules.detect(text) as unknown as { start: number; end: number; score?: number }[]).map(
    (s) => ({
      start: s.start,
      end: s.end,
      score: s.score ?? 0.7,
    }),
  );
}

interface Example {
  unit: LabelledUnit;
  rules: RuleSpan[];
  prepared: PreparedText;
  gold: Uint8Array;
}

/** Files matching a pattern whose `*` may only be in the file name. */
function globFiles(pattern: string): string[] {
  const dir = dirname(pattern);
  const name = new RegExp(
    `^${basename(pattern)
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return readdirSync(dir)
    .filter((f) => name.test(f))
    .map((f) => join(dir, f));
}

/** The training files whose source's licence allows shipping the weights (see licence-policy). */
function allowedFiles(patterns: readonly string[]): string[] {
  const files = patterns.flatMap(globFiles).sort();
  const manifests = new Map<string, ManifestSource[]>();
  return files.filter((file) => {
    const manifest = join(dirname(file), 'manifest.json');
    if (!manifests.has(manifest)) {
      manifests.set(
        manifest,
        existsSync(manifest)
          ? (JSON.parse(readFileSync(manifest, 'utf8')) as { sources: ManifestSource[] }).sources
          : [],
      );
    }
    const id = basename(file, '.jsonl');
    const source = manifests.get(manifest)!.find((s) => s.source === id);
    const why = source ? refusal(source) : 'no licence in the manifest';
    if (why) console.error(`left out ${file}: ${why}`);
    return !why;
  });
}

function load(patterns: readonly string[], limit?: number): Example[] {
  const files = patterns.flatMap(globFiles).sort();
  const examples: Example[] = [];
  for (const file of files) {
    const units = readUnits(file);
    for (const unit of units.slice(0, limit ?? units.length)) {
      const rules = ruleSpans(unit.text);
      const prepared = prepareText(unit.text, rules, lexicon);
      examples.push({ unit, rules, prepared, gold: goldTags(prepared, unit.spans) });
    }
    console.error(`${file}: ${Math.min(units.length, limit ?? Infinity)} units`);
  }
  return examples;
}

function hashUnit(id: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/** A seeded shuffle. */
function shuffle<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The detector's spans: every rule span, and the tagger's spans that overlap none. */
function detectorSpans(
  e: Example,
  score: Scorer,
  bias: number,
  single: number,
): { start: number; end: number }[] {
  const margins = new Float32Array(e.prepared.tokens.count);
  const tagged = spansOfTags(
    e.prepared,
    tagText(e.prepared, score, undefined, bias, margins),
    margins,
  ).filter((s) => s.words > 1 || s.margin >= single);
  return mergeTaggedSpans(e.rules, tagged);
}

function evaluate(
  examples: readonly Example[],
  score: Scorer,
  bias = 0,
  single = 0,
): Map<string, Counts> {
  const byLang = new Map<string, Counts>();
  for (const e of examples) {
    const { unit } = e;
    const predicted = detectorSpans(e, score, bias, single);
    const gold = unit.spans.filter((s) => s.label === 'PERSON');
    for (const key of [unit.lang, 'all']) {
      if (!byLang.has(key)) byLang.set(key, emptyCounts());
      countMatches(gold, predicted, byLang.get(key)!);
    }
  }
  return byLang;
}

const limit = args.limit ? Number(args.limit) : undefined;
const outDir = args['out-dir'] ?? 'src/core/detect/detectors/person-tagger';
mkdirSync(outDir, { recursive: true });
// The common words come from the training texts themselves, before the features read them.
{
  const texts = allowedFiles(args.train!).flatMap((f) =>
    readUnits(f)
      .slice(0, limit)
      .map((u) => u.text),
  );
  const commonFile = join(outDir, 'common-words.data.ts');
  const kept = buildCommonWords(texts, commonFile);
  const { COMMON_WORDS } = (await import(pathToFileURL(resolve(commonFile)).href)) as {
    COMMON_WORDS: string;
  };
  lexicon = { common: loadCommonWords(COMMON_WORDS), names: lexicon.names, memo };
  console.error(`common words: ${kept} -> ${commonFile}`);
}
const trainFiles = allowedFiles(args.train!);
const loaded = load(trainFiles, limit);
// `--holdout f`: a share of the training units is kept out, to compare designs quickly.
const holdout = Number(args.holdout);
const held = (e: Example) => holdout > 0 && (hashUnit(e.unit.id) % 1000) / 1000 < holdout;
const train = loaded.filter((e) => !held(e));
// The rules' precision on the held-out units: the tagger may cost at most `PRECISION_COST` of it.
let rulesPrecision = 0;
const PRECISION_COST = 0.05;
const dev = args.dev ? load([args.dev]) : loaded.filter(held);
if (dev.length > 0) {
  const ruleCounts = new Map<string, Counts>();
  for (const { unit, rules: predicted } of dev) {
    for (const key of [unit.lang, 'all']) {
      if (!ruleCounts.has(key)) ruleCounts.set(key, emptyCounts());
      countMatches(
        unit.spans.filter((s) => s.label === 'PERSON'),
        predicted,
        ruleCounts.get(key)!,
      );
    }
  }
  for (const [lang, counts] of [...ruleCounts].sort())
    console.error(`  rules only ${lang}: ${formatCounts(counts)}`);
  rulesPrecision = figures(ruleCounts.get('all')!).precision;
}
let missed = 0;
let goldTokens = 0;
for (const { prepared, gold } of train) {
  for (let i = 0; i < gold.length; i++) {
    if (gold[i] === O || prepared.tokens.kind[i] === 3) continue;
    goldTokens++;
    if (!prepared.candidate[i]) missed++;
  }
}
console.error(
  `train: ${train.length} units; gold name tokens that are no candidate: ${missed} of ${goldTokens}`,
);

const model = new AveragedPerceptron(Number(args.bits));
const dropout = Number(args['word-dropout']);
const random = seededRandom(Number(args.seed));
// `word` is the second feature of the table and gives one hash (after `bias`).
const WORD_FEATURE = 1;
const UNKNOWN_WORD = 0x9e3779b9;
const epochs = Number(args.epochs);
for (let epoch = 1; epoch <= epochs; epoch++) {
  let errors = 0;
  for (const { prepared, gold } of shuffle([...train], Number(args.seed) + epoch)) {
    tagText(
      prepared,
      (h, count, s) => model.score(h, count, s),
      (i, hashes, count, predicted) => {
        const want = gold[i]! as Tag;
        // Word dropout: the word itself is hidden now and then, so that the weights learn the
        // context and the shape of names rather than the training set's own names.
        if (dropout > 0 && random() < dropout) hashes[WORD_FEATURE] = UNKNOWN_WORD;
        if (want !== predicted) errors++;
        model.update(hashes, count, want, predicted);
        return predicted;
      },
    );
  }
  console.error(`epoch ${epoch}: ${errors} errors`);
  if (dev.length > 0 && (epoch === epochs || epoch % 2 === 0)) {
    const averaged = model.averaged();
    const scorer = (hashes: Uint32Array, count: number, scores: Float64Array) => {
      scores.fill(0);
      for (let k = 0; k < count; k++) {
        const at = (hashes[k]! & model.mask) * 3;
        scores[O]! += averaged[at]!;
        scores[B]! += averaged[at + 1]!;
        scores[I]! += averaged[at + 2]!;
      }
    };
    for (const [lang, counts] of [...evaluate(dev, scorer)].sort()) {
      console.error(`  dev ${lang}: ${formatCounts(counts)}`);
    }
  }
}

// The bias (the line between a name and no name) that gives the detector its best F1 on the
// held-out units while its precision stays within PRECISION_COST of the rules': chosen here,
// on dev, never on test.
let bias = 0;
let single = 0;
if (dev.length > 0) {
  const averaged = model.averaged();
  const scorer: Scorer = (hashes, count, scores) => {
    scores.fill(0);
    for (let k = 0; k < count; k++) {
      const at = (hashes[k]! & model.mask) * 3;
      scores[O]! += averaged[at]!;
      scores[B]! += averaged[at + 1]!;
      scores[I]! += averaged[at + 2]!;
    }
  };
  let best = -1;
  for (const candidate of [-10, -5, 0, 5, 10, 15, 20, 30]) {
    for (const margin of [0, 10, 20, 25, 30, 40]) {
      const all = evaluate(dev, scorer, candidate, margin).get('all')!;
      const { f1, precision } = figures(all);
      console.error(`  bias ${candidate}, one-word margin ${margin}: ${formatCounts(all)}`);
      if (precision >= rulesPrecision - PRECISION_COST && f1 > best) {
        best = f1;
        bias = candidate;
        single = margin;
      }
    }
  }
  console.error(`chosen bias: ${bias}, one-word margin: ${single}`);
}

{
  const weightsFile = join(outDir, 'weights.data.ts');
  const bytes = writeWeights(
    weightsFile,
    model.averaged(),
    Number(args.bits),
    bias,
    single,
    trainFiles.map((f) => basename(f, '.jsonl')),
  );
  console.error(`wrote ${weightsFile} (${bytes} bytes)`);
  if (dev.length > 0) {
    // The shipped (quantised) weights, read as the detector reads them.
    const { PERSON_TAGGER_WEIGHTS } = (await import(pathToFileURL(resolve(weightsFile)).href)) as {
      PERSON_TAGGER_WEIGHTS: TaggerWeights;
    };
    const shipped = loadModel(PERSON_TAGGER_WEIGHTS);
    const redone = dev.map((e) => ({ ...e, prepared: prepareText(e.unit.text, e.rules, lexicon) }));
    for (const [lang, counts] of [...evaluate(redone, shipped.score, bias, single)].sort()) {
      console.error(`  shipped weights, dev ${lang}: ${formatCounts(counts)}`);
    }
  }
}
