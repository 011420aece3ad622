/**
 * What other forms of known values add on prose with every default detector on: a conversation
 * reads a corpus paragraph after paragraph, and the values the detectors find there (most of
 * them false alarms on docs: `Claude Code`, `App Router`) become known, so that their words
 * alone are looked for in what follows. Counts the words masked, in this tree and in a tree
 * before (`--before`, e.g. a worktree of `main`), and the part tokens (`<<PERSON:1.2>>`) and the
 * words most often masked only here.
 *
 *   git worktree add /tmp/before main && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/known-forms-with-detectors.ts --before /tmp/before
 *
 * Prose: this project's docs (`README.md`, `docs/`), the AI SDK's docs (`node_modules/ai/docs`),
 * 200 English man pages (`/usr/share/man/man1`, through `man -l`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder } from '../scripts/shared/files-under';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const at = args.indexOf('--before');
if (at < 0) throw new Error('--before <tree> is needed (see the header)');
const before = resolve(args[at + 1]!);

function manPages(count: number): string[] {
  const pages = filesUnder('/usr/share/man/man1', /\.gz$/);
  const step = Math.max(1, Math.floor(pages.length / count));
  const out: string[] = [];
  for (let k = 0; k < pages.length && out.length < count; k += step) {
    try {
      out.push(
        execFileSync('man', ['-E', 'UTF-8', '-l', pages[k]!], {
          encoding: 'utf8',
          env: { ...process.env, MANWIDTH: '100' },
          stdio: ['ignore', 'pipe', 'ignore'],
        }).replace(/.\x08/g, ''),
      );
    } catch {
      // A page man cannot render is left out.
    }
  }
  return out;
}

const paragraphs = (texts: readonly string[]) =>
  texts.flatMap((t) => t.split(/\n\s*\n/)).filter((p) => p.trim().length > 0);

const corpora: [string, string[]][] = [
  [
    'this project’s docs',
    paragraphs(
      [...filesUnder(join(root, 'docs'), /\.md$/), join(root, 'README.md')].map((f) =>
        readFileSync(f, 'utf8'),
      ),
    ),
  ],
  [
    'AI SDK docs',
    paragraphs(
      filesUnder(join(root, 'node_modules/ai/docs'), /\.mdx?$/).map((f) => readFileSync(f, 'utf8')),
    ),
  ],
  ['man pages, en (200)', paragraphs(manPages(200))],
];

const TOKEN = /<<[A-Z_]+:\d+(?:\.\d)?>>/g;
const PART = /<<[A-Z_]+:\d+\.\d>>/;

/** Each paragraph's masked words: the text a token replaced (read by aligning the output). */
function maskedWords(text: string, masked: string): string[] {
  const out: string[] = [];
  let from = 0; // in text
  let last = 0; // in masked
  for (const m of masked.matchAll(TOKEN)) {
    const literal = masked.slice(last, m.index);
    const start = text.indexOf(literal, from) + literal.length;
    const next = masked.slice(m.index + m[0].length).match(/^[^<]{1,12}/)?.[0] ?? '';
    const end = next === '' ? start : text.indexOf(next, start + 1);
    out.push(`${PART.test(m[0]) ? 'part ' : ''}${text.slice(start, end < 0 ? start : end)}`);
    from = start;
    last = m.index + m[0].length;
  }
  return out;
}

async function run(tree: string, texts: readonly string[], id: string) {
  const { createPii } = await import(pathToFileURL(join(tree, 'src/index.ts')).href);
  const { defaultDetectors } = await import(
    pathToFileURL(join(tree, 'src/core/detect/default-detectors.ts')).href
  );
  const session = createPii({ detectors: defaultDetectors() }).session(id);
  const words = new Map<string, number>();
  let tokens = 0;
  let parts = 0;
  for (const text of texts) {
    const masked: string = await session.anonymize(text);
    for (const w of maskedWords(text, masked)) {
      tokens++;
      if (w.startsWith('part ')) parts++;
      words.set(w, (words.get(w) ?? 0) + 1);
    }
  }
  return { tokens, parts, words };
}

console.log(`before: ${before}; after: ${root}\n`);
console.log('| prose | paragraphs | tokens before | tokens after | part tokens after |');
console.log('|---|---:|---:|---:|---:|');
const added: string[] = [];
for (const [name, texts] of corpora) {
  const a = await run(before, texts, `before:${name}`);
  const b = await run(root, texts, `after:${name}`);
  console.log(`| ${name} | ${texts.length} | ${a.tokens} | ${b.tokens} | ${b.parts} |`);
  const more = [...b.words]
    .map(([w, n]) => [w, n - (a.words.get(w) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 12);
  added.push(`${name}: ${more.map(([w, n]) => `${w.trim()} (${n})`).join(', ') || 'none'}`);
}
console.log(`\nMasked more often after (what the token replaced):\n\n- ${added.join('\n- ')}`);
