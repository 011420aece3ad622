import path from 'node:path';
import { defineConfig } from 'tsup';
import { addUseClientDirective } from './scripts/build/use-client-directive';

export default defineConfig((overrides) => {
  const outDir = overrides.outDir ?? 'dist';
  return {
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
    // The bundle drops `'use client'` from src/react/index.ts: the browser entry gets it back,
    // once every file is written (after the tree-shaking pass, which would drop it again).
    onSuccess: () => addUseClientDirective(path.join(outDir, 'react', 'index.js')),
  };
});
