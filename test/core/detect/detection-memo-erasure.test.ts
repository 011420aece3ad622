/**
 * The detection memo holds one life of a conversation's values: an erasure made elsewhere (another
 * process's `forget`, an expiry) or by another session object of the conversation clears it.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

describe('the detection memo does not outlive the erasure of the conversation', () => {
  // Retention; forget is the right to erasure. The memo holds what the detectors found
  // in the conversation's long texts, values included. It lives on the conversation's
  // `MatcherCache`, which `forget()` drops from this process's `ConversationCaches`. But when
  // the store reports the values dropped (`forget()` in another process sharing the store, an
  // expiry, an eviction), `MatcherCache.known` starts its listing over and rebuilds the sweep,
  // and the memo stays, values and all, as long as the conversation goes on (it is dropped
  // only by this process's LRU). The same holds for another `PiiSession` object of the
  // conversation created before `forget()` (one per request: concurrent requests). Nothing is
  // masked less (detection is a function of the text); the values the erasure dropped are
  // still held in clear in memory, and a text sent again is not detected again.
  const longText = `${'Bonjour, voici le compte rendu de la réunion. '.repeat(60)}Code SECRET-4242.`;
  const counting = () => {
    const calls = { count: 0 };
    const detector: Detector = {
      name: 'code',
      detect(text) {
        calls.count++;
        const i = text.indexOf('SECRET-4242');
        return i < 0 ? [] : [{ start: i, end: i + 11, label: 'CODE' }];
      },
    };
    return { calls, detector };
  };

  it('detects a long text again after another process forgot the conversation', async () => {
    const store = memoryVaultStore();
    const { calls, detector } = counting();
    const here = createPii({ detectors: [detector], store });
    const elsewhere = createPii({ detectors: [detector], store });
    expect(await here.session('erased-elsewhere').anonymize(longText)).toContain('<<CODE:1>>');
    await elsewhere.session('erased-elsewhere').forget();
    calls.count = 0;
    await here.session('erased-elsewhere').anonymize(longText);
    expect(calls.count).toBe(1);
  });

  it('detects a long text again in a session object made before forget()', async () => {
    const { calls, detector } = counting();
    const pii = createPii({ detectors: [detector] });
    const request1 = pii.session('erased-by-another-object');
    const request2 = pii.session('erased-by-another-object');
    await request2.anonymize(longText);
    await request1.forget();
    calls.count = 0;
    await request2.anonymize(longText);
    expect(calls.count).toBe(1);
  });
});
