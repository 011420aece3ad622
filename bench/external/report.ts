import { type Counts, rates } from './counts';
import type { SystemResult } from './score-units';

const f3 = (x: number) => x.toFixed(3);
const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)} %`);

function countsRow(name: string, c: Counts | undefined): string {
  // Nothing expected and nothing predicted: no figure, rather than a perfect one.
  if (!c || c.tp + c.fn + c.fp === 0) return `| ${name} | 0 | - | - | - |`;
  const r = rates(c);
  return `| ${name} | ${c.tp + c.fn} | ${f3(r.precision)} | ${f3(r.recall)} | ${f3(r.f1)} |`;
}

const HEAD = (first: string) => `| ${first} | gold | P | R | F1 |\n|---|---:|---:|---:|---:|`;

/** Markdown tables of several systems' results, one block per label. */
export function formatReport(results: readonly SystemResult[], labels: readonly string[]): string {
  const out: string[] = [];
  out.push('## Per label\n');
  out.push(HEAD('label · system'));
  for (const label of labels) {
    for (const r of results)
      if (r.labels.includes(label)) out.push(countsRow(`${label} · ${r.name}`, r.byLabel[label]));
  }
  for (const label of labels) {
    const withLabel = results.filter((r) => r.labels.includes(label) && r.byLabel[label]);
    if (withLabel.length === 0) continue;
    for (const [title, key] of [
      ['language', 'byLang'],
      ['source', 'bySource'],
      ['genre', 'byGenre'],
    ] as const) {
      const keys = [...new Set(withLabel.flatMap((r) => Object.keys(r[key][label] ?? {})))].sort();
      if (keys.length < 2 && key !== 'byLang') continue;
      out.push(`\n## ${label} by ${title}\n`);
      out.push(HEAD(`${title} · system`));
      for (const k of keys)
        for (const r of withLabel) out.push(countsRow(`${k} · ${r.name}`, r[key][label]?.[k]));
    }
  }
  const withPerson = results.filter((r) => r.person.names > 0);
  if (withPerson.length > 0) {
    out.push('\n## PERSON: what the model would read\n');
    out.push(
      '| system | gold names | fully in clear | partly in clear | recall, one-word names | recall, two words or more |',
    );
    out.push('|---|---:|---:|---:|---:|---:|');
    for (const r of withPerson) {
      const p = r.person;
      out.push(
        `| ${r.name} | ${p.names} | ${pct(p.fullyInClear, p.names)} | ${pct(p.partlyInClear, p.names)} | ${pct(p.singleWord.found, p.singleWord.names)} of ${p.singleWord.names} | ${pct(p.multiWord.found, p.multiWord.names)} of ${p.multiWord.names} |`,
      );
    }
  }
  const unscored = results.filter((r) => Object.keys(r.unscored).length > 0);
  if (unscored.length > 0) {
    out.push('\n## Predictions on text whose source does not label them (not scored)\n');
    out.push('| system | label | source | spans |\n|---|---|---|---:|');
    for (const r of unscored) {
      for (const [label, bySource] of Object.entries(r.unscored).sort()) {
        for (const [source, n] of Object.entries(bySource).sort())
          out.push(`| ${r.name} | ${label} | ${source} | ${n} |`);
      }
    }
  }
  return out.join('\n');
}
