import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The example app imports the library by its package name, as an app does (its tsconfig maps
// it to ../../src): tests that import the example resolve it the same way.
const library = {
  find: /^ai-sdk-pii$/,
  replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
};
const libraryRedis = {
  find: /^ai-sdk-pii\/redis$/,
  replacement: fileURLToPath(new URL('./src/redis/index.ts', import.meta.url)),
};

/**
 * Three projects: the framework-free core runs once; everything that touches the AI SDK runs
 * twice, against `ai@7` / `@ai-sdk/react@4` (installed as themselves) and against `ai@6` /
 * `@ai-sdk/react@3` (installed under the aliases `ai-v6` and `@ai-sdk/react-v3`).
 */
const sdkTests = [
  'test/ai/**/*.test.{ts,tsx}',
  'test/react/**/*.test.{ts,tsx}',
  'test/e2e/**/*.test.{ts,tsx}',
  'test/stories/**/*.test.{ts,tsx}',
];

/**
 * The time any test may take before it fails (vitest's default is 5 s). The suite must pass on
 * a busy 2-core machine, so no test depends on speed: tests of linear time count work
 * (`test/core/counted-work.ts`), and this bound only catches a test that hangs.
 */
const testTimeout = 60_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          testTimeout,
          include: [
            'test/core/**/*.test.ts',
            'test/examples/**/*.test.ts',
            'test/support/**/*.test.ts',
            'test/scripts/**/*.test.ts',
            'test/bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // A real redis-server, started by the global setup on a free loopback port.
        resolve: { alias: [library, libraryRedis] },
        test: {
          name: 'redis',
          include: ['test/redis/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/redis/global-setup.ts'],
          testTimeout,
        },
      },
      {
        // Builds examples/next-chat and drives Debian's Chromium. ai@7 only: the example app
        // is one Next.js build, on the current majors. Its tests drive a browser: longer still.
        test: {
          name: 'e2e-browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 2 * testTimeout,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias: [library, libraryRedis] },
        test: { name: 'ai@7', include: sdkTests, environment: 'node', testTimeout },
      },
      {
        resolve: {
          alias: [
            library,
            libraryRedis,
            { find: /^ai$/, replacement: 'ai-v6' },
            { find: /^ai\/(.*)$/, replacement: 'ai-v6/$1' },
            { find: /^@ai-sdk\/react$/, replacement: '@ai-sdk/react-v3' },
            { find: /^@ai-sdk\/openai$/, replacement: '@ai-sdk/openai-v3' },
          ],
        },
        test: { name: 'ai@6', include: sdkTests, environment: 'node', testTimeout },
      },
    ],
  },
});
