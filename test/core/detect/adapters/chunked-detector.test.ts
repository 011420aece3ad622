import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkedDetector } from '../../../../src/core/detect/adapters/chunked-detector';
import { knownValuesDetector } from '../../../../src/core/detect/adapters/known-values-detector';
import type { DetectedSpan, Detector } from '../../../../src/core/detect/types';
import { PiiConfigError, PiiDetectionError } from '../../../../src/core/errors';
import type { DetectorTimingEvent } from '../../../../src/core/events';
import { createPii } from '../../../../src/index';
import { testEmailDetector } from '../../helpers';

const NAME = 'Zorglub Quetzal';
const known = knownValuesDetector({ PERSON: [NAME] });

/** A detector that records the windows it is given. */
function recording(inner: Detector): Detector & { windows: string[] } {
  const windows: string[] = [];
  return {
    name: inner.name,
    windows,
    detect(text, context) {
      windows.push(text);
      return inner.detect(text, context);
    },
  };
}

const spansOf = async (detector: Detector, text: string) =>
  ((await detector.detect(text)) as DetectedSpan[]).map((s) => text.slice(s.start, s.end));

describe('chunkedDetector', () => {
  it('finds a value across a window boundary once, whole', async () => {
    const text = `${'mot '.repeat(9)}appeler ${NAME} demain ${'mot '.repeat(9)}`;
    const inner = recording(known);
    const chunked = chunkedDetector(inner, { size: 55, overlap: 20 });
    expect(await spansOf(chunked, text)).toEqual([NAME]);
    // The value was cut by some window's end: the windows really split it.
    expect(inner.windows.length).toBeGreaterThan(1);
    expect(inner.windows.some((w) => !w.includes(NAME) && /Zorglub|Quetzal/.test(w))).toBe(true);
  });

  it('merges readings that cross a boundary into one span over both', async () => {
    // A detector that reads at most 12 code units of a name: each window sees part of it.
    const partial: Detector = {
      name: 'partial',
      detect: (text) => {
        const at = text.search(/[A-Z][a-z]+ [A-Z]/);
        if (at === -1) return [];
        return [{ start: at, end: Math.min(text.length, at + 12), label: 'PERSON' }];
      },
    };
    const text = `${'x'.repeat(30)} Abcdefgh Ijklmnopqrst`;
    const chunked = chunkedDetector(partial, { size: 40, overlap: 8 });
    const spans = (await chunked.detect(text)) as DetectedSpan[];
    expect(spans).toHaveLength(1);
  });

  it('finds what the detector finds on the whole text, value by value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('mot', 'é😀', NAME, 'zorglub  quetzal', 'Zorglubs', '\n'), {
          maxLength: 60,
        }),
        async (words) => {
          const text = words.join(' ');
          const whole = await spansOf(known, text);
          const chunked = chunkedDetector(known, { size: 40, overlap: 18 });
          expect(await spansOf(chunked, text)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("checks each window's spans against the window, and fails closed", async () => {
    const wrong: Detector = {
      name: 'wrong',
      detect: (text) => [{ start: 0, end: text.length + 1, label: 'X' }],
    };
    const error = await Promise.resolve(
      chunkedDetector(wrong, { size: 10, overlap: 2 }).detect('a b c d e f g h i j k'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PiiDetectionError);
    expect((error as Error).message).toMatch(/out-of-range span/);
  });

  it('rejects bad options with PiiConfigError', () => {
    expect(() => chunkedDetector({} as Detector, { size: 10, overlap: 2 })).toThrow(PiiConfigError);
    expect(() => chunkedDetector(known, { size: 1, overlap: 0 })).toThrow(/size/);
    expect(() => chunkedDetector(known, { size: 10, overlap: 5 })).toThrow(/overlap/);
    expect(() => chunkedDetector(known, { size: 10.5, overlap: 1 })).toThrow(/whole number/);
  });

  it("reports each detector's time on each text through createPii({ onEvent })", async () => {
    const events: DetectorTimingEvent[] = [];
    const pii = createPii({
      detectors: [chunkedDetector(known, { size: 30, overlap: 14 }), testEmailDetector],
      onEvent: (event) => {
        if (event.type === 'detector-timing') events.push(event);
      },
    });
    const text = `Écrire à ${NAME}, ${'puis encore '.repeat(5)}zorglub@exemple.fr`;
    await pii.detect(text);
    // In the order they end: the chunked detector is asynchronous.
    const timings = events.map(({ type, detector, spans }) => ({ type, detector, spans }));
    expect(timings.sort((a, b) => a.detector.localeCompare(b.detector))).toEqual([
      { type: 'detector-timing', detector: 'known-values', spans: 1 },
      { type: 'detector-timing', detector: 'test-email', spans: 1 },
    ]);
    for (const event of events) expect(event.ms).toBeGreaterThanOrEqual(0);
    // The events hold no value nor any piece of the text.
    expect(JSON.stringify(events)).not.toMatch(/Zorglub|zorglub|puis/);
  });
});
