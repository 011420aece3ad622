import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'react/index': 'src/react/index.ts',
    'redis/index': 'src/redis/index.ts',
    // The `bin`: its `#!/usr/bin/env node` line is kept, and tsup makes the file executable.
    cli: 'src/cli/main.ts',
  },
  format: ['esm'],
  // tsup sets `baseUrl` for declaration builds, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  splitting: true,
  treeshake: true,
  external: ['ai', 'react', 'react-dom', '@ai-sdk/react', 'redis'],
});
