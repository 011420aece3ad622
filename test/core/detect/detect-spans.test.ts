import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import { mergedCanonical } from '../../../src/core/detect/merged-canonical';
import { resolveCrossing, resolveOverlaps } from '../../../src/core/detect/resolve-overlaps';
import type { Detector, PiiSpan } from '../../../src/core/detect/types';
import { PiiDetectionError } from '../../../src/core/errors';
import { testEmailDetector, testNameDetector } from '../helpers';

const fixed = (
  name: string,
  spans: Parameters<Detector['detect']>[0] extends string ? ReturnType<Detector['detect']> : never,
): Detector => ({
  name,
  detect: () => spans,
});

describe('detection pipeline', () => {
  it('keeps UTF-16 offsets right next to accented, CJK and emoji text', async () => {
    const pipeline = createDetectionPipeline({
      detectors: [testEmailDetector, testNameDetector(['王伟', 'Aïcha Benali'])],
    });
    const text = '😀 Écrivez à Aïcha Benali 🎉 邮件:wang.wei@example.cn 电话 王伟';
    const spans = await pipeline.run(text);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.value);
    expect(spans.map((s) => s.value)).toEqual(['Aïcha Benali', 'wang.wei@example.cn', '王伟']);
  });

  it('resolves overlaps deterministically: longer wins, then higher score', () => {
    const span = (
      start: number,
      end: number,
      label: string,
      score: number,
      detector = 'd',
    ): PiiSpan => ({
      start,
      end,
      label,
      value: 'x'.repeat(end - start),
      score,
      detector,
    });
    const spans = [
      span(0, 5, 'A', 0.9),
      span(0, 10, 'B', 0.5),
      span(8, 12, 'C', 1),
      span(20, 25, 'D', 0.4),
      span(20, 25, 'E', 0.6),
    ];
    const expected = ['B', 'E'];
    expect(resolveOverlaps(spans).map((s) => s.label)).toEqual(expected);
    expect(resolveOverlaps([...spans].reverse()).map((s) => s.label)).toEqual(expected);
  });

  it('agrees with a brute-force reference on random spans', () => {
    const reference = (spans: PiiSpan[]) => {
      const sorted = [...spans].sort(
        (a, b) =>
          b.end - b.start - (a.end - a.start) ||
          b.score - a.score ||
          a.start - b.start ||
          (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
      );
      const kept: PiiSpan[] = [];
      for (const s of sorted)
        if (kept.every((k) => s.end <= k.start || k.end <= s.start)) kept.push(s);
      return kept.sort((a, b) => a.start - b.start);
    };
    const span = fc
      .record({
        start: fc.nat(60),
        len: fc.integer({ min: 1, max: 15 }),
        // Close scores too: the order is exact, not quantised.
        score: fc.oneof(
          fc.constantFrom(0.5, 0.9, 0.9000001, 1),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        label: fc.constantFrom('A', 'B', 'C'),
      })
      .map(({ start, len, score, label }) => ({
        start,
        end: start + len,
        label,
        value: '',
        score,
        detector: 'd',
      }));
    fc.assert(
      fc.property(fc.array(span, { maxLength: 80 }), (spans) => {
        expect(resolveOverlaps(spans)).toEqual(reference(spans));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('handles 160,000 nested spans (no quadratic step)', () => {
    const n = 160_000;
    const spans: PiiSpan[] = Array.from({ length: n }, (_, i) => ({
      start: i * 1000,
      end: i * 1000 + 1 + Math.floor((i * 999) / n),
      label: 'X',
      value: '',
      score: 1,
    }));
    expect(resolveOverlaps(spans)).toHaveLength(n);
  });

  describe('spans that cross the one that beat them (mergeCrossingIn)', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(3);
    const span = fc
      .record({
        start: fc.nat(90),
        len: fc.integer({ min: 1, max: 15 }),
        score: fc.constantFrom(0.5, 0.9, 1),
        label: fc.constantFrom('A', 'B', 'C'),
      })
      .map(({ start, len, score, label }) => ({
        start,
        end: start + len,
        label,
        value: text.slice(start, start + len),
        score,
        detector: 'd',
      }));

    it('leaves no position that some span covers unmasked, and keeps every winner', () => {
      fc.assert(
        fc.property(fc.array(span, { maxLength: 60 }), (spans) => {
          const kept = resolveOverlaps(spans);
          const merged = resolveOverlaps(spans, undefined, { mergeCrossingIn: text });
          const covered = new Uint8Array(text.length);
          merged.forEach((m, i) => {
            if (i > 0) expect(m.start).toBeGreaterThanOrEqual(merged[i - 1]!.end);
            expect(m.value).toBe(text.slice(m.start, m.end));
            covered.fill(1, m.start, m.end);
          });
          for (const s of spans) for (let k = s.start; k < s.end; k++) expect(covered[k]).toBe(1);
          // Each winner is kept as it is, or inside a merged span with its label or a better one's.
          for (const k of kept) {
            expect(merged.some((m) => m === k || (m.start <= k.start && k.end <= m.end))).toBe(
              true,
            );
          }
          // Nothing crosses: the plain resolution is returned as it is.
          if (resolveCrossing(spans).crossing.length === 0) expect(merged).toEqual(kept);
          expect(resolveCrossing(spans).kept).toEqual(kept);
        }),
        { numRuns: 300 },
      );
    }, 60_000);

    it('masks a phone read across by a longer card number whole, with the winner label', () => {
      const t = 'x 0033 6 98 76 54 32 391 16 9088 y';
      const at = (v: string, label: string, score = 1): PiiSpan => ({
        start: t.indexOf(v),
        end: t.indexOf(v) + v.length,
        label,
        value: v,
        score,
      });
      const spans = [
        at('0033 6 98 76 54 32', 'PHONE', 0.95),
        at('6 98 76 54 32 391 16', 'CREDIT_CARD'),
        at('391 16 9088', 'US_SSN', 0.9),
      ];
      expect(resolveOverlaps(spans).map((s) => s.value)).toEqual(['6 98 76 54 32 391 16']);
      expect(resolveCrossing(spans).crossing.map((s) => s.label)).toEqual(['PHONE', 'US_SSN']);
      expect(resolveOverlaps(spans, undefined, { mergeCrossingIn: t })).toEqual([
        {
          start: 2,
          end: 32,
          label: 'CREDIT_CARD',
          value: '0033 6 98 76 54 32 391 16 9088',
          score: 1,
          // Its own identity: the phone's canonical form alone would give it the phone's token.
          canonical: mergedCanonical('0033 6 98 76 54 32 391 16 9088'),
        },
      ]);
    });

    it('stays O(n log n): 100,000 spans in a staircase, 20,000 crossing many kept spans', () => {
      const n = 100_000;
      const stairs: PiiSpan[] = Array.from({ length: n }, (_, i) => ({
        start: i * 2,
        end: i * 2 + 3,
        label: 'X',
        value: '',
        score: 1,
      }));
      const long = 'x'.repeat(2 * n + 3);
      expect(resolveOverlaps(stairs, undefined, { mergeCrossingIn: long })).toEqual([
        {
          start: 0,
          end: 2 * n + 1,
          label: 'X',
          value: long.slice(0, 2 * n + 1),
          score: 1,
          canonical: mergedCanonical(long.slice(0, 2 * n + 1)),
        },
      ]);
      // One long winner at the left end of each block; the losers reach over many short ones.
      const blocks: PiiSpan[] = [];
      for (let b = 0; b < 20_000; b++) {
        const o = b * 1000;
        blocks.push({ start: o, end: o + 100, label: 'W', value: '', score: 1 });
        blocks.push({ start: o + 50, end: o + 140, label: 'L', value: '', score: 1 });
        for (let k = 0; k < 10; k++) {
          const s = o + 100 + k * 4;
          blocks.push({ start: s, end: s + 3, label: 'S', value: '', score: 1 });
        }
      }
      const blockText = 'x'.repeat(20_000 * 1000);
      const merged = resolveOverlaps(blocks, undefined, { mergeCrossingIn: blockText });
      expect(merged).toHaveLength(20_000);
      expect(merged.every((m) => m.label === 'W' && m.end - m.start === 140)).toBe(true);
    });

    it('the pipeline masks crossing spans with their winner; detect() gives them apart', async () => {
      const t = 'call 0033 6 98 76 54 32 391 16 9088';
      const at = (v: string, label: string) => ({
        start: t.indexOf(v),
        end: t.indexOf(v) + v.length,
        label,
      });
      const pipeline = createDetectionPipeline({
        detectors: [
          fixed('card', [at('6 98 76 54 32 391 16', 'CREDIT_CARD')]),
          fixed('phone', [at('0033 6 98 76 54 32', 'PHONE')]),
        ],
      });
      expect((await pipeline.run(t)).map((s) => [s.label, s.value])).toEqual([
        // The rest of the run (`9088`) goes with it: crossing readings misread the run.
        ['CREDIT_CARD', '0033 6 98 76 54 32 391 16 9088'],
      ]);
      const { spans, crossing } = await pipeline.detect(t);
      expect(spans.map((s) => s.value)).toEqual(['6 98 76 54 32 391 16']);
      expect(crossing.map((s) => s.value)).toEqual(['0033 6 98 76 54 32']);
    });
  });

  it('never masks allowed values and always masks denied ones', async () => {
    const pipeline = createDetectionPipeline({
      detectors: [testNameDetector(['Acme', 'Jean Dupont'])],
      allow: ['acme'],
      deny: [/ACME-\d+/, { match: 'projet orion', label: 'PROJECT' }],
    });
    const spans = await pipeline.run('Acme: Jean Dupont, ticket ACME-1234, Projet Orion');
    expect(spans.map((s) => [s.label, s.value])).toEqual([
      ['PERSON', 'Jean Dupont'],
      ['CUSTOM', 'ACME-1234'],
      ['PROJECT', 'Projet Orion'],
    ]);
  });

  it('fails closed when a detector throws', async () => {
    const broken: Detector = {
      name: 'ner-service',
      detect: async () => {
        throw new Error('connection refused');
      },
    };
    const pipeline = createDetectionPipeline({ detectors: [testEmailDetector, broken] });
    const error = await pipeline.run('a@b.fr').catch((e) => e);
    expect(error).toBeInstanceOf(PiiDetectionError);
    expect(error.code).toBe('PII_DETECTION');
    expect(error.detector).toBe('ner-service');
    expect(error.message).toContain('connection refused');
  });

  it('runs synchronous and asynchronous detectors together, async ones in parallel', async () => {
    const started: string[] = [];
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    // Each async detector waits until both have started: awaited one after the other, they
    // would never finish.
    const gated = (name: string, label: string): Detector => ({
      name,
      detect: async (text) => {
        started.push(name);
        if (started.length === 2) release();
        await bothStarted;
        return [{ start: 0, end: text.length, label }];
      },
    });
    const pipeline = createDetectionPipeline({
      detectors: [gated('a', 'A'), testEmailDetector, gated('b', 'B')],
    });
    const spans = await pipeline.run('a@b.fr');
    expect(started).toEqual(['a', 'b']);
    // Equal spans: the detector listed first wins.
    expect(spans.map((s) => s.detector)).toEqual(['a']);
  });

  it('fails with the first detector that throws, leaving no unhandled rejection behind', async () => {
    const late: Detector = {
      name: 'late',
      detect: () => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5)),
    };
    const now: Detector = {
      name: 'now',
      detect: () => {
        throw new Error('at once');
      },
    };
    const pipeline = createDetectionPipeline({ detectors: [late, now] });
    await expect(pipeline.run('x')).rejects.toThrow('Detector "now" failed: at once');
    // `late` rejects after the call has failed: Vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it.each([
    [{ start: 0, end: 99, label: 'X' }, 'out-of-range'],
    [{ start: 3, end: 2, label: 'X' }, 'out-of-range'],
    [{ start: 0.5, end: 2, label: 'X' }, 'out-of-range'],
    [{ start: 0, end: 2, label: 'lower' }, 'invalid label'],
    [{ start: 0, end: 2, label: 'X', value: 'zz' }, 'does not match'],
  ])('fails closed on an invalid span %j', async (span, message) => {
    const pipeline = createDetectionPipeline({ detectors: [fixed('bad', [span])] });
    await expect(pipeline.run('abcdef')).rejects.toThrow(message);
  });

  it('fails closed when a detector does not return an array', async () => {
    const pipeline = createDetectionPipeline({
      detectors: [{ name: 'bad', detect: () => null as never }],
    });
    await expect(pipeline.run('abc')).rejects.toBeInstanceOf(PiiDetectionError);
  });
});
