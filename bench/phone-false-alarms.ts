/**
 * PHONE spans that the default detectors find in text written by others and full of numbers
 * (news with sports tables and results, documentation, translated messages, man pages), in
 * one tree or two side by side (`--before`), with the spans one adds or drops against the
 * other. Almost none of these texts holds a phone number: what is found is mostly false
 * alarms; a span that starts with `+`, follows a phone word or ends a wire's sign-off is
 * counted apart (the news wires' desk and reporter numbers are real ones; the count is a
 * hint, read the spans printed to stderr).
 *
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/phone-false-alarms.ts --before /tmp/before --conll /tmp/conll2003 [--show 20]
 *
 * `--conll` names a directory holding CoNLL-2003's `train.txt`, `valid.txt` and `test.txt`
 * (Reuters news, not redistributable: never committed; a copy sits in the history of
 * github.com/davidsbatista/NER-datasets, `CONLL2003/` at the parent of `9d8f45c`). Without it
 * that corpus is skipped.
 * `--external` names a JSONL file of `{ text, spans: [{ label, start, end }] }` (the external
 * evaluation set): PHONE precision and recall there, and the PHONE spans found in its texts
 * that hold no phone number.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PiiSpan } from '../src/core/detect/types';
import { type Corpus, conll2003, gettextCatalogues, manPages, packageDocs } from './phone-corpora';

const LANGUAGES = ['fr', 'de', 'es', 'it', 'en'];

type Detect = (text: string) => Promise<PiiSpan[]>;

async function load(tree: string): Promise<Detect> {
  const url = (path: string) => pathToFileURL(resolve(tree, path)).href;
  const { createDetectionPipeline } = await import(url('src/core/detect/detect-spans.ts'));
  const { defaultDetectors } = await import(url('src/core/detect/default-detectors.ts'));
  const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
  return async (text) =>
    ((await pipeline.run(text)) as PiiSpan[]).filter((s) => s.label === 'PHONE');
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const before = option('--before');
const conllDir = option('--conll');
const external = option('--external');
const show = Number(option('--show') ?? 15);

const trees = [...(before ? [resolve(before)] : []), resolve('.')];
const detectors = await Promise.all(trees.map(load));

/**
 * A span that starts with `+`, follows a phone word, or ends a news wire's sign-off (`--
 * Paris Newsroom +33 1 42…`, `-- Karen Pierog , 312-408-8647`): a real number, no false alarm.
 */
const PHONE_WORD = /(?:tel|phone|fax|call|ruf|appel|t[ée]l[ée]fono|telefon|\+)\W{0,3}$/i;
const SIGN_OFF = /(?:^|\n)[ (]*--?[^\n]{0,60}$|(?:newsroom|newsdesk|desk|bureau)[^\n]{0,20}$/i;
const likelyPhone = (text: string, s: PiiSpan) =>
  text[s.start] === '+' ||
  PHONE_WORD.test(text.slice(Math.max(0, s.start - 12), s.start)) ||
  SIGN_OFF.test(text.slice(Math.max(0, s.start - 80), s.start));

const context = (text: string, s: PiiSpan) =>
  `${text.slice(Math.max(0, s.start - 40), s.start)}[${text.slice(s.start, s.end)}]${text.slice(s.end, s.end + 25)}`.replace(
    /\s+/g,
    ' ',
  );

const corpora: Corpus[] = [
  conll2003(conllDir),
  packageDocs('.'),
  gettextCatalogues(LANGUAGES),
  manPages(LANGUAGES.filter((l) => l !== 'en')),
];

const header = trees.map((t) => `${t}: spans (after +, a phone word or a sign-off)`).join(' | ');
console.log(`| corpus | texts | MB | ${header} |`);
console.log(`|---|---:|---:|${trees.map(() => '---:').join('|')}|`);
const changes: string[] = [];
for (const corpus of corpora) {
  if (corpus.texts.length === 0) {
    console.log(`| ${corpus.name} | skipped: ${corpus.missing ?? 'empty'} |`);
    continue;
  }
  const chars = corpus.texts.reduce((n, t) => n + t.length, 0);
  const counts = trees.map(() => ({ spans: 0, likely: 0 }));
  const samples: string[] = [];
  for (const text of corpus.texts) {
    const found = await Promise.all(detectors.map((d) => d(text)));
    found.forEach((spans, t) => {
      counts[t]!.spans += spans.length;
      counts[t]!.likely += spans.filter((s) => likelyPhone(text, s)).length;
    });
    const now = found[found.length - 1]!;
    for (const s of now) if (samples.length < show) samples.push(context(text, s));
    if (found.length === 2) {
      const key = (s: PiiSpan) => `${s.start}:${s.end}`;
      const old = new Set(found[0]!.map(key));
      const fresh = new Set(now.map(key));
      for (const s of now)
        if (!old.has(key(s))) changes.push(`+ ${corpus.name}: ${context(text, s)}`);
      for (const s of found[0]!)
        if (!fresh.has(key(s))) changes.push(`- ${corpus.name}: ${context(text, s)}`);
    }
  }
  const cells = counts.map((c) => `${c.spans} (${c.likely})`).join(' | ');
  console.log(
    `| ${corpus.name} | ${corpus.texts.length} | ${(chars / 1e6).toFixed(1)} | ${cells} |`,
  );
  if (samples.length > 0) {
    console.error(`\n${corpus.name}: first PHONE spans (${corpus.source})`);
    for (const s of samples) console.error(`  ${s}`);
  }
}
if (changes.length > 0) {
  console.error(`\nSpans added (+) or dropped (-) against ${trees[0]} (first ${show * 4}):`);
  for (const c of changes.slice(0, show * 4)) console.error(`  ${c}`);
  console.error(`  (${changes.length} in all)`);
}

if (external) {
  if (!existsSync(external)) {
    console.log(`\nexternal set: skipped, no ${external}`);
  } else {
    interface Labelled {
      text: string;
      lang?: string;
      spans?: { label: string; start: number; end: number }[];
    }
    const rows = readFileSync(external, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Labelled);
    console.log(
      `\n| external (${rows.length} texts) | precision | recall | PHONE in texts without one |`,
    );
    console.log('|---|---:|---:|---:|');
    for (const [t, detect] of detectors.entries()) {
      let tp = 0;
      let fp = 0;
      let expected = 0;
      let inClean = 0;
      let hit = 0;
      for (const row of rows) {
        const gold = (row.spans ?? []).filter((s) => s.label === 'PHONE');
        expected += gold.length;
        const found = await detect(row.text);
        if (gold.length === 0) inClean += found.length;
        // A match overlaps a labelled phone by at least half of the longer of the two.
        const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
          Math.min(a.end, b.end) - Math.max(a.start, b.start) >=
          Math.max(a.end - a.start, b.end - b.start) / 2;
        for (const s of found) {
          if (gold.some((g) => overlaps(g, s))) tp++;
          else fp++;
        }
        for (const g of gold) if (found.some((s) => overlaps(g, s))) hit++;
      }
      const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
      const recall = expected === 0 ? 1 : hit / expected;
      console.log(`| ${trees[t]} | ${precision.toFixed(3)} | ${recall.toFixed(3)} | ${inClean} |`);
    }
  }
}
