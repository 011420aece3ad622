import { describe, expect, it } from 'vitest';
import { presidioUnits } from '../../../scripts/eval-data/convert-presidio';

describe('presidioUnits', () => {
  it('maps entity types, drops unmapped ones and groups ids by template', () => {
    const json = JSON.stringify([
      {
        full_text: 'Call Ann Lee at 555-0100 on Monday',
        spans: [
          { entity_type: 'PHONE_NUMBER', start_position: 16, end_position: 24 },
          { entity_type: 'PERSON', start_position: 5, end_position: 12 },
          { entity_type: 'DATE_TIME', start_position: 28, end_position: 34 },
        ],
        template_id: 7,
      },
    ]);
    const { units, unmappedSpans } = presidioUnits(json, {
      source: 'synth',
      lang: 'en',
      genre: 'synthetic',
      split: 'dev',
      labelMap: { PERSON: 'PERSON', PHONE_NUMBER: 'PHONE' },
    });
    expect(units[0]!.id).toBe('synth:t7:0');
    expect(units[0]!.spans).toEqual([
      { start: 5, end: 12, label: 'PERSON' },
      { start: 16, end: 24, label: 'PHONE' },
    ]);
    expect(unmappedSpans).toBe(1);
  });
});
