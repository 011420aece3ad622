import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A child process of a multi-process test, started and held at a barrier. */
export interface WorkerProcess<Result> {
  /** Resolves once the worker has printed `ready` (set up, connected). */
  ready: Promise<void>;
  /** Lets every worker start at once. */
  go(): void;
  /** What the worker printed after `ready`, parsed as JSON; rejects if it exited non-zero. */
  done: Promise<Result>;
}

/**
 * Starts `workerPath` (a TypeScript file, run with tsx from the project root) with `env` in
 * `PII_WORKER`. The worker prints `ready\n`, waits for `go` on its stdin, does its work and
 * prints its result as JSON: the processes then race for real on the same Redis.
 */
export function startWorkerProcess<Result>(workerPath: string, env: object): WorkerProcess<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerPath], {
    cwd: root,
    env: { ...process.env, PII_WORKER: JSON.stringify(env) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on('data', (d) => {
    out += d.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  child.stderr.on('data', (d) => {
    err += d.toString();
  });
  const done = new Promise<Result>((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) {
        onReady();
        reject(new Error(`worker exited with ${code}:\n${err}`));
        return;
      }
      resolve(JSON.parse(out.slice('ready\n'.length)) as Result);
    });
  });
  return { ready, go: () => child.stdin.end('go\n'), done };
}
