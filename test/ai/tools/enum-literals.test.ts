import { describe, expect, it, vi } from 'vitest';
import { createSchemaLiterals, literalStrings } from '../../../src/ai/schema/schema-literals';
import { testPii } from '../../core/helpers';

describe('a token taken from an enum restores to the literal the schema writes', () => {
  it('reads enum and const strings at every depth', () => {
    expect(
      literalStrings({
        type: 'object',
        properties: {
          a: { enum: ['x', 1, 'y'] },
          b: { anyOf: [{ const: 'z' }, { items: { const: 'x' } }] },
        },
        $defs: { c: { enum: ['w'] } },
      }),
    ).toEqual(['x', 'y', 'z', 'w']);
  });

  it('swaps a value the vault holds in another spelling, and only for near spellings', async () => {
    const session = testPii().session('literals');
    expect(await session.anonymize('jean dupont, marie.curie@exemple.fr')).toBe(
      'jean dupont, <<EMAIL:1>>',
    );
    await session.remember('PERSON', 'jean dupont');
    const literals = createSchemaLiterals(session, async () => ({
      enum: ['Marie.Curie@Exemple.fr', 'Jean Dupont', 'someone else'],
    }));
    const spy = vi.spyOn(session, 'anonymizeMany');
    expect(
      await literals.swaps([
        { token: '<<EMAIL:1>>', restored: 'marie.curie@exemple.fr' },
        { token: '<<PERSON:1>>', restored: 'jean dupont' },
      ]),
    ).toEqual(['Marie.Curie@Exemple.fr', 'Jean Dupont']);
    expect(spy).toHaveBeenCalledTimes(1);
    // Far from every literal, or a literal already: nothing to read.
    expect(
      await literals.swaps([
        { token: '<<EMAIL:1>>', restored: 'Marie.Curie@Exemple.fr' },
        { token: '<<EMAIL:9>>', restored: 'bob@example.com' },
      ]),
    ).toEqual([undefined, undefined]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a schema without literals never reads anything', async () => {
    const session = testPii().session('no-literals');
    const spy = vi.spyOn(session, 'anonymizeMany');
    const literals = createSchemaLiterals(session, () => ({ type: 'string' }));
    expect(await literals.swaps([{ token: '<<EMAIL:1>>', restored: 'a@b.fr' }])).toEqual([
      undefined,
    ]);
    expect(spy).not.toHaveBeenCalled();
  });
});
