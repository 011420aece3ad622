// A name written family name first, then a comma and the given name, as a field of its own: a
// mail display name (`"Dupont, Jean" <jean.dupont@…>`), an address list (`To: Rossi, Maria;
// Bianchi, Luca`), a quoted CSV field, a JSON value. In a sentence such a comma joins a list
// (`Merci Paul, Marie et Grace`): the field is told by what opens and closes it.
import {
  IN_AMBIGUOUS,
  IN_GREETINGS,
  IN_ORGANISATIONS,
  IN_PARTICLES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_TITLES,
} from '../person-names/lexicon';
import { isSpaceOrNbsp } from './chars';
import { labelledAt } from './context';
import { FIRST, SURNAME } from './keys';
import type { ScanView } from './scan-view';
import { S_CAP, S_UPPER } from './tokens';

/** The score of a name read so. */
export const LAST_FIRST_WEIGHT = 0.85;

// What may open the field, blanks aside: a quote, `;`, `:` (`To:`), `=`, a bracket, `|`, a tab,
// a line break (or the text's start).
const OPENERS = new Set([...'"\'“«;:=([<|\t\n\r'].map((c) => c.charCodeAt(0)));
// What may close it, blanks aside: the same, `>` and `<` (`<jean.dupont@…>`), `)`, `]`, `»`, a
// dot that ends the line (or the text's end). Not a comma: `Dupont, Jean, Paul` is a list.
const CLOSERS = new Set([...'"\'”»;)]>|<\t\n\r'].map((c) => c.charCodeAt(0)));
const MAX_BLANKS = 3;

/**
 * Whether a field opens right before `start` (up to three spaces between).
 *
 * @example
 * opensField('To: Rossi, Maria', 4); // true
 * opensField('le dossier Rossi, Maria', 11); // false
 */
export function opensField(text: string, start: number): boolean {
  let k = start - 1;
  for (let b = 0; b < MAX_BLANKS && k >= 0 && text.charCodeAt(k) === 32; b++) k--;
  return k < 0 || OPENERS.has(text.charCodeAt(k));
}

/**
 * Whether a field closes right after `end` (up to three spaces between).
 *
 * @example
 * closesField('"Dupont, Jean" <j@d.fr>', 13); // true
 * closesField('Dupont, Jean et Paul', 12); // false
 */
export function closesField(text: string, end: number): boolean {
  let k = end;
  for (let b = 0; b < MAX_BLANKS && k < text.length && text.charCodeAt(k) === 32; b++) k++;
  if (k >= text.length) return true;
  const code = text.charCodeAt(k);
  if (code === 46) {
    const next = k + 1 < text.length ? text.charCodeAt(k + 1) : 10;
    return next === 10 || next === 13;
  }
  return CLOSERS.has(code);
}

/**
 * Whether the field `[start, end)` is a quoted cell of a delimited row (`1;"Dureois, Romine";`,
 * the quotes next to `,` `;` a tab or the line's ends): enough for a given name of no list. A
 * quoted title (`"Fieldiana, Botany" 29`) or a label (`Bureau: Drey Karpfen, Kolowratstraße`)
 * is not.
 *
 * @example
 * fieldIsDelimited('1;"Dureois, Romine";', 3, 18); // true
 */
export function fieldIsDelimited(text: string, start: number, end: number): boolean {
  if (start < 1 || end >= text.length) return false;
  if (text.charCodeAt(start - 1) !== 34 || text.charCodeAt(end) !== 34) return false;
  const before = start >= 2 ? text.charCodeAt(start - 2) : 10;
  const after = end + 1 < text.length ? text.charCodeAt(end + 1) : 10;
  const cellEdge = (code: number) =>
    code === 44 || code === 59 || code === 9 || code === 10 || code === 13;
  return cellEdge(before) && cellEdge(after);
}

/**
 * The last word of a given name that follows the run `i`..`j` after a comma, the two filling a
 * field of their own (`Rossi, Maria;`, `"Dupont, Jean" <…>`, `To: Whitfield, Nora`, see
 * `./person/last-first`), or -1. The run is a family name: words in no list, or family names of
 * the lists, no given name alone (`Paul, Marie;` is a list), no place, word or title; the
 * given name is one of the lists, or an e-mail address of the text names the pair.
 */
export function lastFirstEnd(view: ScanView, i: number, j: number): number {
  const text = view.text;
  const g = j + 1;
  if (g >= view.n) return -1;
  const comma = view.ends[j]!;
  if (
    text.charCodeAt(comma) !== 44 ||
    view.starts[g]! - comma !== 2 ||
    !isSpaceOrNbsp(text.charCodeAt(comma + 1))
  ) {
    return -1;
  }
  const givenShape = view.shapes[g];
  if ((givenShape !== S_CAP && givenShape !== S_UPPER) || !opensField(text, view.starts[i]!)) {
    return -1;
  }
  const end = view.runEnd(g);
  if (!closesField(text, view.ends[end]!)) return -1;
  const notFamily = IN_GREETINGS | IN_TITLES | IN_PLACES | IN_ORGANISATIONS;
  // A given name in a family name of two words or more starts a full name: `Ludwig van
  // Beethoven, Charles de Gaulle`.
  const givenOut = i < j ? FIRST : 0;
  let named = false;
  for (let k = i; k <= j; k++) {
    const flags = view.flagsOf(k);
    const shape = view.shapes[k];
    if (flags & IN_PARTICLES && !(flags & (FIRST | SURNAME))) continue;
    if (shape !== S_CAP && shape !== S_UPPER) return -1;
    if (flags & (notFamily | givenOut)) return -1;
    if ((flags & (IN_STOP_WORDS | SURNAME)) === IN_STOP_WORDS) return -1;
    if ((flags & (FIRST | SURNAME)) === FIRST) return -1;
    named = true;
  }
  if (!named) return -1;
  // A given name that is also a word or a place (`Cree, Woods`, `Gelao, White`) needs the
  // e-mail address too.
  const given = view.flagsOf(g);
  if ((given & (FIRST | IN_AMBIGUOUS)) === FIRST) return end;
  // `1;"Dureois, Romine";`, `Teilnehmer: Janich, Tore;`: a given name of no list, one
  // capitalised word, in a quoted cell of a delimited row, or after a family name of one word
  // after a label of people (`./labels`).
  if (
    end === g &&
    view.shapes[g] === S_CAP &&
    !(given & (IN_STOP_WORDS | IN_PLACES | IN_GREETINGS | IN_TITLES | FIRST)) &&
    (fieldIsDelimited(view.text, view.starts[i]!, view.ends[end]!) ||
      (i === j && labelledAt(view.text, view.starts[i]!)))
  ) {
    return end;
  }
  // A given name of no list, or one that is also a word: when an e-mail address after it names
  // the pair, as in a display name (`"Okonkwo, Chidi" <chidi.okonkwo@…>`).
  if (given & (IN_GREETINGS | IN_TITLES) || !view.text.includes('@', view.ends[end]!)) return -1;
  for (let k = i; k <= end; k++) if (view.isEmailPart(k, 3)) return end;
  return -1;
}
