import type { VaultScript } from './lua-scripts';

/** Arguments of `EVAL` / `EVALSHA` in node-redis. */
export interface ScriptArguments {
  keys: string[];
  arguments: string[];
}

/**
 * What the store needs from a Redis client: node-redis v5's `createClient()` and
 * `createCluster()` both fit (every script names its keys, so a cluster routes it by slot).
 */
export interface RedisScriptClient {
  eval(script: string, options: ScriptArguments): Promise<unknown>;
  evalSha(sha1: string, options: ScriptArguments): Promise<unknown>;
  readonly isOpen?: boolean;
  connect?(): Promise<unknown>;
}

export interface RedisConnectionOptions {
  /** An existing client; the store connects it if it is not open, and never closes it. */
  client?: RedisScriptClient;
  /** `redis://` or `rediss://` (TLS) URL: the store creates, connects and closes its own client. */
  url?: string;
  /** A command without an answer for this long fails. */
  commandTimeoutMs: number;
}

/** Runs the store's scripts on one client, connecting lazily and failing fast when offline. */
export interface RedisConnection {
  run(script: VaultScript, keys: string[], args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

interface OwnClient extends RedisScriptClient {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  once(event: 'error', listener: (error: unknown) => void): unknown;
  off(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Thrown when Redis does not answer in time; mapped to `PiiStoreError` by the store. */
export class RedisCommandTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'RedisCommandTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisCommandTimeoutError(ms)), ms);
    // A pending timer must not keep a finished process alive.
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const isNoScript = (error: unknown) =>
  error instanceof Error && error.message.startsWith('NOSCRIPT');

/**
 * Opens (lazily) the client of a store. Our own client rejects commands at once while it is
 * disconnected (`disableOfflineQueue`) and reconnects in the background; every command has a
 * deadline, also on a client given by the app, so a stalled server never hangs a request.
 *
 * @example
 * const connection = redisConnection({ url: 'redis://127.0.0.1:6379', commandTimeoutMs: 2000 });
 * await connection.run(listScript, keyList(keys), ['0']);
 */
export function redisConnection(options: RedisConnectionOptions): RedisConnection {
  const { commandTimeoutMs } = options;
  let client: RedisScriptClient | undefined = options.client;
  let own: OwnClient | undefined;
  let opening: Promise<void> | undefined;
  let closed = false;

  async function createOwn(url: string): Promise<OwnClient> {
    // Loaded on first use: `redis` is an optional peer dependency.
    const { createClient } = await import('redis');
    const created = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: commandTimeoutMs },
      socket: {
        connectTimeout: commandTimeoutMs,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
      },
    }) as unknown as OwnClient;
    // Without a listener, an 'error' event would crash the process; errors reach callers
    // through the failed commands instead.
    created.on('error', () => {});
    return created;
  }

  async function open(): Promise<void> {
    if (!client) {
      if (!options.url) throw new Error('redisVaultStore needs `client` or `url`');
      own = await createOwn(options.url);
      client = own;
    }
    const target = client;
    if (target.isOpen !== false || !target.connect) return;
    const connecting = target.connect();
    // The client keeps retrying in the background; whoever waits gets the first failure.
    connecting.catch(() => {});
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        const emitter = target as Partial<OwnClient>;
        const onError = (error: unknown) => reject(error);
        emitter.once?.('error', onError);
        connecting.then(
          () => {
            emitter.off?.('error', onError);
            resolve();
          },
          (error) => {
            emitter.off?.('error', onError);
            reject(error);
          },
        );
      }),
      commandTimeoutMs,
    );
  }

  let openSettled = false;
  let openError: unknown;

  async function ready(): Promise<RedisScriptClient> {
    if (closed) throw new Error('this Redis vault store is closed');
    if (!opening) {
      opening = open().then(
        () => {
          openSettled = true;
        },
        (error) => {
          openSettled = true;
          openError = error;
          throw error;
        },
      );
      opening.catch(() => {});
    }
    // Calls made while the first connection is under way wait for it (and share its failure);
    // later calls go straight to the client, which fails fast while it reconnects.
    if (!openSettled) await opening;
    if (!client) throw openError ?? new Error('Redis client is not available');
    return client;
  }

  return {
    async run(script, keys, args) {
      const target = await ready();
      const params = { keys, arguments: args };
      try {
        return await withTimeout(target.evalSha(script.sha1, params), commandTimeoutMs);
      } catch (error) {
        // After a server restart (or on a new server) the script cache is empty.
        if (!isNoScript(error)) throw error;
        return await withTimeout(target.eval(script.source, params), commandTimeoutMs);
      }
    },
    async close() {
      closed = true;
      const mine = own;
      own = undefined;
      if (!mine) return;
      if (mine.isReady) await mine.close();
      else if (mine.isOpen) mine.destroy();
    },
  };
}
