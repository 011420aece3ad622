import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';

/** A real `redis-server` child process on loopback, for tests and the bench. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM, waits for exit). With persistence, data survives a `start()`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Resumes a paused server (SIGCONT). */
  resume(): void;
}

export interface RedisServerOptions {
  /** Directory of the append-only file; with it, the server persists every write (fsync always). */
  persistDir?: string;
  port?: number;
  /** More `redis-server` arguments, e.g. `['--cluster-enabled', 'yes']`. */
  extraArgs?: string[];
}

const INSTALL_HINT =
  'redis-server is not on PATH. The Redis tests run against a real server and are never skipped: install it with `apt-get install -y redis-server` (Debian/Ubuntu) and run the tests again.';

/** Fails with an actionable message when `redis-server` is missing. */
export function assertRedisServerInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(INSTALL_HINT);
}

/** A free TCP port on 127.0.0.1, found by letting the OS pick one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once the server answers PING with PONG. */
async function waitForPong(port: number, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with ${child.exitCode}:\n${output()}`);
    }
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (pong) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING:\n${output()}`);
}

/**
 * Starts `redis-server` on a free loopback port (`--bind 127.0.0.1 --save ""`), without
 * persistence unless `persistDir` is given.
 *
 * @example
 * const server = await startRedisServer();
 * // ... use server.url ...
 * await server.stop();
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  assertRedisServerInstalled();
  const port = options.port ?? (await freePort());
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--protected-mode',
    'yes',
  ];
  if (options.persistDir) {
    args.push('--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.persistDir);
  } else {
    args.push('--appendonly', 'no');
  }
  args.push(...(options.extraArgs ?? []));
  let child: ChildProcess | undefined;
  let log = '';

  async function start() {
    if (child && child.exitCode === null) throw new Error('redis-server is already running');
    log = '';
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (d) => {
      log = (log + d.toString()).slice(-4000);
    });
    started.stderr?.on('data', (d) => {
      log = (log + d.toString()).slice(-4000);
    });
    child = started;
    await waitForPong(port, started, () => log);
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      running.kill('SIGCONT');
      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      await exited;
    },
    start,
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}
