/**
 * G1 over generated conversations (issue 15): multi-turn conversations in EN, FR, DE, ES and IT,
 * with names and phone numbers in the forms people and tools write them, in user messages and
 * tool results, run call by call through `piiMiddleware` as a tool loop runs it. The test counts
 * the mentions whose value reaches the model fully or partly in clear, first mentions and later
 * ones apart, and fails when more do than this branch lets through.
 *
 * `npx tsx bench/conversation-leaks.ts` prints the same shares per language, form and pool of
 * names, on more conversations.
 */
import { describe, expect, it } from 'vitest';
import {
  generateConversations,
  LANGUAGES,
  NAME_FORMS,
  PHONE_FORMS,
  POOLS,
} from '../../fixtures/conversations/generate';
import { measureConversations, PARTICLES } from '../../fixtures/conversations/measure';
import { listed } from '../../fixtures/conversations/names';
import { type Shares, shares } from '../../fixtures/conversations/summarize';

/**
 * What issue 15 asks ("Done when"): first mentions fully in clear at most 1 %, later mentions at
 * most 0.2 %, names and phones together. Not asserted yet: the tagger, the partial mentions of a
 * known name and the phone work land after this branch; the assertion below moves down to these.
 */
const ISSUE_15_TARGETS = { firstFullyInClear: 0.01, laterFullyInClear: 0.002 } as const;

/**
 * What this branch lets through on these conversations (seed 15, 7 per language and pool: every
 * form of a first mention in every language and pool), as counts of mentions fully in clear and
 * not fully masked (in clear, or partly): a change that leaks one more mention fails; one that
 * masks part of a mention in clear passes. Lower them when a change masks more.
 */
const REACHED = {
  PERSON: { first: { clear: 24, notMasked: 25 }, later: { clear: 72, notMasked: 83 } },
  PHONE: { first: { clear: 0, notMasked: 0 }, later: { clear: 0, notMasked: 0 } },
} as const;

const SEED = 15;
const PER_LANGUAGE = 7;

describe('generated conversations: what reaches the model in clear', () => {
  const conversations = generateConversations({ seed: SEED, perLanguage: PER_LANGUAGE });

  it('are deterministic, in five languages and two pools, every form in each', () => {
    const again = generateConversations({ seed: SEED, perLanguage: PER_LANGUAGE });
    expect(JSON.stringify(again)).toBe(JSON.stringify(conversations));
    expect(JSON.stringify(generateConversations({ seed: SEED + 1, perLanguage: 1 }))).not.toBe(
      JSON.stringify(generateConversations({ seed: SEED, perLanguage: 1 })),
    );
    for (const lang of LANGUAGES) {
      for (const pool of POOLS) {
        const mentions = conversations
          .filter((c) => c.lang === lang && c.pool === pool)
          .flatMap((c) => c.mentions.filter((m) => m.first));
        for (const form of [...NAME_FORMS, ...PHONE_FORMS]) {
          expect(
            mentions.some((m) => m.form === form),
            `${lang} ${pool} ${form}`,
          ).toBe(true);
        }
      }
    }
    const channels = new Set(conversations.flatMap((c) => c.mentions.map((m) => m.channel)));
    expect([...channels].sort()).toEqual(['tool', 'user']);
  });

  it('mark the first mention of each value, and locate every mention', () => {
    for (const c of conversations) {
      const firsts = new Map<number, number>();
      c.mentions.forEach((m, i) => {
        if (m.first) firsts.set(m.value, i);
        else expect(firsts.has(m.value), `${c.id}: a later mention before the first`).toBe(true);
        const leaf = m.path.reduce<unknown>(
          (node, key) => (node as Record<string | number, unknown>)[key],
          c.messages[m.message],
        );
        const text = typeof leaf === 'number' ? String(leaf) : (leaf as string);
        expect(text.slice(m.start, m.end), c.id).toBe(m.text);
      });
      expect(firsts.size, c.id).toBe(4);
    }
  });

  it('draw the names of the unlisted pool from no list of the detector', () => {
    const unlisted = conversations.filter((c) => c.pool === 'unlisted');
    for (const c of unlisted) {
      for (const m of c.mentions) {
        if (m.label !== 'PERSON') continue;
        for (const word of m.text.split(/[\s,.]+/)) {
          // Titles and particles are the context, not the name.
          if (/^\p{Lu}\p{L}{2}/u.test(word) && !PARTICLES.has(word.toLowerCase())) {
            expect(listed(word), `${c.id}: ${word}`).toBe(false);
          }
        }
      }
    }
  });

  it('let no more values through than this branch does', async () => {
    const results = await measureConversations(conversations);
    const measured = shares(
      results,
      (r) => `${r.mention.label} ${r.mention.first ? 'first' : 'later'}`,
    );
    const line = (key: string, s: Shares) =>
      `${key}: ${s.mentions} mentions, ${s.clear} fully in clear (${((100 * s.clear) / s.mentions).toFixed(1)} %), ${s.partial} partly`;
    console.log([...measured].map(([key, s]) => line(key, s)).join('\n'));
    for (const label of ['PERSON', 'PHONE'] as const) {
      for (const when of ['first', 'later'] as const) {
        const s = measured.get(`${label} ${when}`)!;
        expect(s.clear, `${label} ${when}: fully in clear`).toBeLessThanOrEqual(
          REACHED[label][when].clear,
        );
        expect(s.clear + s.partial, `${label} ${when}: not fully masked`).toBeLessThanOrEqual(
          REACHED[label][when].notMasked,
        );
      }
    }
    // The issue's targets, for the record: how far this branch is from them.
    const all = (when: 'first' | 'later') => {
      const ps = [measured.get(`PERSON ${when}`)!, measured.get(`PHONE ${when}`)!];
      return ps.reduce((n, s) => n + s.clear, 0) / ps.reduce((n, s) => n + s.mentions, 0);
    };
    console.log(
      `first mentions fully in clear ${(100 * all('first')).toFixed(1)} % (target ${100 * ISSUE_15_TARGETS.firstFullyInClear} %), later ${(100 * all('later')).toFixed(1)} % (target ${100 * ISSUE_15_TARGETS.laterFullyInClear} %)`,
    );
  }, 60_000);
});
