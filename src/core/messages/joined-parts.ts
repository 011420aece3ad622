/**
 * The text parts of one message, read as the one text the model reads: a value split over two
 * parts (`[{ text: 'Écrivez à jean.dupont@' }, { text: 'exemple.fr' }]`) is one value. The
 * parts are joined with markers that show nothing (invisible operators, which the layout reading
 * drops: `layout-pieces.ts`), anonymized as one text, and split back at the markers. A token
 * keeps the markers its value covered next to it (`payload-texts.ts`): the token goes to the
 * part where its value starts, or to the one where it ends when nothing of that part is left
 * after it; the text around the value stays in its own parts, and only a part that the value
 * covered whole is left empty.
 */

const OPEN = '\u2063';
const ZERO = '\u2061';
const ONE = '\u2062';
const CLOSE = '\u2064';
/** Any character of a marker: texts that hold one are not joined. */
const MARKER_CHARS = /[\u2061-\u2064]/;
const MARKER = /\u2063([\u2061\u2062]{1,32})\u2064/g;
const STRAY = /[\u2061-\u2064]/g;

/** Exported for the ReDoS shape test: every regex of this file. */
export const JOINED_PARTS_PATTERNS: readonly RegExp[] = [MARKER_CHARS, MARKER, STRAY];

const markerOf = (joint: number) =>
  `${OPEN}${[...joint.toString(2)].map((b) => (b === '1' ? ONE : ZERO)).join('')}${CLOSE}`;

/** Several texts as one, and how to split an anonymized copy of it back into as many. */
export interface JoinedTexts {
  readonly text: string;
  split(anonymized: string): string[];
}

/**
 * Joins texts for reading as one, or undefined when there are fewer than two or one of them
 * holds a marker character (U+2061 to U+2064, which text does not: they are then read apart).
 *
 * @example
 * const joined = joinTexts(['Écrivez à jean.dupont@', 'exemple.fr'])!;
 * joined.split(`Écrivez à ${joined.text.slice(22, 25)}<<EMAIL:1>>`); // ['Écrivez à ', '<<EMAIL:1>>']
 */
export function joinTexts(texts: readonly string[]): JoinedTexts | undefined {
  if (texts.length < 2 || texts.some((t) => MARKER_CHARS.test(t))) return undefined;
  const text = texts.map((t, i) => (i === 0 ? t : markerOf(i - 1) + t)).join('');
  return {
    text,
    split(anonymized) {
      const out = texts.map(() => '');
      let part = 0;
      let from = 0;
      MARKER.lastIndex = 0;
      for (let m = MARKER.exec(anonymized); m; m = MARKER.exec(anonymized)) {
        const joint = Number.parseInt([...m[1]!].map((c) => (c === ONE ? '1' : '0')).join(''), 2);
        out[part] += anonymized.slice(from, m.index);
        from = m.index + m[0].length;
        // Joints come in order; one that does not was not ours: the rest stays in this part.
        if (joint >= part && joint < texts.length - 1) part = joint + 1;
      }
      out[part] += anonymized.slice(from);
      return out.map((t) => t.replace(STRAY, ''));
    },
  };
}
