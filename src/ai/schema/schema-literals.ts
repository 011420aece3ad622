import type { PiiSession } from '../../core/session';
import { forEachSchemaNode } from './subschemas';

// As `piiMiddleware` masks the schema the provider sees, so the same literal gets the same token.
const APP_TEXT = { role: 'user', tokens: 'keep', origin: { kind: 'app' } } as const;

/** The strings that a JSON schema allows exactly (`enum`, `const`), at every depth. */
export function literalStrings(schema: unknown): string[] {
  const out = new Set<string>();
  forEachSchemaNode(schema, (node) => {
    if (typeof node.const === 'string') out.add(node.const);
    if (Array.isArray(node.enum)) for (const v of node.enum) if (typeof v === 'string') out.add(v);
  });
  return [...out];
}

/** A value's letters and digits, case folded: what two spellings of one value share. */
const looseKey = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
/** The last digits of a number (a phone number in national and in international form). */
const digitTail = (s: string) => {
  const digits = s.replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-8) : undefined;
};

/**
 * The exact strings of a schema's `enum` and `const`, as the tokens the model reads in their
 * place. The model answers with a token taken from the enum it was sent; the token restores
 * to the value the vault holds, which is the literal as the schema writes it unless the
 * conversation met the value first in another form (`Marie.Curie@Exemple.fr` in the enum,
 * `marie.curie@exemple.fr` typed earlier). Such a restored value is swapped for the literal,
 * so that the schema validates it and the tool receives what its schema lists.
 */
export interface SchemaLiterals {
  /**
   * For each pair (a whole token as the model wrote it, and what it restored to), the literal
   * to use instead, or `undefined` to keep the restored value.
   */
  swaps(pairs: readonly { token: string; restored: string }[]): Promise<(string | undefined)[]>;
}

/**
 * Literals of a schema resolved lazily (the schema too: lazy schemas stay lazy), with one
 * `anonymizeMany` of the literals when a token needs it; tokens found are remembered.
 *
 * @example
 * const literals = createSchemaLiterals(session, () => asSchema(schema).jsonSchema);
 * await literals.swaps([{ token: '<<EMAIL:1>>', restored: 'marie.curie@exemple.fr' }]);
 * // ['Marie.Curie@Exemple.fr']
 */
export function createSchemaLiterals(
  session: PiiSession,
  jsonSchema: () => unknown,
): SchemaLiterals {
  interface Literals {
    all: string[];
    exact: Set<string>;
    /** What the spellings of a literal share: a cheap test before any anonymization. */
    near(value: string): boolean;
  }
  let literals: Promise<Literals> | undefined;
  const load = () =>
    (literals ??= Promise.resolve(jsonSchema()).then((schema) => {
      const all = literalStrings(schema);
      const keys = new Set(all.map(looseKey));
      const tails = new Set(all.flatMap((l) => digitTail(l) ?? []));
      const near = (value: string) => {
        const tail = digitTail(value);
        return keys.has(looseKey(value)) || (tail !== undefined && tails.has(tail));
      };
      return { all, exact: new Set(all), near };
    }));
  const literalOf = new Map<string, string>();
  // Tokens that existed when the literals were last read: one that did not map then never
  // will (a literal's token is the one the sweep gives it, and the vault only grows).
  const settled = new Set<string>();

  return {
    async swaps(pairs) {
      if (pairs.length === 0) return [];
      const { all, exact, near } = await load();
      const wanted = (p: { token: string; restored: string }) =>
        all.length > 0 && p.restored !== p.token && !exact.has(p.restored) && near(p.restored);
      if (pairs.some((p) => wanted(p) && !settled.has(p.token))) {
        const masked = await session.anonymizeMany(all, APP_TEXT);
        masked.forEach((text, i) => {
          // First literal wins: two literals of one value share its token.
          if (session.format.parse(text) && !literalOf.has(text)) literalOf.set(text, all[i]!);
        });
        for (const p of pairs) settled.add(p.token);
      }
      return pairs.map((p) => (wanted(p) ? literalOf.get(p.token) : undefined));
    },
  };
}
