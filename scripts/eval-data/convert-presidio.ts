import type { Converted, UnitContext } from './convert-columns';
import type { GoldSpan } from './unit';

interface PresidioSample {
  full_text: string;
  spans: { entity_type: string; start_position: number; end_position: number }[];
  template_id?: number;
}

/**
 * Units from a Presidio evaluator JSON file (an array of `{ full_text, spans, template_id }`,
 * character offsets). Ids group samples by template (`presidio-synth:t87:12`), so a split by
 * group never puts two fillings of one template on both sides.
 *
 * @example
 * presidioUnits('[{"full_text":"Call Ann","spans":[{"entity_type":"PERSON","start_position":5,"end_position":8}],"template_id":3}]',
 *   { source: 'p', lang: 'en', genre: 'synthetic', split: 'test', labelMap: { PERSON: 'PERSON' } }).units[0].id;
 * // 'p:t3:0'
 */
export function presidioUnits(json: string, context: UnitContext): Converted {
  const samples = JSON.parse(json) as PresidioSample[];
  const out: Converted = { units: [], invalidTags: 0, unmappedSpans: 0 };
  samples.forEach((sample, i) => {
    const spans: GoldSpan[] = [];
    for (const s of sample.spans) {
      const label = context.labelMap[s.entity_type.toUpperCase()];
      if (!label) {
        out.unmappedSpans++;
        continue;
      }
      spans.push({ start: s.start_position, end: s.end_position, label });
    }
    out.units.push({
      id: `${context.source}:t${sample.template_id ?? 'none'}:${i}`,
      source: context.source,
      lang: context.lang,
      genre: context.genre,
      split: context.split,
      text: sample.full_text,
      spans: spans.sort((a, b) => a.start - b.start),
    });
  });
  return out;
}
