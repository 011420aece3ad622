import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPinned } from '../../../scripts/eval-data/git-source';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  }).trim();

function origin(): { dir: string; first: string; second: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pinned-origin-'));
  git(dir, 'init', '--quiet');
  git(dir, 'config', 'user.email', 't@example.com');
  git(dir, 'config', 'user.name', 't');
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'data/a.txt'), 'first\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'one');
  const first = git(dir, 'rev-parse', 'HEAD');
  writeFileSync(join(dir, 'data/a.txt'), 'second\n');
  writeFileSync(join(dir, 'data/b.txt'), 'b\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'two');
  return { dir, first, second: git(dir, 'rev-parse', 'HEAD') };
}

describe('openPinned', () => {
  it('reads a local bare mirror at the pinned commit, not at its head', () => {
    const { dir, first } = origin();
    const mirror = mkdtempSync(join(tmpdir(), 'mirror-'));
    git(mirror, 'clone', '--quiet', '--bare', dir, join(mirror, 'owner+name/repo'));
    const repo = openPinned('owner/name', first, { mirror, cache: join(mirror, 'cache') });
    expect(repo.read('data/a.txt')).toBe('first\n');
    expect(repo.list('data')).toEqual(['data/a.txt']);
  });

  it('fetches the pinned commit into the cache when there is no mirror', () => {
    const { dir, second } = origin();
    const cache = mkdtempSync(join(tmpdir(), 'cache-'));
    const repo = openPinned('owner/name', second, { cache, remote: `file://${dir}` });
    expect(repo.read('data/a.txt')).toBe('second\n');
    expect(repo.list('data')).toEqual(['data/a.txt', 'data/b.txt']);
  });

  it('fails on a commit the repository does not have', () => {
    const { dir } = origin();
    const mirror = mkdtempSync(join(tmpdir(), 'mirror-'));
    git(mirror, 'clone', '--quiet', '--bare', dir, join(mirror, 'owner+name'));
    expect(() =>
      openPinned('owner/name', 'f'.repeat(40), { mirror, cache: join(mirror, 'c') }),
    ).toThrow(/not found/);
  });
});
