import { spawnSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';

/**
 * Programs that unpack what Node's `zlib` cannot (Debian: packages `bzip2` and `xz-utils`). The
 * build runs on a developer machine; CI never reads the corpora.
 */
const PROGRAMS: Readonly<Record<string, readonly [string, ...string[]]>> = {
  '.bz2': ['bunzip2', '-c'],
  '.xz': ['xz', '-dc'],
};

/**
 * A file's text, unpacked by its suffix (`.gz` with `zlib`; `.bz2`, `.xz` with `bunzip2`, `xz`);
 * other files are read as UTF-8 as they are.
 *
 * @example
 * decodeFile('input/Wikiner/aij-wikiner-it-wp3.bz2', bytes); // the file's text
 */
export function decodeFile(path: string, bytes: Buffer): string {
  if (path.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  const suffix = Object.keys(PROGRAMS).find((s) => path.endsWith(s));
  if (suffix === undefined) return bytes.toString('utf8');
  const [program, ...args] = PROGRAMS[suffix]!;
  const run = spawnSync(program, args, { input: bytes, maxBuffer: 2 ** 31 });
  if (run.error) throw new Error(`${path}: cannot run ${program} (${run.error.message})`);
  if (run.status !== 0) throw new Error(`${path}: ${program} failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}
