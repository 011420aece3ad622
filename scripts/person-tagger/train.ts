// Trains the PERSON tagger on labelled units and writes its weights.
//
//   npx tsx scripts/person-tagger/train.ts --train '.data/train/*.jsonl' \
//     --dev .data/external/eval-dev.jsonl --epochs 6 --bits 20 --out <weights file>
//
// Deterministic: units are shuffled with a fixed seed; the same data gives the same weights.
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModel, type TaggerWeights } from '../../src/core/detect/detectors/person-tagger/model';
import { parseArgs } from 'node:util';
import { personRuleDetector } from '../../src/core/detect/detectors/person';
import { B, I, O, type Tag } from '../../src/core/detect/detectors/person-tagger/features';
import {
  type PreparedText,
  prepareText,
  type RuleSpan,
  spansOfTags,
  tagText,
} from '../../src/core/detect/detectors/person-tagger/sequence';
import type { TaggerLexicon, WordReads } from '../../src/core/detect/detectors/person-tagger/word-reads';
import { loadCommonWords } from '../../src/core/detect/detectors/person-tagger/common-words';
import { buildCommonWords } from './common-words';
import { nameBands } from '../../src/core/detect/detectors/person-names/name-bands';
import { goldTags, type LabelledUnit, readUnits } from './labelled-units';
import { type Counts, countMatches, emptyCounts, formatCounts } from './overlap-score';
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
  },
});

const useRules = !args['no-rules'];
const rules = personRuleDetector();
const memo = new Map<number, WordReads>();
let lexicon: TaggerLexicon = { common: { band: () => 0 }, names: nameBands(), memo };

function ruleSpans(text: string): RuleSpan[] {
  if (!useRules) return [];
  return (rules.detect(text) as unknown as { start: number; end: number; score?: number }[]).map((s) => ({
    start: s.start,
    end: s.end,
    score: s.score ?? 0.7,
  }));
}

interface Example {
  unit: LabelledUnit;
  prepared: PreparedText;
  gold: Uint8Array;
}

/** Files matching a pattern whose `*` may only be in the file name. */
function globFiles(pattern: string): string[] {
  const dir = dirname(pattern);
  const name = new RegExp(`^${basename(pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return readdirSync(dir)
    .filter((f) => name.test(f))
    .map((f) => join(dir, f));
}

function load(patterns: readonly string[], limit?: number): Example[] {
  const files = patterns.flatMap(globFiles).sort();
  const examples: Example[] = [];
  for (const file of files) {
    const units = readUnits(file);
    for (const unit of units.slice(0, limit ?? units.length)) {
      const prepared = prepareText(unit.text, ruleSpans(unit.text), lexicon);
      examples.push({ unit, prepared, gold: goldTags(prepared, unit.spans) });
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

/** A seeded shuffle (mulberry32). */
function shuffle<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function evaluate(
  examples: readonly Example[],
  score: (h: Uint32Array, count: number, s: Float64Array) => void,
): Map<string, Counts> {
  const byLang = new Map<string, Counts>();
  for (const { unit, prepared } of examples) {
    const tags = tagText(prepared, score);
    const predicted = spansOfTags(prepared, tags);
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
  const texts = args.train!.flatMap(globFiles).flatMap((f) => readUnits(f).slice(0, limit).map((u) => u.text));
  const commonFile = join(outDir, 'common-words.data.ts');
  const kept = buildCommonWords(texts, commonFile);
  const { COMMON_WORDS } = (await import(pathToFileURL(resolve(commonFile)).href)) as { COMMON_WORDS: string };
  lexicon = { common: loadCommonWords(COMMON_WORDS), names: lexicon.names, memo };
  console.error(`common words: ${kept} -> ${commonFile}`);
}
const loaded = load(args.train!, limit);
// `--holdout f`: a share of the training units is kept out, to compare designs quickly.
const holdout = Number(args.holdout);
const held = (e: Example) => holdout > 0 && (hashUnit(e.unit.id) % 1000) / 1000 < holdout;
const train = loaded.filter((e) => !held(e));
const dev = args.dev ? load([args.dev]) : loaded.filter(held);
if (dev.length > 0) {
  const ruleCounts = new Map<string, Counts>();
  for (const { unit, prepared } of dev) {
    const predicted = ruleSpans(unit.text);
    for (const key of [unit.lang, 'all']) {
      if (!ruleCounts.has(key)) ruleCounts.set(key, emptyCounts());
      countMatches(unit.spans.filter((s) => s.label === 'PERSON'), predicted, ruleCounts.get(key)!);
    }
  }
  for (const [lang, counts] of [...ruleCounts].sort()) console.error(`  rules only ${lang}: ${formatCounts(counts)}`);
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
const epochs = Number(args.epochs);
for (let epoch = 1; epoch <= epochs; epoch++) {
  let errors = 0;
  for (const { prepared, gold } of shuffle([...train], Number(args.seed) + epoch)) {
    tagText(
      prepared,
      (h, count, s) => model.score(h, count, s),
      (i, hashes, count, predicted) => {
        const want = gold[i]! as Tag;
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

{
  const weightsFile = join(outDir, 'weights.data.ts');
  const bytes = writeWeights(weightsFile, model.averaged(), Number(args.bits));
  console.error(`wrote ${weightsFile} (${bytes} bytes)`);
  if (dev.length > 0) {
    // The shipped (quantised) weights, read as the detector reads them.
    const { PERSON_TAGGER_WEIGHTS } = (await import(pathToFileURL(resolve(weightsFile)).href)) as {
      PERSON_TAGGER_WEIGHTS: TaggerWeights;
    };
    const shipped = loadModel(PERSON_TAGGER_WEIGHTS);
    const redone = dev.map((e) => ({ ...e, prepared: prepareText(e.unit.text, ruleSpans(e.unit.text), lexicon) }));
    for (const [lang, counts] of [...evaluate(redone, shipped.score)].sort()) {
      console.error(`  shipped weights, dev ${lang}: ${formatCounts(counts)}`);
    }
  }
}
