/**
 * The national identifiers on values this project did not write: the numbers and sentences of
 * the test files of Presidio, python-stdnum, stdnum-js and validator.js (pinned in
 * `bench/external/identifier-sources.ts`), with their authors' verdicts: valid ones are gold, the
 * ones they reject are negatives.
 *
 * Three frames:
 * - `their sentence`: Presidio's test sentences, with the spans Presidio expects;
 * - `as written`: the value alone, spelled as its authors wrote it;
 * - `after its name`: `<name>: <value>`, once per name the sources give the number (Presidio's
 *   context words, python-stdnum's names; the `: ` is ours).
 *
 * A valid value counts as found when a span of its label matches it (the external evaluation's
 * rule: overlap ≥ 50 % of both spans). A rejected value is a false alarm when any identifier's
 * span overlaps it, and a fragment when a span of another label does (the issue: mask it whole or
 * not at all). Nothing read here feeds the detectors.
 *
 *   npx tsx bench/identifiers-external.ts --mirror /work/.mirror            # or a clone cache in .data/cache
 *   npx tsx bench/identifiers-external.ts --mirror /work/.mirror --errors   # every miss and false alarm
 */
import { openPinned, type PinnedRepo } from '../scripts/eval-data/git-source';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../src/core/detect/detect-spans';
import {
  type IdentifierCase,
  type Outcome,
  scoreIdentifierCase,
} from './external/identifier-outcomes';
import {
  readDoctestVerdicts,
  readJestVerdicts,
  readPresidioContext,
  readPytestSentences,
  readPytestVerdicts,
  readStdnumNames,
  readValidatorTable,
  type Verdict,
} from './external/identifier-readers';
import {
  DEFINITION_DIFFERENCES,
  IDENTIFIER_FILES,
  IDENTIFIER_LABELS,
  IDENTIFIER_REPOS,
  type IdentifierFile,
  type IdentifierLabel,
  type IdentifierRepoId,
  NAME_FILES,
} from './external/identifier-sources';
import { refereeVerdicts } from './external/stdnum-referee';

type Frame = 'their sentence' | 'as written' | 'after its name';

interface Case extends IdentifierCase {
  label: IdentifierLabel;
  frame: Frame;
  from: string;
  reason?: string;
}

const argv = process.argv.slice(2);
const mirror = argv.includes('--mirror') ? argv[argv.indexOf('--mirror') + 1] : undefined;
const showErrors = argv.includes('--errors');

const repos = new Map<IdentifierRepoId, PinnedRepo>();
function open(id: IdentifierRepoId): PinnedRepo {
  let repo = repos.get(id);
  if (!repo) {
    const { repo: name, commit } = IDENTIFIER_REPOS[id];
    repo = openPinned(name, commit, { mirror, cache: '.data/cache' });
    repos.set(id, repo);
  }
  return repo;
}

// Several entries read one file (validator.js's tests hold every locale's table).
const files = new Map<string, string>();
function read(id: IdentifierRepoId, path: string): string {
  const key = `${id}:${path}`;
  let text = files.get(key);
  if (text === undefined) {
    text = open(id).read(path);
    files.set(key, text);
  }
  return text;
}

function verdictsOf(file: IdentifierFile, source: string): (Verdict & { kinds?: string[] })[] {
  switch (file.read.kind) {
    case 'pytest':
      return readPytestVerdicts(source);
    case 'doctest':
      return readDoctestVerdicts(source);
    case 'jest':
      return readJestVerdicts(source);
    case 'validator':
      return readValidatorTable(source, file.read.validator, file.read.locale);
  }
}

function namesOf(label: IdentifierLabel): string[] {
  const names = NAME_FILES.filter((f) => f.label === label).flatMap((f) => {
    const source = read(f.repo, f.path);
    return f.read === 'presidio-context' ? readPresidioContext(source) : readStdnumNames(source);
  });
  return [...new Set(names)];
}

function buildCases(): Case[] {
  const cases: Case[] = [];
  const seen = new Set<string>();
  const add = (c: Case) => {
    const key = `${c.label}\u0000${c.frame}\u0000${c.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    cases.push(c);
  };
  const names = new Map(IDENTIFIER_LABELS.map((l) => [l, namesOf(l)]));
  for (const file of IDENTIFIER_FILES) {
    const source = read(file.repo, file.path);
    const from = `${IDENTIFIER_REPOS[file.repo].repo}:${file.path}`;
    if (file.read.kind === 'pytest') {
      for (const s of readPytestSentences(source)) {
        const valid = s.spans.length > 0;
        add({
          label: file.label,
          frame: 'their sentence',
          text: s.text,
          valid,
          spans: valid ? s.spans : [[0, s.text.length]],
          from,
        });
      }
    }
    for (const v of verdictsOf(file, source).filter((x) => file.keep?.(x) ?? true)) {
      const value = v.value.trim();
      if (!value) continue;
      const base = {
        label: file.label,
        valid: v.valid,
        from,
        ...(v.reason ? { reason: v.reason } : {}),
      };
      add({ ...base, frame: 'as written', text: value, spans: [[0, value.length]] });
      for (const name of names.get(file.label) ?? []) {
        const text = `${name}: ${value}`;
        add({
          ...base,
          frame: 'after its name',
          text,
          spans: [[text.length - value.length, text.length]],
        });
      }
    }
  }
  return cases;
}

interface Tally {
  valid: number;
  found: number;
  masked: number;
  /** Valid values where no source's verdict parts from our definition. */
  agreedValid: number;
  agreedFound: number;
  rejected: number;
  alarms: number;
  fragments: number;
  agreedRejected: number;
  agreedAlarms: number;
}
const empty = (): Tally => ({
  valid: 0,
  found: 0,
  masked: 0,
  agreedValid: 0,
  agreedFound: 0,
  rejected: 0,
  alarms: 0,
  fragments: 0,
  agreedRejected: 0,
  agreedAlarms: 0,
});

interface Scored extends Outcome {
  c: Case;
  shown: string;
}

async function main(): Promise<void> {
  const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
  const identifiers = new Set<string>(IDENTIFIER_LABELS);
  const scored: Scored[] = [];
  for (const c of buildCases()) {
    const predicted = (await pipeline.run(c.text)).map((s) => ({
      start: s.start,
      end: s.end,
      label: s.label,
    }));
    const shown =
      predicted
        .map((p) => `${p.label}:${JSON.stringify(c.text.slice(p.start, p.end))}`)
        .join(' ') || 'nothing';
    for (const o of scoreIdentifierCase(c, predicted, identifiers)) scored.push({ ...o, c, shown });
  }
  const referee = refereeVerdicts(
    open('stdnum'),
    IDENTIFIER_REPOS.stdnum.commit,
    scored.map((o) => [o.c.label, o.value] as const),
  );
  const ours = (label: string, value: string) =>
    DEFINITION_DIFFERENCES.some((d) => d.label === label && d.concerns(value));
  const tallies = new Map<string, Tally>();
  const errors: string[] = [];
  const disputed = new Set<string>();
  scored.forEach((o, i) => {
    const { c } = o;
    const key = `${c.label}\u0000${c.frame}`;
    const t = tallies.get(key) ?? empty();
    tallies.set(key, t);
    const verdict = referee[i];
    const refereeParts = verdict !== undefined && verdict !== o.valid;
    if (refereeParts)
      disputed.add(
        `${c.label} ${JSON.stringify(o.value)} (${o.valid ? 'valid' : 'rejected'} by ${c.from.split(':')[0]})`,
      );
    const agreed = !refereeParts && !ours(c.label, o.value);
    const note = agreed
      ? ''
      : refereeParts
        ? ' [python-stdnum disagrees]'
        : ' [our definition differs]';
    if (o.valid) {
      t.valid++;
      if (o.found) t.found++;
      if (o.masked) t.masked++;
      if (agreed) t.agreedValid++;
      if (agreed && o.found) t.agreedFound++;
      if (!o.found)
        errors.push(
          `MISS ${c.label} [${c.frame}] ${JSON.stringify(c.text)} → ${o.shown}${note}  (${c.from})`,
        );
    } else {
      t.rejected++;
      if (o.alarm) t.alarms++;
      if (o.fragment) t.fragments++;
      if (agreed) t.agreedRejected++;
      if (agreed && o.alarm) t.agreedAlarms++;
      if (o.alarm || o.fragment)
        errors.push(
          `${o.alarm ? 'FALSE ALARM' : 'FRAGMENT'} ${c.label} [${c.frame}] ${JSON.stringify(c.text)}${c.reason ? ` (${c.reason})` : ''} → ${o.shown}${note}  (${c.from})`,
        );
    }
  });
  const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(3));
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${a} (${((100 * a) / b).toFixed(1)} %)`);
  console.log(
    '| label | frame | valid | recall | fully masked | recall, verdicts agreed | rejected | false alarms | false alarms, verdicts agreed | fragments |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const frames: Frame[] = ['their sentence', 'as written', 'after its name'];
  const all = new Map(frames.map((f) => [f, empty()]));
  const row = (label: string, frame: string, t: Tally) =>
    console.log(
      `| ${label} | ${frame} | ${t.valid} | ${ratio(t.found, t.valid)} | ${ratio(t.masked, t.valid)} | ${ratio(t.agreedFound, t.agreedValid)} of ${t.agreedValid} | ${t.rejected} | ${pct(t.alarms, t.rejected)} | ${pct(t.agreedAlarms, t.agreedRejected)} of ${t.agreedRejected} | ${pct(t.fragments, t.rejected)} |`,
    );
  for (const label of IDENTIFIER_LABELS)
    for (const frame of frames) {
      const t = tallies.get(`${label}\u0000${frame}`);
      if (!t) continue;
      const sum = all.get(frame)!;
      for (const k of Object.keys(t) as (keyof Tally)[]) sum[k] += t[k];
      row(label, frame, t);
    }
  for (const [frame, t] of all) row('**all**', frame, t);
  console.log(
    `\nVerdicts python-stdnum@${IDENTIFIER_REPOS.stdnum.commit.slice(0, 7)} does not share (left out of the "agreed" columns): ${[...disputed].join('; ') || 'none'}`,
  );
  console.log('\nWhere our definition differs from python-stdnum (also left out):');
  for (const d of DEFINITION_DIFFERENCES) console.log(`- ${d.label}, ${d.what}: ${d.why}`);
  console.log('\nSources:');
  for (const r of Object.values(IDENTIFIER_REPOS))
    console.log(`- ${r.repo}@${r.commit.slice(0, 7)} (${r.licence}): ${r.authors}`);
  if (showErrors) console.log(`\n${errors.join('\n')}`);
}

await main();
