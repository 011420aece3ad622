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

const within = async <T>(ms: number, fn: () => T | Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await fn();
  expect(performance.now() - started).toBeLessThan(ms);
  return out;
};

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

  it('the placeholder grammar is linear on runs of `<`, of half tokens and of long labels', async () => {
    const lt = '<'.repeat(1_000_000);
    await within(1500, () => format.findAll(lt));
    await within(1500, () => format.neutralize(`${lt}EMAIL:1>>`));
    await within(1500, () => format.partialStart(lt));
    await within(1500, () => format.neutralize('<<A:1'.repeat(200_000)));
    await within(1500, () => format.findAll(`<<${'A'.repeat(31)}:${'1'.repeat(8)}`.repeat(50_000)));
    await within(1500, () => format.neutralize('<<EMAIL:1>>'.repeat(100_000)));
  });

  it('the default detectors stay fast on adversarial texts', async () => {
    const pii = createPii({ detectors: defaultDetectors() });
    const inputs = [
      '<'.repeat(400_000),
      `${'a.'.repeat(200_000)}@`,
      `${'a'.repeat(200_000)}@${'b.'.repeat(50_000)}`,
      ':'.repeat(200_000),
      '1.'.repeat(200_000),
      'Jean '.repeat(100_000),
      '+33 '.repeat(100_000),
      'FR76 '.repeat(100_000),
    ];
    for (const text of inputs) await within(3000, () => pii.detect(text));
  });

  it('the sweep stays linear with many known values and an adversarial text', async () => {
    const session = createPii({ detectors: [] }).session('sweep');
    // Values sharing long prefixes: the worst case for a naive multi-pattern search.
    const values = Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(40)}${i}`);
    await Promise.all(values.map((v) => session.remember('CUSTOM', v)));
    const text = `${'a'.repeat(39)} `.repeat(10_000);
    await within(2000, () => session.anonymize(text, { role: 'assistant' }));
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
