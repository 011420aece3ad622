/**
 * Security review of 2026-11-30 (changes since cbb60c0), core findings. Each test failed on the
 * reviewed tree and passes since its fix.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { personDetector } from '../../../src/core/detect/detectors/person';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import { scanWorkOf } from '../helpers';

describe('review 2026-11-30: known-value sweep', () => {
  it('R1: a known value ending in `s` followed by another `s` is still masked (ss→ß pairing, G1)', async () => {
    // Before 03f9c9b the sweep found `Jean Dubois` in `Jean Duboiss` (values of several parts
    // are found glued to letters; the model's own text is swept with no boundary at all, H1).
    // The folded view now reads the `ss` as one `ß`, so `dubois` is no longer in `duboiß`.
    const session = createPii().session('r1-sharp-s');
    expect(await session.anonymize('Écrivez à Jean Dubois, jean.dubois@exemple.fr')).toBe(
      'Écrivez à <<PERSON:1>>, <<EMAIL:1>>',
    );
    await session.remember('PERSON', 'Thomas');
    // The model wrote `<<PERSON:1>>s Adresse` (German genitive); piiRestoreTransform restored it
    // and the next step's prompt holds the assistant text below.
    const assistant = await session.anonymize(
      'Ich schreibe an Jean Duboiss Adresse und an Thomass Büro.',
      { role: 'assistant' },
    );
    expect(assistant).not.toContain('Dubois');
    expect(assistant).not.toContain('Thomas');
    expect(assistant).toBe('Ich schreibe an <<PERSON:1>>s Adresse und an <<PERSON:2>>s Büro.');
  });

  it('R1: the matcher finds a value in every occurrence whatever `s` touches it (offsets exact)', () => {
    const matcher = buildKnownValueMatcher([
      { label: 'PERSON', n: 1, value: 'Jean Dubois', canonical: 'jean dubois' },
      {
        label: 'EMAIL',
        n: 1,
        value: 'sophie.martin@exemple.es',
        canonical: 'sophie.martin@exemple.es',
      },
    ]);
    const text = 'Jean Duboiss / sophie.martin@exemple.ess / Msophie.martin@exemple.es';
    const found = matcher.find(text, 'none').map((s) => text.slice(s.start, s.end));
    expect(found).toEqual(['Jean Dubois', 'sophie.martin@exemple.es', 'sophie.martin@exemple.es']);
    // Left side: an `s` glued before a value that starts with `s`.
    const glued = 'Mrssophie.martin@exemple.es';
    expect(matcher.find(glued, 'none').map((s) => glued.slice(s.start, s.end))).toEqual([
      'sophie.martin@exemple.es',
    ]);
  });
});

describe('review 2026-11-30: detection stays linear (G7)', () => {
  it('R2: the PERSON detector reads a long run of ASCII letters a bounded number of times', () => {
    // The ASCII fast path reads the whole run, finds it longer than MAX_PART, goes back to its
    // start and lets `readPart` take 40 letters; the next word starts 40 letters on and the fast
    // path reads the whole rest again: (n / 40) passes of up to n letters. A 1 MB line of
    // letters (a text attachment, a FASTA sequence, a pasted blob) blocks the event loop for
    // tens of seconds.
    const detector = personDetector();
    for (const make of [(n: number) => 'a'.repeat(n), (n: number) => `A${'a'.repeat(n - 1)}`]) {
      const small = scanWorkOf(() => detector.detect(make(8_000)));
      const large = scanWorkOf(() => detector.detect(make(32_000)));
      // 4x the text may cost 4x the reads (plus slack), never 16x.
      expect(large).toBeLessThanOrEqual(6 * small);
    }
  });
});

describe('review 2026-11-30: phone numbers in one digit run (G1)', () => {
  it('R4: no digit of a phone number is left in clear next to another number', async () => {
    // Before the fix the phone detector read runs greedily from the left: its first number ate
    // the first group of the next one, whose other digits reached the model in clear.
    const session = createPii().session('r4-phone-runs');
    const cases = [
      ['SSN 123-45-6789 06 12 34 56 78', 'SSN <<US_SSN:1>> <<PHONE:1>>'],
      ['nums 06 12 34 56 78 07 98 76 54 32', 'nums <<PHONE:1>> <<PHONE:2>>'],
      ['phone 555 0199 06 12 34 56 78', 'phone 555 0199 <<PHONE:1>>'],
    ] as const;
    for (const [text, expected] of cases) {
      const out = await session.anonymize(text);
      expect(out).toBe(expected);
      expect(out).not.toMatch(/\d\d \d\d \d\d/);
    }
  });
});

describe('review 2026-11-30: spans that cross the span that beat them (G1)', () => {
  it('R5: a detected value is never left half in clear by a longer one read across it', async () => {
    // Before the fix, overlap resolution dropped the loser whole: the address read from `5473`
    // beat the card, whose `5469 3616 0497` reached the model; the phone read on into the IP
    // address beat it and left `.44`.
    const session = createPii().session('r5-crossing');
    const cases = [
      ['x 5469 3616 0497 5473-ravi.subramanian@gmail.com y', 'x <<EMAIL:1>> y'],
      ['ip +49 30 901820 10.96.74.44 y', 'ip <<PHONE:1>> y'],
      [
        'cards 5448 9663 2846 3816/5448 9663 2846 3816',
        'cards <<CREDIT_CARD:1>>/<<CREDIT_CARD:1>>',
      ],
      // A phone and a card read from its `4321`: the rest of the run goes with them.
      ['tel +39 333 765 4321 4111 1111 1111 1111 fin', 'tel <<CREDIT_CARD:2>> fin'],
    ] as const;
    for (const [text, expected] of cases) {
      const out = await session.anonymize(text);
      expect(out).toBe(expected);
    }
    // The whole text is one value: it restores as it was written.
    expect(await session.restore('x <<EMAIL:1>> y')).toBe(cases[0][0]);
  });
});
