import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

function git(args: readonly string[], what: string): string {
  const run = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0)
    throw new Error(`${what}: git ${args.join(' ')} failed: ${run.stderr.trim()}`);
  return run.stdout;
}

function hasCommit(gitDir: string, commit: string): boolean {
  const run = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${commit}^{commit}`]);
  return run.status === 0;
}

/** Where to find a repository's objects: a local mirror first, else a clone made once. */
export interface RepoLocation {
  /** Folder of bare mirrors named `owner+name` (or `owner+name/repo`). */
  mirror?: string;
  /** Folder for clones when no mirror has the commit. */
  cacheDir: string;
}

/**
 * Files of one GitHub repository at one commit, read with git: from a bare mirror when one holds
 * the commit, else from `https://github.com/owner/name` fetched at that commit into `cacheDir`.
 *
 * @example
 * const repo = PinnedRepo.open('dbamman/litbank', '3e50db0f…', { cacheDir: '.data/cache/git' });
 * repo.read('README.md');
 */
export class PinnedRepo {
  private constructor(
    readonly repo: string,
    readonly commit: string,
    private readonly gitDir: string,
  ) {}

  static open(repo: string, commit: string, where: RepoLocation): PinnedRepo {
    const folder = repo.replace('/', '+');
    const candidates = where.mirror
      ? [join(where.mirror, folder, 'repo'), join(where.mirror, folder)]
      : [];
    for (const dir of candidates) {
      if (existsSync(dir) && hasCommit(dir, commit)) return new PinnedRepo(repo, commit, dir);
    }
    const clone = join(where.cacheDir, `${folder}.git`);
    if (!existsSync(clone)) {
      mkdirSync(clone, { recursive: true });
      git(['init', '--bare', '--quiet', clone], repo);
    }
    if (!hasCommit(clone, commit)) {
      git(
        ['--git-dir', clone, 'fetch', '--quiet', '--depth=1', `https://github.com/${repo}`, commit],
        repo,
      );
    }
    return new PinnedRepo(repo, commit, clone);
  }

  /** Paths of the files under `dir` (recursively), sorted. */
  list(dir: string): string[] {
    const out = git(
      ['--git-dir', this.gitDir, 'ls-tree', '-r', '--name-only', this.commit, '--', dir],
      this.repo,
    );
    return out
      .split('\n')
      .filter((p) => p !== '')
      .sort();
  }

  /** One file's bytes. Fails clearly when the mirror lacks the blob (large files). */
  readBytes(path: string): Buffer {
    const run = spawnSync('git', ['--git-dir', this.gitDir, 'show', `${this.commit}:${path}`], {
      maxBuffer: 1 << 30,
    });
    if (run.status !== 0) throw new Error(`${this.repo}:${path}: ${run.stderr.toString().trim()}`);
    return run.stdout;
  }

  /** One file's text (UTF-8). Fails clearly when the mirror lacks the blob (large files). */
  read(path: string): string {
    return git(
      ['--git-dir', this.gitDir, 'show', `${this.commit}:${path}`],
      `${this.repo}:${path}`,
    );
  }
}
