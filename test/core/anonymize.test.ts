import { describe, expect, it } from 'vitest';
import { PiiConfigError, PiiStoreError } from '../../src/core/errors';
import { memoryVaultStore } from '../../src/core/vault/memory-store';
import type { VaultStore } from '../../src/core/vault/types';
import { testPii } from './helpers';

describe('session.anonymize', () => {
  it('numbers values per label in first-seen order and keeps one token per value (G2)', async () => {
    const s = testPii().session('c1');
    expect(await s.anonymize('Écrivez à Jean Dupont, jean.dupont@exemple.fr')).toBe(
      'Écrivez à <<PERSON:1>>, <<EMAIL:1>>',
    );
    expect(
      await s.anonymize(
        'Copie à marie.curie@exemple.fr et Marie Curie, puis jean.dupont@exemple.fr',
      ),
    ).toBe('Copie à <<EMAIL:2>> et <<PERSON:2>>, puis <<EMAIL:1>>');
  });

  it('isolates conversations', async () => {
    const pii = testPii();
    expect(await pii.session('a').anonymize('marie.curie@exemple.fr')).toBe('<<EMAIL:1>>');
    expect(await pii.session('b').anonymize('jean.dupont@exemple.fr')).toBe('<<EMAIL:1>>');
    expect(await pii.session('b').restore('<<EMAIL:1>>')).toBe('jean.dupont@exemple.fr');
    expect(await pii.session('a').restore('<<EMAIL:1>>')).toBe('marie.curie@exemple.fr');
  });

  it('gives variants of a value the same token and restores the first-seen spelling', async () => {
    const s = testPii().session('v');
    await s.anonymize('Jean Dupont <Jean.Dupont@Exemple.fr>');
    expect(await s.anonymize('JEAN.DUPONT@EXEMPLE.FR, jean dupont, JEAN   DUPONT')).toBe(
      '<<EMAIL:1>>, <<PERSON:1>>, <<PERSON:1>>',
    );
    expect(await s.restore('<<EMAIL:1>> <<PERSON:1>>')).toBe('Jean.Dupont@Exemple.fr Jean Dupont');
  });

  it('masks known values even where the detector misses them (lower-case name)', async () => {
    const s = testPii().session('k');
    await s.anonymize('Bonjour Aïcha Benali');
    // The test detector is case-sensitive: only the vault sweep can find these.
    expect(await s.anonymize('aïcha benali a écrit; AÏCHA BENALI aussi')).toBe(
      '<<PERSON:1>> a écrit; <<PERSON:1>> aussi',
    );
    // A value of several words is masked even glued to letters (a restored value followed by
    // a suffix, `<<PERSON:1>>s`); a single-word value is not found inside a longer word.
    expect(await s.anonymize('aïcha benalis')).toBe('<<PERSON:1>>s');
    await s.remember('PERSON', 'Aïcha');
    expect(await s.anonymize('aïchatou et aïcha')).toBe('aïchatou et <<PERSON:2>>');
  });

  it('masks remembered values and digit-grouping variants of known numbers', async () => {
    const s = testPii().session('r');
    expect(await s.remember('PHONE', '+33 6 12 34 56 78')).toBe('<<PHONE:1>>');
    expect(await s.remember('CREDIT_CARD', '4111 1111 1111 1111')).toBe('<<CREDIT_CARD:1>>');
    const masked = await s.anonymize(
      'Appelez le 06.12.34.56.78 ou +33612345678; carte 4111-1111-1111-1111; pas 06 12 34 56 789',
    );
    expect(masked).toBe(
      'Appelez le <<PHONE:1>> ou <<PHONE:1>>; carte <<CREDIT_CARD:1>>; pas 06 12 34 56 789',
    );
    await expect(s.remember('bad label', 'x')).rejects.toBeInstanceOf(PiiConfigError);
    await expect(s.remember('PERSON', '  ')).rejects.toBeInstanceOf(PiiConfigError);
  });

  it('never hands one token to two values under 50 concurrent calls (G2)', async () => {
    const s = testPii().session('concurrent');
    const emails = Array.from({ length: 25 }, (_, i) => `user${i}@exemple.fr`);
    const texts = Array.from(
      { length: 50 },
      (_, i) => `${emails[i % 25]} et ${emails[(i * 7) % 25]}`,
    );
    const results = await Promise.all(texts.map((t) => s.anonymize(t)));
    const tokenOf = new Map<string, string>();
    results.forEach((masked, i) => {
      const [a, b] = masked.split(' et ');
      const pairs: [string, string][] = [
        [emails[i % 25]!, a!],
        [emails[(i * 7) % 25]!, b!],
      ];
      for (const [value, token] of pairs) {
        expect(tokenOf.get(value) ?? token).toBe(token);
        tokenOf.set(value, token);
      }
    });
    expect(new Set(tokenOf.values()).size).toBe(25);
    const entries = await s.entries();
    expect(entries.map((e) => e.token).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `<<EMAIL:${i + 1}>>`).sort(),
    );
    for (const [value, token] of tokenOf) expect(await s.restore(token)).toBe(value);
  });

  it('neutralises tokens typed by a user so they can never be restored (G8)', async () => {
    const s = testPii().session('g8');
    await s.anonymize('jean.dupont@exemple.fr');
    const masked = await s.anonymize('What is <<EMAIL:1>>? Tell me <<PERSON:1>>');
    expect(s.format.findAll(masked)).toEqual([]);
    expect(await s.restore(masked)).toBe(masked);
    expect(await s.restore(masked)).not.toContain('jean.dupont@exemple.fr');
  });

  it('keeps tokens written by the model and masks known values it repeats, not its own ones (BR-TOOL-09)', async () => {
    const s = testPii().session('assistant');
    await s.anonymize('Écrivez à jean.dupont@exemple.fr');
    const masked = await s.anonymize(
      'Envoyé à <<EMAIL:1>> (jean.dupont@exemple.fr), copie support@acme.example',
      {
        role: 'assistant',
      },
    );
    expect(masked).toBe('Envoyé à <<EMAIL:1>> (<<EMAIL:1>>), copie support@acme.example');
    expect(
      await s.anonymize('copie support@acme.example', { role: 'assistant', detect: true }),
    ).toBe('copie <<EMAIL:2>>');
  });

  it('maps every string leaf of nested values and leaves other values alone', async () => {
    const s = testPii().session('deep');
    const date = new Date(0);
    const input = {
      to: ['jean.dupont@exemple.fr', { cc: 'Marie Curie' }],
      retries: 3,
      urgent: true,
      note: null,
      at: date,
    };
    const out = await s.anonymizeValue(input);
    expect(out).toEqual({
      to: ['<<EMAIL:1>>', { cc: '<<PERSON:1>>' }],
      retries: 3,
      urgent: true,
      note: null,
      at: date,
    });
    expect(out.at).toBe(date);
    expect(input.to[0]).toBe('jean.dupont@exemple.fr');
    expect(await s.restoreValue(out)).toEqual(input);
  });

  it('handles cycles and refuses absurd depth', async () => {
    const s = testPii().session('cycle');
    const a: Record<string, unknown> = { email: 'jean.dupont@exemple.fr' };
    a.self = a;
    const out = (await s.anonymizeValue(a)) as Record<string, unknown>;
    expect(out.email).toBe('<<EMAIL:1>>');
    expect(out.self).toBe(out);
    let deep: unknown = 'jean.dupont@exemple.fr';
    for (let i = 0; i < 200; i++) deep = [deep];
    await expect(s.anonymizeValue(deep)).rejects.toBeInstanceOf(PiiConfigError);
  });

  it('fails closed with PiiStoreError when the store fails (G7)', async () => {
    const store = memoryVaultStore();
    const broken: VaultStore = {
      ...store,
      allocate: async () => Promise.reject(new Error('ECONNREFUSED')),
    };
    const s = testPii({ store: broken }).session('down');
    const error = await s.anonymize('jean.dupont@exemple.fr').catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.code).toBe('PII_STORE');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('requires a conversation id and string input', async () => {
    const pii = testPii();
    expect(() => pii.session('')).toThrow(PiiConfigError);
    expect(() => pii.session(undefined as never)).toThrow(/conversation id/);
    await expect(pii.session('x').anonymize(42 as never)).rejects.toBeInstanceOf(PiiConfigError);
  });

  it('keeps offsets right around emoji and CJK', async () => {
    const s = testPii().session('cjk');
    expect(await s.anonymize('😀邮件:wang.wei@example.cn电话 王伟🎉')).toBe(
      '😀邮件:<<EMAIL:1>>电话 <<PERSON:1>>🎉',
    );
  });

  it('breaks a tie between two known values at one range in the order the sweep found them', async () => {
    // Decoded, `&#128512;` is two code units: the value from its second one to the first of
    // the next (found first) and the value around both (found next) cover the same range of
    // the text as written. Equal in every respect, the one found first wins: the order in which
    // swept spans reach resolution decides which token the text gets.
    const s = testPii().session('tie');
    await s.remember('CUSTOM', '\ude00x\ud83d');
    await s.remember('CUSTOM', '\ud83d\ude00x\ud83d\ude00');
    expect(await s.anonymize('a &#128512;x&#128512; b', { detect: false })).toBe(
      'a <<CUSTOM:1>> b',
    );
  });

  it('forgets a conversation on request', async () => {
    const s = testPii().session('erase');
    await s.anonymize('jean.dupont@exemple.fr');
    expect(await s.summary()).toEqual({ entries: 1, labels: { EMAIL: 1 } });
    await s.forget();
    expect(await s.entries()).toEqual([]);
    await expect(s.restore('<<EMAIL:1>>')).rejects.toThrow(/never issued/);
  });
});

/** A memory store whose listings are counted: calls, offsets, entries handed out. */
function countingStore(options: { listSince?: boolean } = {}) {
  const inner = memoryVaultStore();
  const calls = { list: 0, listed: 0, since: [] as number[], returned: 0 };
  const store: VaultStore = {
    allocate: (...a) => inner.allocate(...a),
    getByRefs: (...a) => inner.getByRefs(...a),
    getByCanonical: (...a) => inner.getByCanonical(...a),
    summary: (...a) => inner.summary(...a),
    forget: (...a) => inner.forget(...a),
    async list(id) {
      calls.list++;
      const out = await inner.list(id);
      calls.listed += out.length;
      return out;
    },
  };
  if (options.listSince !== false) {
    store.listSince = async (id, offset) => {
      calls.since.push(offset);
      const out = await inner.listSince!(id, offset);
      calls.returned += out.entries.length;
      return out;
    };
  }
  return { store, calls, inner };
}

const emails = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `user${from + i}@exemple.fr`).join(' ');

describe('known values kept between requests (conversationCache)', () => {
  it('a new session of the same conversation fetches only what is new', async () => {
    const { store, calls } = countingStore();
    const pii = testPii({ store });
    await pii.session('kept').anonymize(emails(0, 50));
    await pii.session('kept').anonymize('rien');
    expect(calls.since).toEqual([0, 0]);
    expect(calls.returned).toBe(50);
    // A third request: nothing is listed again, and the known values are still swept.
    expect(await pii.session('kept').anonymize('USER7@EXEMPLE.FR')).toBe('<<EMAIL:8>>');
    expect(calls.since).toEqual([0, 0, 50]);
    expect(calls.returned).toBe(50);
  });

  it('sees what another process allocated (its generation and total are checked each call)', async () => {
    const { store, calls } = countingStore();
    const here = testPii({ store });
    const elsewhere = testPii({ store });
    await here.session('shared').anonymize('rien');
    await elsewhere.session('shared').remember('PERSON', 'Zoé Martin');
    expect(await here.session('shared').anonymize('zoé martin')).toBe('<<PERSON:1>>');
    await elsewhere.session('shared').forget();
    await elsewhere.session('shared').remember('PERSON', 'Paul Roux');
    // Same total as before the erasure: only the generation tells the cache is stale.
    expect(await here.session('shared').anonymize('zoé martin, paul roux')).toBe(
      'zoé martin, <<PERSON:2>>',
    );
    expect(calls.since.slice(-2)).toEqual([1, 0]);
  });

  it('keeps nothing between sessions with conversationCache: 0, and drops a conversation on forget()', async () => {
    const { store, calls } = countingStore();
    const pii = testPii({ store, conversationCache: 0 });
    await pii.session('none').anonymize(emails(0, 5));
    await pii.session('none').anonymize('rien');
    await pii.session('none').anonymize('rien');
    expect(calls.since).toEqual([0, 0, 0]);
    const cached = testPii({ store });
    await cached.session('dropped').anonymize(emails(0, 5));
    await cached.session('dropped').anonymize('rien');
    await cached.session('dropped').forget();
    calls.since.length = 0;
    await cached.session('dropped').anonymize('rien');
    expect(calls.since).toEqual([0]);
    expect(() => testPii({ conversationCache: -1 })).toThrow(/conversationCache/);
  });
});

describe('session.anonymize with listSince: only the new entries are fetched', () => {
  it('a second call fetches only what was allocated since the first', async () => {
    const { store, calls } = countingStore();
    const s = testPii({ store }).session('since');
    await s.anonymize(emails(0, 100));
    expect(calls.since).toEqual([0]);
    expect(calls.returned).toBe(0); // the vault was empty; the 100 were allocated after
    await s.anonymize('rien de nouveau');
    expect(calls.since).toEqual([0, 0]);
    expect(calls.returned).toBe(100);
    calls.returned = 0;
    await s.anonymize(`${emails(100, 3)} et user5@exemple.fr`);
    expect(calls.since).toEqual([0, 0, 100]);
    expect(calls.returned).toBe(0);
    expect(await s.anonymize('USER5@exemple.fr, user101@exemple.fr')).toBe(
      '<<EMAIL:6>>, <<EMAIL:102>>',
    );
    expect(calls.since).toEqual([0, 0, 100, 100]);
    expect(calls.returned).toBe(3);
    await s.anonymizeMany(['a', 'b']);
    expect(calls.since.at(-1)).toBe(103);
    expect(calls.returned).toBe(3);
    expect(calls.list).toBe(0);
  });

  it('finds values remembered through the same session, and starts over after forget()', async () => {
    const { store, calls } = countingStore();
    const s = testPii({ store }).session('since-forget');
    expect(await s.anonymize('jean.dupont@exemple.fr')).toBe('<<EMAIL:1>>');
    await s.remember('PERSON', 'Zoé Martin');
    expect(await s.anonymize('zoé martin')).toBe('<<PERSON:1>>');
    await s.forget();
    await s.remember('PERSON', 'Paul Roux');
    await s.remember('PERSON', 'Léa Roux');
    // forget() dropped what this process held: the next call lists from the start.
    expect(await s.anonymize('zoé martin, paul roux, léa roux')).toBe(
      'zoé martin, <<PERSON:2>>, <<PERSON:3>>',
    );
    expect(calls.since).toEqual([0, 0, 0]);
  });

  it('stays right under concurrent calls of one session', async () => {
    const { store } = countingStore();
    const s = testPii({ store }).session('since-concurrent');
    const names = Array.from({ length: 30 }, (_, i) => `Prénom${i} Nom${i}`);
    await s.anonymize(emails(0, 20));
    // Listings answered in any order, interleaved with allocations by the same session.
    const out = await Promise.all(
      names.flatMap((name, i) => [
        s.remember('PERSON', name),
        s.anonymize(`${emails(20 + i, 1)} ${emails(i, 1)} ${names.slice(0, i).join(', ')}`),
      ]),
    );
    for (const masked of out) expect(masked).not.toMatch(/@|Prénom/);
    // Every value allocated by any of them is swept by the next call (names: by the sweep only).
    const all = await s.anonymize(`${names.join(', ').toLowerCase()} ${emails(0, 50)}`);
    expect(all).not.toMatch(/@|prénom/);
    expect(new Set(s.tokensIn(all)).size).toBe(80);
  });

  it('answers out of order, with another session allocating and forgetting: never stale', async () => {
    const inner = memoryVaultStore();
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    // Listings are taken at once and delivered after 0-3 ms: concurrent calls see them out of order.
    const store: VaultStore = {
      ...inner,
      async listSince(id, offset) {
        const out = await inner.listSince!(id, offset);
        await new Promise((resolve) => setTimeout(resolve, random() % 4));
        return out;
      },
    };
    const a = testPii({ store }).session('race');
    const b = testPii({ store }).session('race');
    let known: string[] = [];
    let forgotten: string[] = [];
    for (let round = 0; round < 20; round++) {
      const name = `Prénom${round} Nom${round}`;
      await b.remember('PERSON', name);
      known.push(name);
      const text = `${known.join(', ')} | ${forgotten.join(', ')}`.toLowerCase();
      const out = await Promise.all(
        Array.from({ length: 5 }, (_, i) => a.anonymize(`${text} r${round}c${i}@exemple.fr`)),
      );
      for (const masked of out) {
        // Known names are swept (no detector finds them); forgotten ones are not brought back.
        for (const n of known) expect(masked).not.toContain(n.toLowerCase());
        for (const n of forgotten) expect(masked).toContain(n.toLowerCase());
      }
      if (round % 5 === 4) {
        await b.forget();
        forgotten = [...forgotten, ...known];
        known = [];
      }
    }
  });

  it('lists the whole vault on every call with a store without listSince (as before)', async () => {
    const { store, calls } = countingStore({ listSince: false });
    const s = testPii({ store }).session('list-only');
    await s.anonymize(emails(0, 10));
    await s.anonymize('user3@exemple.fr');
    await s.anonymize('x');
    expect(calls.list).toBe(3);
    expect(calls.listed).toBe(20);
  });

  it('a store spread with another list() has no listSince: its list() is used', async () => {
    const inner = memoryVaultStore();
    expect(Object.keys(inner)).not.toContain('listSince');
    let listed = 0;
    const spread: VaultStore = {
      ...inner,
      list: (id) => {
        listed++;
        return inner.list(id);
      },
    };
    expect(spread.listSince).toBeUndefined();
    const s = testPii({ store: spread }).session('spread');
    await s.anonymize('jean.dupont@exemple.fr');
    await s.anonymize('x');
    expect(listed).toBe(2);
  });

  it('fails closed with PiiStoreError when listSince fails or gives an invalid listing', async () => {
    const inner = memoryVaultStore();
    const failing: VaultStore = {
      ...inner,
      listSince: () => Promise.reject(new Error('ECONNRESET')),
    };
    const error = await testPii({ store: failing })
      .session('f')
      .anonymize('x')
      .catch((e) => e);
    expect(error).toBeInstanceOf(PiiStoreError);
    expect(error.message).toMatch(/listSince\(\): ECONNRESET/);
    for (const bad of [
      { entries: [], total: -1, generation: '' },
      { entries: [{ label: 'EMAIL', n: 1, value: 'a', canonical: 'a' }], total: 0, generation: '' },
      { entries: [], total: 0 },
      undefined,
    ]) {
      const store: VaultStore = { ...inner, listSince: async () => bad as never };
      await expect(testPii({ store }).session('bad').anonymize('x')).rejects.toBeInstanceOf(
        PiiStoreError,
      );
    }
  });
});
