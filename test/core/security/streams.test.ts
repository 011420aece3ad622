/**
 * G5 (core): a stream restorer never emits a piece of a token, restores each token exactly
 * once at every chunk boundary, and holds at most a token's length.
 */
import { describe, expect, it } from 'vitest';
import { displayText } from '../../../src/core/client/display-text';
import { defaultPlaceholderFormat } from '../../../src/core/placeholder/format';
import { countedWork, expectLinearWork } from '../counted-work';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';
const format = defaultPlaceholderFormat;
const FRAGMENT = /<<|>>|[A-Z]+:\d/;

async function known() {
  const session = testPii().session('g5');
  await session.anonymize(`Jean Dupont, ${JEAN}`); // <<PERSON:1>>, <<EMAIL:1>>
  return session;
}

async function runChunks(chunks: readonly string[]) {
  const session = await known();
  const restorer = session.createStreamRestorer();
  const out: string[] = [];
  for (const c of chunks) out.push(await restorer.push(c));
  out.push(await restorer.flush());
  return out;
}

describe('G5: stream restorer', () => {
  const text = 'À <<EMAIL:1>> (<<PERSON:1>>), cout << x >> y <<EMAIL:1>><<PERSON:1>>!';
  const expected = `À ${JEAN} (Jean Dupont), cout << x >> y ${JEAN}Jean Dupont!`;

  it('every split of the text into two chunks gives the same output and no fragment', async () => {
    for (let i = 0; i <= text.length; i++) {
      const out = await runChunks([text.slice(0, i), text.slice(i)]);
      expect(out.join('')).toBe(expected);
      for (const piece of out) expect(piece).not.toMatch(/<<[A-Z]|[A-Z]:\d/);
    }
  });

  it('one character at a time, every token restored exactly once', async () => {
    const out = await runChunks([...text]);
    expect(out.join('')).toBe(expected);
    expect(out.join('').split(JEAN)).toHaveLength(3);
    for (const piece of out) expect(piece).not.toMatch(/<<[A-Z]|[A-Z]:\d/);
  });

  it('every split into three chunks of a short token-dense text', async () => {
    const dense = '<<EMAIL:1>><<PERSON:1>>';
    for (let i = 0; i <= dense.length; i++) {
      for (let j = i; j <= dense.length; j++) {
        const out = await runChunks([dense.slice(0, i), dense.slice(i, j), dense.slice(j)]);
        expect(out.join('')).toBe(`${JEAN}Jean Dupont`);
        for (const piece of out) expect(piece).not.toMatch(FRAGMENT);
      }
    }
  });

  it('a long run of `<` is released as it streams; what is held stays under a token’s length', async () => {
    const session = await known();
    const restorer = session.createStreamRestorer();
    let emitted = '';
    for (let i = 0; i < 2000; i++) {
      emitted += await restorer.push('<');
      expect(restorer.pending.length).toBeLessThan(format.maxLength);
    }
    emitted += await restorer.push('EMAIL:1>>');
    emitted += await restorer.flush();
    expect(emitted).toBe(`${'<'.repeat(1998)}${JEAN}`);
  });

  it('an almost-token that never completes is released as written at flush', async () => {
    const out = await runChunks(['fin <<EMAIL:1', '>']);
    expect(out.join('')).toBe('fin <<EMAIL:1>');
  });

  it('a maximal-length token is held and restored whole', async () => {
    const session = testPii({ detectors: [] }).session('max');
    const label = `A${'B'.repeat(31)}`;
    await session.remember(label, 'secret');
    // Number 1 only; a 9-digit number would need 999,999,999 entries.
    const token = `<<${label}:1>>`;
    const restorer = session.createStreamRestorer();
    let out = '';
    for (const c of token) out += await restorer.push(c);
    out += await restorer.flush();
    expect(out).toBe('secret');
  });
});

describe('G5: displayText while streaming (browser side)', () => {
  const lookup = (t: string) => (t === '<<EMAIL:1>>' ? JEAN : undefined);

  it('never shows a trailing fragment at any cut of the text', () => {
    const text = 'Envoyé à <<EMAIL:1>> et <<EMAIL:2>>.';
    for (let i = 0; i <= text.length; i++) {
      const shown = displayText(text.slice(0, i), format, lookup, { streaming: true });
      expect(shown).not.toMatch(/<<[A-Z]*:?\d*>?$|<$/);
    }
  });

  it('a long run of `<` while streaming is shown except its last token-length tail', async () => {
    const text = '<'.repeat(10_000);
    const shown = displayText(text, format, lookup, { streaming: true });
    expect(shown.length).toBe(10_000 - 2);
    // Twice the run: at most twice the work (counted, not timed).
    await expectLinearWork(
      (n) => countedWork(() => displayText('<'.repeat(n), format, lookup, { streaming: true })),
      10_000,
    );
  });
});
