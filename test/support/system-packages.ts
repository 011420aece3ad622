// The Debian packages some test projects need (a real redis-server, Chromium for the example
// app). On a fresh Debian machine, `npm test` installs them itself when it can (root and
// apt-get), as `.ci/run` does; elsewhere the tests fail with a message saying what to install.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each package, and how to tell it is there. */
const PACKAGES: readonly { name: string; present: () => boolean }[] = [
  {
    name: 'redis-server',
    present: () => spawnSync('redis-server', ['--version']).status === 0,
  },
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
];

/** Installs the missing packages of `names` with apt-get, when this process may. */
export function installMissingPackages(names: readonly string[]): void {
  const missing = PACKAGES.filter((p) => names.includes(p.name) && !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  const canInstall =
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version']).status === 0;
  if (!canInstall) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`installing ${missing.join(', ')} with apt-get (needed by the tests)`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}
