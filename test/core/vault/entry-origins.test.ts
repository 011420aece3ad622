import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../../src/core/errors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';

const originOf = async (
  session: ReturnType<ReturnType<typeof testPii>['session']>,
  token: string,
) => (await session.entries([token]))[0]?.origin;

describe('where each value of a conversation was first met', () => {
  it('records the user, a named tool, the model and the app as origins', async () => {
    const session = testPii().session('origins');
    const typed = await session.anonymize(`Écrivez à ${JEAN}`);
    const fromTool = await session.anonymize(`copie à ${MARIE}`, {
      role: 'tool',
      origin: { kind: 'tool', tool: 'lookupColleague' },
    });
    const fromModel = await session.anonymize('Contact: paul@exemple.fr', {
      role: 'assistant',
      detect: true,
    });
    const remembered = await session.remember('PERSON', 'Zoé Martin');
    const ownName = await session.remember('PERSON', 'Jean Dupont', { origin: { kind: 'user' } });

    expect(typed).toBe('Écrivez à <<EMAIL:1>>');
    expect(fromTool).toBe('copie à <<EMAIL:2>>');
    expect(fromModel).toBe('Contact: <<EMAIL:3>>');
    expect(await originOf(session, '<<EMAIL:1>>')).toEqual({ kind: 'user' });
    expect(await originOf(session, '<<EMAIL:2>>')).toEqual({
      kind: 'tool',
      tool: 'lookupColleague',
    });
    expect(await originOf(session, '<<EMAIL:3>>')).toEqual({ kind: 'model' });
    expect(await originOf(session, remembered)).toEqual({ kind: 'app' });
    expect(await originOf(session, ownName)).toEqual({ kind: 'user' });
  });

  it('keeps the first origin when the value is met again elsewhere', async () => {
    const session = testPii().session('first-origin-wins');
    await session.anonymize(`Résultat: ${MARIE}`, {
      role: 'tool',
      origin: { kind: 'tool', tool: 'lookupColleague' },
    });
    // The user types it afterwards: it is still the tool's value.
    expect(await session.anonymize(`et ${MARIE.toUpperCase()} ?`)).toBe('et <<EMAIL:1>> ?');
    expect(await originOf(session, '<<EMAIL:1>>')).toEqual({
      kind: 'tool',
      tool: 'lookupColleague',
    });
    // A value the user typed first stays the user's when a tool returns it.
    await session.anonymize(`moi: ${JEAN}`);
    await session.anonymize(JEAN, { role: 'tool', origin: { kind: 'tool', tool: 'lookupMe' } });
    expect(await originOf(session, '<<EMAIL:2>>')).toEqual({ kind: 'user' });
  });

  it('reads entries of a store that keeps no origin (written before origins) as unknown', async () => {
    const inner = memoryVaultStore();
    // A store of an older version: it drops what it does not know.
    const older: VaultStore = {
      ...inner,
      allocate: (id, items) =>
        inner.allocate(
          id,
          items.map(({ label, canonical, value }) => ({ label, canonical, value })),
        ),
    };
    const session = testPii({ store: older }).session('old-entries');
    await session.anonymize(JEAN);
    expect(await session.entries()).toEqual([
      { token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN, origin: { kind: 'unknown' } },
    ]);
  });

  it('refuses an origin that is none of the kinds', async () => {
    const session = testPii().session('bad-origin');
    await expect(
      session.remember('PERSON', 'Zoé Martin', { origin: { kind: 'browser' } as never }),
    ).rejects.toThrow(PiiConfigError);
    await expect(
      session.anonymize(JEAN, { role: 'tool', origin: { kind: 'tool' } as never }),
    ).rejects.toThrow(/origin/);
  });
});
