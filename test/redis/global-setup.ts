import type { TestProject } from 'vitest/node';
import { installMissingPackages } from '../support/system-packages';
import { type RedisServer, startRedisServer } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the redis-server started for the `redis` test project. */
    redisUrl: string;
  }
}

let server: RedisServer | undefined;

/** Starts one real redis-server for the whole `redis` project; fails (never skips) without it. */
export async function setup(project: TestProject) {
  installMissingPackages(['redis-server']);
  server = await startRedisServer();
  project.provide('redisUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}
