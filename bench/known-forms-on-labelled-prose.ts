/**
 * Other forms of known names on prose labelled by other people: the dev split of the external
 * evaluation set (`.data/external/`, `npm run eval:data`; sources and licences in its
 * `manifest.json`), units of the sources that annotate PERSON. The sweep alone is measured
 * (`buildKnownValueMatcher`, no detector): every span it finds that is not a whole known value
 * (a word of a name alone, words side by side, next to an initial, a word several names share)
 * is sorted by what the annotators marked there.
 *
 * - "Own names": each unit is a conversation that knows the names of two words or more its
 *   annotators marked in it. A marked name made only of words of one of them (`Smith` once
 *   `John Smith` is known) is a partial mention: masked or not (recall). A span of the sweep
 *   on no marked name is a false alarm: on another marked entity (a place, an organisation), or
 *   on unmarked words.
 * - "Names of others": one conversation knows 50 names drawn from the PERSON detector's lists
 *   (`known-forms/known-set.ts`) and reads every unit; none is about them. A span on a marked
 *   name is another person of the same name (`Martin`); on anything else, a word.
 *
 * The units only measure: nothing of them goes into a list or a rule.
 *
 *   npx tsx bench/known-forms-on-labelled-prose.ts --data /path/to/.data/external
 */
import { join } from 'node:path';
import type { PiiSpan } from '../src/core/detect/types';
import { buildKnownValueMatcher } from '../src/core/vault/known-value-matcher';
import { nameWords } from '../src/core/vault/value-parts';
import { loadEvalData } from './external/load-data';
import type { ScoringUnit } from './external/score-units';
import { drawnNames } from './known-forms/known-set';

const args = process.argv.slice(2);
const dataAt = args.indexOf('--data');
const dir = dataAt >= 0 ? args[dataAt + 1]! : join(import.meta.dirname, '..', '.data/external');
const data = loadEvalData(dir, 'dev');
if (!data) {
  console.log(`No evaluation data in ${dir}: build it with \`npm run eval:data\`, or pass --data.`);
  process.exit(0);
}
const units = data.units.filter((u) => data.annotated.get(u.source)?.has('PERSON'));

type Gold = ScoringUnit['spans'][number];
const entry = (value: string, n: number) => ({
  label: 'PERSON',
  n,
  value,
  canonical: value.toLowerCase(),
});
/** The sweep's spans that are no whole known value (`score` 1): other forms. */
const otherForms = (spans: PiiSpan[]) => spans.filter((s) => s.score < 1);
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;
/** What the annotators marked where a span stands: `PERSON`, another label, or nothing. */
function markedAt(span: PiiSpan, gold: readonly Gold[]): 'PERSON' | 'other entity' | 'word' {
  const hit = gold.filter((g) => overlaps(g, span));
  if (hit.some((g) => g.label === 'PERSON')) return 'PERSON';
  return hit.length > 0 ? 'other entity' : 'word';
}

interface Row {
  units: number;
  words: number;
  partial: number;
  partialMasked: number;
  onName: number;
  onEntity: number;
  onWord: number;
  examples: string[];
}
const row = (): Row => ({
  units: 0,
  words: 0,
  partial: 0,
  partialMasked: 0,
  onName: 0,
  onEntity: 0,
  onWord: 0,
  examples: [],
});
const excerpt = (text: string, s: PiiSpan) =>
  `${text.slice(Math.max(0, s.start - 30), s.start)}[${text.slice(s.start, s.end)}]${text.slice(s.end, s.end + 20)}`.replace(
    /\s+/g,
    ' ',
  );

function ownNames(): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const unit of units) {
    const people = unit.spans.filter((g) => g.label === 'PERSON');
    const full = [
      ...new Set(
        people.map((g) => unit.text.slice(g.start, g.end)).filter((v) => nameWords(v).length >= 2),
      ),
    ];
    if (full.length === 0) continue;
    const r = rows.get(unit.lang) ?? row();
    rows.set(unit.lang, r);
    r.units++;
    r.words += unit.text.split(/\s+/).filter(Boolean).length;
    const fullWords = full.map((v) => new Set(nameWords(v).map((w) => w.toLowerCase())));
    const found = otherForms(buildKnownValueMatcher(full.map(entry)).find(unit.text));
    for (const g of people) {
      const text = unit.text.slice(g.start, g.end);
      const words = text.toLowerCase().split(/\s+/);
      if (full.includes(text) || !fullWords.some((set) => words.every((w) => set.has(w)))) continue;
      r.partial++;
      if (found.some((s) => overlaps(s, g))) r.partialMasked++;
    }
    for (const s of found) {
      const at = markedAt(s, unit.spans);
      if (at === 'PERSON') continue;
      if (at === 'other entity') r.onEntity++;
      else r.onWord++;
      if (r.examples.length < 8) r.examples.push(`${at}: ${excerpt(unit.text, s)}`);
    }
  }
  return rows;
}

function othersNames(): Map<string, Row> {
  const matcher = buildKnownValueMatcher(drawnNames(50).map(entry));
  const rows = new Map<string, Row>();
  for (const unit of units) {
    const r = rows.get(unit.lang) ?? row();
    rows.set(unit.lang, r);
    r.units++;
    r.words += unit.text.split(/\s+/).filter(Boolean).length;
    for (const s of otherForms(matcher.find(unit.text))) {
      const at = markedAt(s, unit.spans);
      if (at === 'PERSON') r.onName++;
      else if (at === 'other entity') r.onEntity++;
      else r.onWord++;
      if (at !== 'PERSON' && r.examples.length < 8)
        r.examples.push(`${at}: ${excerpt(unit.text, s)}`);
    }
  }
  return rows;
}

const per10k = (n: number, words: number) => ((10_000 * n) / Math.max(1, words)).toFixed(2);
const showExamples = args.includes('--examples');

console.log(`Dev split, ${units.length} units of the sources that annotate PERSON (${dir})`);
console.log('\n### Own names: each unit knows its names of two words or more\n');
console.log(
  '| lang | units | words | partial mentions | masked | false alarms on other entities | on words | false alarms per 10k words |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [lang, r] of [...ownNames()].sort()) {
  console.log(
    `| ${lang} | ${r.units} | ${r.words} | ${r.partial} | ${r.partialMasked} | ${r.onEntity} | ${r.onWord} | ${per10k(r.onEntity + r.onWord, r.words)} |`,
  );
  if (showExamples) for (const e of r.examples) console.error(`${lang} own ${e}`);
}
console.log('\n### Names of others: 50 names drawn from the lists, known throughout\n');
console.log(
  '| lang | units | words | on names of other people | on other entities | on words | not a name, per 10k words |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [lang, r] of [...othersNames()].sort()) {
  console.log(
    `| ${lang} | ${r.units} | ${r.words} | ${r.onName} | ${r.onEntity} | ${r.onWord} | ${per10k(r.onEntity + r.onWord, r.words)} |`,
  );
  if (showExamples) for (const e of r.examples) console.error(`${lang} others ${e}`);
}
