import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PinnedRepo, UnavailableFile } from '../../../scripts/train-data/pinned-repo';

const root = mkdtempSync(join(tmpdir(), 'pinned-repo-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
};

/**
 * An upstream repository `remote/owner/name` with a small and a "large" file, and a mirror
 * `mirror/owner+name` holding the commit but not the large file's blob, as snapshots are.
 */
function setUp() {
  const upstream = join(root, 'remote', 'owner', 'name');
  mkdirSync(upstream, { recursive: true });
  git(upstream, 'init', '--quiet');
  git(upstream, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  writeFileSync(join(upstream, 'small.txt'), 'small\n');
  writeFileSync(join(upstream, 'large.txt'), 'large\n');
  git(upstream, 'add', '.');
  git(upstream, 'commit', '--quiet', '-m', 'files');
  const commit = git(upstream, 'rev-parse', 'HEAD');
  const large = git(upstream, 'rev-parse', 'HEAD:large.txt');
  const mirror = join(root, 'mirror', 'owner+name');
  git(root, 'init', '--bare', '--quiet', mirror);
  cpSync(join(upstream, '.git', 'objects'), join(mirror, 'objects'), { recursive: true });
  rmSync(join(mirror, 'objects', large.slice(0, 2), large.slice(2)));
  return { commit, mirror: join(root, 'mirror') };
}

const { commit, mirror } = setUp();

describe('PinnedRepo', () => {
  it('reads from the mirror, and fetches a clone when the mirror lacks a blob', () => {
    const repo = PinnedRepo.open('owner/name', commit, {
      mirror,
      cacheDir: join(root, 'cache-a'),
      remote: `file://${join(root, 'remote')}`,
    });
    expect(repo.read('small.txt')).toBe('small\n');
    expect(repo.read('large.txt')).toBe('large\n');
  });

  it('says the file is unavailable when neither the mirror nor the remote has it', () => {
    const repo = PinnedRepo.open('owner/name', commit, {
      mirror,
      cacheDir: join(root, 'cache-b'),
      remote: `file://${join(root, 'nowhere')}`,
    });
    expect(repo.read('small.txt')).toBe('small\n');
    expect(() => repo.read('large.txt')).toThrow(UnavailableFile);
    expect(() => repo.read('absent.txt')).toThrow(/absent\.txt/);
    expect(() => repo.read('absent.txt')).not.toThrow(UnavailableFile);
  });

  it('says the repository is unavailable when no mirror holds the commit and none can be fetched', () => {
    expect(() =>
      PinnedRepo.open('owner/other', commit, {
        mirror,
        cacheDir: join(root, 'cache-c'),
        remote: `file://${join(root, 'nowhere')}`,
      }),
    ).toThrow(UnavailableFile);
  });
});
