import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files below `dir` whose name matches `pattern`, in a stable order (sorted names, depth
 * first); none when `dir` does not exist (a corpus that is not on this machine).
 *
 * @example
 * filesUnder('node_modules/ai/docs', /\.mdx?$/);
 */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path, pattern);
      return pattern.test(name) ? [path] : [];
    });
}
