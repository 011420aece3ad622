import { describe, expect, it } from 'vitest';
import { phoneDetector } from '../../../src/core/detect/detectors/phone';
import { retainedHeapBytes } from '../helpers';

/** A text of about 100 KB, new at each call, holding one phone number. */
function message(k: number): string {
  const filler = `note ${k} du dossier `.repeat(5_000);
  return `${filler} appelez le 06 12 34 ${10 + (k % 90)} ${10 + Math.floor(k / 90)} merci`;
}

describe('what outlives a call keeps values, not the texts they were found in', () => {
  it('the phone detector remembers its recent verdicts without keeping the messages alive', async () => {
    const phone = phoneDetector();
    const texts = 200;
    const retained = await retainedHeapBytes(() => {
      let found = 0;
      for (let k = 0; k < texts; k++) found += phone.detect(message(k)).length;
      expect(found).toBe(texts);
    });
    // 200 messages of 100 KB are 20 MB; 200 remembered numbers and verdicts are a few KB. (Before
    // this was fixed, each remembered number was a view into its message: 20 MB stayed reachable.)
    expect(retained).toBeLessThan(2_000_000);
  });
});
