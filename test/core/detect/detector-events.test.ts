import { describe, expect, it } from 'vitest';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import type { DetectContext, Detector } from '../../../src/core/detect/types';
import { PiiConfigError, PiiDetectionError } from '../../../src/core/errors';
import type { DetectorTimingEvent } from '../../../src/core/events';
import { createPii } from '../../../src/index';
import { testEmailDetector, testNameDetector } from '../helpers';

const TEXT = 'Écrire à Jean Dupont, jean.dupont@exemple.fr';

describe('detector events and context', () => {
  it('reports a detector-timing event per detector and text, sync and async alike', async () => {
    const events: DetectorTimingEvent[] = [];
    const pipeline = createDetectionPipeline({
      detectors: [testEmailDetector, testNameDetector(['Jean Dupont'])],
      onEvent: (e) => {
        if (e.type === 'detector-timing') events.push(e);
      },
    });
    await pipeline.run(TEXT);
    await pipeline.run('rien');
    expect(events.map(({ detector, spans }) => `${detector}:${spans}`)).toEqual([
      'test-email:1',
      'test-names:1',
      'test-email:0',
      'test-names:0',
    ]);
    for (const e of events) {
      expect(e.type).toBe('detector-timing');
      expect(Number.isFinite(e.ms) && e.ms >= 0).toBe(true);
    }
  });

  it('gives each detector a context whose emit reaches onEvent', async () => {
    const seen: DetectContext[] = [];
    const events: DetectorTimingEvent[] = [];
    const reporting: Detector = {
      name: 'reporting',
      detect(_text, context) {
        seen.push(context!);
        context!.emit({ type: 'detector-timing', detector: 'inner', ms: 1, spans: 0 });
        return [];
      },
    };
    await createPii({
      detectors: [reporting],
      onEvent: (e) => {
        if (e.type === 'detector-timing') events.push(e);
      },
    }).detect(TEXT);
    expect(events.map((e) => e.detector)).toEqual(['inner', 'reporting']);
    // Without a listener, emit is there and does nothing.
    await createPii({ detectors: [reporting] }).detect(TEXT);
    expect(() =>
      seen[1]!.emit({ type: 'detector-timing', detector: 'x', ms: 0, spans: 0 }),
    ).not.toThrow();
  });

  it("passes a detector's own PiiDetectionError on as it is", async () => {
    const own = new PiiDetectionError('Detector "mine": the service said no', { detector: 'mine' });
    const failing: Detector = {
      name: 'mine',
      detect: async () => {
        throw own;
      },
    };
    const error = await createPii({ detectors: [failing] })
      .detect(TEXT)
      .catch((e: unknown) => e);
    expect(error).toBe(own);
  });

  it('fails the call when the listener throws, and rejects a listener that is no function', async () => {
    const pii = createPii({
      detectors: [testEmailDetector],
      onEvent: () => {
        throw new Error('sink down');
      },
    });
    await expect(pii.detect(TEXT)).rejects.toThrow(/sink down/);
    expect(() => createPii({ onEvent: 'log' as never })).toThrow(PiiConfigError);
  });
});
