import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAddressSet } from '../../../scripts/address-set/generate';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';

const folder = join(import.meta.dirname, '../../fixtures/detection');
interface Item {
  id: string;
  lang: string;
  kind: string;
  text: string;
  spans: { start: number; end: number; label: string }[];
}
const read = (name: string): Item[] =>
  readFileSync(join(folder, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Item);
const items = read('addresses.jsonl');
const key = (s: { start: number; end: number; label: string }) => `${s.label}:${s.start}:${s.end}`;

describe('address evaluation set (npm run eval)', () => {
  it('is the file that scripts/address-set/generate.ts builds, in five languages with hard negatives', () => {
    expect(items).toEqual(buildAddressSet());
    expect(new Set(items.map((i) => i.lang))).toEqual(new Set(['en', 'fr', 'de', 'es', 'it']));
    expect(items.filter((i) => i.kind === 'negative-address').length).toBeGreaterThanOrEqual(100);
    // Issue 17's set: the national identifiers' texts and these, 400 or more.
    expect(items.length + read('national-ids.jsonl').length).toBeGreaterThanOrEqual(400);
  });

  it('meets the targets: recall ≥ 0.90 for addresses, false alarms on the hard negatives ≤ 1 %', async () => {
    const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
    let expected = 0;
    let hits = 0;
    let negatives = 0;
    let alarms = 0;
    for (const item of items) {
      const predicted = await pipeline.run(item.text);
      const keys = new Set(predicted.map(key));
      for (const s of item.spans.filter((x) => x.label === 'ADDRESS')) {
        expected++;
        if (keys.has(key(s))) hits++;
      }
      if (item.kind.startsWith('negative')) {
        negatives++;
        if (predicted.some((p) => p.label === 'ADDRESS')) alarms++;
      }
    }
    expect(hits / expected).toBeGreaterThanOrEqual(0.9);
    expect(alarms / negatives).toBeLessThanOrEqual(0.01);
  });
});
