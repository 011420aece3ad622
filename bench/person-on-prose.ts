/**
 * PERSON spans on prose with few names (false alarms show up there), and, given another tree,
 * the spans this tree adds or drops against it, with their context.
 *
 *   npx tsx bench/person-on-prose.ts node_modules/ai/docs docs README.md
 *   npx tsx bench/person-on-prose.ts --before /tmp/before node_modules/ai/docs /tmp/manprose
 *
 * `--before` names a checkout of another commit (`git worktree add /tmp/before <rev>` and a
 * `node_modules` link). Man pages in other languages make good prose for it:
 *
 *   for l in fr de es it; do for f in $(find /usr/share/man/$l -name '*.gz' | head -400); do
 *     MANWIDTH=100 man -E UTF-8 -l "$f" 2>/dev/null | col -b; done > /tmp/manprose/$l.txt; done
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DetectedSpan, Detector } from '../src/core/detect/types';

type Factory = () => Detector;

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)))
    .filter((file) => /\.(mdx?|txt)$/.test(file));
}

async function load(root: string): Promise<Factory> {
  const module = await import(resolve(root, 'src/core/detect/detectors/person.ts'));
  return module.personDetector as Factory;
}

const args = process.argv.slice(2);
const at = args.indexOf('--before');
const before = at >= 0 ? args.splice(at, 2)[1] : undefined;
if (args.length === 0) {
  console.error('usage: npx tsx bench/person-on-prose.ts [--before <tree>] <file or dir>...');
  process.exit(2);
}
const now = (await load('.'))();
const then = before ? (await load(before))() : undefined;

const key = (s: DetectedSpan) => `${s.start}:${s.end}`;
const context = (text: string, s: DetectedSpan) =>
  `${text.slice(Math.max(0, s.start - 30), s.start)}[${text.slice(s.start, s.end)}]${text.slice(s.end, s.end + 20)}`.replace(
    /\s+/g,
    ' ',
  );

let chars = 0;
let spansNow = 0;
let spansThen = 0;
const added: string[] = [];
const dropped: string[] = [];
for (const file of args.flatMap(files)) {
  const text = readFileSync(file, 'utf8');
  chars += text.length;
  const found = (await now.detect(text)) as DetectedSpan[];
  spansNow += found.length;
  if (!then) continue;
  const old = (await then.detect(text)) as DetectedSpan[];
  spansThen += old.length;
  const oldKeys = new Set(old.map(key));
  const newKeys = new Set(found.map(key));
  for (const s of found) if (!oldKeys.has(key(s))) added.push(context(text, s));
  for (const s of old) if (!newKeys.has(key(s))) dropped.push(context(text, s));
}
console.log(`${chars} characters: ${spansNow} PERSON spans`);
if (then) {
  console.log(`before: ${spansThen}; added ${added.length}, dropped ${dropped.length}`);
  for (const line of added) console.log(`+ ${line}`);
  for (const line of dropped) console.log(`- ${line}`);
}
