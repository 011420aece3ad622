import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import type { Detection } from '../../../src/core/detect/detect-spans';
import { DetectionMemo } from '../../../src/core/detect/detection-memo';
import type { Detector, PiiSpan } from '../../../src/core/detect/types';
import { PiiConfigError } from '../../../src/core/errors';
import { testEmailDetector } from '../helpers';

/** `testEmailDetector`, counting its calls. */
function countingEmails(): Detector & { calls: number } {
  const detector = {
    name: 'counting-email',
    calls: 0,
    detect(text: string) {
      detector.calls++;
      return testEmailDetector.detect(text);
    },
  };
  return detector;
}

/** A history message of about 5 KB holding one address. */
function longMessage(address: string, filler = 'Le dossier suit son cours. '): string {
  return `${filler.repeat(200)}Écrivez à ${address} demain.`;
}

const span = (start: number, value: string): PiiSpan => ({
  start,
  end: start + value.length,
  label: 'EMAIL',
  value,
  score: 0.9,
  detector: 'd',
});

describe('DetectionMemo', () => {
  const text = 'x'.repeat(3000);
  /** A detection of one span, counting its calls. */
  const counted = () => {
    const counter = {
      calls: 0,
      detect: async (): Promise<Detection> => {
        counter.calls++;
        return { spans: [span(0, 'xx')], crossing: [] };
      },
    };
    return counter;
  };

  it('detects a long text once and gives copies of what it found', async () => {
    const memo = new DetectionMemo();
    const counter = counted();
    const first = await memo.detect(text, counter.detect);
    const second = await memo.detect(text, counter.detect);
    expect(counter.calls).toBe(1);
    expect(second).toEqual(first);
    // The caller may change what it gets (anonymize fills in canonical forms).
    second.spans[0]!.canonical = 'changed';
    expect((await memo.detect(text, counter.detect)).spans[0]!.canonical).toBeUndefined();
  });

  it('detects short texts every time', async () => {
    const memo = new DetectionMemo();
    const counter = counted();
    await memo.detect('short', counter.detect);
    await memo.detect('short', counter.detect);
    expect(counter.calls).toBe(2);
    expect(memo.size).toBe(0);
  });

  it('tells texts apart by their whole content', async () => {
    const memo = new DetectionMemo({ minChars: 1 });
    const a = `${text}a`;
    const b = `${text}b`;
    await memo.detect(a, async () => ({ spans: [span(0, 'aa')], crossing: [] }));
    const found = await memo.detect(b, async () => ({ spans: [span(1, 'bb')], crossing: [] }));
    expect(found.spans.map((s) => s.value)).toEqual(['bb']);
    expect(memo.size).toBe(2);
  });

  it('keeps the most recently used texts within its bounds', async () => {
    const memo = new DetectionMemo({ minChars: 1, maxTexts: 2, maxSpans: 3 });
    let calls = 0;
    const detect = (n: number) => async () => {
      calls++;
      return { spans: Array.from({ length: n }, (_, i) => span(i, 'x')), crossing: [] };
    };
    await memo.detect('a', detect(1));
    await memo.detect('b', detect(1));
    await memo.detect('a', detect(1)); // a is now the most recent
    await memo.detect('c', detect(1)); // b goes (two texts at most)
    expect(calls).toBe(3);
    await memo.detect('a', detect(1));
    expect(calls).toBe(3);
    await memo.detect('b', detect(1));
    expect(calls).toBe(4);
    // Three spans at most: a text of two spans pushes out the oldest ones.
    await memo.detect('d', detect(2));
    expect(memo.size).toBe(2);
    await memo.detect('b', detect(1));
    expect(calls).toBe(5);
    // A text of more spans than the bound is not remembered at all.
    await memo.detect('e', detect(4));
    await memo.detect('e', detect(4));
    expect(calls).toBe(7);
    expect(memo.size).toBe(2);
  });

  it('keys a text by its digest in the life it was computed in, or not at all', async () => {
    const memo = new DetectionMemo();
    const life = Promise.resolve('g1');
    const key = await memo.keyOf(text, life);
    expect(key).toEqual({ digest: expect.any(String), life: 'g1' });
    expect(await memo.keyOf(text, life)).toEqual(key);
    expect((await memo.keyOf(`${text}y`, life))?.digest).not.toBe(key!.digest);
    // Not remembered: short texts, texts with a lone surrogate (they would share a digest with
    // the same text holding U+FFFD), and texts of a conversation with no values yet.
    expect(await memo.keyOf('short', life)).toBeUndefined();
    expect(await memo.keyOf(`${text}\ud800`, life)).toBeUndefined();
    expect(await memo.keyOf(text, Promise.resolve(''))).toBeUndefined();
    // Without a life (no listing asked), texts are keyed all the same.
    expect(await memo.keyOf(text)).toEqual({ digest: key!.digest, life: undefined });
  });

  it('takes the key of a text from the caller, who may have it already', async () => {
    const memo = new DetectionMemo();
    const counter = counted();
    const life = Promise.resolve('g1');
    const key = memo.keyOf(text, life);
    await memo.detect(text, counter.detect, life, key);
    await memo.detect(text, counter.detect, life);
    expect(counter.calls).toBe(1);
  });

  it('remembers nothing when a detection fails', async () => {
    const memo = new DetectionMemo();
    await expect(
      memo.detect(text, async () => {
        throw new Error('detector down');
      }),
    ).rejects.toThrow('detector down');
    expect(memo.size).toBe(0);
  });
});

describe('createPii: rememberDetections', () => {
  it('runs the detectors once per long text of a conversation, with the same result', async () => {
    const detector = countingEmails();
    const pii = createPii({ detectors: [detector] });
    const session = pii.session('c1');
    const history = [
      longMessage('jean@exemple.fr'),
      longMessage('marie@exemple.fr', 'Suite du dossier. '),
    ];
    // A new conversation has no values yet: the memo starts with their first listing.
    const first = await session.anonymizeMany(history);
    expect(detector.calls).toBe(2);
    expect(await session.anonymizeMany(history)).toEqual(first);
    expect(detector.calls).toBe(4);
    const again = await session.anonymizeMany([...history, 'et maintenant ?']);
    expect(detector.calls).toBe(5); // only the new (short) message
    expect(again.slice(0, 2)).toEqual(first);
    expect(first[0]).toContain('<<EMAIL:1>>');
    expect(first[1]).toContain('<<EMAIL:2>>');
    // Sessions of one conversation share it (one per request); other conversations do not.
    await pii.session('c1').anonymize(history[0]!);
    expect(detector.calls).toBe(5);
    await pii.session('c2').anonymize(history[0]!);
    expect(detector.calls).toBe(6);
  });

  it('never gives a text the spans of another one', async () => {
    // Security: a message that differs from a remembered one (another address at the same
    // place) is detected anew; its address does not reach the model.
    const pii = createPii({ detectors: [countingEmails()] });
    const session = pii.session('c');
    await session.anonymize(longMessage('jean@exemple.fr'));
    const other = await session.anonymize(longMessage('jeanne@exemple.fr'));
    expect(other).not.toContain('jeanne@exemple.fr');
    expect(other).toContain('<<EMAIL:2>>');
  });

  it('forgets what it found with the conversation', async () => {
    const detector = countingEmails();
    const session = createPii({ detectors: [detector] }).session('c');
    await session.anonymize(longMessage('jean@exemple.fr'));
    await session.forget();
    const after = await session.anonymize(longMessage('jean@exemple.fr'));
    expect(detector.calls).toBe(2);
    expect(after).not.toContain('jean@exemple.fr');
  });

  it('asks the detectors every time when turned off', async () => {
    const detector = countingEmails();
    const session = createPii({ detectors: [detector], rememberDetections: false }).session('c');
    await session.anonymize(longMessage('jean@exemple.fr'));
    await session.anonymize(longMessage('jean@exemple.fr'));
    expect(detector.calls).toBe(2);
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => createPii({ rememberDetections: 'yes' as never })).toThrow(PiiConfigError);
  });
});
