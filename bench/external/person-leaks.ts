import type { ScoredSpan } from './match-spans';

/** How much of a gold name the model would still read. */
export type Exposure = 'masked' | 'partly' | 'fully';

/**
 * A DPO's view of one gold name: `fully` in clear when no predicted span (of any label: a name
 * masked as something else is still masked) covers any of its letters or digits, `partly` when
 * some but not all are covered, `masked` when all are.
 *
 * @example
 * exposure('Ann Lee', { start: 0, end: 7, label: 'PERSON' }, [{ start: 0, end: 3, label: 'PERSON' }]);
 * // 'partly'
 */
export function exposure(
  text: string,
  gold: ScoredSpan,
  predicted: readonly ScoredSpan[],
): Exposure {
  let covered = 0;
  let total = 0;
  for (let i = gold.start; i < gold.end; i++) {
    if (!/[\p{L}\p{N}]/u.test(text[i]!)) continue;
    total++;
    if (predicted.some((p) => p.start <= i && i < p.end)) covered++;
  }
  if (covered === 0) return 'fully';
  return covered === total ? 'masked' : 'partly';
}

/**
 * Words of a name, for recall of one-word names (`Albright`) against longer ones: runs of
 * letters or digits, apostrophes and hyphens inside a word (`d'Arcy`, `Jean-Luc`) kept.
 *
 * @example
 * nameWords('Mr. Jean-Luc d\'Arcy'); // 3
 */
export function nameWords(name: string): number {
  return name.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
