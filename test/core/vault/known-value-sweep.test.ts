import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldCode,
  foldString,
  isSpaceCode,
  SHARP_S,
  SPACE,
  skippedInView,
} from '../../../src/core/match/fold';
import { DIGIT_GROUP_LABELS, spellingVariants } from '../../../src/core/vault/canonical';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import type { VaultEntry } from '../../../src/core/vault/types';

/**
 * The sweep without boundaries (`none`), written the slow and obvious way: each view of the
 * text folded as `foldString` folds patterns (with the original index of each view
 * character), searched for every pattern. The matcher reads the views a code unit at a time,
 * through its own tables, and sleeps its digit view away from digits; it must find the same.
 */
function modelFind(entries: readonly VaultEntry[], text: string) {
  const found: { i: number; start: number; end: number; label: string }[] = [];
  for (const joinDigits of [false, true]) {
    const owners = new Map<string, VaultEntry>();
    for (const entry of entries) {
      if (joinDigits && !DIGIT_GROUP_LABELS.has(entry.label)) continue;
      for (const s of [
        entry.value,
        entry.canonical,
        ...spellingVariants(entry.label, entry.canonical),
      ]) {
        const pattern = foldString(s.trim(), joinDigits);
        if (pattern.length >= 2 && !owners.has(pattern)) owners.set(pattern, entry);
      }
    }
    const maxLength = Math.max(0, ...[...owners.keys()].map((p) => p.length));
    // The view: its characters, the original index of each, and the second `s` of each `ß`.
    let chars = '';
    const at: number[] = [];
    const inside: boolean[] = [];
    for (let i = 0; i < text.length; i++) {
      if (skippedInView(text, i, joinDigits)) continue;
      const c = text.charCodeAt(i);
      const code = isSpaceCode(c) ? SPACE : foldCode(c);
      for (const second of code === SHARP_S ? [false, true] : [false]) {
        chars += String.fromCharCode(code === SHARP_S ? 115 : code);
        at.push(i);
        inside.push(second);
      }
    }
    // At the end of each code unit, the longest pattern that does not start inside one.
    for (let q = 0; q < chars.length; q++) {
      if (at[q + 1] === at[q]) continue;
      for (let length = Math.min(maxLength, q + 1); length >= 2; length--) {
        const p = q + 1 - length;
        const owner = owners.get(chars.slice(p, q + 1));
        if (owner === undefined || inside[p]) continue;
        found.push({ i: at[q]!, start: at[p]!, end: at[q]! + 1, label: owner.label });
        break;
      }
    }
  }
  // In text order, the plain view first at each end (a stable sort keeps it first); a span
  // found by both views is kept once, as the plain view found it.
  found.sort((a, b) => a.i - b.i);
  const spans: string[] = [];
  let last = '';
  for (const { start, end, label } of found) {
    if (`${start}-${end}` === last) continue;
    last = `${start}-${end}`;
    spans.push(`${start}-${end} ${label} ${text.slice(start, end)}`);
  }
  return spans;
}

const sweepFind = (entries: readonly VaultEntry[], text: string) =>
  buildKnownValueMatcher(entries)
    .find(text, 'none')
    .map((s) => `${s.start}-${s.end} ${s.label} ${s.value}`);

describe('known-value sweep, against a model of its views', () => {
  it('reads every code unit as the fold does', () => {
    // One value per code unit below U+3000, and a few above: plain (`q?z`) and digit view
    // (`7?7`), in a text that has them all.
    const units = [
      ...Array.from({ length: 0x3000 }, (_, c) => c),
      0x3000,
      0x3001,
      0x4e00,
      0xfeff,
      0xff10,
      0xff19,
      0xff21,
      0xff0e,
      0xd83d,
      0xde00,
      0xffff,
    ];
    const entries: VaultEntry[] = units.flatMap((c, n) => [
      { label: 'PERSON', n, value: `q${String.fromCharCode(c)}z`, canonical: 'x' },
      { label: 'IBAN', n, value: `7${String.fromCharCode(c)}7`, canonical: 'x' },
    ]);
    const text = units.map((c) => `q${String.fromCharCode(c)}z 7${String.fromCharCode(c)}7;`);
    expect(sweepFind(entries, text.join(''))).toEqual(modelFind(entries, text.join('')));
  });

  it('finds what the model finds (digit view asleep and awake, ß, separators, invisible units)', () => {
    const labels = fc.constantFrom('PHONE', 'IBAN', 'PERSON', 'EMAIL');
    const valueUnit = fc.constantFrom(...'0123456789fr+ ./-éßs'.split(''), '12', '0612');
    const value = fc
      .array(valueUnit, { minLength: 2, maxLength: 8 })
      .map((units) => units.join(''));
    const entry = fc.record({ label: labels, value, n: fc.constant(1) });
    const noise = fc.constantFrom(
      ...' .-/+0123456789xFRsSßẞé’王😀'.split(''),
      '\u200b',
      '\u00ad',
      '\u0301',
      '  ',
      '\n\n',
      ' - ',
      '０',
      '７',
      'Ａ',
      '\u00a0',
    );
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 5 }),
        fc.array(fc.oneof(noise, fc.nat()), { maxLength: 40 }),
        (drawn, parts) => {
          const entries = drawn.map((e) => ({ ...e, canonical: e.value.toLowerCase() }));
          // The text: noise and the values, some written in capitals or with single spaces.
          const text = parts
            .map((part) => {
              if (typeof part === 'string') return part;
              const v = entries[part % entries.length]!.value;
              return part % 3 === 0 ? v.toUpperCase() : part % 3 === 1 ? v.replace(/-/g, ' ') : v;
            })
            .join('');
          expect(sweepFind(entries, text)).toEqual(modelFind(entries, text));
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('wakes the digit view up in time for a value that starts before its first digit', () => {
    const entries: VaultEntry[] = [
      { label: 'IBAN', n: 1, value: 'FR76 3000 6000', canonical: 'fr7630006000' },
      { label: 'PHONE', n: 1, value: '+1 (202) 555-0173', canonical: '+12025550173' },
    ];
    // (`７` is a full-width digit: it wakes the digit view up as `7` would.)
    const text = 'iban FR\u200b76-3000.6000, tel +1 (202) 555 0173, FR７6-3000.6000';
    expect(sweepFind(entries, text)).toEqual([
      '5-20 IBAN FR\u200b76-3000.6000',
      '26-43 PHONE +1 (202) 555 0173',
      '45-59 IBAN FR７6-3000.6000',
    ]);
    expect(modelFind(entries, text)).toEqual(sweepFind(entries, text));
  });

  it('keeps the digit view awake when one of its patterns has no digit', () => {
    const entries: VaultEntry[] = [
      { label: 'PHONE', n: 1, value: 'ab', canonical: 'ab' },
      { label: 'PERSON', n: 1, value: 'xab', canonical: 'xab' },
    ];
    expect(sweepFind(entries, 'xab')).toEqual(['0-3 PERSON xab', '1-3 PHONE ab']);
    expect(modelFind(entries, 'xab')).toEqual(sweepFind(entries, 'xab'));
  });
});
