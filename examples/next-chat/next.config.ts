import path from 'node:path';
import type { NextConfig } from 'next';

// The example has no package of its own: it compiles the library from ../../src (see the
// `paths` in tsconfig.json) and resolves packages from the repository's node_modules, so the
// bundler and the output tracing must both see the whole repository.
const repoRoot = path.join(__dirname, '..', '..');

const nextConfig: NextConfig = {
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
};

export default nextConfig;
