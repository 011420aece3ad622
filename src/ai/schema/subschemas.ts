/**
 * Where a JSON schema (draft 7 to 2020-12) holds other schemas. Any keyword not listed here
 * holds data (`enum`, `const`, `default`, `examples`), names (`required`, `properties`' keys)
 * or constraints, never a schema.
 */

/** Keywords whose value is one subschema. */
export const ONE_SUBSCHEMA = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

/** Keywords whose value is an array of subschemas. */
export const SUBSCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/**
 * Keywords whose value maps names to subschemas. Draft 7's `dependencies` maps a name to a
 * subschema or to an array of names: callers skip the arrays.
 */
export const SUBSCHEMA_MAPS = [
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
] as const;

export type SchemaNode = Record<string, unknown>;

/** A schema object (not a `true`/`false` schema, not an array). */
export const isSchemaNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of a schema in which `edit` rewrote each schema node, at every depth. `edit` gets a
 * shallow copy of the node whose subschemas are already rewritten, and may change it. A node
 * reached twice (shared, or a cycle) is rewritten once and shared in the copy.
 *
 * @example
 * mapSchemaNodes({ type: 'object', properties: { a: { type: 'string', title: 'A' } } }, (n) => {
 *   delete n.title;
 * }); // { type: 'object', properties: { a: { type: 'string' } } }
 */
export function mapSchemaNodes(schema: unknown, edit: (copy: SchemaNode) => void): unknown {
  const seen = new Map<object, unknown>();
  const map = (def: unknown): unknown => {
    if (Array.isArray(def)) return def.map(map);
    if (!isSchemaNode(def)) return def; // `true` / `false` schemas, or names in `dependencies`
    const done = seen.get(def);
    if (done !== undefined) return done;
    const copy: SchemaNode = { ...def };
    seen.set(def, copy);
    for (const key of ONE_SUBSCHEMA) if (isSchemaNode(copy[key])) copy[key] = map(copy[key]);
    for (const key of SUBSCHEMA_ARRAYS) if (Array.isArray(copy[key])) copy[key] = map(copy[key]);
    for (const key of SUBSCHEMA_MAPS) {
      const entries = copy[key];
      if (isSchemaNode(entries))
        copy[key] = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, map(v)]));
    }
    edit(copy);
    return copy;
  };
  return map(schema);
}

/**
 * Calls `visit` for every schema node of a schema, at every depth, once each.
 *
 * @example
 * forEachSchemaNode(schema, (node) => titles.push(node.title));
 */
export function forEachSchemaNode(schema: unknown, visit: (node: SchemaNode) => void): void {
  const seen = new Set<object>();
  const walk = (def: unknown): void => {
    if (Array.isArray(def)) {
      for (const item of def) walk(item);
      return;
    }
    if (!isSchemaNode(def) || seen.has(def)) return;
    seen.add(def);
    visit(def);
    for (const key of ONE_SUBSCHEMA) walk(def[key]);
    for (const key of SUBSCHEMA_ARRAYS) if (Array.isArray(def[key])) walk(def[key]);
    for (const key of SUBSCHEMA_MAPS) {
      const entries = def[key];
      if (isSchemaNode(entries)) for (const item of Object.values(entries)) walk(item);
    }
  };
  walk(schema);
}
