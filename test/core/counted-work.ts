import { expect } from 'vitest';

/**
 * The work `run` does, counted rather than timed (the suite runs on busy machines: no test may
 * depend on the clock). Counted, while `run` runs: the characters each `RegExp#exec` may have
 * read (`test`, `replace`, `match`, `matchAll`, `split` and `search` go through it once it is
 * patched; a sticky regex tries one position, counted as the length it matched), the
 * characters `indexOf`, `lastIndexOf` and `includes` may have read, each `charCodeAt` and
 * `codePointAt`, and each element a `for…of` over an array steps through.
 */
export async function countedWork(run: () => unknown): Promise<number> {
  let work = 0;
  const strings = String.prototype as unknown as Record<string, unknown>;
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]()) as Record<string, unknown>;
  const originals = {
    exec: RegExp.prototype.exec,
    indexOf: String.prototype.indexOf,
    lastIndexOf: String.prototype.lastIndexOf,
    includes: String.prototype.includes,
    charCodeAt: String.prototype.charCodeAt,
    codePointAt: String.prototype.codePointAt,
    next: arrayIterator.next as (...args: unknown[]) => unknown,
  };
  /** What a search of `needle` from `from` read of `text`: up to the match, or to the end. */
  const searched = (text: string, needle: unknown, found: number, from: unknown) => {
    const start = Math.max(0, Math.trunc(Number(from) || 0));
    return 1 + (found >= 0 ? found - start + String(needle).length : text.length - start);
  };
  const patches: [Record<string, unknown>, string, unknown][] = [
    [
      RegExp.prototype as unknown as Record<string, unknown>,
      'exec',
      function exec(this: RegExp, input: string) {
        const from = this.global || this.sticky ? this.lastIndex : 0;
        const result = originals.exec.call(this, input);
        const read = result
          ? result.index + result[0].length - from
          : this.sticky
            ? 0
            : String(input).length - from;
        work += 1 + Math.max(0, read);
        return result;
      },
    ],
    [
      strings,
      'indexOf',
      function indexOf(this: string, needle: string, from?: number) {
        const found = originals.indexOf.call(this, needle, from);
        work += searched(String(this), needle, found, from);
        return found;
      },
    ],
    [
      strings,
      'lastIndexOf',
      function lastIndexOf(this: string, needle: string, from?: number) {
        work += 1 + String(this).length;
        return originals.lastIndexOf.call(this, needle, from);
      },
    ],
    [
      strings,
      'includes',
      function includes(this: string, needle: string, from?: number) {
        const found = originals.indexOf.call(this, needle, from);
        work += searched(String(this), needle, found, from);
        return originals.includes.call(this, needle, from);
      },
    ],
    ...(['charCodeAt', 'codePointAt', 'next'] as const).map(
      (name): [Record<string, unknown>, string, unknown] => [
        name === 'next' ? arrayIterator : strings,
        name,
        function (this: unknown, ...args: unknown[]) {
          work++;
          return (originals[name] as (...a: unknown[]) => unknown).apply(this, args);
        },
      ],
    ),
  ];
  const restore = patches.map(([target, name]) => [target, name, target[name]] as const);
  const set = (target: Record<string, unknown>, name: string, value: unknown) =>
    Object.defineProperty(target, name, { configurable: true, writable: true, value });
  for (const [target, name, value] of patches) set(target, name, value);
  try {
    await run();
  } finally {
    for (const [target, name, value] of restore) set(target, name, value);
  }
  return work;
}

/**
 * Asserts that doubling the input at most doubles the work: `work(2n) ≤ 2·work(n)`, plus a
 * tenth and a constant of slack for what does not grow with the input. A scan that reads the
 * rest of the text from every position would quadruple it. Also checks that the counter saw
 * at least `minimum` units of work on the smaller input (by default its size: it was read at
 * least once), so that a passing test measured something. Returns both counts.
 *
 * @example
 * await expectLinearWork((n) => countedWork(() => format.findAll('<'.repeat(n))), 100_000);
 */
export async function expectLinearWork(
  work: (size: number) => Promise<number>,
  size: number,
  minimum = size,
): Promise<{ small: number; large: number }> {
  const small = await work(size);
  const large = await work(2 * size);
  expect(small).toBeGreaterThanOrEqual(minimum);
  expect(large).toBeLessThanOrEqual(2.2 * small + 1000);
  return { small, large };
}
