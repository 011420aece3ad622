import { readFile, writeFile } from 'node:fs/promises';

const DIRECTIVE = "'use client';";

/**
 * Puts `'use client'` back as the first statement of a built file. Bundlers drop module-level
 * directives (esbuild and Rollup warn and remove them), yet a Server Component that imports
 * `PiiText` from `ai-sdk-pii/react` needs it: without it, Next.js compiles the hooks as server
 * code and fails the build. The source map is shifted by the one added line (`;` in front of
 * `mappings` is an empty generated line), so stack traces still point at the right source line.
 *
 * @example
 * await addUseClientDirective('dist/react/index.js');
 */
export async function addUseClientDirective(file: string): Promise<void> {
  const code = await readFile(file, 'utf8');
  if (code.startsWith(DIRECTIVE)) return;
  await writeFile(file, `${DIRECTIVE}\n${code}`);
  const mapFile = `${file}.map`;
  const map = JSON.parse(await readFile(mapFile, 'utf8')) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  await writeFile(mapFile, JSON.stringify(map));
}
