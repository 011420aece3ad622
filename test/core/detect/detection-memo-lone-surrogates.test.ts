/**
 * The detection memo tells apart texts that differ only by a lone surrogate (which `TextEncoder`
 * writes as U+FFFD): such a text is always detected.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';

describe('two texts that differ by a lone surrogate do not share a key of the detection memo', () => {
  // G1 with a custom detector only. The memo finds a text again by the SHA-256 digest of
  // `TextEncoder().encode(text)`, "a cryptographic digest, because a text that could be
  // written to match another's key would get that text's spans" (detection-memo.ts). But
  // `TextEncoder` writes every lone surrogate (U+D800 to U+DFFF alone: an emoji cut in two by a
  // `slice`, a stream chunk or a JSON `\ud83d` escape) as U+FFFD: texts that differ only there
  // get one key, and the second is given the spans of the first without being detected. The
  // default detectors read a lone surrogate and U+FFFD alike (21,690 insertions into the eval
  // set: no span differs), so nothing is lost with them; a detector that reads them otherwise
  // (a model, a custom rule) gets its answer for another text. Hash the UTF-16 code units
  // (the bytes of a `Uint16Array` of the text), or keep texts that are not well-formed
  // (`String.prototype.isWellFormed`) out of the memo.
  it('detects a text that differs from a remembered one', async () => {
    const calls = { count: 0 };
    const detector: Detector = {
      name: 'count',
      detect() {
        calls.count++;
        return [];
      },
    };
    const pii = createPii({ detectors: [detector] });
    const session = pii.session('lone-surrogate');
    const base = 'Voici le texte du contrat. '.repeat(90);
    await session.anonymize(`${base}\ufffd fin`);
    calls.count = 0;
    await session.anonymize(`${base}\ud83d fin`);
    expect(calls.count).toBe(1);
  });
});
