/**
 * What a model would read of an address, given where its parts lie in the text and the spans a
 * detector returned: the parts that identify a dwelling (number, street, flat, floor, box,
 * postcode) fully masked, partly, or in clear.
 */
import type { LibpostalComponent } from './libpostal-tests';

/** A range of a text, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** Whether a text's letters and digits in some ranges are all, partly or not covered by spans. */
export type Exposure = 'fully' | 'partly' | 'clear';

/** libpostal's labels for the parts that lead to a dwelling; city, state, country do not. */
export const IDENTIFYING_LABELS: ReadonlySet<string> = new Set([
  'house_number',
  'road',
  'unit',
  'level',
  'staircase',
  'entrance',
  'po_box',
  'postcode',
]);

/** Labels of which one is needed for an address by the documented rule (no number, no address). */
export const NUMBER_LABELS: ReadonlySet<string> = new Set(['house_number', 'po_box', 'postcode']);

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * How much of the letters and digits of `ranges` in `text` the `spans` cover (spans of any
 * label); ranges without a letter or digit count as fully masked.
 *
 * @example
 * exposure('12 rue X', [{ start: 0, end: 8 }], [{ start: 0, end: 2 }]); // 'partly'
 */
export function exposure(
  text: string,
  ranges: readonly TextRange[],
  spans: readonly TextRange[],
): Exposure {
  let alnum = 0;
  let masked = 0;
  for (const r of ranges)
    for (let i = r.start; i < r.end; i++) {
      if (!ALNUM.test(text[i]!)) continue;
      alnum++;
      if (spans.some((p) => p.start <= i && i < p.end)) masked++;
    }
  return masked === alnum ? 'fully' : masked === 0 ? 'clear' : 'partly';
}

/** The text's letters and digits, lower-cased and without accents, with where each came from. */
function folded(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    for (const c of text[i]!.normalize('NFD').toLowerCase()) {
      if (!ALNUM.test(c)) continue;
      chars += c;
      at.push(i);
    }
  }
  return { chars, at };
}

const boundary = (text: string, i: number) => i < 0 || i >= text.length || !ALNUM.test(text[i]!);

/** First occurrence of `needle` in `hay` from `from`, on word boundaries if one is. */
function find(hay: string, needle: string, from: number): number {
  let any = -1;
  for (let i = hay.indexOf(needle, from); i >= 0; i = hay.indexOf(needle, i + 1)) {
    if (boundary(hay, i - 1) && boundary(hay, i + needle.length)) return i;
    if (any < 0) any = i;
  }
  return any;
}

/**
 * Where each component lies in `text`, looked for in order (libpostal returns them in the
 * order of the text), case-insensitively; failing that, on letters and digits alone (spacing,
 * punctuation and accents ignored); `undefined` where the value is not in the text.
 *
 * @example
 * locateComponents('452 Maxwell Ave, Apt 3A', [{ label: 'house_number', value: '452' },
 *   { label: 'road', value: 'maxwell ave' }, { label: 'unit', value: 'apt. 3a' }]);
 * // [{ start: 0, end: 3 }, { start: 4, end: 15 }, { start: 17, end: 23 }]
 */
export function locateComponents(
  text: string,
  components: readonly LibpostalComponent[],
): (TextRange | undefined)[] {
  const lower = text.toLowerCase();
  const exact = lower.length === text.length;
  const fold = folded(text);
  let cursor = 0;
  return components.map(({ value }) => {
    let range: TextRange | undefined;
    const v = value.toLowerCase();
    for (const from of [cursor, 0]) {
      const i = exact ? find(lower, v, from) : -1;
      if (i >= 0) {
        range = { start: i, end: i + v.length };
        break;
      }
      const needle = folded(value).chars;
      const foldFrom = fold.at.findIndex((a) => a >= from);
      const j = needle && foldFrom >= 0 ? fold.chars.indexOf(needle, foldFrom) : -1;
      if (j >= 0) {
        range = { start: fold.at[j]!, end: fold.at[j + needle.length - 1]! + 1 };
        break;
      }
    }
    if (range) cursor = range.end;
    return range;
  });
}

/** One address scored: whether it has a number, an ADDRESS span, and what is read of it. */
export interface AddressPartsScore {
  /** A house number, a PO box or a postcode among its components. */
  numbered: boolean;
  /** Some span labelled ADDRESS in the text. */
  detected: boolean;
  /** Of the identifying parts that were found in the text. */
  exposure: Exposure;
  /** Identifying parts whose value is not in the text. */
  unlocated: LibpostalComponent[];
  /** Identifying parts with a letter or digit outside every span. */
  readable: LibpostalComponent[];
}

/**
 * Scores one address with its labelled components against the spans found in its text.
 *
 * @example
 * scoreAddressParts('1 Main St', [{ label: 'house_number', value: '1' },
 *   { label: 'road', value: 'main st' }], [{ start: 0, end: 9, label: 'ADDRESS' }]);
 * // { numbered: true, detected: true, exposure: 'fully', unlocated: [], readable: [] }
 */
export function scoreAddressParts(
  text: string,
  components: readonly LibpostalComponent[],
  spans: readonly (TextRange & { label: string })[],
): AddressPartsScore {
  const located = locateComponents(text, components);
  const ranges: TextRange[] = [];
  const unlocated: LibpostalComponent[] = [];
  const readable: LibpostalComponent[] = [];
  components.forEach((c, i) => {
    const r = located[i];
    if (!IDENTIFYING_LABELS.has(c.label)) return;
    if (!r) unlocated.push(c);
    else {
      ranges.push(r);
      if (exposure(text, [r], spans) !== 'fully') readable.push(c);
    }
  });
  return {
    numbered: components.some((c) => NUMBER_LABELS.has(c.label)),
    detected: spans.some((s) => s.label === 'ADDRESS'),
    exposure: exposure(text, ranges, spans),
    unlocated,
    readable,
  };
}
