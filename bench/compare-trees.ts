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
 *
 * With `--detector <name>` (`phone`, `person`…), times that default detector's `detect` alone
 * on the same texts instead: `steady` (the text again, its verdicts remembered) and `new`
 * (digits permuted at each call). `--detector all` times the detection pipeline of every
 * default detector (`createDetectionPipeline(…).run`: detection alone, no vault, no sweep).
 *
 *   npx tsx bench/compare-trees.ts /tmp/before . 3 --detector phone
 *   npx tsx bench/compare-trees.ts /tmp/before . 3 --detector all
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
async function measure(
  tree: string,
  textName: string,
  mode: string,
  detectorName?: string,
): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(tree, path)).href);
  const { createPii } = await load('src/index.ts');
  const { defaultDetectors } = await load('src/core/detect/default-detectors.ts');
  const { createDetectionPipeline } = await load('src/core/detect/detect-spans.ts');
  const text = TEXTS[textName]!();
  const detectors = defaultDetectors();
  const pii = createPii({ detectors });
  let n = 0;
  const session = () => pii.session(mode === 'steady' ? 'steady' : `c${n++}`);
  const all = detectorName === 'all' ? createDetectionPipeline({ detectors }) : undefined;
  const detector =
    detectorName && !all
      ? (detectors as { name: string; detect(t: string): unknown }[]).find(
          (d) => d.name === detectorName,
        )
      : undefined;
  if (detectorName && !detector && !all)
    throw new Error(`no default detector named ${detectorName}`);
  const run = async (t: string) => {
    if (all) await all.run(t);
    else if (detector) await detector.detect(t);
    else await session().anonymize(t);
  };
  // `new`: the same copies in both trees (a fixed seed), made before the clock starts.
  const next = mode === 'new' ? neverSeenCopies(text) : () => text;
  for (let k = 0; k < 30; k++) await run(next());
  const batches: number[] = [];
  for (let b = 0; b < 7; b++) {
    const texts = Array.from({ length: 10 }, next);
    const start = process.cpuUsage();
    for (const t of texts) await run(t);
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / 1000 / 10);
  }
  batches.sort((a, b) => a - b);
  console.log(batches[3]!.toFixed(3));
}

const argv = process.argv.slice(2);
const detectorAt = argv.indexOf('--detector');
const detectorName = detectorAt >= 0 ? argv.splice(detectorAt, 2)[1] : undefined;
if (argv[0] === '--measure') {
  await measure(argv[1]!, argv[2]!, argv[3]!, argv[4]);
} else {
  // Trees, then an optional number of rounds; every ratio is against the first tree.
  const roundsArg = argv.length > 2 && /^\d+$/.test(argv.at(-1)!) ? argv.pop() : undefined;
  if (argv.length < 2) {
    console.error(
      'usage: npx tsx bench/compare-trees.ts <tree-before> <tree-after>... [rounds] [--detector <name>]',
    );
    process.exit(2);
  }
  const trees = argv.map((a) => resolve(a));
  const rounds = Number(roundsArg ?? 3);
  const after = trees.slice(1);
  const what =
    detectorName === 'all'
      ? 'detection, every default detector'
      : detectorName
        ? `${detectorName} detector`
        : 'anonymize';
  console.log(
    `| text (${what}) | mode | ${trees.map((t) => `${t} ms`).join(' | ')} | ${after.map((t) => `${t} / ${trees[0]}`).join(' | ')} |`,
  );
  console.log(
    `|---|---|${trees.map(() => '---:').join('|')}|${after.map(() => '---:').join('|')}|`,
  );
  for (const textName of Object.keys(TEXTS)) {
    const modes = detectorName
      ? ['steady', 'new']
      : textName === 'dense'
        ? ['steady', 'first', 'new']
        : ['steady', 'first'];
    for (const mode of modes) {
      const times: number[][] = trees.map(() => []);
      for (let r = 0; r < rounds; r++) {
        trees.forEach((tree, t) => {
          const out = execFileSync(
            process.execPath,
            [
              '--import',
              'tsx',
              fileURLToPath(import.meta.url),
              '--measure',
              tree,
              textName,
              mode,
              ...(detectorName ? [detectorName] : []),
            ],
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
