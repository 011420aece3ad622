import { MAX_DEPTH } from '../../core/map-strings';
import type { StringBatch } from './string-batch';

type Obj = Record<string, unknown>;

// Long integers are text here as in tool-call inputs: a phone number may be written as one.
const NUMBERS = { numbers: true } as const;

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
 * Queues in `batch` what `value` holds that `original` does not, at the same place: strings
 * that differ, and whole members (keys included) that `original` lacks. What is the same is
 * left alone. `set` receives `value`'s copy with the queued parts replaced once the batch ran;
 * it is not called when nothing differs.
 *
 * @example
 * queueChangedLeaves(batch, { title: 'Printer', reporter: 'jean@x.fr' }, { title: 'Printer' }, set);
 * // queues { reporter: 'jean@x.fr' } only
 */
export function queueChangedLeaves(
  batch: StringBatch,
  value: unknown,
  original: unknown,
  set: (value: unknown) => void,
  depth = 0,
): void {
  if (sameJson(value, original)) return;
  if (typeof value === 'string' || typeof value === 'number') {
    batch.addValue(value, set, NUMBERS);
    return;
  }
  const nested = depth < MAX_DEPTH;
  if (Array.isArray(value) && Array.isArray(original) && nested) {
    const copy = [...value];
    set(copy);
    value.forEach((item, i) => {
      queueChangedLeaves(batch, item, original[i], (v) => (copy[i] = v), depth + 1);
    });
    return;
  }
  if (isPlainObject(value) && isPlainObject(original) && nested) {
    const copy: Obj = { ...value };
    set(copy);
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(original, key)) {
        queueChangedLeaves(batch, item, original[key], (v) => (copy[key] = v), depth + 1);
        continue;
      }
      // A member the model did not write: its key is read too.
      batch.addValue(
        { [key]: item },
        (member) => {
          delete copy[key];
          for (const [k, v] of Object.entries(member as Obj)) {
            Object.defineProperty(copy, k, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
        },
        NUMBERS,
      );
    }
    return;
  }
  // Another kind of value in place of the model's: read it whole.
  batch.addValue(value, set, NUMBERS);
}
