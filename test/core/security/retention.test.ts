import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
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
    const retained = await retainedHeapBytes(async () => {
      let found = 0;
      for (let k = 0; k < texts; k++) found += (await phone.detect(message(k))).length;
      expect(found).toBe(texts);
    });
    // 200 messages of 100 KB are 20 MB; 200 remembered numbers and verdicts are a few KB. (Before
    // this was fixed, each remembered number was a view into its message: 20 MB stayed reachable.)
    expect(retained).toBeLessThan(2_000_000);
  });

  it('the memory vault store keeps each value, not the message it was found in', async () => {
    const pii = createPii();
    const conversations = 200;
    let outputs: string[] = [];
    const retained = await retainedHeapBytes(async () => {
      for (let k = 0; k < conversations; k++) {
        const text = `${message(k)} ou écrivez à dominique.martin.${k}@example.org`;
        outputs.push(await pii.session(`c${k}`).anonymize(text));
      }
      // What the calls return is dropped: only the vault (and the detectors' caches) remain.
      expect(outputs.every((o) => !o.includes('@example.org'))).toBe(true);
      outputs = [];
    });
    // 200 conversations of one 100 KB message each hold 400 short values, a few tens of KB with
    // their maps; the messages themselves (20 MB) must not stay reachable through them.
    expect(retained).toBeLessThan(4_000_000);
    expect((await pii.session('c7').entries()).map((e) => e.label)).toEqual(['PHONE', 'EMAIL']);
  });

  it('a conversation remembers what it found in its long texts, not the texts', async () => {
    const session = createPii().session('history');
    const texts = 60;
    const retained = await retainedHeapBytes(async () => {
      for (let k = 0; k < texts; k++) {
        const output = await session.anonymize(message(k));
        expect(output).not.toContain('06 12 34');
      }
    });
    // The detection memo holds the spans of up to 64 texts, the vault 60 numbers: a few tens of
    // KB. The 60 messages (6 MB) must not stay reachable through them.
    expect(retained).toBeLessThan(1_500_000);
  });
});
