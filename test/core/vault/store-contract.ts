import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { PiiInventedTokenError } from '../../../src/core/errors';
import type { VaultEntry, VaultItem, VaultStore } from '../../../src/core/vault/types';
import { testEmailDetector } from '../helpers';

export interface VaultStoreContractOptions<S extends VaultStore> {
  /**
   * Makes the conversation's values expire as the store's own TTL would, deterministically
   * (memory: move a fake clock past the idle TTL; Redis: remove the value keys). Other
   * conversations may expire too.
   */
  expire: (store: S, conversationId: string) => Promise<void> | void;
  /** Releases the store after the suite (e.g. closes its Redis client). */
  teardown?: (store: S) => Promise<void> | void;
}

const email = (canonical: string, value = canonical): VaultItem => ({
  label: 'EMAIL',
  canonical,
  value,
});
const person = (canonical: string, value = canonical): VaultItem => ({
  label: 'PERSON',
  canonical,
  value,
});
const token = (e: Pick<VaultEntry, 'label' | 'n'>) => `${e.label}:${e.n}`;

/**
 * The behaviour every `VaultStore` must have (memory, Redis, ...), as one reusable suite.
 * Each test works on its own fresh conversation id, so a shared server is fine.
 *
 * @example
 * let now = 0;
 * describeVaultStoreContract('memory store', () => memoryVaultStore({ now: () => now }), {
 *   expire: () => { now += 2 * DAY; },
 * });
 */
export function describeVaultStoreContract<S extends VaultStore>(
  name: string,
  makeStore: () => S | Promise<S>,
  options: VaultStoreContractOptions<S>,
): void {
  describe(`VaultStore contract: ${name}`, () => {
    let store: S;
    const conv = () => `contract-${randomUUID()}`;

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      if (store) await options.teardown?.(store);
    });

    it('numbers new values per label from 1, in first-seen order', async () => {
      const id = conv();
      const out = await store.allocate(id, [
        email('a@x.fr'),
        person('jean dupont', 'Jean Dupont'),
        email('b@x.fr'),
        person('marie curie', 'Marie Curie'),
        email('c@x.fr'),
      ]);
      expect(out.map(token)).toEqual(['EMAIL:1', 'PERSON:1', 'EMAIL:2', 'PERSON:2', 'EMAIL:3']);
      expect(out[1]).toEqual({
        label: 'PERSON',
        n: 1,
        value: 'Jean Dupont',
        canonical: 'jean dupont',
      });
    });

    it('keeps the origin a value was first met with, in every read', async () => {
      const id = conv();
      const fromTool = { kind: 'tool', tool: 'lookupColleague' } as const;
      const [first] = await store.allocate(id, [
        { ...email('marie@x.fr'), origin: fromTool },
        { ...email('jean@x.fr'), origin: { kind: 'user' } },
      ]);
      expect(first?.origin).toEqual(fromTool);
      // Met again, typed by the user this time: the first origin wins.
      const [again] = await store.allocate(id, [
        { ...email('marie@x.fr'), origin: { kind: 'user' } },
      ]);
      expect(again?.origin).toEqual(fromTool);
      const [byRef] = await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]);
      const [byCanonical] = await store.getByCanonical(id, [email('jean@x.fr')]);
      expect(byRef?.origin).toEqual(fromTool);
      expect(byCanonical?.origin).toEqual({ kind: 'user' });
      expect((await store.list(id)).map((e) => e.origin)).toEqual([fromTool, { kind: 'user' }]);
    });

    it('gives a known value its existing entry, with the first-seen spelling', async () => {
      const id = conv();
      await store.allocate(id, [email('jean@x.fr', 'Jean@X.fr')]);
      const again = await store.allocate(id, [
        email('other@x.fr'),
        email('jean@x.fr', 'JEAN@x.FR'),
      ]);
      expect(again).toEqual([
        { label: 'EMAIL', n: 2, value: 'other@x.fr', canonical: 'other@x.fr' },
        { label: 'EMAIL', n: 1, value: 'Jean@X.fr', canonical: 'jean@x.fr' },
      ]);
    });

    it('gives repeats inside one batch one entry, with the first spelling of the batch', async () => {
      const id = conv();
      const out = await store.allocate(id, [
        email('a@x.fr', 'A@x.fr'),
        email('a@x.fr', 'a@X.FR'),
        email('b@x.fr'),
        email('a@x.fr', 'a@x.fr'),
      ]);
      expect(out.map(token)).toEqual(['EMAIL:1', 'EMAIL:1', 'EMAIL:2', 'EMAIL:1']);
      expect(out.map((e) => e.value)).toEqual(['A@x.fr', 'A@x.fr', 'b@x.fr', 'A@x.fr']);
      expect(await store.list(id)).toHaveLength(2);
    });

    it('keeps the same canonical text under two labels apart', async () => {
      const id = conv();
      const out = await store.allocate(id, [
        { label: 'PERSON', canonical: 'paris', value: 'Paris' },
        { label: 'LOCATION', canonical: 'paris', value: 'Paris' },
      ]);
      expect(out.map(token)).toEqual(['PERSON:1', 'LOCATION:1']);
    });

    it('returns an empty batch as is', async () => {
      const id = conv();
      expect(await store.allocate(id, [])).toEqual([]);
      expect(await store.getByRefs(id, [])).toEqual([]);
      expect(await store.getByCanonical(id, [])).toEqual([]);
    });

    it('finds entries by token parts, in order, undefined where unknown', async () => {
      const id = conv();
      await store.allocate(id, [email('a@x.fr'), person('ann', 'Ann')]);
      const found = await store.getByRefs(id, [
        { label: 'PERSON', n: 1 },
        { label: 'EMAIL', n: 2 },
        { label: 'EMAIL', n: 1 },
        { label: 'PHONE', n: 1 },
      ]);
      expect(found).toEqual([
        { label: 'PERSON', n: 1, value: 'Ann', canonical: 'ann' },
        undefined,
        { label: 'EMAIL', n: 1, value: 'a@x.fr', canonical: 'a@x.fr' },
        undefined,
      ]);
    });

    it('finds entries by canonical value, in order, undefined where unknown', async () => {
      const id = conv();
      await store.allocate(id, [email('a@x.fr', 'A@x.fr'), person('ann', 'Ann')]);
      const found = await store.getByCanonical(id, [
        { label: 'PERSON', canonical: 'ann' },
        { label: 'EMAIL', canonical: 'ann' },
        { label: 'EMAIL', canonical: 'a@x.fr' },
      ]);
      expect(found).toEqual([
        { label: 'PERSON', n: 1, value: 'Ann', canonical: 'ann' },
        undefined,
        { label: 'EMAIL', n: 1, value: 'A@x.fr', canonical: 'a@x.fr' },
      ]);
    });

    it('lists every entry in allocation order across batches and labels', async () => {
      const id = conv();
      await store.allocate(id, [email('a@x.fr'), person('ann', 'Ann')]);
      await store.allocate(id, [person('bob', 'Bob'), email('a@x.fr'), email('b@x.fr')]);
      expect((await store.list(id)).map(token)).toEqual([
        'EMAIL:1',
        'PERSON:1',
        'PERSON:2',
        'EMAIL:2',
      ]);
    });

    it('summarises labels and counts without any value', async () => {
      const id = conv();
      await store.allocate(id, [
        email('secret.one@x.fr'),
        person('zoé', 'Zoé'),
        email('secret.two@x.fr'),
        email('secret.one@x.fr'),
      ]);
      const summary = await store.summary(id);
      expect(summary).toEqual({ entries: 3, labels: { EMAIL: 2, PERSON: 1 } });
      expect(JSON.stringify(summary)).not.toMatch(/secret|zo/i);
      expect(await store.summary(conv())).toEqual({ entries: 0, labels: {} });
    });

    it('keeps conversations apart', async () => {
      const first = conv();
      const second = conv();
      await store.allocate(first, [email('a@x.fr'), email('b@x.fr')]);
      const out = await store.allocate(second, [email('b@x.fr')]);
      expect(out.map(token)).toEqual(['EMAIL:1']);
      expect(await store.getByRefs(second, [{ label: 'EMAIL', n: 2 }])).toEqual([undefined]);
      expect((await store.list(first)).map((e) => e.value)).toEqual(['a@x.fr', 'b@x.fr']);
    });

    it('keeps apart conversation ids with braces, spaces and non-Latin text', async () => {
      const base = randomUUID();
      const ids = [`{${base}}`, `${base} x`, `${base}/é`, `~${base}`, `${base}:{x}`, `日本${base}`];
      for (const [i, id] of ids.entries()) {
        await store.allocate(
          id,
          Array.from({ length: i + 1 }, (_, k) => email(`${k}@x.fr`)),
        );
      }
      for (const [i, id] of ids.entries()) {
        expect((await store.summary(id)).entries).toBe(i + 1);
      }
    });

    it('forgets a whole conversation, and never gives its numbers again', async () => {
      const id = conv();
      const other = conv();
      await store.allocate(id, [email('a@x.fr'), person('ann', 'Ann')]);
      await store.allocate(other, [email('a@x.fr')]);
      await store.forget(id);
      expect(await store.list(id)).toEqual([]);
      expect(await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }])).toEqual([undefined]);
      expect(await store.getByCanonical(id, [email('a@x.fr')])).toEqual([undefined]);
      expect(await store.summary(id)).toEqual({ entries: 0, labels: {} });
      // The counters outlive the erasure: `EMAIL:1` of a stored history never means `z@x.fr`.
      expect(
        (await store.allocate(id, [email('z@x.fr'), email('a@x.fr'), person('bob', 'Bob')])).map(
          token,
        ),
      ).toEqual(['EMAIL:2', 'EMAIL:3', 'PERSON:2']);
      expect(
        await store.getByRefs(id, [
          { label: 'EMAIL', n: 1 },
          { label: 'EMAIL', n: 2 },
        ]),
      ).toEqual([undefined, { label: 'EMAIL', n: 2, value: 'z@x.fr', canonical: 'z@x.fr' }]);
      expect(await store.summary(id)).toEqual({ entries: 3, labels: { EMAIL: 2, PERSON: 1 } });
      expect((await store.list(other)).map(token)).toEqual(['EMAIL:1']);
      await store.forget(conv()); // forgetting an unknown conversation is fine
    });

    it('never gives the numbers of expired values again', async () => {
      const id = conv();
      await store.allocate(id, [email('a@x.fr'), email('b@x.fr'), person('ann', 'Ann')]);
      await options.expire(store, id);
      expect(await store.list(id)).toEqual([]);
      expect(await store.summary(id)).toEqual({ entries: 0, labels: {} });
      expect(await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }])).toEqual([undefined]);
      expect(await store.getByCanonical(id, [email('a@x.fr')])).toEqual([undefined]);
      const again = await store.allocate(id, [
        email('c@x.fr'),
        email('a@x.fr'),
        { label: 'PHONE', canonical: '+33612345678', value: '06 12 34 56 78' },
        person('bob', 'Bob'),
      ]);
      expect(again.map(token)).toEqual(['EMAIL:3', 'EMAIL:4', 'PHONE:1', 'PERSON:2']);
      expect((await store.list(id)).map(token)).toEqual([
        'EMAIL:3',
        'EMAIL:4',
        'PHONE:1',
        'PERSON:2',
      ]);
      expect(await store.summary(id)).toEqual({
        entries: 4,
        labels: { EMAIL: 2, PHONE: 1, PERSON: 1 },
      });
    });

    for (const [how, drop] of [
      ['forget()', (s: S, id: string) => s.forget(id)],
      ['expiry', (s: S, id: string) => options.expire(s, id)],
    ] as const) {
      it(`after ${how}, an old token of a stored history is an invented token, never a new value`, async () => {
        const id = conv();
        const session = createPii({ store }).session(id);
        const history = await session.anonymize('Écrivez à jean.dupont@exemple.fr'); // kept by the app
        expect(history).toBe('Écrivez à <<EMAIL:1>>');
        await drop(store, id);
        const later = await session.anonymize('et copie à marie.curie@exemple.fr');
        expect(later).toBe('et copie à <<EMAIL:2>>');
        const error = await session.restore(history).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PiiInventedTokenError);
        expect((error as PiiInventedTokenError).tokens).toEqual(['<<EMAIL:1>>']);
        expect(await session.restore(history, { invented: 'keep' })).toBe(history);
        expect(await session.restore(history, { invented: 'remove' })).toBe('Écrivez à ');
        expect(await session.entries(['<<EMAIL:1>>'])).toEqual([]);
        expect(await session.restore(later)).toBe('et copie à marie.curie@exemple.fr');
      });
    }

    describe('listSince (entries from an offset, total, generation)', () => {
      const since = (id: string, offset: number) => store.listSince!(id, offset);

      it('has the method', () => {
        expect(typeof store.listSince).toBe('function');
      });

      it('gives the entries from an offset in allocation order, the total, and what list gives', async () => {
        const id = conv();
        await store.allocate(id, [email('a@x.fr'), person('ann', 'Ann'), email('b@x.fr')]);
        await store.allocate(id, [
          email('a@x.fr'),
          person('bob', 'Bob'),
          email('c@x.fr', 'C@x.fr'),
        ]);
        const all = await since(id, 0);
        expect(all.entries).toEqual(await store.list(id));
        expect(all.entries.map(token)).toEqual([
          'EMAIL:1',
          'PERSON:1',
          'EMAIL:2',
          'PERSON:2',
          'EMAIL:3',
        ]);
        expect(all.total).toBe(5);
        expect(all.generation).toEqual(expect.any(String));
        expect(all.generation).not.toBe('');
        const tail = await since(id, 3);
        expect(tail).toEqual({
          entries: [
            { label: 'PERSON', n: 2, value: 'Bob', canonical: 'bob' },
            { label: 'EMAIL', n: 3, value: 'C@x.fr', canonical: 'c@x.fr' },
          ],
          total: 5,
          generation: all.generation,
        });
        expect((await since(id, 4)).entries.map(token)).toEqual(['EMAIL:3']);
        expect(await since(id, 5)).toEqual({ entries: [], total: 5, generation: all.generation });
        // Past the end: no entry, and the total tells the caller that it holds more than exists.
        expect(await since(id, 9)).toEqual({ entries: [], total: 5, generation: all.generation });
      });

      it('keeps the generation while entries are added, and tells an unknown conversation', async () => {
        const id = conv();
        expect(await since(id, 0)).toMatchObject({ entries: [], total: 0 });
        await store.allocate(id, [email('a@x.fr')]);
        const first = await since(id, 0);
        await store.allocate(id, [email('b@x.fr')]);
        await store.recordToolCall?.(id, 'k');
        await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]);
        const second = await since(id, 1);
        expect(second.generation).toBe(first.generation);
        expect(second.entries.map(token)).toEqual(['EMAIL:2']);
        expect(second.total).toBe(2);
      });

      for (const [how, drop] of [
        ['forget()', (s: S, id: string) => s.forget(id)],
        ['expiry', (s: S, id: string) => options.expire(s, id)],
      ] as const) {
        it(`changes the generation after ${how}, even once the total has grown back`, async () => {
          const id = conv();
          await store.allocate(id, [email('a@x.fr'), email('b@x.fr')]);
          const before = await since(id, 0);
          expect(before.total).toBe(2);
          await drop(store, id);
          const emptied = await since(id, 2);
          expect(emptied.entries).toEqual([]);
          expect(emptied.total).toBe(0);
          expect(emptied.generation).not.toBe(before.generation);
          // As many entries again as before: only the generation tells the caller to start over.
          await store.allocate(id, [email('c@x.fr'), person('ann', 'Ann'), email('a@x.fr')]);
          const after = await since(id, 2);
          expect(after.total).toBe(3);
          expect(after.generation).not.toBe(before.generation);
          expect(after.generation).not.toBe('');
          expect(after.entries.map(token)).toEqual(['EMAIL:4']);
          expect((await since(id, 0)).entries.map(token)).toEqual([
            'EMAIL:3',
            'PERSON:1',
            'EMAIL:4',
          ]);
          expect((await since(id, 0)).generation).toBe(after.generation);
        });
      }

      it('refuses an offset that is not a non-negative integer', async () => {
        const id = conv();
        for (const offset of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
          await expect(since(id, offset)).rejects.toThrow(/offset/);
        }
      });

      it('returns copies', async () => {
        const id = conv();
        await store.allocate(id, [email('a@x.fr')]);
        (await since(id, 0)).entries[0]!.value = 'changed';
        expect((await since(id, 0)).entries[0]?.value).toBe('a@x.fr');
      });

      it('a session sweeps a value allocated by another session (another process) since its last call', async () => {
        const id = conv();
        const a = createPii({ store, detectors: [testEmailDetector] }).session(id);
        const b = createPii({ store, detectors: [testEmailDetector] }).session(id);
        expect(await a.anonymize('jean.dupont@exemple.fr')).toBe('<<EMAIL:1>>');
        // Names are found by the sweep only (the detector finds emails): A must list B's value.
        expect(await b.remember('PERSON', 'Aïcha Benali')).toBe('<<PERSON:1>>');
        expect(await a.anonymize('aïcha benali et JEAN.DUPONT@exemple.fr')).toBe(
          '<<PERSON:1>> et <<EMAIL:1>>',
        );
        expect(await b.anonymize('AÏCHA BENALI')).toBe('<<PERSON:1>>');
        expect(await b.remember('PERSON', 'Marie Curie')).toBe('<<PERSON:2>>');
        expect(await a.anonymize('marie curie')).toBe('<<PERSON:2>>');
        // B erases the vault and another name comes: A's cached entries are stale, A starts over.
        await b.forget();
        expect(await b.remember('PERSON', 'Zoé Martin')).toBe('<<PERSON:3>>');
        expect(await b.remember('PERSON', 'Paul Lefèvre')).toBe('<<PERSON:4>>');
        expect(await b.remember('PERSON', 'Léa Roux')).toBe('<<PERSON:5>>');
        expect(await a.anonymize('zoé martin, léa roux, aïcha benali, marie curie')).toBe(
          '<<PERSON:3>>, <<PERSON:5>>, aïcha benali, marie curie',
        );
      });
    });

    describe('recorded tool calls (recordToolCall / hasToolCall)', () => {
      const KEY = `call-1:${'ab'.repeat(32)}`;
      const record = (id: string, key = KEY) => store.recordToolCall!(id, key);
      const has = (id: string, key = KEY) => store.hasToolCall!(id, key);

      it('has both methods', () => {
        expect(typeof store.recordToolCall).toBe('function');
        expect(typeof store.hasToolCall).toBe('function');
      });

      it('finds a recorded call, and only that one, in its conversation only', async () => {
        const id = conv();
        const other = conv();
        expect(await has(id)).toBe(false);
        await record(id);
        expect(await has(id)).toBe(true);
        expect(await has(id, `call-2:${'ab'.repeat(32)}`)).toBe(false);
        expect(await has(id, `call-1:${'ab'.repeat(31)}ac`)).toBe(false);
        expect(await has(other)).toBe(false);
        // Keys with braces, colons or non-Latin text are opaque strings.
        await record(other, '{x}:呼び出し');
        expect(await has(other, '{x}:呼び出し')).toBe(true);
        expect(await has(id, '{x}:呼び出し')).toBe(false);
      });

      it('records a call again harmlessly, next to the values of the conversation', async () => {
        const id = conv();
        await store.allocate(id, [email('a@x.fr')]);
        await record(id);
        await record(id);
        await Promise.all([record(id, 'k-1'), record(id, 'k-2'), record(id, 'k-3')]);
        for (const key of [KEY, 'k-1', 'k-2', 'k-3']) expect(await has(id, key)).toBe(true);
        expect(await store.summary(id)).toEqual({ entries: 1, labels: { EMAIL: 1 } });
        expect((await store.list(id)).map(token)).toEqual(['EMAIL:1']);
      });

      for (const [how, drop] of [
        ['forget()', (s: S, id: string) => s.forget(id)],
        ['expiry', (s: S, id: string) => options.expire(s, id)],
      ] as const) {
        it(`drops the recorded calls with the values, on ${how}`, async () => {
          const id = conv();
          const other = conv();
          await store.allocate(id, [email('a@x.fr')]);
          await record(id);
          await record(other);
          await drop(store, id);
          expect(await has(id)).toBe(false);
          if (how === 'forget()') expect(await has(other)).toBe(true);
          // A conversation with recorded calls and no values is forgotten as well.
          await record(other, 'only-a-call');
          await store.forget(other);
          expect(await has(other, 'only-a-call')).toBe(false);
        });
      }
    });

    it('round-trips any text: accents, emoji, separators, quotes, long values', async () => {
      const id = conv();
      const values = [
        'Zoë Ça-Va Œuvre',
        '👩🏽‍💻 Dev',
        'a:b:c{d}',
        'tab\tnew\nline',
        '"quoted" \\ back',
        'x'.repeat(5000),
        'nul\u0000byte',
      ];
      const items = values.map((v) => ({ label: 'PERSON', canonical: v.toLowerCase(), value: v }));
      await store.allocate(id, items);
      const byRef = await store.getByRefs(
        id,
        values.map((_, i) => ({ label: 'PERSON', n: i + 1 })),
      );
      expect(byRef.map((e) => e?.value)).toEqual(values);
      expect(byRef.map((e) => e?.canonical)).toEqual(items.map((i) => i.canonical));
    });

    it('returns copies: changing a returned entry changes nothing stored', async () => {
      const id = conv();
      const [entry] = await store.allocate(id, [email('a@x.fr')]);
      entry!.value = 'changed';
      const [again] = await store.getByRefs(id, [{ label: 'EMAIL', n: 1 }]);
      expect(again?.value).toBe('a@x.fr');
    });

    it('never gives one value two tokens nor one token two values under concurrent batches', async () => {
      const id = conv();
      const pool = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? email(`u${i}@x.fr`) : person(`p${i}`, `P${i}`),
      );
      // 60 overlapping batches in flight at once, each a different rotation of the pool.
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, b) =>
          store.allocate(
            id,
            Array.from({ length: 7 }, (_, k) => pool[(b * 5 + k * 3) % pool.length]!),
          ),
        ),
      );
      const byValue = new Map<string, string>();
      const byToken = new Map<string, string>();
      for (const entry of results.flat()) {
        const key = `${entry.label}|${entry.canonical}`;
        expect(byValue.get(key) ?? token(entry)).toBe(token(entry));
        expect(byToken.get(token(entry)) ?? key).toBe(key);
        byValue.set(key, token(entry));
        byToken.set(token(entry), key);
      }
      const listed = await store.list(id);
      expect(listed).toHaveLength(byValue.size);
      for (const label of ['EMAIL', 'PERSON']) {
        const ns = listed
          .filter((e) => e.label === label)
          .map((e) => e.n)
          .sort((a, b) => a - b);
        expect(ns).toEqual(ns.map((_, i) => i + 1));
      }
    });
  });
}
