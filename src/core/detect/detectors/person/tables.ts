// Names in the cells of delimited tables (CSV, TSV, `;`, `|`), read around the names the scan
// found alone in a cell: a family name alone in its cell has no given name before it in the
// text, and a name column may hold names of no list. No regex: characters are read from the
// class tables of `./chars`, keys folded as `./keys` does.
import {
  IN_ORGANISATIONS,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_TITLES,
  nameKey,
} from '../person-names/lexicon';
import { C_LOWER, C_UPPER, C_WIDE, C_WORD, classAt, isApostrophe } from './chars';
import {
  FIRST,
  FOLD_DROP,
  FOLD_SLOW,
  foldUnit,
  HASH_SEED,
  hashString,
  mixHash,
  SURNAME,
} from './keys';
import { writtenAsTitle } from './title-reader';

/** Lexicon flags of the word `text.slice(from, to)` (see `./keys`). */
export type WordFlags = (from: number, to: number) => number;

/** What `addTableNames` reads and writes of a span. */
export interface DetectedSpanLike {
  start: number;
  end: number;
  label: string;
  score?: number;
}

// A line longer than this is no table row.
const MAX_LINE = 4096;
// At most this many blanks pad a cell.
const MAX_PAD = 3;
// A cell next to a name, and a header label, are read on at most this many characters.
const MAX_CELL = 64;
const MAX_LABEL = 40;
// A name in a cell: at most 5 words of at most 5 parts (`Jean-Pierre`) of 40 letters.
const MAX_WORDS = 5;
const MAX_PARTS = 5;
const MAX_PART = 40;
// Columns are told by a bit each: the first 31.
const MAX_COLUMNS = 31;

/**
 * Keys of the header labels of the columns that hold people: lower case, no accents, `_` `-`
 * `.` read as a space (`Last_Name`, `PRÉNOM`, `Vorname`).
 */
export const NAME_COLUMNS: ReadonlySet<string> = new Set([
  ...'full first last given family middle display customer client contact patient employee cardholder sender recipient'
    .split(' ')
    .map((word) => `${word} name`),
  'card holder name',
  'account holder name',
  ...`name names fullname firstname lastname surname nom prenom prenoms vorname nachname familienname
    apellido apellidos nombre nome cognome customer client cliente contact patient employee employe
    employee salarie salariee titulaire beneficiaire beneficiary holder cardholder owner author
    assignee manager driver passenger guest tenant locataire member person personne interlocuteur
    kunde mitarbeiter ansprechpartner medecin doctor signatory recipient destinataire sender
    expediteur`
    .split(/\s+/)
    .filter(Boolean),
  'nom de famille',
  'nom complet',
  'nom prenom',
  'nombre completo',
  'nome completo',
]);

/** Values that fill a name cell (or a name key's value) when there is no name. */
export const NO_NAME: ReadonlySet<string> = new Set(
  'null none nil na unknown inconnu inconnue anonymous anonyme undefined empty vide aucun tbd tbc test admin root system'.split(
    ' ',
  ),
);

function isDelimiter(code: number): boolean {
  return code === 44 || code === 59 || code === 9 || code === 124;
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/** The rows around a row with a name, delimited alike: `[top, end)`, and its header. */
interface Block {
  delimiter: number;
  top: number;
  end: number;
  /** Start of the header line, or -1. */
  header: number;
  /** The columns of people under the header, one bit each, and the last of them. */
  columns: number;
  lastColumn: number;
  /** Its columns of people are read. */
  done: boolean;
  /**
   * The row last read for a name found in it (its start, or -1), and where that row's cells of
   * the columns of people are (`[from, to)` pairs): each row's fields are read once, however
   * many names it holds.
   */
  row: number;
  rowCells: number[];
}

/**
 * Adds to `spans` the names in the table cells around the names found alone in a cell:
 * - under a header, every cell of the columns whose label names people (`nom;prénom`,
 *   `last_name,first_name`), once a name was found in one of them;
 * - else, a family name alone in the cell next to a given name alone in its cell
 *   (`Lefèvre;Nathalie`, `DUPONT,Jean`).
 * The names found inside a cell span (`Nathalie` of `Nathalie Lefèvre`) go. `spans` before
 * `sorted` (the known names) and from `sorted` on (the scan's) are sorted and do not overlap;
 * `candidates` holds the first `candidateCount` numbers of those that `mayFillCell`.
 */
export function addTableNames(
  text: string,
  spans: DetectedSpanLike[],
  sorted: number,
  candidates: Int32Array,
  candidateCount: number,
  flagsOf: WordFlags,
): void {
  let cells: TableCells | undefined;
  // The table of the last name found in a cell, per delimiter (`,` `;` tab `|`).
  const blocks: (Block | undefined)[] = [undefined, undefined, undefined, undefined];
  let lineStart = 0;
  let lineEnd = -1;
  for (let c = -sorted; c < candidateCount; c++) {
    const span = spans[c < 0 ? c + sorted : candidates[c]!]!;
    if (c < 0 && !mayFillCell(text, span.start, span.end)) continue;
    const end = span.end;
    const delimiter = cellDelimiter(text, span.start, end);
    if (delimiter < 0) continue;
    // The line of the name: that of the name before, most often (a row holds several).
    if (span.start < lineStart || span.start > lineEnd) {
      lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
      lineEnd = lineEndOf(text, lineStart);
    }
    if (lineEnd - lineStart > MAX_LINE) continue;
    // The names come in the order of the text (the known names, then the scan's): the table
    // of the last one with this delimiter is the only one to look at again, so that each
    // table is read once (twice at most).
    const slot = delimiter === 44 ? 0 : delimiter === 59 ? 1 : delimiter === 9 ? 2 : 3;
    let block = blocks[slot];
    if (block === undefined || lineStart < block.top || lineStart >= block.end) {
      block = tableAround(text, lineStart, delimiter);
      blocks[slot] = block;
    }
    if (block.done) continue;
    cells ??= new TableCells(text, spans, sorted, flagsOf);
    if (block.columns === 0) {
      addNeighbours(cells, span, delimiter, lineStart, lineEnd);
    } else {
      block.done = addColumns(cells, block, span.start, lineStart, lineEnd);
    }
  }
  cells?.commit();
}

/** The names found (`spans`) and the cell names added to them. */
class TableCells {
  private readonly count: number;
  private readonly added: DetectedSpanLike[] = [];
  // Where the added cell names start: a cell is added once (a family name between two given
  // names is the neighbour of both). Cells of two delimiters may still cross: the pipeline
  // keeps the longer.
  private readonly addedStarts = new Set<number>();
  // The names found inside added cell names, and those inside the cell being added.
  private readonly covered: number[] = [];
  private readonly inside: number[] = [];

  constructor(
    readonly text: string,
    private readonly spans: DetectedSpanLike[],
    private readonly sorted: number,
    readonly flagsOf: WordFlags,
  ) {
    this.count = spans.length;
  }

  /**
   * Adds the cell name `[start, end)` unless a name found or added covers or crosses it; the
   * names found inside it go (at `commit`).
   */
  add(start: number, end: number, score: number): void {
    if (this.blocked(start, end) || this.addedStarts.has(start)) return;
    for (const s of this.inside) this.covered.push(s);
    this.addedStarts.add(start);
    this.added.push({ start, end, label: 'PERSON', score });
  }

  /**
   * Whether a name found covers or crosses `[start, end)`; else `inside` holds the names found
   * inside it.
   */
  blocked(start: number, end: number): boolean {
    this.inside.length = 0;
    return (
      this.blockedIn(0, this.sorted, start, end) ||
      this.blockedIn(this.sorted, this.count, start, end)
    );
  }

  /**
   * `blocked` for the names `from` to `to` of `spans`: sorted, not overlapping (the known names
   * come in the order of the text, and so do the scan's), so their ends are sorted too.
   */
  private blockedIn(from: number, to: number, start: number, end: number): boolean {
    const spans = this.spans;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (spans[mid]!.end <= start) lo = mid + 1;
      else hi = mid;
    }
    for (let s = lo; s < to && spans[s]!.start < end; s++) {
      if (!this.leaves(spans[s]!, s, start, end)) return true;
    }
    return false;
  }

  /**
   * Whether the name found `span` (number `s`) leaves room for the cell name `[start, end)`:
   * apart from it, or inside it (noted in `inside`); not when it covers or crosses it.
   */
  private leaves(span: DetectedSpanLike, s: number, start: number, end: number): boolean {
    if (span.end <= start || end <= span.start) return true;
    if (start <= span.start && span.end <= end && (span.start > start || span.end < end)) {
      this.inside.push(s);
      return true;
    }
    return false;
  }

  /** Puts the added names into `spans`, without the names they cover. */
  commit(): void {
    if (this.added.length === 0) return;
    const spans = this.spans;
    const covered = this.covered.sort((a, b) => a - b);
    let kept = 0;
    let c = 0;
    for (let s = 0; s < this.count; s++) {
      while (c < covered.length && covered[c]! < s) c++;
      if (c < covered.length && covered[c] === s) continue;
      spans[kept++] = spans[s]!;
    }
    spans.length = kept;
    for (const cell of this.added) spans.push(cell);
  }
}

/**
 * Whether the name `[start, end)` may fill a table cell: most names sit in sentences, a letter, a
 * blank then a letter, `.` `!` `?` `)`, or `, ` after a blank around them. Reads what
 * `cellDelimiter` reads first, to say no sooner.
 */
export function mayFillCell(text: string, start: number, end: number): boolean {
  const length = text.length;
  const after = end < length ? text.charCodeAt(end) : 10;
  if (after === 32) {
    const next = end + 1 < length ? text.charCodeAt(end + 1) : 10;
    return next === 32 || next === 124 || next === 9 || next === 34 || isLineBreak(next);
  }
  if (after === 44 || after === 59) {
    const before = start > 0 ? text.charCodeAt(start - 1) : 10;
    return before === after || before === 34 || isLineBreak(before);
  }
  return after === 9 || after === 124 || after === 34 || isLineBreak(after);
}

/**
 * The delimiter around a name that fills its cell, or -1: a delimiter on one side and a
 * delimiter (the same) or the line's end on the other, quotes aside. Blanks may pad `|` and tab
 * cells only: `Paul, Marie` is a sentence, `Paul,Marie` a row.
 */
function cellDelimiter(text: string, start: number, end: number): number {
  const length = text.length;
  let b = end;
  while (b < length && b - end < MAX_PAD && text.charCodeAt(b) === 32) b++;
  if (b < length && text.charCodeAt(b) === 34) b++;
  const right = b === length ? 10 : text.charCodeAt(b);
  // Most names sit in sentences: a letter or `.` `!` `?` `)` after them.
  if (!isDelimiter(right) && !isLineBreak(right)) return -1;
  let a = start;
  while (a > 0 && start - a < MAX_PAD && text.charCodeAt(a - 1) === 32) a--;
  const padded = a < start || b > end;
  if (a > 0 && text.charCodeAt(a - 1) === 34) a--;
  const left = a === 0 ? 10 : text.charCodeAt(a - 1);
  let delimiter: number;
  if (isDelimiter(left)) {
    if (isDelimiter(right) && right !== left) return -1;
    delimiter = left;
  } else {
    if (!isLineBreak(left) || !isDelimiter(right)) return -1;
    delimiter = right;
  }
  return !padded || delimiter === 124 || delimiter === 9 ? delimiter : -1;
}

// The bounds of the field `nextField` read last, without padding and quotes.
let fieldFrom = 0;
let fieldTo = 0;

/**
 * Reads the field of the line that ends at `to` from `i` (a field's first character), split at
 * `delimiter` (a quoted field may hold it): sets `fieldFrom` and `fieldTo`, and returns where
 * the next field starts (after `to` for the last one).
 */
function nextField(text: string, i: number, to: number, delimiter: number): number {
  let a = i;
  while (a < to && text.charCodeAt(a) === 32) a++;
  let b: number;
  let next: number;
  if (a < to && text.charCodeAt(a) === 34) {
    // A quoted field: up to the quote before the delimiter or the line's end (`""` inside).
    let q = indexOfCode(text, 34, a + 1, to);
    while (q + 1 < to && text.charCodeAt(q + 1) === 34) q = indexOfCode(text, 34, q + 2, to);
    a++;
    b = q;
    next = q < to ? indexOfCode(text, delimiter, q, to) : to;
  } else {
    next = indexOfCode(text, delimiter, a, to);
    b = next;
    while (b > a && text.charCodeAt(b - 1) === 32) b--;
  }
  fieldFrom = a;
  fieldTo = b;
  return next + 1;
}

function indexOfCode(text: string, code: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return to;
}

/** End of the line at `lineStart`, without `\r`. */
function lineEndOf(text: string, lineStart: number): number {
  let end = text.indexOf('\n', lineStart);
  if (end < 0) end = text.length;
  if (end > lineStart && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** A Markdown rule under a header: `|---|:---:|`. */
function isRule(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code !== 124 && code !== 45 && code !== 58 && code !== 32) return false;
  }
  return to > from;
}

/**
 * The table around the row at `lineStart`: the lines with the delimiter above and below it
 * (Markdown rules aside). Its first line is the header when it is not that row and its cells are
 * labels (2 at least); the header tells the columns of people.
 */
const ROW = 1;
const RULE = 2;

/**
 * What the line `[from, to)` is in a table: `ROW` when it holds the delimiter, `RULE` when it
 * is a Markdown rule (`|---|:--:|`, Markdown tables only), 0 when neither.
 */
function lineShape(
  text: string,
  from: number,
  to: number,
  delimiter: number,
  markdown: boolean,
): number {
  let row = false;
  let rule = markdown && to > from;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === delimiter) row = true;
    else if (rule && code !== 45 && code !== 58 && code !== 32 && code !== 13) rule = false;
  }
  return (row ? ROW : 0) | (rule ? RULE : 0);
}

function tableAround(text: string, lineStart: number, delimiter: number): Block {
  const markdown = delimiter === 124;
  const length = text.length;
  // Up: each line read once.
  let top = lineStart;
  for (let end = lineStart - 1; end > 0; ) {
    const k = text.lastIndexOf('\n', end - 1);
    const shape = lineShape(text, k + 1, end, delimiter, markdown);
    if (end - k > MAX_LINE || shape === 0) break;
    if (!(shape & RULE)) top = k + 1;
    end = k;
  }
  // Down, likewise.
  let end = lineEndOf(text, lineStart);
  for (let next = text.indexOf('\n', end); next >= 0 && next + 1 < length; ) {
    let k = text.indexOf('\n', next + 1);
    if (k === -1) k = length;
    const shape = lineShape(text, next + 1, k, delimiter, markdown);
    if (k - next > MAX_LINE || shape === 0) break;
    end = k > next + 1 && text.charCodeAt(k - 1) === 13 ? k - 1 : k;
    next = k;
  }
  const block: Block = {
    delimiter,
    top,
    end: end + 1,
    header: -1,
    columns: 0,
    lastColumn: 0,
    done: false,
    row: -1,
    rowCells: [],
  };
  if (top === lineStart) return block;
  const to = lineEndOf(text, top);
  let labels = 0;
  let columns = 0;
  let lastColumn = 0;
  for (let i = top, c = 0; i <= to; c++) {
    i = nextField(text, i, to, delimiter);
    if (fieldTo === fieldFrom) continue;
    const label = labelColumn(text, fieldFrom, fieldTo);
    if (label === LABEL_NO) return block;
    labels++;
    if (c < MAX_COLUMNS && label === LABEL_PERSON) {
      columns |= 1 << c;
      lastColumn = c;
    }
  }
  if (labels >= 2) {
    block.header = top;
    block.columns = columns;
    block.lastColumn = lastColumn;
  }
  return block;
}

// The key `labelColumn` reads, one code unit per entry.
const keyUnits = new Uint16Array(MAX_LABEL);
// `NAME_COLUMNS` by hash of their keys (see `hashString`).
const NAME_COLUMN_HASHES: ReadonlyMap<number, string> = new Map(
  [...NAME_COLUMNS].map((key) => [hashString(key), key]),
);

const LABEL_NO = -1;
const LABEL_OTHER = 0;
const LABEL_PERSON = 1;

/**
 * Reads the header cell `[from, to)`: `LABEL_NO` when it is no label (a letter, then up to 39
 * letters, digits, blanks and `_` `.` `'` `#` `(` `)` `/` `-`), `LABEL_PERSON` when its key (see
 * `NAME_COLUMNS`) names a column of people, else `LABEL_OTHER`. Builds no string.
 */
function labelColumn(text: string, from: number, to: number): number {
  if (to - from > MAX_LABEL || (classAt(text, from) & C_WORD) === 0) return LABEL_NO;
  let size = 0;
  let space = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 95 || code === 46 || code === 45 || code === 32) {
      space = size > 0;
      continue;
    }
    let folded: number;
    if (code < 128 && ((code | 32) - 97) >>> 0 < 26) {
      folded = code | 32;
    } else if (
      (code >= 48 && code <= 57) ||
      code === 35 ||
      code === 40 ||
      code === 41 ||
      code === 47
    ) {
      folded = code;
    } else if (isApostrophe(code)) {
      folded = 39;
    } else {
      if ((classAt(text, i) & C_WORD) === 0) return LABEL_NO;
      folded = foldUnit(code);
      if (folded === FOLD_DROP) continue;
      if (folded === FOLD_SLOW) {
        const key = nameKey(text.slice(from, to))
          .replaceAll('_', ' ')
          .replaceAll('.', ' ')
          .replaceAll('-', ' ');
        return NAME_COLUMNS.has(key) ? LABEL_PERSON : LABEL_OTHER;
      }
    }
    if (space) keyUnits[size++] = 32;
    space = false;
    if (size === MAX_LABEL) return LABEL_NO;
    keyUnits[size++] = folded;
  }
  let hash = HASH_SEED;
  for (let k = 0; k < size; k++) hash = mixHash(hash, keyUnits[k]!);
  const key = NAME_COLUMN_HASHES.get(hash);
  if (key === undefined || key.length !== size) return LABEL_OTHER;
  for (let k = 0; k < size; k++) if (key.charCodeAt(k) !== keyUnits[k]) return LABEL_OTHER;
  return LABEL_PERSON;
}

/**
 * The names of the columns of people under the header of `block`, when the name found at
 * `found` (on the line `[lineStart, lineEnd)`) sits in one of them. Returns whether the table is
 * read (or has no such column).
 */
function addColumns(
  cells: TableCells,
  block: Block,
  found: number,
  lineStart: number,
  lineEnd: number,
): boolean {
  const text = cells.text;
  const { delimiter, columns, lastColumn } = block;
  if (columns === 0) return true;
  if (block.row !== lineStart) {
    block.row = lineStart;
    block.rowCells.length = 0;
    for (let i = lineStart, c = 0; i <= lineEnd && c <= lastColumn; c++) {
      i = nextField(text, i, lineEnd, delimiter);
      if (columns & (1 << c)) block.rowCells.push(fieldFrom, fieldTo);
    }
  }
  let inColumn = false;
  const rowCells = block.rowCells;
  for (let k = 0; k < rowCells.length && !inColumn; k += 2) {
    inColumn = rowCells[k]! <= found && found < rowCells[k + 1]!;
  }
  if (!inColumn) return false;
  for (let line = text.indexOf('\n', block.header) + 1; line > 0 && line < block.end; ) {
    const to = lineEndOf(text, line);
    if (!(delimiter === 124 && isRule(text, line, to))) {
      for (let i = line, c = 0; i <= to && c <= lastColumn; c++) {
        i = nextField(text, i, to, delimiter);
        if (columns & (1 << c)) addName(cells, fieldFrom, fieldTo, 0.85, false);
      }
    }
    const next = text.indexOf('\n', to);
    if (next < 0) break;
    line = next + 1;
  }
  return true;
}

/**
 * With no header: the cells next to a given name alone in its cell (`Lefèvre;Nathalie`,
 * `DUPONT,Jean`), each a family name alone, straight against the delimiter (blanks pad `|` and
 * tab cells only).
 */
function addNeighbours(
  cells: TableCells,
  span: DetectedSpanLike,
  delimiter: number,
  lineStart: number,
  lineEnd: number,
): void {
  const { text, flagsOf } = cells;
  const { start, end } = span;
  for (let k = start; k < end; k++) if (text.charCodeAt(k) === 32) return;
  if ((flagsOf(start, end) & FIRST) === 0) return;
  const padded = delimiter === 124 || delimiter === 9;
  if (!padded && !tight(text, start, end, lineStart, lineEnd, delimiter)) return;
  // The cell before, then the cell after.
  let a = start - 1;
  while (a > lineStart && text.charCodeAt(a) === 32) a--;
  if (a > lineStart && text.charCodeAt(a) === delimiter) {
    let from = a;
    while (from > lineStart && text.charCodeAt(from - 1) !== delimiter && a - from < MAX_CELL)
      from--;
    addNeighbour(cells, from, a, lineStart, lineEnd, delimiter, padded);
  }
  let b = end;
  while (b < lineEnd && text.charCodeAt(b) === 32) b++;
  if (b < lineEnd && text.charCodeAt(b) === delimiter) {
    let to = b + 1;
    while (to < lineEnd && text.charCodeAt(to) !== delimiter && to - b < MAX_CELL) to++;
    addNeighbour(cells, b + 1, to, lineStart, lineEnd, delimiter, padded);
  }
}

/** The neighbour cell `[from, to)` (padding included) of a given name: a family name alone. */
function addNeighbour(
  cells: TableCells,
  from: number,
  to: number,
  lineStart: number,
  lineEnd: number,
  delimiter: number,
  padded: boolean,
): void {
  const text = cells.text;
  // A cell longer than `MAX_CELL` is no family name.
  if (!(from === lineStart || text.charCodeAt(from - 1) === delimiter)) return;
  if (!(to === lineEnd || text.charCodeAt(to) === delimiter)) return;
  if (padded) {
    while (from < to && text.charCodeAt(from) === 32) from++;
    while (to > from && text.charCodeAt(to - 1) === 32) to--;
  } else if (!tight(text, from, to, lineStart, lineEnd, delimiter)) {
    return;
  }
  if (to - from >= 2) addName(cells, from, to, 0.8, true);
}

/** The cell `[from, to)` of the line `[lineStart, lineEnd)` touches its delimiters. */
function tight(
  text: string,
  from: number,
  to: number,
  lineStart: number,
  lineEnd: number,
  delimiter: number,
): boolean {
  return (
    (from === lineStart || text.charCodeAt(from - 1) === delimiter) &&
    (to === lineEnd || text.charCodeAt(to) === delimiter)
  );
}

// The words of the cell `nameWords` read last: start and end of each.
const wordFrom = new Int32Array(MAX_WORDS);
const wordTo = new Int32Array(MAX_WORDS);

/**
 * Reads the cell `[from, to)` as a name: 1 to 5 words of letters (inner `'`, `’`, `-`; an
 * initial may end with a dot), single spaces between them. Returns how many words (their bounds
 * in `wordFrom`, `wordTo`, a final dot left out), 0 when the cell holds anything else.
 */
function nameWords(text: string, from: number, to: number): number {
  let words = 0;
  let i = from;
  while (i < to) {
    if (words === MAX_WORDS) return 0;
    const start = i;
    for (let part = 0; ; part++) {
      if (part === MAX_PARTS) return 0;
      const partStart = i;
      while (i < to && i - partStart < MAX_PART) {
        const c = classAt(text, i);
        if ((c & C_WORD) === 0) break;
        i += c & C_WIDE ? 2 : 1;
      }
      if (i === partStart) return 0;
      const code = i < to ? text.charCodeAt(i) : 32;
      if ((code === 45 || isApostrophe(code)) && i + 1 < to) {
        i++;
        continue;
      }
      break;
    }
    wordFrom[words] = start;
    wordTo[words] = i;
    words++;
    if (i < to && text.charCodeAt(i) === 46) i++;
    if (i === to) break;
    if (text.charCodeAt(i) !== 32 || i + 1 === to) return 0;
    i++;
  }
  return words;
}

/** Whether the word `[from, to)` has no lower case letter: `DUPONT`. */
function allCaps(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (classAt(text, i) & C_LOWER) return false;
  return true;
}

/** Whether the cell `[from, to)` holds a placeholder (`NULL`, `unknown`): ASCII only. */
function isNoName(text: string, from: number, to: number): boolean {
  if (to - from > 9) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 127) return false;
  return NO_NAME.has(text.slice(from, to).toLowerCase());
}

/** Whether word `w` of the cell read last (`nameWords`) is a title as written. */
function isTitleWord(text: string, flagsOf: WordFlags, w: number): boolean {
  const from = wordFrom[w]!;
  const to = wordTo[w]!;
  return (flagsOf(from, to) & IN_TITLES) !== 0 && writtenAsTitle(text, from, to);
}

/**
 * Adds the name in the cell `[from, to)` (a title before it left out), unless it is no name or
 * a found name covers it. `single`: one word, a family name from the list or in capitals
 * (`DUPONT`, 4 letters at least: not `CEO`).
 */
function addName(
  cells: TableCells,
  from: number,
  to: number,
  score: number,
  single: boolean,
): void {
  const { text, flagsOf } = cells;
  // Most cells of a name column hold a name found already.
  if (to - from < 2 || cells.blocked(from, to)) return;
  const words = nameWords(text, from, to);
  if (words === 0 || (single && words !== 1)) return;
  // `Dr Paul Roux`, `Mme Lefèvre`: the title stays out of the span (`Don` is a given name).
  const first = words > 1 && isTitleWord(text, flagsOf, 0) ? 1 : 0;
  let upper = false;
  let named = false;
  for (let w = first; w < words; w++) {
    const start = wordFrom[w]!;
    const end = wordTo[w]!;
    if (classAt(text, start) & C_UPPER) upper = true;
    const flags = flagsOf(start, end);
    if (flags & IN_ORGANISATIONS || (flags & IN_TITLES && isTitleWord(text, flagsOf, w))) return;
    if (single && flags & IN_PLACES) return;
    if ((flags & (IN_STOP_WORDS | FIRST | SURNAME)) !== IN_STOP_WORDS) named = true;
    else if (single) return;
    if (single && !(flags & SURNAME) && (end - start < 4 || !allCaps(text, start, end))) return;
  }
  const start = wordFrom[first]!;
  if (!upper || !named || (words - first === 1 && isNoName(text, start, to))) return;
  cells.add(start, to, score);
}
