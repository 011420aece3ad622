/**
 * `anonymize` in two source trees of this project, side by side: CPU time per call on the same
 * texts, each tree in its own processes, alternating (the machines are shared and noisy).
 * For a before/after figure of a change:
 *
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/compare-trees.ts /tmp/before .
 *
 * More trees may follow (`/tmp/before /tmp/a /tmp/b 5`): each is measured in the same rounds and
 * compared with the first.
 *
 * Texts: the evaluation set's texts one after the other (dense with values), this project's
 * docs, and the AI SDK's docs from `node_modules/ai/docs` (prose with a few encoded
 * characters), 100 KB each. Modes: `steady` (a conversation that already knows the text's
 * values), `first` (a new conversation each call) and, for the dense text, `new` (its digits
 * permuted anew at each call, in a new conversation: numbers never seen, as in a new message).
 * Prints a markdown table of medians.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asReceived } from './as-received';
import { neverSeenCopies } from './never-seen';

const SIZE = 100 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** `text` repeated up to `size`, as a server receives it: parsed from a request body, flat. */
function repeatTo(text: string, size: number): string {
  let out = text;
  while (out.length < size) out += `\n${text}`;
  return asReceived(out.slice(0, size));
}

function markdownUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...markdownUnder(path));
    else if (/\.mdx?$/.test(name)) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

const TEXTS: Record<string, () => string> = {
  dense: () =>
    repeatTo(
      readFileSync(join(root, 'test/fixtures/detection/eval-set.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => (JSON.parse(l) as { text: string }).text)
        .join('\n'),
      SIZE,
    ),
  docs: () =>
    repeatTo(
      [
        join(root, 'README.md'),
        ...readdirSync(join(root, 'docs'))
          .sort()
          .map((f) => join(root, 'docs', f)),
      ]
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n'),
      SIZE,
    ),
  'ai-docs': () => repeatTo(markdownUnder(join(root, 'node_modules/ai/docs')).join('\n'), SIZE),
};

/** In a child process: CPU ms per call of one tree, text and mode (median of 7 batches). */
async function measure(tree: string, textName: string, mode: string): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(tree, path)).href);
  const { createPii } = await load('src/index.ts');
  const { defaultDetectors } = await load('src/core/detect/default-detectors.ts');
  const text = TEXTS[textName]!();
  const pii = createPii({ detectors: defaultDetectors() });
  let n = 0;
  const session = () => pii.session(mode === 'steady' ? 'steady' : `c${n++}`);
  // `new`: the same copies in both trees (a fixed seed), made before the clock starts.
  const next = mode === 'new' ? neverSeenCopies(text) : () => text;
  for (let k = 0; k < 30; k++) await session().anonymize(next());
  const batches: number[] = [];
  for (let b = 0; b < 7; b++) {
    const texts = Array.from({ length: 10 }, next);
    const start = process.cpuUsage();
    for (const t of texts) await session().anonymize(t);
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / 1000 / 10);
  }
  batches.sort((a, b) => a - b);
  console.log(batches[3]!.toFixed(3));
}

const args = process.argv.slice(2);
if (args[0] === '--measure') {
  await measure(args[1]!, args[2]!, args[3]!);
} else {
  // Trees, then an optional number of rounds; every ratio is against the first tree.
  const roundsArg = args.length > 2 && /^\d+$/.test(args.at(-1)!) ? args.pop() : undefined;
  if (args.length < 2) {
    console.error('usage: npx tsx bench/compare-trees.ts <tree-before> <tree-after>... [rounds]');
    process.exit(2);
  }
  const trees = args.map((a) => resolve(a));
  const rounds = Number(roundsArg ?? 3);
  const after = trees.slice(1);
  console.log(
    `| text | mode | ${trees.map((t) => `${t} ms`).join(' | ')} | ${after.map((t) => `${t} / ${trees[0]}`).join(' | ')} |`,
  );
  console.log(`|---|---|${trees.map(() => '---:').join('|')}|${after.map(() => '---:').join('|')}|`);
  for (const textName of Object.keys(TEXTS)) {
    for (const mode of textName === 'dense' ? ['steady', 'first', 'new'] : ['steady', 'first']) {
      const times: number[][] = trees.map(() => []);
      for (let r = 0; r < rounds; r++) {
        trees.forEach((tree, t) => {
          const out = execFileSync(
            process.execPath,
            ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', tree, textName, mode],
            { encoding: 'utf8' },
          );
          times[t]!.push(Number(out.trim()));
        });
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [before, ...others] = times.map(median) as [number, ...number[]];
      console.log(
        `| ${textName} | ${mode} | ${[before, ...others].map((m) => m.toFixed(2)).join(' | ')} | ${others.map((m) => (m / before).toFixed(2)).join(' | ')} |`,
      );
    }
  }
}
