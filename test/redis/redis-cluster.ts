import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RedisServer, startRedisServer } from './redis-server';

const run = promisify(execFile);

/** A real three-master Redis Cluster on loopback (no replicas), for the Cluster test. */
export interface RedisCluster {
  readonly nodes: readonly RedisServer[];
  stop(): Promise<void>;
}

/**
 * Starts three `redis-server --cluster-enabled yes`, joins them with
 * `redis-cli --cluster create`, and waits until every slot is served.
 *
 * @example
 * const cluster = await startRedisCluster();
 * const client = createCluster({ rootNodes: cluster.nodes.map((n) => ({ url: n.url })) });
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'pii-cluster-'));
  const nodes: RedisServer[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i++) {
      nodes.push(
        await startRedisServer({
          extraArgs: [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(dir, `nodes-${i}.conf`),
            '--dir',
            dir,
          ],
        }),
      );
    }
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((n) => `127.0.0.1:${n.port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (let attempt = 0; ; attempt++) {
      const states = await Promise.all(
        nodes.map(async (n) => {
          const { stdout } = await run('redis-cli', ['-p', String(n.port), 'cluster', 'info']);
          return stdout.includes('cluster_state:ok');
        }),
      );
      if (states.every(Boolean)) break;
      if (attempt > 200) throw new Error('the Redis Cluster did not reach cluster_state:ok');
      await new Promise((r) => setTimeout(r, 50));
    }
    return { nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
