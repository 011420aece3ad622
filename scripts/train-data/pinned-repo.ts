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
  /** Where clones are fetched from: `<remote>/<owner>/<name>`; default `https://github.com`. */
  remote?: string;
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
    private gitDir: string,
    /** Where a clone goes, and from where, when the mirror lacks a blob (snapshots drop large files). */
    private readonly clone: Clone,
  ) {}

  static open(repo: string, commit: string, where: RepoLocation): PinnedRepo {
    const folder = repo.replace('/', '+');
    const candidates = where.mirror
      ? [join(where.mirror, folder, 'repo'), join(where.mirror, folder)]
      : [];
    const clone: Clone = {
      dir: join(where.cacheDir, `${folder}.git`),
      url: `${where.remote ?? 'https://github.com'}/${repo}`,
    };
    for (const dir of candidates) {
      if (existsSync(dir) && hasCommit(dir, commit))
        return new PinnedRepo(repo, commit, dir, clone);
    }
    try {
      return new PinnedRepo(repo, commit, fetchedClone(repo, commit, clone), clone);
    } catch (error) {
      throw new UnavailableFile(
        `${repo} at ${commit.slice(0, 12)}: no mirror holds the commit and no clone could be fetched (${(error as Error).message.split('\n')[0]})`,
      );
    }
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

  /**
   * One file's bytes. A mirror that lacks the blob (snapshots keep no file of 4 MiB or more) gives
   * way to a clone fetched from GitHub at the same commit; {@link UnavailableFile} when neither
   * has it (no network).
   */
  readBytes(path: string): Buffer {
    const show = () =>
      spawnSync('git', ['--git-dir', this.gitDir, 'show', `${this.commit}:${path}`], {
        maxBuffer: 1 << 30,
      });
    let run = show();
    if (run.status !== 0 && this.gitDir !== this.clone.dir && this.inTree(path)) {
      try {
        this.gitDir = fetchedClone(this.repo, this.commit, this.clone);
      } catch (error) {
        throw new UnavailableFile(
          `${this.repo}:${path} at ${this.commit.slice(0, 12)}: the mirror lacks its blob and no clone could be fetched (${(error as Error).message.split('\n')[0]})`,
        );
      }
      run = show();
    }
    if (run.status !== 0) throw new Error(`${this.repo}:${path}: ${run.stderr.toString().trim()}`);
    return run.stdout;
  }

  /** One file's text (UTF-8). */
  read(path: string): string {
    return this.readBytes(path).toString('utf8');
  }

  /** Whether the commit's tree names the path (its blob may still be missing from a mirror). */
  private inTree(path: string): boolean {
    const run = spawnSync('git', ['--git-dir', this.gitDir, 'ls-tree', this.commit, '--', path], {
      encoding: 'utf8',
    });
    return run.status === 0 && run.stdout.trim() !== '';
  }
}

/** A file the pinned commit names but that no mirror holds and no network can bring. */
export class UnavailableFile extends Error {
  override name = 'UnavailableFile';
}

interface Clone {
  dir: string;
  url: string;
}

/** A bare clone holding the commit, fetched once (shallow). */
function fetchedClone(repo: string, commit: string, clone: Clone): string {
  if (!existsSync(clone.dir)) {
    mkdirSync(clone.dir, { recursive: true });
    git(['init', '--bare', '--quiet', clone.dir], repo);
  }
  if (!hasCommit(clone.dir, commit)) {
    git(['--git-dir', clone.dir, 'fetch', '--quiet', '--depth=1', clone.url, commit], repo);
  }
  return clone.dir;
}
