import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PHONE_SIGNALS,
  PHONE_THRESHOLD,
} from '../../../../src/core/detect/detectors/phone/signals';

const DOCS = readFileSync(new URL('../../../../docs/detectors.md', import.meta.url), 'utf8');

describe('the signals of the phone detector', () => {
  it('are the table docs/detectors.md shows, weights included', () => {
    const rows = [...DOCS.matchAll(/^\| ([+−]\d+) \| (.+) \|$/gm)].map(([, weight, name]) => [
      Number(weight!.replace('−', '-')),
      name,
    ]);
    expect(rows).toEqual(PHONE_SIGNALS.map((s) => [s.weight, s.name]));
    expect(DOCS).toContain(`add up to ${PHONE_THRESHOLD} or more`);
  });
});
