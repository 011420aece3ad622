import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `ai-sdk-pii/react` as published: the JavaScript of `npm run build` (tsup.config.ts, without
 * the declarations), written to a temporary folder. Its first statement must be
 * `'use client'`, or a Server Component importing `PiiText` fails `next build`; the server
 * entries must not have it, or route handlers would be compiled as browser code.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's `mappings`: per generated line, its segments' column, source and line. */
function decodeMappings(mappings: string) {
  const lines: { column: number; source: number; line: number }[][] = [];
  let source = 0;
  let line = 0;
  for (const text of mappings.split(';')) {
    const segments: { column: number; source: number; line: number }[] = [];
    let generated = 0;
    for (const segment of text ? text.split(',') : []) {
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if ((digit & 32) === 0) {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generated += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        line += fields[2]!;
        segments.push({ column: generated, source, line });
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** The first statement of a module: what follows leading comments and blank space. */
const firstStatement = (code: string) =>
  code.replace(/^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '').split('\n', 1)[0];

describe('the built ai-sdk-pii/react', () => {
  let outDir: string;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'ai-sdk-pii-build-'));
    await build({ outDir, dts: false, silent: true });
  }, 120_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("starts with the 'use client' directive", async () => {
    const code = await readFile(path.join(outDir, 'react/index.js'), 'utf8');
    expect(firstStatement(code)).toMatch(/^(['"])use client\1;?$/);
  });

  it('keeps the server entries free of it', async () => {
    for (const entry of ['index.js', 'redis/index.js']) {
      const code = await readFile(path.join(outDir, entry), 'utf8');
      expect(code).not.toMatch(/^\s*(['"])use client\1/);
    }
  });

  it('still maps its code to the right source lines', async () => {
    const file = path.join(outDir, 'react/index.js');
    const code = (await readFile(file, 'utf8')).split('\n');
    const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const decoded = decodeMappings(map.mappings);
    const at = code.findIndex((l) => l.startsWith('function usePiiChat('));
    expect(at).toBeGreaterThan(0);
    const segment = decoded[at]![0]!;
    const source = path.resolve(path.dirname(file), map.sources[segment.source]!);
    expect(path.basename(source)).toBe('use-pii-chat.ts');
    const sourceLines = (await readFile(source, 'utf8')).split('\n');
    expect(sourceLines[segment.line]).toContain('function usePiiChat');
  });
});
