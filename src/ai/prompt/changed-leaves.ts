import { MAX_DEPTH } from '../../core/map-strings';
import type { StringBatch } from './string-batch';

type Obj = Record<string, unknown>;

// Long integers are text here as in tool-call inputs: a phone number may be written as one.
const NUMBERS = { numbers: true } as const;
const ignore = () => {};

const isPlainObject = (v: unknown): v is Obj => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Whether two JSON values are equal (plain objects and arrays compared member by member). */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i], depth + 1))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k], depth + 1))
  );
}

/**
 * Queues in `batch` the strings of `value` that `original` does not hold at the same place:
 * strings that differ, and whole members (keys included) that `original` lacks, long integers
 * included. What is the same is left out. For reading only: the results are not handed back.
 *
 * @example
 * queueChangedLeaves(batch, { title: 'Printer', reporter: 'jean@x.fr' }, { title: 'Printer' });
 * batch.texts; // ['reporter', 'jean@x.fr']
 */
export function queueChangedLeaves(
  batch: StringBatch,
  value: unknown,
  original: unknown,
  depth = 0,
): void {
  if (sameJson(value, original)) return;
  const nested = depth < MAX_DEPTH;
  if (Array.isArray(value) && Array.isArray(original) && nested) {
    value.forEach((item, i) => {
      queueChangedLeaves(batch, item, original[i], depth + 1);
    });
    return;
  }
  if (isPlainObject(value) && isPlainObject(original) && nested) {
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(original, key)) queueChangedLeaves(batch, item, original[key], depth + 1);
      // A member the model did not write: its key is read too.
      else batch.addValue({ [key]: item }, ignore, NUMBERS);
    }
    return;
  }
  // Another value in place of the model's: read it whole.
  batch.addValue(value, ignore, NUMBERS);
}
