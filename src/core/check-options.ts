import { PiiConfigError } from './errors';

/** Every key of a type, and of each member of a union (`{ client } | { url }`). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** `true` for each member of `T` where `K` must be given, `false` where it may be left out. */
type RequiredIn<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? // biome-ignore lint/complexity/noBannedTypes: `{}` is how an optional key is told apart.
      {} extends Pick<T, K>
      ? false
      : true
    : false
  : never;

/** A required option, with what to give: the message says it when the option is missing. */
export interface RequiredOption {
  readonly required: string;
}

/**
 * The known keys of an options type: `'optional'`, or `{ required: 'what to give' }` where the
 * type requires the key (in every member of a union). Write a table as
 * `{ … } as const satisfies OptionKeys<Options>`: the compiler refuses a table that forgets a
 * key (a new option must be listed), invents one, or marks one required when it is not.
 */
export type OptionKeys<T> = {
  readonly [K in KeysOf<T> & string]-?: false extends RequiredIn<T, K>
    ? 'optional'
    : RequiredOption;
};

/**
 * What to do with a key the table does not know. `refuse` (the library's own options): always
 * an error. `typos` (options forwarded to the AI SDK, e.g. `useChat`'s): an error only when the
 * key is one or two edits from a known one, so that an option of a newer AI SDK still passes.
 */
export type UnknownOptionKeys = 'refuse' | 'typos';

type Table = Readonly<Record<string, 'optional' | RequiredOption>>;

/**
 * Checks an options object against the table of its known keys and throws a `PiiConfigError`
 * when it is not an object, misses a required option (`undefined` or `null`), or holds a key
 * that the table does not know, naming the closest known key. Values are each entry point's
 * own business: this only guarantees that a typo never goes silently unused.
 *
 * @example
 * checkOptions('createPii', { detector: [] }, CREATE_PII_KEYS);
 * // PiiConfigError: createPii: unknown option `detector`; did you mean `detectors`? …
 */
export function checkOptions(
  where: string,
  options: unknown,
  keys: Table,
  unknown: UnknownOptionKeys = 'refuse',
): void {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new PiiConfigError(
      `${where} expects an options object, got ${Array.isArray(options) ? 'an array' : typeof options}.`,
    );
  }
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (Object.hasOwn(keys, key)) continue;
    const { closest, distance } = closestKey(key, Object.keys(keys));
    if (unknown === 'typos' && !isTypo(key, distance)) continue;
    throw new PiiConfigError(
      `${where}: unknown option \`${key}\`; did you mean \`${closest}\`? Its options are ${Object.keys(
        keys,
      )
        .map((k) => `\`${k}\``)
        .join(', ')}.`,
    );
  }
  for (const [key, kind] of Object.entries(keys)) {
    if (kind !== 'optional' && (given[key] === undefined || given[key] === null)) {
      throw new PiiConfigError(`${where}: \`${key}\` is required: ${kind.required}.`);
    }
  }
}

/** One or two edits on a long key, one on a short one: `detector` for `detectors`, `Session`. */
const isTypo = (key: string, distance: number) =>
  distance <= Math.max(1, Math.floor(key.length / 4));

/**
 * The known key fewest edits away (case aside), the first one listed on a tie. A known key that
 * the given one abbreviates (`lang` for `language`) counts as one edit.
 */
function closestKey(key: string, known: readonly string[]) {
  let closest = known[0] ?? '';
  let distance = Number.POSITIVE_INFINITY;
  const given = key.toLowerCase();
  for (const candidate of known) {
    const name = candidate.toLowerCase();
    const d = given.length >= 3 && name.startsWith(given) ? 1 : editDistance(given, name);
    if (d < distance) {
      closest = candidate;
      distance = d;
    }
  }
  return { closest, distance };
}

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string
 * alignment distance, so `detcetors` is one edit from `detectors`, as a typist makes it.
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the table: two back for the swap, one back, and the current one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current.push(d);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
