/**
 * Size of the `ai-sdk-pii/react` entry as a browser app ships it: bundled, minified, ESM,
 * gzipped, with React, `@ai-sdk/react` and `ai` left out (the app has them anyway). Fails
 * above the budget, which also catches detector or server code leaking into the entry.
 * Run: `tsx bench/react-bundle-size.ts`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 4096;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const result = await build({
  entryPoints: [join(root, 'src/react/index.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', '@ai-sdk/react', 'ai'],
  logLevel: 'error',
});

const code = result.outputFiles[0]!.contents;
const gzip = gzipSync(code, { level: 9 }).length;
const inputs = Object.keys(result.metafile.inputs).map((p) => p.replace(/^.*?src\//, 'src/'));

console.log('| entry | min | min+gzip | budget |');
console.log('|---|---:|---:|---:|');
console.log(`| ai-sdk-pii/react | ${code.length} B | ${gzip} B | ${BUDGET_BYTES} B |`);
console.log(`\nmodules: ${inputs.join(', ')}`);

// Belt and braces: the browser entry must never pull detectors, the vault or `src/ai`.
const forbidden = inputs.filter((p) =>
  /src\/(ai|redis)\/|src\/core\/(detect|vault)\/|create-pii|session\.ts/.test(p),
);
if (forbidden.length > 0) {
  console.error(`\nServer or detector code in the browser entry: ${forbidden.join(', ')}`);
  process.exit(1);
}
if (gzip > BUDGET_BYTES) {
  console.error(`\nai-sdk-pii/react is ${gzip} B min+gzip, over the ${BUDGET_BYTES} B budget.`);
  process.exit(1);
}
