/**
 * A 5-step tool loop with 10 tools through `piiMiddleware`, in several source trees of this
 * project, side by side: CPU time per loop, and the characters handed to the detectors per
 * loop (work, whatever the machine). Since the middleware masks the tool definitions too, each
 * model call has them to read; they are the same at every step.
 *
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/tool-loop-definitions.ts /tmp/before . [rounds]
 *
 * The model is `MockLanguageModelV3` (steps 1–4 call a tool, step 5 answers); the detectors
 * are the defaults. The tools are written as apps write them: zod schemas with descriptions,
 * an enum of 20 contact addresses, a default holding the account's address, the signed-in
 * user named in a description. Prints a markdown table of medians.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ACCOUNT, toolSet, USER } from './tool-loop-tools';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const CALLS = ['searchMail', 'listInvoices', 'calendar', 'lookupContact'];

function loopModel() {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const i = step++;
      if (i < CALLS.length) {
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: `call_${i}`,
              toolName: CALLS[i]!,
              input:
                '{"query":"x","year":2025,"from":"2025-01-01","to":"2025-02-01","who":"<<PERSON:1>>"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        } as never;
      }
      return {
        content: [{ type: 'text', text: 'Done.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      } as never;
    },
  });
}

/**
 * In a child process: CPU ms per loop and detector characters per loop, for one tree. `first`:
 * each loop is a new conversation (its first turn); `later`: every loop is a later turn of one
 * conversation, whose values and detection memo are there already.
 */
async function measure(tree: string, mode: string): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(tree, path)).href);
  const { createPii, piiMiddleware, withPiiTools } = await load('src/index.ts');
  const { defaultDetectors } = await load('src/core/detect/default-detectors.ts');
  let chars = 0;
  // The characters read by detection: counted at the first detector (each reads them all).
  const detectors = defaultDetectors().map((d: { detect: (t: string) => unknown }, i: number) => ({
    ...d,
    detect: (text: string) => {
      if (i === 0) chars += text.length;
      return d.detect(text);
    },
  }));
  const pii = createPii({ detectors });
  const result = { id: 'r', rows: Array.from({ length: 5 }, (_, i) => ({ n: i, ok: true })) };
  let n = 0;
  const loop = async () => {
    const session = pii.session(mode === 'later' ? 'chat' : `loop-${n++}`);
    await generateText({
      model: wrapLanguageModel({ model: loopModel(), middleware: piiMiddleware({ session }) }),
      tools: withPiiTools(
        toolSet(async () => result),
        { session },
      ),
      stopWhen: stepCountIs(5),
      prompt: `Hello, I am ${USER} (${ACCOUNT}). Find the last mail from my accountant and list my invoices.`,
    });
  };
  for (let k = 0; k < 5; k++) await loop();
  chars = 0;
  const batches: number[] = [];
  for (let b = 0; b < 7; b++) {
    const start = process.cpuUsage();
    for (let k = 0; k < 5; k++) await loop();
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / 1000 / 5);
  }
  batches.sort((a, b) => a - b);
  console.log(`${batches[3]!.toFixed(3)} ${Math.round(chars / 35)}`);
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--measure') {
  await measure(rest[0]!, rest[1]!);
} else {
  const args = process.argv.slice(2);
  const rounds = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 3;
  const trees = args.map((t) => resolve(t));
  if (trees.length === 0) {
    console.error('usage: npx tsx bench/tool-loop-definitions.ts <tree>... [rounds]');
    process.exit(2);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    '| tree | turn | CPU ms per 5-step loop | characters detected per loop | time / first tree |',
  );
  console.log('|---|---|---:|---:|---:|');
  for (const mode of ['first', 'later']) {
    const times: number[][] = trees.map(() => []);
    const chars: number[] = [];
    for (let r = 0; r < rounds; r++) {
      trees.forEach((tree, t) => {
        const out = execFileSync(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', tree, mode],
          { encoding: 'utf8' },
        );
        const [ms, c] = out.trim().split(' ').map(Number) as [number, number];
        times[t]!.push(ms);
        chars[t] = c;
      });
    }
    const base = median(times[0]!);
    trees.forEach((tree, t) => {
      const ms = median(times[t]!);
      console.log(
        `| ${tree} | ${mode} | ${ms.toFixed(2)} | ${chars[t]} | ${(ms / base).toFixed(2)} |`,
      );
    });
  }
}
