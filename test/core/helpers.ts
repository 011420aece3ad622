import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CreatePiiOptions, createPii } from '../../src/core/create-pii';
import type { Detector } from '../../src/core/detect/types';

/** A deliberately simple email detector, so core tests do not depend on the default detectors. */
export const testEmailDetector: Detector = {
  name: 'test-email',
  detect: (text) =>
    [...text.matchAll(/[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+[A-Za-z]{2,24}/gu)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      label: 'EMAIL',
      score: 0.9,
    })),
};

/** Finds a fixed list of names (case-sensitive, as written), async like an NER service. */
export function testNameDetector(names: readonly string[]): Detector {
  return {
    name: 'test-names',
    async detect(text) {
      const spans = [];
      for (const name of names) {
        for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) {
          spans.push({ start: i, end: i + name.length, label: 'PERSON', score: 0.8 });
        }
      }
      return spans;
    },
  };
}

export const TEST_NAMES = ['Jean Dupont', 'Marie Curie', 'Aïcha Benali', '王伟'];

export function testPii(options: CreatePiiOptions = {}) {
  return createPii({ detectors: [testEmailDetector, testNameDetector(TEST_NAMES)], ...options });
}

/**
 * The work `run` does as a scanner, counted rather than timed, for tests of linear time: its
 * string reads (`charCodeAt`, `codePointAt`, `indexOf`) and the elements its `for…of` loops
 * over arrays step through.
 */
export function scanWorkOf(run: () => void): number {
  let reads = 0;
  const count = (original: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      reads++;
      return original.apply(this, args);
    };
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]()) as Record<string, unknown>;
  const patched: [Record<string, unknown>, string][] = [
    [String.prototype as unknown as Record<string, unknown>, 'charCodeAt'],
    [String.prototype as unknown as Record<string, unknown>, 'codePointAt'],
    [String.prototype as unknown as Record<string, unknown>, 'indexOf'],
    [arrayIterator, 'next'],
  ];
  const originals = patched.map(([target, name]) => target[name]);
  patched.forEach(([target, name], i) => {
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: count(originals[i] as (...args: unknown[]) => unknown),
    });
  });
  try {
    run();
  } finally {
    patched.forEach(([target, name], i) => {
      Object.defineProperty(target, name, {
        configurable: true,
        writable: true,
        value: originals[i],
      });
    });
  }
  return reads;
}

/**
 * `count` texts of up to `maxPieces` pieces drawn from `pieces`, the same for a given `seed`
 * (a linear congruential generator): inputs for property tests.
 */
export function* randomTexts(
  pieces: readonly string[],
  count: number,
  maxPieces: number,
  seed: number,
): Generator<{ text: string; next: (n: number) => number }> {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  for (let k = 0; k < count; k++) {
    let text = '';
    for (let j = next(maxPieces); j > 0; j--) text += pieces[next(pieces.length)];
    yield { text, next };
  }
}

/** The engine's garbage collector, exposed at run time (tests only). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * How many bytes of heap `fn` leaves reachable after a full collection: what the objects it
 * returns, and any cache it fills, keep alive. Keep what `fn` returns to measure it.
 */
export async function retainedHeapBytes(fn: () => unknown): Promise<number> {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept = await fn();
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  // `kept` stays reachable until here.
  void kept;
  return after - before;
}
