/**
 * The audit trail's tamper evidence: every entry is chained to the one before it in its
 * conversation and signed with HMAC-SHA-256, so that `verifyAuditTrail` finds an edited,
 * removed, inserted or reordered entry, and a wrong secret; `keyId` lets secrets rotate.
 */
import { describe, expect, it } from 'vitest';
import { entryHash, macKey, sha256Hex, signedText } from '../../../src/core/audit/audit-crypto';
import type { AuditEntry } from '../../../src/core/audit/audit-entry';
import { AuditTrail } from '../../../src/core/audit/audit-trail';
import { verifyAuditTrail } from '../../../src/core/audit/verify-audit-trail';
import { canonicalJson } from '../../../src/core/canonical-json';
import { PiiAuditError, PiiConfigError } from '../../../src/core/errors';
import { OTHER_SECRET, SECRET, sessionTrail } from './trail-fixtures';

const copy = (entries: readonly AuditEntry[]) =>
  JSON.parse(JSON.stringify(entries)) as AuditEntry[];

describe('a trail as written', () => {
  it('verifies, with one chain per conversation counting from 0', async () => {
    const entries = await sessionTrail(['chat-a', 'chat-b'], 2);
    // Per round and conversation: a detection failure, then an erasure.
    expect(entries.map((e) => `${e.conversationId}:${e.seq}:${e.type}`)).toEqual([
      'chat-a:0:detection-failure',
      'chat-a:1:forget',
      'chat-b:0:detection-failure',
      'chat-b:1:forget',
      'chat-a:2:detection-failure',
      'chat-a:3:forget',
      'chat-b:2:detection-failure',
      'chat-b:3:forget',
    ]);
    expect(entries[0]).toMatchObject({
      v: 1,
      operation: 'anonymize',
      detector: 'flaky-ner',
      code: 'PII_DETECTION',
      keyId: 'default',
      prev: '0'.repeat(64),
    });
    expect(await verifyAuditTrail(entries, { secret: SECRET })).toEqual({
      ok: true,
      entries: 8,
      conversations: 2,
    });
  });

  it('signs the canonical JSON without the MAC, and chains by the SHA-256 of the whole entry', async () => {
    const entries = await sessionTrail(['chat-a'], 1);
    const [first, second] = entries as [AuditEntry, AuditEntry];
    expect(signedText(first)).toBe(canonicalJson({ ...first, mac: undefined }));
    expect(second.prev).toBe(await entryHash(first));
    // Key order does not matter to the MAC: the canonical form sorts keys.
    const reordered = Object.fromEntries(Object.entries(first).reverse());
    expect(await verifyAuditTrail([reordered, second], { secret: SECRET })).toMatchObject({
      ok: true,
    });
  });
});

describe('the same MAC and hash on every runtime', () => {
  it('node:crypto (Node) and Web Crypto (edge runtimes, workers) agree', async () => {
    const text = canonicalJson({ type: 'forget', conversationId: 'é-😀', seq: 3 });
    const bytes = new TextEncoder().encode(text);
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const hex = (b: ArrayBuffer) => Buffer.from(b).toString('hex');
    const mac = hex(await crypto.subtle.sign('HMAC', key, bytes));
    expect(await macKey(SECRET, 'test').sign(text)).toBe(mac);
    expect(await macKey(SECRET, 'test', 'web').sign(text)).toBe(mac);
    for (const backend of ['auto', 'web'] as const) {
      const k = macKey(SECRET, 'test', backend);
      expect(await k.verify(text, mac)).toBe(true);
      expect(await k.verify(`${text} `, mac)).toBe(false);
      expect(
        await k.verify(
          text,
          mac.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        ),
      ).toBe(false);
    }
    expect(await sha256Hex(text)).toBe(hex(await crypto.subtle.digest('SHA-256', bytes)));
  });
});

describe('tampering, each found at the entry it touches', () => {
  it('an edited entry (a count, a type, a chain field)', async () => {
    const entries = await sessionTrail(['chat-a'], 2);
    for (const [field, value] of [
      ['code', 'PII_STORE'],
      ['type', 'store-failure'],
      ['at', '2020-01-01T00:00:00.000Z'],
      ['conversationId', 'chat-z'],
    ] as const) {
      const edited = copy(entries);
      (edited[2] as unknown as Record<string, unknown>)[field] = value;
      expect(await verifyAuditTrail(edited, { secret: SECRET }), field).toMatchObject({
        ok: false,
        index: 2,
        code: 'mac',
      });
    }
  });

  it('an edited entry signed again (with the secret) breaks the chain at the next entry', async () => {
    const entries = await sessionTrail(['chat-a'], 2);
    const edited = copy(entries);
    const changed = { ...edited[1]!, at: '2020-01-01T00:00:00.000Z' };
    changed.mac = await macKey(SECRET, 'test').sign(signedText(changed));
    edited[1] = changed;
    expect(await verifyAuditTrail(edited, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 2,
      code: 'prev',
    });
  });

  it('a removed entry (in the middle, and the first)', async () => {
    const entries = await sessionTrail(['chat-a'], 2);
    const middle = copy(entries);
    middle.splice(1, 1);
    expect(await verifyAuditTrail(middle, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 1,
      code: 'seq',
      reason: expect.stringContaining('removed'),
    });
    expect(await verifyAuditTrail(copy(entries).slice(1), { secret: SECRET })).toMatchObject({
      ok: false,
      index: 0,
      code: 'seq',
    });
  });

  it('an inserted entry: a copy of another, or one of another conversation renamed', async () => {
    const entries = await sessionTrail(['chat-a', 'chat-b'], 2);
    const a = copy(entries).filter((e) => e.conversationId === 'chat-a');
    const duplicated = [...a.slice(0, 2), a[0]!, ...a.slice(2)];
    expect(await verifyAuditTrail(duplicated, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 2,
      code: 'seq',
      reason: expect.stringContaining('inserted'),
    });
    const b = copy(entries).filter((e) => e.conversationId === 'chat-b');
    const foreign = { ...b[1]!, conversationId: 'chat-a' };
    expect(
      await verifyAuditTrail([a[0]!, foreign, ...a.slice(1)], { secret: SECRET }),
    ).toMatchObject({ ok: false, index: 1, code: 'mac' });
  });

  it('a reordered pair', async () => {
    const entries = await sessionTrail(['chat-a'], 2);
    const swapped = copy(entries);
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(await verifyAuditTrail(swapped, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 1,
      code: 'seq',
    });
  });

  it('a renumbered entry (seq changed) fails its MAC', async () => {
    const entries = await sessionTrail(['chat-a'], 2);
    const renumbered = copy(entries);
    renumbered[3]!.seq = 7;
    expect(await verifyAuditTrail(renumbered, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 3,
      code: 'mac',
    });
  });

  it('a wrong secret, and a keyId no secret names', async () => {
    const entries = await sessionTrail(['chat-a'], 1);
    expect(await verifyAuditTrail(entries, { secret: OTHER_SECRET })).toMatchObject({
      ok: false,
      index: 0,
      code: 'mac',
    });
    expect(await verifyAuditTrail(entries, { secrets: { k2: OTHER_SECRET } })).toMatchObject({
      ok: false,
      index: 0,
      code: 'unknown-key',
    });
  });

  it('a malformed entry', async () => {
    const entries = copy(await sessionTrail(['chat-a'], 1));
    (entries[1] as unknown as Record<string, unknown>).mac = 'not hex';
    expect(await verifyAuditTrail(entries, { secret: SECRET })).toMatchObject({
      ok: false,
      index: 1,
      code: 'malformed',
    });
  });
});

describe('key rotation and capped trails', () => {
  it('a chain signed under two keyIds verifies with both secrets, not with one', async () => {
    const entries: AuditEntry[] = [];
    await sessionTrail(['chat-a'], 1, { keyId: 'k1', secret: SECRET, entries });
    // A new process, with the new secret: it continues the chain from the sink's head.
    const trail = new AuditTrail({
      sink: {
        head: async () => ({ seq: entries.at(-1)!.seq, hash: await entryHash(entries.at(-1)!) }),
        append: async (appended) => {
          entries.push(...appended);
          return { ok: true };
        },
      },
      secret: OTHER_SECRET,
      keyId: 'k2',
    });
    await trail.append({ type: 'forget', conversationId: 'chat-a' }, new Date());
    expect(entries.map((e) => e.keyId)).toEqual(['k1', 'k1', 'k2']);
    expect(
      await verifyAuditTrail(entries, { secrets: { k1: SECRET, k2: OTHER_SECRET } }),
    ).toMatchObject({ ok: true, entries: 3 });
    expect(await verifyAuditTrail(entries, { secrets: { k1: SECRET } })).toMatchObject({
      ok: false,
      index: 2,
      code: 'unknown-key',
    });
  });

  it('a trail missing its oldest entries verifies only with `partial`', async () => {
    const entries = (await sessionTrail(['chat-a'], 3)).slice(2);
    expect(await verifyAuditTrail(entries, { secret: SECRET })).toMatchObject({ ok: false });
    expect(await verifyAuditTrail(entries, { secret: SECRET, partial: true })).toMatchObject({
      ok: true,
    });
    // `partial` still finds a gap after the first entry given.
    const gap = [entries[0]!, ...entries.slice(2)];
    expect(await verifyAuditTrail(gap, { secret: SECRET, partial: true })).toMatchObject({
      ok: false,
      index: 1,
      code: 'seq',
    });
  });
});

describe('options and sinks', () => {
  it('refuses short secrets, bad key ids and sinks that are neither', async () => {
    expect(() => new AuditTrail({ sink: () => {}, secret: 'short' })).toThrow(PiiConfigError);
    expect(() => new AuditTrail({ sink: () => {}, secret: SECRET, keyId: 'a b' })).toThrow(
      PiiConfigError,
    );
    expect(() => new AuditTrail({ sink: {} as never, secret: SECRET })).toThrow(PiiConfigError);
    await expect(verifyAuditTrail([], { secret: SECRET, secrets: {} })).rejects.toThrow(
      PiiConfigError,
    );
  });

  it('a callback gets one entry per call: one that throws stores none, and loses no seq', async () => {
    const stored: AuditEntry[] = [];
    let calls = 0;
    const trail = new AuditTrail({
      sink: (entry) => {
        if (++calls === 2) throw new Error('disk full');
        stored.push(entry);
      },
      secret: SECRET,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        trail.append({ type: 'forget', conversationId: 'c' }, new Date()),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(stored.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(await verifyAuditTrail(stored, { secret: SECRET })).toMatchObject({ ok: true });
  });

  it('a sink that fails makes the operation fail with PiiAuditError; the chain has no gap after', async () => {
    const entries: AuditEntry[] = [];
    let fail = true;
    const trail = new AuditTrail({
      sink: (entry) => {
        if (fail) throw new Error('disk full');
        entries.push(entry);
      },
      secret: SECRET,
    });
    await expect(trail.append({ type: 'forget', conversationId: 'c' }, new Date())).rejects.toThrow(
      PiiAuditError,
    );
    fail = false;
    await trail.append({ type: 'forget', conversationId: 'c' }, new Date());
    await trail.append({ type: 'forget', conversationId: 'c' }, new Date());
    expect(entries.map((e) => e.seq)).toEqual([0, 1]);
    expect(await verifyAuditTrail(entries, { secret: SECRET })).toMatchObject({ ok: true });
  });

  it('a sink whose head moved gets the entry signed again on its head', async () => {
    const stored: AuditEntry[] = [];
    let conflicts = 2;
    const trail = new AuditTrail({
      sink: {
        async append(entries) {
          if (conflicts-- > 0) {
            // Another writer appended meanwhile: the sink answers the head it holds.
            const other = await new AuditTrail({ sink: () => {}, secret: SECRET }).append(
              { type: 'forget', conversationId: 'c' },
              new Date(),
            );
            const last = stored.at(-1);
            const moved = {
              ...other,
              seq: last ? last.seq + 1 : 0,
              prev: last ? await entryHash(last) : '0'.repeat(64),
            };
            stored.push(moved);
            return { ok: false, head: { seq: moved.seq, hash: await entryHash(moved) } };
          }
          stored.push(...entries);
          return { ok: true };
        },
      },
      secret: SECRET,
    });
    const entry = await trail.append({ type: 'forget', conversationId: 'c' }, new Date());
    expect(entry.seq).toBe(2);
    expect(stored.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(entry.prev).toBe(await entryHash(stored[1]!));
  });

  it('events that arrive while an append is under way go to the sink together, chained in order', async () => {
    const calls: number[] = [];
    const stored: AuditEntry[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const trail = new AuditTrail({
      sink: {
        async append(entries) {
          calls.push(entries.length);
          if (calls.length === 1) await gate; // the first append is slow
          stored.push(...entries);
          return { ok: true };
        },
      },
      secret: SECRET,
    });
    const first = trail.append({ type: 'forget', conversationId: 'c' }, new Date());
    await new Promise((r) => setTimeout(r, 20));
    const rest = Array.from({ length: 5 }, () =>
      trail.append({ type: 'forget', conversationId: 'c' }, new Date()),
    );
    release();
    const entries = await Promise.all([first, ...rest]);
    expect(calls).toEqual([1, 5]);
    expect(entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await verifyAuditTrail(stored, { secret: SECRET })).toMatchObject({ ok: true });
  });
});
