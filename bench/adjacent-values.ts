/**
 * Values written side by side: 6,000 texts of two or three values of the evaluation set
 * (every label but PERSON), joined by a space, two spaces, a comma, a semicolon, a slash, a
 * dash, a pipe, a newline or a word, each anonymized in its own conversation. A text fails
 * when a digit is left in clear: no value in these texts is a word, so every digit belongs to
 * a value that a detector missed, or read only in part. Deterministic (seeded).
 *
 *   npx tsx bench/adjacent-values.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPii } from '../src/index';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const items = readFileSync(join(root, 'test/fixtures/detection/eval-set.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { spans: { label: string; value: string }[] });
const values = [
  ...new Map(
    items.flatMap((i) => i.spans.filter((s) => s.label !== 'PERSON')).map((s) => [s.value, s]),
  ).values(),
];
const SEPARATORS = [' ', '  ', ', ', '; ', ' / ', ' - ', '|', '\n', ' et ', ' and '];

let seed = 11;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const pii = createPii();
const TEXTS = 6000;
let failed = 0;
const failures: string[] = [];
for (let n = 0; n < TEXTS; n++) {
  const count = 2 + Math.floor(random() * 2);
  const parts = Array.from({ length: count }, () => pick(values).value);
  const text = `note: ${parts.map((p, i) => (i === 0 ? p : pick(SEPARATORS) + p)).join('')} fin`;
  const out = await pii.session(`adjacent-${n}`).anonymize(text);
  if (/\d/.test(out.replace(/<<[A-Z_]+:\d+>>/g, ''))) {
    failed++;
    if (failures.length < 10) failures.push(`${JSON.stringify(text)} → ${JSON.stringify(out)}`);
  }
}
console.log('| texts | distinct values | texts with a digit left in clear |');
console.log('|---:|---:|---:|');
console.log(
  `| ${TEXTS} | ${values.length} | ${failed} (${((100 * failed) / TEXTS).toFixed(2)} %) |`,
);
if (failures.length)
  console.log(`\nFirst failures:\n\n${failures.map((f) => `- ${f}`).join('\n')}`);
