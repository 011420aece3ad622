/**
 * G7 (core): detector and store failures stop the operation (nothing is returned in clear),
 * and adversarial inputs stay linear.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import type { Detector } from '../../../src/core/detect/types';
import { PiiConfigError, PiiDetectionError, PiiStoreError } from '../../../src/core/errors';
import { defaultPlaceholderFormat } from '../../../src/core/placeholder/format';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';
import { countedWork, expectLinearWork } from '../counted-work';
import { testEmailDetector } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';

function failingStore(method: keyof VaultStore, how: 'reject' | 'throw' = 'reject'): VaultStore {
  const store = memoryVaultStore();
  return {
    ...store,
    [method]: (..._args: unknown[]) => {
      if (how === 'throw') throw new Error(`sync ${method} failure`);
      return Promise.reject(new Error(`${method} down`));
    },
  };
}

describe('G7: detectors fail closed', () => {
  const bad: [string, Detector][] = [
    [
      'throws synchronously',
      {
        name: 'sync-throw',
        detect: () => {
          throw new Error('boom');
        },
      },
    ],
    ['rejects', { name: 'async-reject', detect: async () => Promise.reject(new Error('boom')) }],
    ['throws a string', { name: 'string-throw', detect: () => Promise.reject('boom') }],
    ['returns null', { name: 'null', detect: () => null as never }],
    ['returns an object', { name: 'object', detect: () => ({}) as never }],
    [
      'returns a span out of range',
      { name: 'range', detect: (t) => [{ start: 0, end: t.length + 1, label: 'EMAIL' }] },
    ],
    [
      'returns a NaN offset',
      { name: 'nan', detect: () => [{ start: Number.NaN, end: 3, label: 'EMAIL' }] },
    ],
    [
      'returns a lower-case label',
      { name: 'label', detect: () => [{ start: 0, end: 1, label: 'email' }] },
    ],
    [
      'returns a value that does not match the text',
      { name: 'value', detect: () => [{ start: 0, end: 1, label: 'EMAIL', value: 'z' }] },
    ],
    [
      'returns a NaN score',
      { name: 'score', detect: () => [{ start: 0, end: 1, label: 'EMAIL', score: Number.NaN }] },
    ],
  ];
  for (const [name, detector] of bad) {
    it(`a detector that ${name} fails anonymize with PiiDetectionError and no text`, async () => {
      const session = createPii({ detectors: [testEmailDetector, detector] }).session('d');
      const error = await session.anonymize(`mail ${JEAN}`).catch((e) => e);
      expect(error).toBeInstanceOf(PiiDetectionError);
      expect((error as Error).message).not.toContain(JEAN);
    });
  }

  it('a failing detector leaves nothing half-allocated in the vault', async () => {
    const detector: Detector = { name: 'late', detect: async () => Promise.reject(new Error('x')) };
    const session = createPii({ detectors: [testEmailDetector, detector] }).session('none');
    await expect(session.anonymize(`mail ${JEAN}`)).rejects.toBeInstanceOf(PiiDetectionError);
    expect(await session.summary()).toEqual({ entries: 0, labels: {} });
  });
});

describe('G7: store failures fail closed', () => {
  const methods: (keyof VaultStore)[] = ['list', 'listSince', 'allocate'];
  for (const method of methods) {
    for (const how of ['reject', 'throw'] as const) {
      it(`store.${method} that ${how}s fails anonymize with PiiStoreError`, async () => {
        const session = createPii({
          detectors: [testEmailDetector],
          store: failingStore(method, how),
        }).session('s');
        await expect(session.anonymize(`mail ${JEAN}`)).rejects.toBeInstanceOf(PiiStoreError);
      });
    }
  }

  it('store.getByRefs that rejects fails restore with PiiStoreError (no partial text)', async () => {
    const session = createPii({
      detectors: [testEmailDetector],
      store: failingStore('getByRefs'),
    }).session('r');
    await session.anonymize(JEAN);
    await expect(session.restore('<<EMAIL:1>>')).rejects.toBeInstanceOf(PiiStoreError);
    await expect(session.entries(['<<EMAIL:1>>'])).rejects.toBeInstanceOf(PiiStoreError);
  });

  it('a store that allocates fewer entries than asked fails rather than mis-numbering', async () => {
    const inner = memoryVaultStore();
    const store: VaultStore = {
      ...inner,
      allocate: async (id, items) => (await inner.allocate(id, items)).slice(1),
    };
    const session = createPii({ detectors: [testEmailDetector], store }).session('short');
    await expect(session.anonymize(`${JEAN} marie.curie@exemple.fr`)).rejects.toThrow();
  });

  it('a store missing a method is refused when the engine is created', () => {
    const { list: _list, ...rest } = memoryVaultStore();
    expect(() => createPii({ store: rest as VaultStore })).toThrow(PiiStoreError);
  });

  it('a full conversation refuses new values instead of leaving them in clear', async () => {
    const session = createPii({
      detectors: [testEmailDetector],
      store: memoryVaultStore({ maxEntriesPerConversation: 1 }),
    }).session('full');
    await session.anonymize(JEAN);
    await expect(session.anonymize('marie.curie@exemple.fr')).rejects.toBeInstanceOf(PiiStoreError);
    // A known value is still masked.
    expect(await session.anonymize(JEAN)).toBe('<<EMAIL:1>>');
  });
});

describe('G7: no super-linear input', () => {
  const format = defaultPlaceholderFormat;

  // Work is counted, not timed (`countedWork`): the suite must pass on a busy machine.
  it('the work counter catches a scan that is not linear', async () => {
    // Reads the rest of the text from every position, as a backtracking regex would.
    const quadratic = (n: number) =>
      countedWork(() => {
        const text = 'a'.repeat(n);
        const re = /@/g;
        for (let i = 0; i < n; i++) {
          re.lastIndex = i;
          re.exec(text);
        }
      });
    await expect(expectLinearWork(quadratic, 2000)).rejects.toThrow();
  });

  it('the placeholder grammar is linear on runs of `<`, of half tokens and of long labels', async () => {
    const cases: Record<string, (n: number) => () => unknown> = {
      'findAll on `<`': (n) => () => format.findAll('<'.repeat(n)),
      'neutralize on `<` then a token': (n) => () => format.neutralize(`${'<'.repeat(n)}EMAIL:1>>`),
      'neutralize on half tokens': (n) => () => format.neutralize('<<A:1'.repeat(n / 5)),
      'findAll on long labels': (n) => () =>
        format.findAll(`<<${'A'.repeat(31)}:${'1'.repeat(8)}`.repeat(n / 41)),
      'neutralize on tokens': (n) => () => format.neutralize('<<EMAIL:1>>'.repeat(n / 11)),
    };
    for (const [name, make] of Object.entries(cases)) {
      await expectLinearWork((n) => countedWork(make(n)), 100_000).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
    // The start of a token cut at the end of a text is looked for in its last token's length
    // only: constant work, however long the run before it.
    const tail = (n: number) => countedWork(() => format.partialStart('<'.repeat(n)));
    expect(await tail(200_000)).toBeLessThanOrEqual((await tail(100_000)) + 100);
  });

  it('the default detectors stay linear on adversarial texts', async () => {
    const pii = createPii({ detectors: defaultDetectors() });
    const inputs: Record<string, (n: number) => string> = {
      '`<`': (n) => '<'.repeat(n),
      'dotted local part': (n) => `${'a.'.repeat(n / 2)}@`,
      'long local part, dotted domain': (n) => `${'a'.repeat(n / 2)}@${'b.'.repeat(n / 4)}`,
      colons: (n) => ':'.repeat(n),
      'dotted digits': (n) => '1.'.repeat(n / 2),
      'one name repeated': (n) => 'Jean '.repeat(n / 5),
      'phone prefixes': (n) => '+33 '.repeat(n / 4),
      'IBAN prefixes': (n) => 'FR76 '.repeat(n / 5),
    };
    for (const [name, make] of Object.entries(inputs)) {
      await expectLinearWork((n) => countedWork(() => pii.detect(make(n))), 20_000).catch(
        (error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        },
      );
    }
  });

  it('the sweep stays linear with many known values and an adversarial text', async () => {
    // Values sharing long prefixes: the worst case for a naive multi-pattern search, which
    // would read the text once per value.
    const known = async (count: number) => {
      // Not remembered: each call reads its text anew.
      const pii = createPii({ detectors: [], rememberDetections: false });
      const session = pii.session(`sweep-${count}`);
      const values = Array.from({ length: count }, (_, i) => `${'a'.repeat(40)}${i}`);
      await Promise.all(values.map((v) => session.remember('CUSTOM', v)));
      await session.anonymize('warm-up: the sweep is built', { role: 'assistant' });
      return session;
    };
    const text = (n: number) => `${'a'.repeat(39)} `.repeat(n / 40);
    const thousand = await known(1000);
    const sweep = (session: typeof thousand, n: number) =>
      countedWork(() => session.anonymize(text(n), { role: 'assistant' }));
    // Twice the text: at most twice the work.
    await expectLinearWork((n) => sweep(thousand, n), 100_000);
    // Twice the values: about the same work on the same text (one pass, not one per value).
    const once = await sweep(thousand, 100_000);
    const twice = await sweep(await known(2000), 100_000);
    expect(twice).toBeLessThanOrEqual(1.1 * once + 1000);
  });

  it('values nested deeper than the limit are refused, never partly masked', async () => {
    const session = createPii({ detectors: [testEmailDetector] }).session('deep');
    let deep: unknown = JEAN;
    for (let i = 0; i < 100; i++) deep = { d: deep };
    await expect(session.anonymizeValue(deep)).rejects.toBeInstanceOf(PiiConfigError);
  });

  it('cyclic values are masked and keep their cycle', async () => {
    const session = createPii({ detectors: [testEmailDetector] }).session('cycle');
    const value: Record<string, unknown> = { to: JEAN };
    value.self = value;
    const out = (await session.anonymizeValue(value)) as Record<string, unknown>;
    expect(out.to).toBe('<<EMAIL:1>>');
    expect(out.self).toBe(out);
    const back = (await session.restoreValue(out)) as Record<string, unknown>;
    expect(back.to).toBe(JEAN);
    expect(back.self).toBe(back);
  });
});
