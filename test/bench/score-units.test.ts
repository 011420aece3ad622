import { describe, expect, it } from 'vitest';
import { createScorer } from '../../bench/external/score-units';

const unit = (
  source: string,
  text: string,
  spans: { start: number; end: number; label: string }[],
) => ({
  id: `${source}:1`,
  source,
  lang: 'en',
  genre: 'news',
  text,
  spans,
});

describe('createScorer', () => {
  const annotated = new Map([
    ['news', new Set(['PERSON', 'LOCATION'])],
    ['pii', new Set(['PERSON', 'PHONE'])],
  ]);

  it('counts hits, misses and false alarms per label, language, source and genre', () => {
    const scorer = createScorer({ name: 't', labels: ['PERSON'], annotated });
    scorer.add(
      unit('news', 'Ann Lee met Bo in Oslo', [
        { start: 0, end: 7, label: 'PERSON' },
        { start: 12, end: 14, label: 'PERSON' },
        { start: 18, end: 22, label: 'LOCATION' },
      ]),
      [
        { start: 0, end: 7, label: 'PERSON' },
        { start: 18, end: 22, label: 'PERSON' },
      ],
    );
    const r = scorer.result();
    expect(r.byLabel).toEqual({ PERSON: { tp: 1, fp: 1, fn: 1 } });
    expect(r.byLang.PERSON).toEqual({ en: { tp: 1, fp: 1, fn: 1 } });
    expect(r.bySource.PERSON).toEqual({ news: { tp: 1, fp: 1, fn: 1 } });
    expect(r.byGenre.PERSON).toEqual({ news: { tp: 1, fp: 1, fn: 1 } });
    expect(r.person).toEqual({
      names: 2,
      fullyInClear: 1,
      partlyInClear: 0,
      singleWord: { names: 1, found: 0 },
      multiWord: { names: 1, found: 1 },
    });
  });

  it('does not score a label on a source that does not annotate it, but counts those predictions', () => {
    const scorer = createScorer({ name: 't', labels: ['PERSON', 'PHONE'], annotated });
    scorer.add(unit('news', 'Score 15 7 3 5', []), [{ start: 6, end: 14, label: 'PHONE' }]);
    scorer.add(unit('pii', 'call 555 0100', [{ start: 5, end: 13, label: 'PHONE' }]), []);
    const r = scorer.result();
    expect(r.byLabel.PHONE).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(r.unscored).toEqual({ PHONE: { news: 1 } });
  });

  it('keeps errors with their context only when asked', () => {
    const u = unit('news', 'I saw Ann there', [{ start: 6, end: 9, label: 'PERSON' }]);
    const quiet = createScorer({ name: 't', labels: ['PERSON'], annotated });
    quiet.add(u, []);
    expect(quiet.errors).toEqual([]);
    const loud = createScorer({ name: 't', labels: ['PERSON'], annotated, keepErrors: true });
    loud.add(u, [{ start: 0, end: 1, label: 'PERSON' }]);
    expect(loud.errors.map((e) => `${e.kind} ${e.value} ${e.context}`)).toEqual([
      'FN Ann I saw [Ann] there',
      'FP I [I] saw Ann there',
    ]);
  });
});

describe('formatReport', () => {
  it('prints no figure for a label with nothing expected and nothing predicted', async () => {
    const { formatReport } = await import('../../bench/external/report');
    const scorer = createScorer({
      name: 'sys',
      labels: ['IBAN', 'PERSON'],
      annotated: new Map([['pii', new Set(['IBAN', 'PERSON'])]]),
    });
    scorer.add(unit('pii', 'Ann', [{ start: 0, end: 3, label: 'PERSON' }]), [
      { start: 0, end: 3, label: 'PERSON' },
    ]);
    const text = formatReport([scorer.result()], ['PERSON', 'IBAN']);
    expect(text).toContain('| IBAN · sys | 0 | - | - | - |');
    expect(text).toContain('| PERSON · sys | 1 | 1.000 | 1.000 | 1.000 |');
  });
});
