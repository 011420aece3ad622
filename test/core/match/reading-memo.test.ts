import { afterEach, describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { LAYOUT_PATTERNS } from '../../../src/core/match/layout-pieces';
import { OBFUSCATED_EMAIL_PATTERNS } from '../../../src/core/match/obfuscated-emails';
import { ReadingMemo } from '../../../src/core/match/reading-memo';

const piece = (from: number) => ({ from, to: from + 1, decoded: '' });

describe('ReadingMemo', () => {
  it('gives back what the scans found in a text, by its digest', () => {
    const memo = new ReadingMemo();
    expect(memo.recall('a')).toBeUndefined();
    memo.remember('a', { payloads: false, layout: [piece(3)] });
    expect(memo.recall('a')).toEqual({ payloads: false, layout: [piece(3)] });
    expect(memo.recall('b')).toBeUndefined();
  });

  it('keeps the most recently used texts within its bounds', () => {
    const memo = new ReadingMemo({ maxTexts: 2, maxPieces: 3 });
    memo.remember('a', { payloads: false, layout: [] });
    memo.remember('b', { payloads: false, layout: [] });
    memo.recall('a'); // a is now the most recent
    memo.remember('c', { payloads: false, layout: [] }); // b goes (two texts at most)
    expect([memo.recall('a'), memo.recall('b'), memo.recall('c')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    // Three pieces at most: a text of two pushes out the oldest one of one.
    memo.remember('d', { payloads: false, layout: [piece(0)] });
    memo.remember('e', { payloads: false, layout: [piece(0), piece(1)] });
    expect(memo.size).toBe(2);
    expect(memo.recall('d')).toBeDefined();
    expect(memo.recall('e')).toBeDefined();
    // A text of more pieces than the bound is not remembered at all.
    memo.remember('f', { payloads: false, layout: [piece(0), piece(1), piece(2), piece(3)] });
    expect(memo.recall('f')).toBeUndefined();
  });
});

// The scans' own regexes, counted as they run (no clock): a text whose scans are remembered
// runs none of them.
const SCAN_PATTERNS = new Set<RegExp>([...LAYOUT_PATTERNS, ...OBFUSCATED_EMAIL_PATTERNS]);
const originalExec = RegExp.prototype.exec;
async function scanRuns(run: () => Promise<unknown>): Promise<number> {
  let runs = 0;
  RegExp.prototype.exec = function exec(this: RegExp, input: string) {
    if (SCAN_PATTERNS.has(this)) runs++;
    return originalExec.call(this, input);
  };
  try {
    await run();
    return runs;
  } finally {
    RegExp.prototype.exec = originalExec;
  }
}
afterEach(() => {
  RegExp.prototype.exec = originalExec;
});

/** A history message of about 6 KB (remembered: 2 KB or more) with `inside` in its middle. */
const historyMessage = (inside: string) =>
  `${'Le dossier suit son cours. '.repeat(110)}${inside}\n${'Merci de votre patience. '.repeat(110)}`;

describe('anonymize: a long text sent again is not scanned again', () => {
  const pii = () => createPii({ detectors: defaultDetectors() });

  it('scans a message with nothing to read once, then only finds it again', async () => {
    const session = pii().session('plain');
    const text = historyMessage('Écrivez à jean.dupont@exemple.fr pour la suite.');
    // The first call of a conversation has no values yet (see `DetectionMemo`): its texts are
    // remembered from the next call on.
    const first = await session.anonymize(text);
    expect(await scanRuns(() => session.anonymize(text))).toBeGreaterThan(0);
    expect(await scanRuns(() => session.anonymize(text))).toBe(0);
    expect(await session.anonymize(text)).toBe(first);
    expect(first).toContain('<<EMAIL:1>>');
  });

  it('still reads the layout a remembered text holds: a spelled-out address, a hard wrap', async () => {
    const session = pii().session('layout');
    const text = historyMessage(
      'Écrivez à marie.curie [at] exemple [dot] fr ou à jean.dupont@\nexemple.fr demain.',
    );
    const outs = [];
    for (let k = 0; k < 4; k++) outs.push(await session.anonymize(text));
    expect(await scanRuns(() => session.anonymize(text))).toBe(0);
    for (const out of outs) {
      expect(out).not.toMatch(/marie|curie|jean|dupont/);
      expect(out).toBe(outs[0]);
    }
  });

  it('still reads the payloads a remembered text holds', async () => {
    const session = pii().session('payloads');
    const data = Buffer.from('Écrivez à jean.dupont@exemple.fr', 'utf8').toString('base64');
    const text = historyMessage(`{"body":{"data":"${data}"}}`);
    const outs = [];
    for (let k = 0; k < 4; k++) outs.push(await session.anonymize(text));
    for (const out of outs) {
      expect(out).not.toContain(data);
      expect(out).toBe(outs[0]);
    }
    const body = /"data":"([^"]+)"/.exec(outs[0]!)![1]!;
    expect(Buffer.from(body, 'base64').toString('utf8')).toBe('Écrivez à <<EMAIL:1>>');
  });

  it('never gives a text what was found in another one', async () => {
    // Security: a message that differs from a remembered one only by a layout case or a
    // payload (same length, same start and end) is scanned anew; its value does not reach the
    // model.
    const session = pii().session('other');
    const remembered = async (text: string) => {
      for (let k = 0; k < 3; k++) await session.anonymize(text);
    };
    const plain = historyMessage('Écrivez à marie.curie [et] exemple [des] fr chez nous.');
    const spelled = historyMessage('Écrivez à marie.curie [at] exemple [dot] fr chez nous.');
    expect(spelled.length).toBe(plain.length);
    await remembered(plain);
    expect(await session.anonymize(spelled)).not.toMatch(/marie\.curie|exemple \[dot\]/);
    const data = Buffer.from('marie.curie@exemple.fr', 'utf8').toString('base64');
    await remembered(historyMessage(`data: ${'x'.repeat(data.length)} chez nous.`));
    expect(await session.anonymize(historyMessage(`data: ${data} chez nous.`))).not.toContain(data);
  });

  it('scans at every call when detections are not remembered', async () => {
    const session = createPii({ detectors: defaultDetectors(), rememberDetections: false }).session(
      'off',
    );
    const text = historyMessage('Écrivez à jean.dupont@exemple.fr pour la suite.');
    await session.anonymize(text);
    await session.anonymize(text);
    expect(await scanRuns(() => session.anonymize(text))).toBeGreaterThan(0);
  });
});
