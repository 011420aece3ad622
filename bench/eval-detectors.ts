/**
 * Precision and recall of the default detectors on the labelled evaluation sets
 * (`test/fixtures/detection/*.jsonl`: `eval-set.jsonl`, built by `generate.ts` in that folder,
 * `national-ids.jsonl`, built by `test/fixtures/national-ids/generate.ts`, and `addresses.jsonl`,
 * built by `scripts/address-set/generate.ts`), per label and
 * overall, PERSON split by language, compromise's `nlp(text).people()` on the same texts for
 * comparison, and the share of hard negatives (texts of kind `negative…`) with a false alarm.
 *
 * A prediction counts only if its label and offsets equal an expected span (strict). PERSON is
 * also given with a lenient match (overlapping spans of the same label), since tools differ on
 * whether `Dr.` or a trailing comma belongs to a name.
 *
 * Run: `npm run eval` (add `-- --errors` to list every miss and false alarm).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../src/core/detect/detect-spans';
import { compromisePeople as peerPeople } from './external/compromise-people';

interface Span {
  start: number;
  end: number;
  label: string;
  value: string;
}
interface Item {
  id: string;
  lang: string;
  kind: string;
  text: string;
  spans: Span[];
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'test/fixtures/detection');
const items: Item[] = readdirSync(folder)
  .filter((name) => name.endsWith('.jsonl'))
  .sort()
  .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n'))
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as Item);
const showErrors = process.argv.includes('--errors');

const same = (a: Span, b: Span) => a.start === b.start && a.end === b.end && a.label === b.label;
const overlap = (a: Span, b: Span) => a.label === b.label && a.start < b.end && b.start < a.end;

function score(
  counts: Map<string, Counts>,
  key: string,
  gold: readonly Span[],
  predicted: readonly Span[],
  match: (a: Span, b: Span) => boolean,
  errors?: string[],
  id?: string,
): void {
  const c = counts.get(key) ?? { tp: 0, fp: 0, fn: 0 };
  const used = new Set<number>();
  for (const p of predicted) {
    const g = gold.findIndex((s, i) => !used.has(i) && match(s, p));
    if (g >= 0) {
      used.add(g);
      c.tp++;
    } else {
      c.fp++;
      errors?.push(`FP ${id} ${p.label} ${JSON.stringify(p.value)}`);
    }
  }
  gold.forEach((s, i) => {
    if (!used.has(i)) {
      c.fn++;
      errors?.push(`FN ${id} ${s.label} ${JSON.stringify(s.value)}`);
    }
  });
  counts.set(key, c);
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
function row(name: string, c: Counts): string {
  const p = ratio(c.tp, c.tp + c.fp);
  const r = ratio(c.tp, c.tp + c.fn);
  return `| ${name} | ${c.tp + c.fn} | ${c.tp} | ${c.fp} | ${c.fn} | ${p.toFixed(3)} | ${r.toFixed(3)} |`;
}
const HEADER =
  '| | expected | TP | FP | FN | precision | recall |\n|---|---:|---:|---:|---:|---:|---:|';

// compromise's people, without honorifics or possessive `'s` (shared with eval:external).
function compromisePeople(text: string): Span[] {
  return peerPeople(text).map((s) => ({ ...s, value: text.slice(s.start, s.end) }));
}

async function main(): Promise<void> {
  const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
  const byLabel = new Map<string, Counts>();
  const person = new Map<string, Counts>();
  const personLenient = new Map<string, Counts>();
  const peer = new Map<string, Counts>();
  const peerLenient = new Map<string, Counts>();
  const personByKind = new Map<string, Counts>();
  const errors: string[] = [];
  // Hard negatives by kind: texts, and texts with a span no label expects.
  const negatives = new Map<string, { texts: number; alarms: number }>();

  for (const item of items) {
    const predicted = (await pipeline.run(item.text)).map((s) => ({
      start: s.start,
      end: s.end,
      label: s.label,
      value: s.value,
    }));
    const labels = new Set([...item.spans.map((s) => s.label), ...predicted.map((s) => s.label)]);
    for (const label of labels) {
      const gold = item.spans.filter((s) => s.label === label);
      const pred = predicted.filter((s) => s.label === label);
      score(byLabel, label, gold, pred, same, errors, item.id);
      score(byLabel, 'ALL', gold, pred, same);
    }
    if (item.kind.startsWith('negative')) {
      const n = negatives.get(item.kind) ?? { texts: 0, alarms: 0 };
      n.texts++;
      if (predicted.some((p) => !item.spans.some((g) => same(g, p)))) n.alarms++;
      negatives.set(item.kind, n);
    }
    const lang = item.lang === 'en' || item.lang === 'fr' ? item.lang : 'de/es/it';
    const goldPeople = item.spans.filter((s) => s.label === 'PERSON');
    const ourPeople = predicted.filter((s) => s.label === 'PERSON');
    score(person, lang, goldPeople, ourPeople, same);
    score(personLenient, lang, goldPeople, ourPeople, overlap);
    score(
      personByKind,
      item.kind === 'handwritten' || item.kind === 'handwritten-2' || item.kind === 'table'
        ? item.kind
        : 'templated',
      goldPeople,
      ourPeople,
      same,
    );
    if (lang !== 'de/es/it') {
      const theirs = compromisePeople(item.text);
      score(peer, lang, goldPeople, theirs, same);
      score(peerLenient, lang, goldPeople, theirs, overlap);
    }
  }

  const labels = [...byLabel.keys()].filter((l) => l !== 'ALL').sort();
  console.log(`# Detector evaluation — ${items.length} texts\n`);
  console.log('## Per label (strict: same label and offsets)\n');
  console.log(HEADER);
  for (const label of labels) console.log(row(label, byLabel.get(label)!));
  console.log(row('**overall**', byLabel.get('ALL')!));
  console.log('\n## PERSON by language\n');
  console.log('| | strict P | strict R | lenient P | lenient R |\n|---|---:|---:|---:|---:|');
  const pr = (c: Counts | undefined) =>
    c ? `${ratio(c.tp, c.tp + c.fp).toFixed(3)} | ${ratio(c.tp, c.tp + c.fn).toFixed(3)}` : '- | -';
  for (const lang of ['en', 'fr', 'de/es/it']) {
    console.log(
      `| ai-sdk-pii ${lang} | ${pr(person.get(lang))} | ${pr(personLenient.get(lang))} |`,
    );
  }
  for (const lang of ['en', 'fr']) {
    console.log(`| compromise ${lang} | ${pr(peer.get(lang))} | ${pr(peerLenient.get(lang))} |`);
  }
  console.log('\n## PERSON by origin of the text (strict)\n');
  console.log('| | P | R |\n|---|---:|---:|');
  for (const kind of ['templated', 'handwritten', 'handwritten-2', 'table'])
    console.log(`| ${kind} | ${pr(personByKind.get(kind))} |`);
  console.log('\n## Hard negatives: texts with a false alarm (a span no label expects)\n');
  console.log('| kind | texts | with a false alarm | rate |\n|---|---:|---:|---:|');
  for (const [kind, n] of [...negatives].sort()) {
    console.log(`| ${kind} | ${n.texts} | ${n.alarms} | ${(n.alarms / n.texts).toFixed(3)} |`);
  }
  if (showErrors) {
    console.log('\n## Errors\n');
    for (const e of errors) console.log(e);
  } else {
    console.log(`\n${errors.length} errors; run with --errors to list them.`);
  }
}

await main();
