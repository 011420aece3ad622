/**
 * Default detectors against @redactpii/node, in one run:
 * - anonymize throughput (chars/ms) on realistic mixed chat text with PII (4 KB and 100 KB,
 *   built from the evaluation set's texts, dense with values and hard negatives) and on 100 KB
 *   of technical prose with few values (this project's own docs: markdown, code, tables), read
 *   again in one conversation (a chat's history: long texts are detected once, see
 *   `rememberDetections`), the same with `rememberDetections: false` (detected at every call),
 *   and on 100 KB never seen (new numbers, a new conversation each call):
 *   `createPii({ detectors: defaultDetectors() }).session('bench').anonymize(text)` vs
 *   `new Redactor({ anonymize: true }).redact(text)`;
 * - the simplest JavaScript passes over the 100 KB text (floors for any detector);
 * - the time of each detector alone on the 100 KB text;
 * - the three ReDoS inputs.
 * Prints markdown tables.
 *
 *   npx tsx bench/detectors.bench.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redactor } from '@redactpii/node';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import { createPii } from '../src/index';
import { asReceived } from './as-received';
import { neverSeenCopies } from './never-seen';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const texts = readFileSync(join(root, 'test/fixtures/detection/eval-set.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { text: string }).text);

/** The project's docs and README, in a fixed order: prose with code and a few values. */
function docs(size: number): string {
  const files = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(root, 'docs', f));
  let out = '';
  for (const file of [join(root, 'README.md'), ...files]) out += `${readFileSync(file, 'utf8')}\n`;
  while (out.length < size) out += out;
  return asReceived(out.slice(0, size));
}

function corpus(size: number): string {
  let out = '';
  let i = 0;
  while (out.length < size) out += `${texts[i++ % texts.length]}\n`;
  return asReceived(out.slice(0, size));
}

/** Runs `fn` until at least `minMs` elapsed (after a warm-up) and returns ms per call. */
async function time(fn: () => unknown, minMs = 1500): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs || runs < 5) {
    await fn();
    runs++;
    elapsed = performance.now() - start;
  }
  return elapsed / runs;
}

/** Median of a few single runs: for slow inputs, where one call is the measure. */
async function once(fn: () => unknown, repeat = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const detectors = defaultDetectors();
const pii = createPii({ detectors });
const session = pii.session('bench');
const detectEveryTime = createPii({ detectors, rememberDetections: false }).session('bench');
const redactor = new Redactor({ anonymize: true });

console.log('### Anonymize throughput (all default detectors vs @redactpii/node)\n');
console.log('| text | ai-sdk-pii chars/ms | @redactpii/node chars/ms | ratio (ours / theirs) |');
console.log('|---|---:|---:|---:|');
for (const [name, text, ourSession] of [
  ['4 KB', corpus(4 * 1024), session],
  ['100 KB', corpus(100 * 1024), session],
  ['100 KB of prose (docs/)', docs(100 * 1024), session],
  ['4 KB, detected at every call', corpus(4 * 1024), detectEveryTime],
  ['100 KB, detected at every call', corpus(100 * 1024), detectEveryTime],
  ['100 KB of prose, detected at every call', docs(100 * 1024), detectEveryTime],
] as const) {
  const ours = await time(() => ourSession.anonymize(text));
  const theirs = await time(() => redactor.redact(text));
  const oursRate = text.length / ours;
  const theirsRate = text.length / theirs;
  console.log(
    `| ${name} | ${oursRate.toFixed(0)} | ${theirsRate.toFixed(0)} | ${(oursRate / theirsRate).toFixed(2)} |`,
  );
}

// The rows above read the same text again and again, in one conversation: what a chat's
// history costs at every turn, where the phone detector has validated every number before.
// A message never seen costs more: each new number is validated with libphonenumber-js (tens of
// microseconds), and every value is new to the conversation. Here every call gets the dense
// 100 KB text with its digits permuted anew (numbers never seen), in a new conversation.
{
  const base = corpus(100 * 1024);
  const neverSeen = neverSeenCopies(base);
  for (let k = 0; k < 3; k++) await pii.session(`warm-${k}`).anonymize(neverSeen());
  const rounds = 12;
  let ours = 0;
  let theirs = 0;
  for (let k = 0; k < rounds; k++) {
    const text = neverSeen();
    let start = performance.now();
    await pii.session(`new-${k}`).anonymize(text);
    ours += performance.now() - start;
    start = performance.now();
    redactor.redact(text);
    theirs += performance.now() - start;
  }
  const oursRate = (base.length * rounds) / ours;
  const theirsRate = (base.length * rounds) / theirs;
  console.log(
    `| 100 KB never seen (new numbers, new conversation) | ${oursRate.toFixed(0)} | ${theirsRate.toFixed(0)} | ${(oursRate / theirsRate).toFixed(2)} |`,
  );
}

// What the simplest passes over the same 100 KB cost in JavaScript: a floor for any detector
// that reads the text one character at a time, and for a name detector (find capitalised
// words, look each up in a set), next to the whole regex redactor.
{
  const text = corpus(100 * 1024);
  const names = new Set(['thaddeus', 'jean', 'marie', 'emily', 'michael', 'sophie']);
  const readEveryCharacter = () => {
    let sum = 0;
    for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
    return sum;
  };
  const lookUpCapitalisedWords = () => {
    let hits = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 65 || c > 90) continue;
      let j = i + 1;
      for (let d = text.charCodeAt(j); d >= 97 && d <= 122; d = text.charCodeAt(++j));
      if (names.has(text.slice(i, j).toLowerCase())) hits++;
      i = j - 1;
    }
    return hits;
  };
  console.log('\n### Floors: the simplest JavaScript passes over the 100 KB text\n');
  console.log('| pass | ms |');
  console.log('|---|---:|');
  for (const [name, fn] of [
    ['read every character (`charCodeAt` loop)', readEveryCharacter],
    ['find capitalised ASCII words, look each up in a `Set`', lookUpCapitalisedWords],
    ['@redactpii/node `redact` (whole run, for scale)', () => redactor.redact(text)],
  ] as const) {
    console.log(`| ${name} | ${(await time(fn, 1000)).toFixed(2)} |`);
  }
}

console.log('\n### Each default detector alone, 100 KB\n');
console.log('| detector | ms | chars/ms |');
console.log('|---|---:|---:|');
const big = corpus(100 * 1024);
for (const detector of detectors) {
  const ms = await time(() => detector.detect(big), 500);
  console.log(`| ${detector.name} | ${ms.toFixed(2)} | ${(big.length / ms).toFixed(0)} |`);
}

console.log('\n### ReDoS inputs (median of 5 runs, ms)\n');
console.log(
  '| input | chars | ai-sdk-pii detect | ai-sdk-pii anonymize | @redactpii/node redact |',
);
console.log('|---|---:|---:|---:|---:|');
for (const [name, text] of [
  ["'1.1.1.'.repeat(8000)", '1.1.1.'.repeat(8000)],
  ["'123-45-'.repeat(8000)", '123-45-'.repeat(8000)],
  ["'a.'.repeat(20000) + '@'", `${'a.'.repeat(20000)}@`],
] as const) {
  const detect = await once(() => pii.detect(text));
  const anonymize = await once(() => session.anonymize(text));
  const theirs = await once(() => redactor.redact(text));
  console.log(
    `| \`${name}\` | ${text.length} | ${detect.toFixed(2)} | ${anonymize.toFixed(2)} | ${theirs.toFixed(2)} |`,
  );
}
