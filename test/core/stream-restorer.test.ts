import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testPii } from './helpers';

async function feed(chunks: string[], s: Awaited<ReturnType<typeof setup>>) {
  const r = s.createStreamRestorer();
  const outputs: string[] = [];
  let maxHeld = 0;
  for (const c of chunks) {
    outputs.push(await r.push(c));
    maxHeld = Math.max(maxHeld, r.pending.length);
  }
  outputs.push(await r.flush());
  return { outputs, maxHeld };
}

async function setup() {
  const s = testPii().session('stream');
  await s.anonymize('Jean Dupont, jean.dupont@exemple.fr, marie.curie@exemple.fr');
  return s;
}

function splitAt(text: string, cuts: number[]) {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let at = 0;
  for (const p of points) {
    chunks.push(text.slice(at, p));
    at = p;
  }
  chunks.push(text.slice(at));
  return chunks;
}

const TEXT =
  'Envoyé à <<EMAIL:1>> (<<PERSON:1>>), copie <<EMAIL:2>>; cout << x; a <<b>>; inconnu <<EMAIL:9>>.';
const EXPECTED =
  'Envoyé à jean.dupont@exemple.fr (Jean Dupont), copie marie.curie@exemple.fr; cout << x; a <<b>>; inconnu <<EMAIL:9>>.';

describe('stream restorer', () => {
  it('restores tokens split at any boundary exactly once, never showing a fragment (G5)', async () => {
    const s = await setup();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const { outputs, maxHeld } = await feed(splitAt(TEXT, cuts), s);
        expect(outputs.join('')).toBe(EXPECTED);
        for (const out of outputs) {
          // No output ends with, or contains, a token fragment.
          expect(out).not.toMatch(/<<[A-Z_]*:?\d*>?$/);
          expect(out).not.toMatch(/<<(EMAIL|PERSON):[12]>>/);
        }
        expect(maxHeld).toBeLessThan(s.format.maxLength);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('works one character at a time', async () => {
    const s = await setup();
    const { outputs } = await feed([...TEXT], s);
    expect(outputs.join('')).toBe(EXPECTED);
    expect(outputs.filter((o) => o.includes('jean.dupont@exemple.fr'))).toHaveLength(1);
  });

  it('releases text like `a << b` instead of holding it', async () => {
    const s = await setup();
    const r = s.createStreamRestorer();
    expect(await r.push('cout <<')).toBe('cout ');
    expect(await r.push(' x;')).toBe('<< x;');
    expect(r.pending).toBe('');
    expect(await r.push('<<EMA')).toBe('');
    expect(await r.push('IL:1>> ok')).toBe('jean.dupont@exemple.fr ok');
    expect(await r.push(' end <<PER')).toBe(' end ');
    expect(await r.flush()).toBe('<<PER');
  });
});
