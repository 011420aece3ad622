// A name written family name first, then a comma and the given name, as a field of its own: a
// mail display name (`"Dupont, Jean" <jean.dupont@…>`), an address list (`To: Rossi, Maria;
// Bianchi, Luca`), a quoted CSV field, a JSON value. In a sentence such a comma joins a list
// (`Merci Paul, Marie et Grace`): the field is told by what opens and closes it.

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
