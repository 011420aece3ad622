import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(__dirname, '../../bench/eval-external.ts');
const tsx = join(__dirname, '../../node_modules/.bin/tsx');

describe('npm run eval:external', () => {
  it('says how to build the data and exits 0 when it is absent (CI has no network)', async () => {
    const { stdout } = await run(tsx, [script, '--data', join(tmpdir(), 'no-such-eval-data')]);
    expect(stdout).toContain('npm run eval:data');
    expect(stdout).toContain('Skipping');
  }, 60_000);

  it('refuses to write errors for the test split', async () => {
    await expect(run(tsx, [script, '--errors', '/dev/null'])).rejects.toThrow(/dev split only/);
  }, 60_000);

  it('scores a small data set end to end, with a label only scored where annotated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-external-'));
    const units = [
      {
        id: 'a:1',
        source: 'a',
        lang: 'en',
        genre: 'news',
        split: 'dev',
        text: 'Email ann@example.com now',
        spans: [{ start: 6, end: 21, label: 'EMAIL' }],
      },
      {
        id: 'b:1',
        source: 'b',
        lang: 'fr',
        genre: 'wiki',
        split: 'dev',
        text: 'Écrire à ann@example.com',
        spans: [],
      },
    ];
    writeFileSync(join(dir, 'eval-dev.jsonl'), units.map((u) => JSON.stringify(u)).join('\n'));
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        sources: [
          { id: 'a', labels: ['EMAIL', 'PERSON'] },
          { id: 'b', labels: ['PERSON'] },
        ],
      }),
    );
    const json = join(dir, 'out.json');
    const { stdout } = await run(tsx, [
      script,
      '--data',
      dir,
      '--split',
      'dev',
      '--labels',
      'EMAIL',
      '--json',
      json,
    ]);
    expect(stdout).toContain('| EMAIL · ai-sdk-pii | 1 | 1.000 | 1.000 | 1.000 |');
    const result = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(json, 'utf8')));
    expect(result.results[0].byLabel).toEqual({ EMAIL: { tp: 1, fp: 0, fn: 0 } });
    expect(result.results[0].unscored).toEqual({ EMAIL: { b: 1 } });
  }, 60_000);
});
