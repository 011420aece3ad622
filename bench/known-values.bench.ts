/**
 * `knownValuesDetector` with 1,000 to 100,000 values (people's names and e-mail addresses,
 * made by `@faker-js/faker` 10.6.0 with a fixed seed, in its EN, FR, DE, ES and IT locales), on
 * 100 KB of mixed chat text (the evaluation set's texts, as in `detectors.bench.ts`) with 200
 * known values written into it in other spellings (case, spacing, accents):
 * - build time (the automaton, once per list) and heap held;
 * - detect throughput (chars/ms) and the values found;
 * - in the same run, what an app writes without it: one regular expression, the values escaped
 *   and joined by `|`, case-insensitive, with Unicode word boundaries (it finds fewer: it
 *   ignores neither accents nor spacing). Its "build" is its first search (V8 compiles a
 *   regular expression when it first runs it). It is timed on the first 10 KB of the text
 *   only, once after that first search: at 100,000 values each search of 10 KB takes minutes,
 *   so the regex runs only up to `KV_REGEX_MAX` values (default 12,500; `—` above).
 * Prints a markdown table.
 *
 *   npx tsx --expose-gc bench/known-values.bench.ts
 *   KV_REGEX_MAX=100000 npx tsx --expose-gc bench/known-values.bench.ts   # the regex at 100,000 too (~10 min)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { allLocales, Faker } from '@faker-js/faker';
import { knownValuesDetector } from '../src/core/detect/adapters/known-values-detector';
import type { DetectedSpan } from '../src/core/detect/types';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const texts = readFileSync(join(root, 'test/fixtures/detection/eval-set.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { text: string }).text);

/** `count` distinct names and `count / 4` distinct e-mail addresses, the same at every run. */
function values(count: number): { PERSON: string[]; EMAIL: string[] } {
  const locales = [allLocales.en, allLocales.fr, allLocales.de, allLocales.es, allLocales.it];
  const fakers = locales.map((locale) => new Faker({ locale: [locale!, allLocales.en!] }));
  for (const [i, f] of fakers.entries()) f.seed(42 + i);
  const names = new Set<string>();
  const emails = new Set<string>();
  for (let i = 0; names.size < count; i++) {
    const f = fakers[i % fakers.length]!;
    const first = f.person.firstName();
    const last = f.person.lastName();
    names.add(`${first} ${last}`);
    if (emails.size < count / 4) emails.add(f.internet.email({ firstName: first, lastName: last }));
  }
  return { PERSON: [...names], EMAIL: [...emails] };
}

/** Another spelling of a value: what people write (case, spacing, accents dropped). */
function respelled(value: string, i: number): string {
  if (i % 3 === 0) return value.toUpperCase();
  if (i % 3 === 1) return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return value.replace(' ', '  ');
}

/** 100 KB of the evaluation set's texts, with `planted` values written into it. */
function corpus(size: number, planted: readonly string[]): string {
  let out = '';
  let i = 0;
  let p = 0;
  while (out.length < size) {
    out += `${texts[i++ % texts.length]}\n`;
    if (i % 5 === 0 && p < planted.length) out += `Dossier de ${respelled(planted[p]!, p++)}.\n`;
  }
  return out.slice(0, size);
}

async function time(fn: () => unknown, minMs = 1000): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < minMs || runs < 3) {
    await fn();
    runs++;
  }
  return (performance.now() - start) / runs;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

console.log('### knownValuesDetector (100 KB of mixed chat text, 200 known values planted)\n');
console.log(
  '| values | build ms | heap MB | chars/ms | found (100 KB) | found (first 10 KB) | regex first search on 10 KB, ms | regex chars/ms | regex found (first 10 KB) | throughput ratio (ours / regex) |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const count of (process.env.KV_COUNTS ?? '1000,10000,80000').split(',').map(Number)) {
  const list = values(count);
  const all = [...list.PERSON, ...list.EMAIL];
  const planted = Array.from({ length: 200 }, (_, k) => all[(k * 7919) % all.length]!);
  const text = corpus(100 * 1024, planted);

  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let start = performance.now();
  const detector = knownValuesDetector(list);
  const buildMs = performance.now() - start;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const found = (detector.detect(text) as DetectedSpan[]).length;
  const ours = await time(() => detector.detect(text));

  if (all.length > Number(process.env.KV_REGEX_MAX ?? 12_500)) {
    const rate = text.length / ours;
    console.log(
      `| ${all.length.toLocaleString('en')} | ${buildMs.toFixed(0)} | ${heapMb.toFixed(0)} | ${rate.toFixed(0)} | ${found} | — | — | — | — | — |`,
    );
    continue;
  }
  const regex = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${all.map(escaped).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const sample = text.slice(0, 10 * 1024);
  start = performance.now();
  const regexFound = [...sample.matchAll(regex)].length;
  const firstMs = performance.now() - start;
  start = performance.now();
  [...sample.matchAll(regex)].length;
  const theirs = performance.now() - start;
  const sampleFound = (detector.detect(sample) as DetectedSpan[]).length;
  const oursRate = text.length / ours;
  const theirsRate = sample.length / theirs;
  console.log(
    `| ${all.length.toLocaleString('en')} | ${buildMs.toFixed(0)} | ${heapMb.toFixed(0)} | ${oursRate.toFixed(0)} | ${found} | ${sampleFound} | ${firstMs.toFixed(0)} | ${theirsRate.toFixed(0)} | ${regexFound} | ${(oursRate / theirsRate).toFixed(1)} |`,
  );
}
