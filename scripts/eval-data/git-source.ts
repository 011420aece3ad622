import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Read access to one repository at one commit. */
export interface PinnedRepo {
  read(path: string): string;
  list(dir: string): string[];
}

const git = (gitDir: string, args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** `owner/name` → the bare git directory of a local mirror (`<mirror>/owner+name[/repo]`). */
function mirrorDir(mirror: string, repo: string): string | undefined {
  const base = join(mirror, repo.replace('/', '+'));
  for (const dir of [join(base, 'repo'), base]) {
    if (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'))) return dir;
  }
  return undefined;
}

/**
 * Opens `repo` at `commit`: from a local mirror of bare git directories when one is given and
 * holds the repository, otherwise by a shallow fetch of that commit from GitHub (or `remote`)
 * into `cache`.
 * Throws if the commit is not there: figures are only comparable at the pinned commits.
 *
 * @example
 * const r = openPinned('dbamman/litbank', '3e50db0…', { mirror: '/work/.mirror', cache: '.data/cache' });
 * r.list('coref/brat'); r.read('README.md');
 */
export function openPinned(
  repo: string,
  commit: string,
  where: { mirror?: string; cache: string; remote?: string },
): PinnedRepo {
  let gitDir = where.mirror ? mirrorDir(where.mirror, repo) : undefined;
  if (!gitDir) {
    gitDir = join(where.cache, `${repo.replace('/', '+')}.git`);
    if (!existsSync(join(gitDir, 'HEAD'))) {
      mkdirSync(gitDir, { recursive: true });
      git(gitDir, ['init', '--bare', '--quiet']);
    }
    if (!hasCommit(gitDir, commit)) {
      const remote = where.remote ?? `https://github.com/${repo}`;
      git(gitDir, ['fetch', '--quiet', '--depth', '1', remote, commit]);
    }
  }
  if (!hasCommit(gitDir, commit))
    throw new Error(`${repo}: commit ${commit} not found in ${gitDir}`);
  const dir = gitDir;
  return {
    read: (path) => git(dir, ['show', `${commit}:${path}`]),
    list: (sub) =>
      git(dir, ['ls-tree', '-r', '--name-only', commit, '--', sub])
        .split('\n')
        .filter((line) => line.length > 0)
        .sort(),
  };
}

function hasCommit(gitDir: string, commit: string): boolean {
  try {
    git(gitDir, ['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}
