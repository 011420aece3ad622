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
  const out: string[] = [];
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string') {
      out.push(v);
      return;
    }
    if (options.numbers && isLongInteger(v)) {
      out.push(String(v));
      return;
    }
    if (!Array.isArray(v) && !isPlainObject(v)) return;
    if (seen.has(v)) return;
    if (depth >= MAX_DEPTH)
      throw new PiiConfigError(
        `Value nested deeper than ${MAX_DEPTH} levels; refusing to process it partially.`,
      );
    seen.add(v);
    if (Array.isArray(v)) for (const child of v) walk(child, depth + 1);
    else
      for (const [key, child] of Object.entries(v)) {
        out.push(key);
        walk(child, depth + 1);
      }
  };
  walk(value, 0);
  return out;
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

/** Maps every string leaf with a batch function (one call for all leaves). */
export async function mapStrings<T>(
  value: T,
  fn: (strings: string[]) => Promise<string[]>,
  options: StringOptions = {},
): Promise<T> {
  if (typeof value === 'string') return (await fn([value]))[0] as T;
  const strings = collectStrings(value, options);
  if (strings.length === 0) return value;
  return replaceStrings(value, await fn(strings), options) as T;
}

/** Every token written in a value's strings (keys included), without duplicates, in order. */
export function tokensInValue(value: unknown, format: PlaceholderFormat): string[] {
  const tokens = new Set<string>();
  for (const s of collectStrings(value)) for (const m of format.findAll(s)) tokens.add(m.token);
  return [...tokens];
}
