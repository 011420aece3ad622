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

  it('scores a candidate detector set given as a module beside the default one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-external-'));
    const text = 'Ann Lee wrote to Bob.';
    const unit = {
      id: 'a:1',
      source: 'a',
      lang: 'en',
      genre: 'news',
      split: 'dev',
      text,
      spans: [
        { start: 0, end: 7, label: 'PERSON' },
        { start: 17, end: 20, label: 'PERSON' },
      ],
    };
    writeFileSync(join(dir, 'eval-dev.jsonl'), `${JSON.stringify(unit)}\n`);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ sources: [{ id: 'a', labels: ['PERSON'] }] }),
    );
    const module = join(dir, 'candidate.mjs');
    writeFileSync(
      module,
      "export const detectors = [{ name: 'bob', labels: ['PERSON'], detect: (t) => [{ start: t.indexOf('Bob'), end: t.indexOf('Bob') + 3, label: 'PERSON' }] }];\n",
    );
    const { stdout } = await run(tsx, [
      script,
      '--data',
      dir,
      '--split',
      'dev',
      '--labels',
      'PERSON',
      '--no-peers',
      '--detectors',
      module,
    ]);
    expect(stdout).toContain(`| PERSON · ${module} | 2 | 1.000 | 0.500 | 0.667 |`);
    expect(stdout).toContain('| PERSON · ai-sdk-pii | 2 |');
  }, 60_000);
});
