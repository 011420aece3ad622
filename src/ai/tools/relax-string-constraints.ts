import type { JSONSchema7 } from 'ai';
import type { PlaceholderFormat } from '../../core/placeholder/format';
import { mapSchemaNodes, type SchemaNode } from '../schema/subschemas';

/** String keywords that a placeholder such as `<<EMAIL:1>>` would break. */
const STRING_CONSTRAINTS = ['format', 'pattern', 'minLength', 'maxLength'] as const;

/** The label a placeholder in a field of this string format would most likely carry. */
const LABEL_OF_FORMAT: Record<string, string> = {
  email: 'EMAIL',
  'idn-email': 'EMAIL',
  uri: 'URL',
  'uri-reference': 'URL',
  iri: 'URL',
  'iri-reference': 'URL',
  url: 'URL',
  ipv4: 'IP_ADDRESS',
  ipv6: 'IP_ADDRESS',
};

type Node = SchemaNode;

function acceptsString(node: Node): boolean {
  const { type } = node;
  if (type === 'string') return true;
  if (Array.isArray(type)) return type.includes('string');
  // Untyped nodes (e.g. a branch of anyOf) may hold a string; `format` on numbers needs a type.
  return type === undefined;
}

function describeConstraints(removed: Node): string {
  const parts: string[] = [];
  if (typeof removed.format === 'string') parts.push(`format ${removed.format}`);
  // A format (zod's email adds its own regex too) says it better than a long pattern.
  else if (typeof removed.pattern === 'string') parts.push(`pattern ${removed.pattern}`);
  if (typeof removed.minLength === 'number') parts.push(`at least ${removed.minLength} characters`);
  if (typeof removed.maxLength === 'number') parts.push(`at most ${removed.maxLength} characters`);
  return parts.join(', ');
}

/**
 * Copies a JSON schema with the string constraints that a placeholder cannot meet (`format`,
 * `pattern`, `minLength`, `maxLength`) removed, recursively, so that a provider's strict mode
 * (constrained decoding) never stops the model from writing a token. Each relaxed property's
 * description keeps its text and says what the real value must satisfy, and that a placeholder
 * is accepted. The constraints are still enforced: validation runs on the restored values with
 * the original schema.
 *
 * @example
 * relaxStringConstraints({ type: 'string', format: 'email' }, defaultPlaceholderFormat);
 * // { type: 'string', description: 'The real value must match: format email; a placeholder
 * //   such as <<EMAIL:1>> is accepted in its place.' }
 */
export function relaxStringConstraints(
  schema: JSONSchema7,
  format: PlaceholderFormat,
): JSONSchema7 {
  return mapSchemaNodes(schema, (copy) => {
    if (!acceptsString(copy) || !STRING_CONSTRAINTS.some((k) => k in copy)) return;
    const removed: Node = {};
    for (const key of STRING_CONSTRAINTS) {
      if (key in copy) {
        removed[key] = copy[key];
        delete copy[key];
      }
    }
    const label =
      (typeof removed.format === 'string' && LABEL_OF_FORMAT[removed.format]) || 'LABEL';
    const note = `The real value must match: ${describeConstraints(removed)}; a placeholder such as ${format.render(label, 1)} is accepted in its place.`;
    const description = typeof copy.description === 'string' ? copy.description.trim() : '';
    copy.description = description
      ? `${description}${/[.!?]$/.test(description) ? '' : '.'} ${note}`
      : note;
  }) as JSONSchema7;
}
