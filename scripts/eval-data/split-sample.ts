import { createHash } from 'node:crypto';
import type { Split, Unit } from './unit';

const hashNumber = (key: string) => createHash('sha256').update(key).digest().readUInt32BE(0);

/**
 * Dev or test for a source without official splits: by a hash of the unit's group (a document, a
 * template, a block of consecutive units), so one novel or one template never lands on both
 * sides.
 *
 * @example
 * hashSplit('litbank:105_persuasion'); // 'dev' or 'test', the same on every run
 */
export function hashSplit(group: string): Exclude<Split, 'train'> {
  return hashNumber(`split:${group}`) % 2 === 0 ? 'dev' : 'test';
}

/**
 * The first `n` units in the order of a hash of their ids: a deterministic sample that does not
 * depend on the order of the source files.
 *
 * @example
 * sample(units, 500).length; // min(500, units.length)
 */
export function sample(units: readonly Unit[], n: number): Unit[] {
  return units
    .map((unit) => ({ unit, key: createHash('sha256').update(`sample:${unit.id}`).digest('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, n)
    .map((x) => x.unit);
}
