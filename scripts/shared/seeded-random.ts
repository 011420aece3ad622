// One seeded random source for everything that must draw the same numbers at every run: the
// generated test sets, the leak generators and the tagger's training shuffle.

/** A generator of numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: small, fast and good enough for picking values; the same seed gives the same
 * draws.
 *
 * @example
 * const next = seeded(15);
 * next(); // the same number for seed 15 at every run
 */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
