import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import { buildEvalSet, type EvalItem } from '../../fixtures/detection/generate';

const file = join(import.meta.dirname, '../../fixtures/detection/eval-set.jsonl');
const items: EvalItem[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as EvalItem);

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** Strict scores (same label and offsets) per label, and PERSON per language. */
async function evaluate(): Promise<Map<string, Counts>> {
  const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
  const counts = new Map<string, Counts>();
  const add = (key: string, field: keyof Counts) => {
    const c = counts.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    c[field]++;
    counts.set(key, c);
  };
  for (const item of items) {
    const predicted = await pipeline.run(item.text);
    const key = (s: { start: number; end: number; label: string }) =>
      `${s.label}:${s.start}:${s.end}`;
    const gold = new Set(item.spans.map(key));
    const found = new Set(predicted.map(key));
    const keysOf = (label: string) =>
      label === 'PERSON' && (item.lang === 'en' || item.lang === 'fr')
        ? [label, `PERSON/${item.lang}`]
        : [label];
    for (const s of predicted)
      for (const k of keysOf(s.label)) add(k, gold.has(key(s)) ? 'tp' : 'fp');
    for (const s of item.spans)
      if (!found.has(key(s))) for (const k of keysOf(s.label)) add(k, 'fn');
  }
  return counts;
}

const precision = (c: Counts) => c.tp / (c.tp + c.fp);
const recall = (c: Counts) => c.tp / (c.tp + c.fn);

describe('evaluation set (npm run eval)', () => {
  it('is the file that generate.ts builds', () => {
    expect(items).toEqual(buildEvalSet());
  });

  it('meets the quality targets: pattern labels ≥ 0.98 / 0.98, PERSON ≥ 0.90 / 0.85 in EN and FR', async () => {
    const counts = await evaluate();
    const figures = Object.fromEntries(
      [...counts].map(([label, c]) => [label, [precision(c), recall(c)].map((x) => x.toFixed(3))]),
    );
    for (const [label, c] of counts) {
      if (label.startsWith('PERSON')) continue;
      expect
        .soft(precision(c), `${label} precision ${JSON.stringify(figures)}`)
        .toBeGreaterThanOrEqual(0.98);
      expect.soft(recall(c), `${label} recall`).toBeGreaterThanOrEqual(0.98);
    }
    for (const key of ['PERSON/en', 'PERSON/fr']) {
      const c = counts.get(key)!;
      expect.soft(precision(c), `${key} precision`).toBeGreaterThanOrEqual(0.9);
      expect.soft(recall(c), `${key} recall`).toBeGreaterThanOrEqual(0.85);
    }
    // Every label of the defaults is measured.
    expect([...counts.keys()].sort()).toEqual(
      expect.arrayContaining([
        'API_KEY',
        'CREDIT_CARD',
        'EMAIL',
        'FR_NIR',
        'IBAN',
        'IP_ADDRESS',
        'PERSON',
        'PHONE',
        'US_SSN',
      ]),
    );
  });
});
