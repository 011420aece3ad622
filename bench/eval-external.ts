/**
 * Precision, recall and F1 of detector sets on the external evaluation set: public corpora
 * labelled by other people (`scripts/eval-data/sources.ts`), rebuilt into `.data/external/` by
 * `npm run eval:data`. Figures per label, language, source and genre; for PERSON also the share
 * of gold names left fully or partly in clear, and recall of one-word against longer names.
 *
 * Matching rule: a prediction matches a gold span when the labels are equal and their overlap
 * covers at least 50 % of the gold span and at least 50 % of the prediction, one-to-one (largest
 * overlaps first). A label is scored only on sources that annotate it; predictions of it on other
 * sources are listed apart (e.g. PHONE on news text), neither hits nor false alarms.
 * "In clear" counts letters and digits of a gold name covered by no predicted span of any label.
 *
 *   npm run eval:external                        # test split, default detectors and compromise
 *   npm run eval:external -- --split dev --errors /tmp/errors.jsonl
 *   npm run eval:external -- --labels PERSON --lang fr,it --json /tmp/person.json
 *   npm run eval:external -- --detectors ./my-detectors.ts   # a module exporting `detectors`
 *
 * `--errors` writes every miss and false alarm with its context, and is refused on the test
 * split: look at dev errors, never tune on test. Names from this set never go into the
 * detectors' name lists or rules. Without the data (CI has no network) it says how to build it
 * and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../src/core/detect/detect-spans';
import type { Detector } from '../src/core/detect/types';
import { compromisePeople } from './external/compromise-people';
import { loadEvalData } from './external/load-data';
import type { ScoredSpan } from './external/match-spans';
import { formatReport } from './external/report';
import { createScorer, type ScoringError, type SystemResult } from './external/score-units';

interface Args {
  split: 'dev' | 'test';
  labels?: string[];
  langs?: string[];
  json?: string;
  errors?: string;
  detectors?: string;
  peers: boolean;
  data: string;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { split: 'test', peers: true, data: join(root, '.data/external') };
  const list = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    if (flag === '--split') {
      const v = need();
      if (v !== 'dev' && v !== 'test') throw new Error('--split is dev or test');
      args.split = v;
    } else if (flag === '--labels') args.labels = list(need()).map((l) => l.toUpperCase());
    else if (flag === '--lang') args.langs = list(need()).map((l) => l.toLowerCase());
    else if (flag === '--json') args.json = need();
    else if (flag === '--errors') args.errors = need();
    else if (flag === '--detectors') args.detectors = need();
    else if (flag === '--data') args.data = need();
    else if (flag === '--no-peers') args.peers = false;
    else throw new Error(`unknown option ${flag} (see the header of bench/eval-external.ts)`);
  }
  if (args.errors && args.split === 'test') {
    throw new Error('--errors is for the dev split only: read errors on dev, never tune on test');
  }
  return args;
}

interface System {
  name: string;
  labels: string[];
  predict(text: string): Promise<ScoredSpan[]>;
}

function detectorSystem(name: string, detectors: readonly Detector[]): System {
  const pipeline = createDetectionPipeline({ detectors });
  return {
    name,
    labels: [...new Set(detectors.flatMap((d) => d.labels ?? []))],
    predict: async (text) =>
      (await pipeline.run(text)).map((s) => ({ start: s.start, end: s.end, label: s.label })),
  };
}

async function systems(args: Args): Promise<System[]> {
  const out = [detectorSystem('ai-sdk-pii', defaultDetectors())];
  if (args.detectors) {
    const module = (await import(pathToFileURL(resolve(args.detectors)).href)) as {
      detectors?: Detector[];
    };
    if (!Array.isArray(module.detectors))
      throw new Error(`${args.detectors} exports no \`detectors\` array`);
    out.push(detectorSystem(args.detectors, module.detectors));
  }
  if (args.peers) {
    out.push({ name: 'compromise', labels: ['PERSON'], predict: async (t) => compromisePeople(t) });
  }
  return out;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const data = loadEvalData(args.data, args.split);
  if (!data) {
    console.log(
      `No external evaluation data in ${args.data}. Build it (needs network access to GitHub, or local mirrors):\n\n  npm run eval:data\n  npm run eval:data -- --mirror /path/to/mirrors\n\nSkipping the external evaluation.`,
    );
    return;
  }
  const units = args.langs ? data.units.filter((u) => args.langs!.includes(u.lang)) : data.units;
  const scored = (labels: string[]) =>
    args.labels ? labels.filter((l) => args.labels!.includes(l)) : labels;
  const results: SystemResult[] = [];
  const errors: (ScoringError & { system: string })[] = [];
  for (const system of await systems(args)) {
    const scorer = createScorer({
      name: system.name,
      labels: scored(system.labels),
      annotated: data.annotated,
      keepErrors: Boolean(args.errors),
    });
    for (const unit of units) scorer.add(unit, await system.predict(unit.text));
    results.push(scorer.result());
    errors.push(...scorer.errors.map((e) => ({ system: system.name, ...e })));
  }
  const labels = [...new Set(results.flatMap((r) => Object.keys(r.byLabel)))].sort((a, b) =>
    a === 'PERSON' ? -1 : b === 'PERSON' ? 1 : a.localeCompare(b),
  );
  const langs = [...new Set(units.map((u) => u.lang))].sort();
  console.log(
    `# External evaluation — ${args.split} split, ${units.length} units (${langs.join(', ')}), commit ${commit()}\n`,
  );
  console.log(
    `Sources: ${[...new Set(units.map((u) => u.source))].join(', ')} (see .data/external/manifest.json)\n`,
  );
  console.log(formatReport(results, labels));
  if (args.json) {
    writeFileSync(
      args.json,
      `${JSON.stringify({ split: args.split, commit: commit(), units: units.length, langs, results }, null, 2)}\n`,
    );
    console.log(`\nResults written to ${args.json}`);
  }
  if (args.errors) {
    writeFileSync(args.errors, errors.map((e) => `${JSON.stringify(e)}\n`).join(''));
    console.log(`${errors.length} errors (dev split) written to ${args.errors}`);
  }
}

await main();
