import { PiiConfigError } from './errors';
import type { PlaceholderFormat } from './placeholder/format';

/** Deeper structures are refused rather than left partly unprocessed. */
export const MAX_DEPTH = 64;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export interface StringOptions {
  /**
   * Also treat integers of 6 digits or more as text: a phone number or an account number may
   * come back from a tool as a JSON number (masking side only).
   */
  numbers?: boolean;
}

const isLongInteger = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) >= 100_000;

/**
 * Every string of a value, in traversal order: string leaves, and the keys of plain objects
 * (a tool may key its result by email address). Plain objects and arrays are walked; other
 * objects are not.
 */
export function collectStrings(value: unknown, options: StringOptions = {}): string[] {
  return collectKeyedStrings(value, options).strings;
}

/**
 * `collectStrings`, with the key each string is the value of (`keys[i]` for `strings[i]`): a
 * leaf's own key, or for the items of an array the array's (`{ surname: ['A', 'B'] }`); keys
 * themselves and leaves under no key have `undefined`.
 *
 * @example
 * collectKeyedStrings({ customer: { first_name: 'Ana' } });
 * // { strings: ['customer', 'first_name', 'Ana'], keys: [undefined, undefined, 'first_name'] }
 */
export function collectKeyedStrings(
  value: unknown,
  options: StringOptions = {},
): { strings: string[]; keys: (string | undefined)[] } {
  const strings: string[] = [];
  const keys: (string | undefined)[] = [];
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number, key: string | undefined) => {
    if (typeof v === 'string') {
      strings.push(v);
      keys.push(key);
      return;
    }
    if (options.numbers && isLongInteger(v)) {
      strings.push(String(v));
      keys.push(key);
      return;
    }
    if (!Array.isArray(v) && !isPlainObject(v)) return;
    if (seen.has(v)) return;
    if (depth >= MAX_DEPTH)
      throw new PiiConfigError(
        `Value nested deeper than ${MAX_DEPTH} levels; refusing to process it partially.`,
      );
    seen.add(v);
    if (Array.isArray(v)) for (const child of v) walk(child, depth + 1, key);
    else
      for (const [name, child] of Object.entries(v)) {
        strings.push(name);
        keys.push(undefined);
        walk(child, depth + 1, name);
      }
  };
  walk(value, 0, undefined);
  return { strings, keys };
}

/**
 * Rebuilds a value with every string (leaves and keys) replaced, in the order
 * `collectStrings` gives. Two keys that become equal are both kept (the second gets ` (2)`).
 * Plain objects and arrays are copied; numbers, booleans, null and other objects (Date, Map,
 * class instances) are kept as they are. Cycles are kept as cycles in the copy.
 */
export function replaceStrings(
  value: unknown,
  replacements: readonly string[],
  options: StringOptions = {},
): unknown {
  let next = 0;
  const copies = new Map<object, unknown>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return replacements[next++];
    if (options.numbers && isLongInteger(v)) {
      // A number that masking changed becomes its masked text; others stay numbers.
      const replaced = replacements[next++]!;
      return replaced === String(v) ? v : replaced;
    }
    if (!Array.isArray(v) && !isPlainObject(v)) return v;
    const done = copies.get(v);
    if (done !== undefined) return done;
    if (Array.isArray(v)) {
      const copy: unknown[] = [];
      copies.set(v, copy);
      for (const child of v) copy.push(walk(child));
      return copy;
    }
    const copy: Record<string, unknown> = Object.create(Object.getPrototypeOf(v));
    copies.set(v, copy);
    for (const [, child] of Object.entries(v)) {
      let key = replacements[next++]!;
      for (let n = 2; Object.hasOwn(copy, key); n++) key = `${replacements[next - 1]} (${n})`;
      // defineProperty: a key named `__proto__` stays a plain key.
      Object.defineProperty(copy, key, {
        value: walk(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  };
  return walk(value);
}

/**
 * Maps every string leaf with a batch function (one call for all leaves), which also gets the
 * key each string is the value of (see `collectKeyedStrings`).
 */
export async function mapStrings<T>(
  value: T,
  fn: (strings: string[], keys: (string | undefined)[]) => Promise<string[]>,
  options: StringOptions = {},
): Promise<T> {
  if (typeof value === 'string') return (await fn([value], [undefined]))[0] as T;
  const { strings, keys } = collectKeyedStrings(value, options);
  if (strings.length === 0) return value;
  return replaceStrings(value, await fn(strings, keys), options) as T;
}

/** Every token written in a value's strings (keys included), without duplicates, in order. */
export function tokensInValue(value: unknown, format: PlaceholderFormat): string[] {
  const tokens = new Set<string>();
  for (const s of collectStrings(value)) for (const m of format.findAll(s)) tokens.add(m.token);
  return [...tokens];
}
