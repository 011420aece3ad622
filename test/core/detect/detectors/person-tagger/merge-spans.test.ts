import { describe, expect, it } from 'vitest';
import { mergeTaggedSpans } from '../../../../../src/core/detect/detectors/person-tagger/merge-spans';

const span = (start: number, end: number, by: string) => ({ start, end, by });

describe("the tagger's names join the rules' spans, and only add", () => {
  it('keeps every rule span the tagger does not cover', () => {
    const rules = [span(0, 4, 'rules'), span(20, 30, 'rules')];
    expect(mergeTaggedSpans(rules, [span(10, 15, 'tagger')])).toEqual([
      ...rules,
      span(10, 15, 'tagger'),
    ]);
  });

  it('lets a longer name of the tagger replace the rule spans it covers', () => {
    // The rules found `Jean`, the tagger `Jean Dupont`.
    expect(mergeTaggedSpans([span(0, 4, 'rules')], [span(0, 11, 'tagger')])).toEqual([
      span(0, 11, 'tagger'),
    ]);
  });

  it("drops a name of the tagger that crosses a rule span, and keeps the rules' own spans", () => {
    const rules = [span(5, 15, 'rules')];
    expect(mergeTaggedSpans(rules, [span(0, 8, 'tagger')])).toEqual(rules);
    expect(mergeTaggedSpans(rules, [span(5, 15, 'tagger')])).toEqual(rules);
  });

  it('merges in one pass over many spans (linear, no pair of spans compared twice)', () => {
    const rules = Array.from({ length: 20_000 }, (_, i) => span(i * 10, i * 10 + 4, 'rules'));
    const tagged = Array.from({ length: 20_000 }, (_, i) => span(i * 10 + 5, i * 10 + 9, 'tagger'));
    expect(mergeTaggedSpans(rules, tagged)).toHaveLength(40_000);
  });
});
