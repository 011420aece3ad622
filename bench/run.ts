/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after the other (never in parallel: the
 * machines are shared and noisy), then the React bundle-size check. Each script prints its own
 * markdown table; copy them into BENCHMARKS.md with the machine they ran on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
scripts.push('react-bundle-size.ts');

console.log(
  `# ai-sdk-pii benchmarks\n\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${new Date().toISOString()}\n`,
);
let failed = 0;
for (const script of scripts) {
  console.log(`\n## ${script}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, script)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
