import {
  AMBIGUOUS_KEYS,
  EXTENDED_FIRST_NAME_KEYS,
  FIRST_NAME_KEYS,
  GREETING_KEYS,
  nameKey,
  ORGANISATION_KEYS,
  PLACE_PREFIX_KEYS,
  STOP_KEYS,
  SURNAME_KEYS,
  TITLE_KEYS,
} from '../detect/detectors/person-names/lexicon';
import { NAME_WORDS_THAT_ARE_WORDS } from './name-words-data';

/**
 * Whether a word of a known name, written alone (`Martin` once the conversation knows `Pierre
 * Martin`), is that name here or a word of the same spelling (`le martin-pêcheur`, `will`,
 * `la pierre`, `der Koch`). Decided from readable data: what kind of word it is (below), and
 * how and where it is written (`WordSignals`); `MASKED_WHEN` says which signals make it a name.
 */

/**
 * What a word of a name is as a word of its own:
 * - `name`: a given name or a family name of the PERSON detector's lists that is no common word
 *   (`Dupont`, `Thaddeus`): a name wherever it is written;
 * - `word`: a name of the lists that is a common word of English, French, German, Spanish,
 *   Italian or Portuguese too (`Pierre`, `Martin`, `Koch`, `Fischer`: `name-words-data.ts`): a
 *   name where it is capitalised, or in a text written without capitals. Where the same text
 *   writes it in lower case next to capitals (`la pierre`), it is used as a word there: it
 *   counts as `frequent`;
 * - `unlisted`: a word of no list of names, a rare name or a word a detector misread as one
 *   (`Provider` of `Claude Code Provider`, `Tool` of `Tool Calling`, a heading): a name where
 *   it is capitalised inside a sentence (after a lower-case word or the sentence's first word:
 *   `Tell Jasard`, not `Use the…`), in capitals among other words with five letters or more
 *   (`API`, `URL` are acronyms); in lower case, never (commands and code are written so);
 *   used as a word in the same text, it counts as `frequent`;
 * - `frequent`: a given name that is a frequent word and starts many sentences (`Will`, `May`,
 *   `Grace`, `Rose`, `Brown`: the PERSON detector's list), or a company's name (`Picard`,
 *   `Boulanger` the retailers): a name where it is capitalised in the middle of a sentence;
 * - `proper`: a word that is capitalised anyway (places, months, sentence words: `Paris`,
 *   `June`): a name only after a title or a greeting;
 * - `short`: one or two letters (`Li`, `Ng`): a name only after a title or a greeting.
 */
export type NameWordKind = 'name' | 'word' | 'unlisted' | 'frequent' | 'proper' | 'short';

/** How a lone word of a known name is written, and what stands before it. */
export interface WordSignals {
  /** A title or a greeting right before it (`M. Martin`, `Dr Koch`, `Hi Will`). */
  titled: boolean;
  /** An article or a determiner right before it (`la pierre`, `der Koch`, `the Rose`). */
  determined: boolean;
  /** A word that names a place or a street right before it (`Santa Cruz`, `rue Dupont`). */
  placed: boolean;
  /** `Capitalised`, `UPPER`, `lower`, or something else (`McDonald`, `dUpont`). */
  shape: 'capitalised' | 'upper' | 'lower' | 'other';
  /** First word of a sentence, a line, a list item, a table cell or a column (two spaces). */
  sentenceStart: boolean;
  /** The word before it, in the same sentence, is written in lower case. */
  afterLowerWord: boolean;
  /** The word before it is the first of its sentence (`Tell Jasard`, `Hat Leroy`). */
  afterFirstWord: boolean;
  /** In capitals next to a word that is not (`DUPONT Jean`, `voir MARTIN ici`). */
  upperAmongOthers: boolean;
  /** How many code units the word has. */
  length: number;
  /** The text around it (120 characters each side) has no capital letter at all. */
  caselessAround: boolean;
}

/** In capitals, a word of no list is an acronym below this length (`API`, `URL`, `HTTP`). */
const MIN_UPPER_UNLISTED = 5;

type Signal =
  | 'always'
  | 'titled'
  | 'capitalised'
  | 'capitalisedMidSentence'
  | 'capitalisedInSentence'
  | 'upper'
  | 'upperLong'
  | 'caseless';

/** Each signal, read from `WordSignals`. An article or a determiner before the word rules out all but `always`. */
const SIGNALS: Readonly<Record<Signal, (s: WordSignals) => boolean>> = {
  always: () => true,
  titled: (s) => s.titled,
  capitalised: (s) => s.shape === 'capitalised' && !s.determined,
  capitalisedMidSentence: (s) =>
    s.shape === 'capitalised' && !s.sentenceStart && s.afterLowerWord && !s.determined,
  capitalisedInSentence: (s) =>
    s.shape === 'capitalised' &&
    !s.sentenceStart &&
    (s.afterLowerWord || s.afterFirstWord) &&
    !s.determined,
  upper: (s) => s.upperAmongOthers && !s.determined,
  upperLong: (s) => s.upperAmongOthers && s.length >= MIN_UPPER_UNLISTED && !s.determined,
  caseless: (s) => s.shape === 'lower' && s.caselessAround && !s.determined,
};

/**
 * The signals that make a lone word of each kind a name (any one of them), unless a word of a
 * place stands right before it (`Santa Cruz`, `Saint Pierre`, `rue Dupont`: a place, in every
 * kind).
 */
export const MASKED_WHEN: Readonly<Record<NameWordKind, readonly Signal[]>> = {
  name: ['always'],
  word: ['titled', 'capitalised', 'upper', 'caseless'],
  unlisted: ['titled', 'capitalisedInSentence', 'upperLong'],
  frequent: ['titled', 'capitalisedMidSentence'],
  proper: ['titled'],
  short: ['titled'],
};

/**
 * Words of places before a name (the PERSON detector's list of them, `rue`, `saint`, `san`…, and
 * these): what follows is a place, not the person.
 */
const PLACE_WORDS = new Set([
  ...PLACE_PREFIX_KEYS,
  ...'ile iles isla islas isola isole mont monte mount mt lac lake lago cap cape fort port porto puerto rio sierra'.split(
    ' ',
  ),
]);

/**
 * Articles and determiners of English, French, German, Spanish and Italian, in lower case as
 * written (`à` is no `a`): before a word, they make it a common noun (`la pierre`, `der
 * Fischer`). Not `de`, `di`, `von`: before a capitalised word they say whose (`le livre de
 * Pierre`); nor `a`, the Spanish, Italian and Portuguese `to` before names (`Dígale a Vergara`)
 * as often as an English article.
 */
const DETERMINERS = new Set(
  `the an this that these those my your his her its our their some any no every each
  le la les l un une des du ce cet cette ces mon ton son ma ta sa mes tes ses notre votre leur nos
  vos leurs au aux
  der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner mein
  meine meinen meinem dein deine sein seine seinen seinem ihr ihre ihren ihrem unser unsere euer
  eure dieser diese dieses diesem diesen jeder jede jedes jedem jeden zum zur im am beim vom ins ans
  el los las una unos unas al del este esta estos estas ese esa esos esas mi tu su sus nuestro
  nuestra
  il lo gli uno dello della dei degli delle allo alla ai agli alle nel nello nella nei negli nelle
  questo questa quel quella quello mio mia tuo tua suo sua`
    .split(/\s+/)
    .filter(Boolean),
);

/** Elided articles glued to a word by an apostrophe (`l'Arc`, `dell'Orto`). */
const ELIDED = new Set(['l', 'dell', 'dall', 'nell', 'sull', 'all', 'un']);
/**
 * What may stand glued before a name by an apostrophe: elided words (`d'Artagnan`, `qu'Anne`,
 * `l'Arc`) and `O'` (`O'Brien`). After anything else (`ga'dang`), the word is part of another.
 */
const BEFORE_APOSTROPHE = new Set([
  ...ELIDED,
  ...'d j m n s t c qu jusqu lorsqu puisqu o'.split(' '),
]);

/** Whether the word at `start` is glued by an apostrophe to letters that are no elision. */
export function gluedByApostrophe(text: string, start: number): boolean {
  const c = text.charCodeAt(start - 1);
  if ((c !== 39 && c !== 0x2019) || !has(text, start - 2, LETTER_BIT)) return false;
  return !BEFORE_APOSTROPHE.has(text.slice(wordStart(text, start - 1), start - 1).toLowerCase());
}

let nameWords: ReadonlySet<string> | undefined;

/** The kind of a word of a name (see `NameWordKind`). */
export function nameWordKind(word: string): NameWordKind {
  const key = nameKey(word);
  if ([...key].length < 3) return 'short';
  // Companies are people's names as often as not (`Picard`, `Boulanger`): only places,
  // months and sentence words are capitalised whoever they name.
  if (ORGANISATION_KEYS.has(key)) return 'frequent';
  if (STOP_KEYS.has(key)) return 'proper';
  if (AMBIGUOUS_KEYS.has(key)) return 'frequent';
  nameWords ??= new Set(NAME_WORDS_THAT_ARE_WORDS.split(/\s+/).filter(Boolean));
  if (nameWords.has(key)) return 'word';
  return FIRST_NAME_KEYS.has(key) || SURNAME_KEYS.has(key) || EXTENDED_FIRST_NAME_KEYS.has(key)
    ? 'name'
    : 'unlisted';
}

/**
 * Whether the word at `[start, end)` is written in lower case with capitals around it:
 * there it is a common word, whatever the lists say (see `NameWordKind`).
 */
export function writtenAsWord(text: string, start: number, end: number): boolean {
  return shapeOf(text, start, end) === 'lower' && !caseless(text, start, end);
}

/**
 * Whether a word of this kind, written in lower case at `start`, can be a name at all (only
 * `name` and `word` kinds, in a text without capitals): the signals need not be read.
 */
export function lowerCaseMayBeName(kind: NameWordKind, text: string, start: number): boolean {
  return (
    !has(text, start, LOWER_BIT) ||
    MASKED_WHEN[kind].some((s) => s === 'always' || s === 'caseless')
  );
}

/** Whether a lone word of a known name of this kind, written so, is the name. */
export function isNameHere(kind: NameWordKind, signals: WordSignals): boolean {
  return !signals.placed && MASKED_WHEN[kind].some((signal) => SIGNALS[signal](signals));
}

/** Whether a word of a place stands right before `start` (see `MASKED_WHEN`). */
export function afterPlaceWord(text: string, start: number): boolean {
  let k = start;
  while (k > 0 && start - k < 4 && text.charCodeAt(k - 1) === 32) k--;
  if (k === start || !has(text, k - 1, LETTER_BIT)) {
    // `St. Lucia`: an abbreviation's dot.
    if (k === start || text.charCodeAt(k - 1) !== 46) return false;
    k--;
  }
  return PLACE_WORDS.has(nameKey(text.slice(wordStart(text, k), k)));
}

/** Ends a sentence, a line's item or a table's cell. */
const SENTENCE_END = /[.!?…:;|\t\n\r\u2028\u2029]/u;
/** Between a sentence's end (or the previous word) and a word: quotes, brackets, list marks. */
const OPENING = /[ \u00a0,"'«»“”‘’„()[\]{}*•>#–—-]/u;
/** How far the signals look around a word: they stay cheap whatever the text. */
const LOOK_AROUND = 120;

// What a code unit is, by bit (0: not read yet), filled on first sight: the signals read
// hundreds of code units around each word, one table read each.
const KNOWN = 1;
const LETTER_BIT = 2;
const UPPER_BIT = 4;
const LOWER_BIT = 8;
const END_BIT = 16;
const OPENING_BIT = 32;
const unitKinds = new Uint8Array(65536);

function kindOfUnit(c: number): number {
  let kind = unitKinds[c]!;
  if (kind === 0) {
    const ch = String.fromCharCode(c);
    kind =
      KNOWN |
      (/\p{L}/u.test(ch) ? LETTER_BIT : 0) |
      (/\p{Lu}/u.test(ch) ? UPPER_BIT : 0) |
      (/\p{Ll}/u.test(ch) ? LOWER_BIT : 0) |
      (SENTENCE_END.test(ch) ? END_BIT : 0) |
      (OPENING.test(ch) ? OPENING_BIT : 0);
    unitKinds[c] = kind;
  }
  return kind;
}

/** Whether the code unit at `i` of `text` has `bit` (false out of range). */
const has = (text: string, i: number, bit: number) =>
  i >= 0 && i < text.length && (kindOfUnit(text.charCodeAt(i)) & bit) !== 0;

/** Whether some code unit of `text` in `[from, to)` has `bit`. */
function someHas(text: string, from: number, to: number, bit: number): boolean {
  for (let i = from; i < to; i++) if ((kindOfUnit(text.charCodeAt(i)) & bit) !== 0) return true;
  return false;
}

function shapeOf(text: string, start: number, end: number): WordSignals['shape'] {
  if (has(text, start, UPPER_BIT)) {
    if (!someHas(text, start + 1, end, LOWER_BIT)) {
      return end - start > 1 && someHas(text, start + 1, end, UPPER_BIT) ? 'upper' : 'capitalised';
    }
    return innerCapitals(text, start, end) ? 'other' : 'capitalised';
  }
  return has(text, start, LOWER_BIT) && !someHas(text, start + 1, end, UPPER_BIT)
    ? 'lower'
    : 'other';
}

/**
 * Whether a capitalised word has capitals inside other than those of a name's parts: after an
 * apostrophe or a hyphen (`D'Angelo`, `Jean-Luc`) or a `Mc` / `Mac` (`McDonald`, `MacLeod`).
 */
function innerCapitals(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    if (!has(text, i, UPPER_BIT)) continue;
    const before = text.charCodeAt(i - 1);
    if (before === 39 || before === 0x2019 || before === 45) continue;
    const prefix = text.slice(start, i);
    if (prefix === 'Mc' || prefix === 'Mac') continue;
    return true;
  }
  return false;
}

/** Where the word that ends at `end` (exclusive) starts, walking back over letters and `'`. */
function wordStart(text: string, end: number): number {
  let k = end;
  while (k > 0 && end - k < 40 && (has(text, k - 1, LETTER_BIT) || text.charCodeAt(k - 1) === 39))
    k--;
  return k;
}

/**
 * Back from `start` over spaces, quotes and brackets (16 at most) to `k`, the end of the word
 * before or of the sentence: whether a sentence starts at `start` (the text's start, a column,
 * a sentence's end) or a title's abbreviation stands before it (`M. Martin`, `Dr. Koch`).
 */
function backToWord(
  text: string,
  start: number,
): { k: number; sentenceStart: boolean; titled: boolean } {
  let k = start;
  let spaces = 0;
  let column = false;
  while (k > 0 && start - k < 16 && has(text, k - 1, OPENING_BIT)) {
    spaces = text.charCodeAt(k - 1) === 32 ? spaces + 1 : 0;
    if (spaces >= 2) column = true;
    k--;
  }
  if (k === 0 || column) return { k, sentenceStart: true, titled: false };
  if (text.charCodeAt(k - 1) === 46 && has(text, k - 2, LETTER_BIT)) {
    // A title's abbreviation, else the end of a sentence.
    const titled = TITLE_KEYS.has(nameKey(text.slice(wordStart(text, k - 1), k - 1)));
    return { k, sentenceStart: !titled, titled };
  }
  return { k, sentenceStart: has(text, k - 1, END_BIT), titled: false };
}

/**
 * The signals of the word at `[start, end)` of `text`. Reads at most `LOOK_AROUND` characters
 * each side: linear in the text however many words are read.
 *
 * @example
 * wordSignals('Il a vu Martin hier', 8, 14).afterLowerWord; // true
 */
export function wordSignals(text: string, start: number, end: number): WordSignals {
  const shape = shapeOf(text, start, end);
  const { k, sentenceStart, titled: afterTitle } = backToWord(text, start);
  const previous = k > 0 && !sentenceStart && !afterTitle ? text.slice(wordStart(text, k), k) : '';
  let titled = afterTitle;
  const previousKey = nameKey(previous);
  titled ||= TITLE_KEYS.has(previousKey) || GREETING_KEYS.has(previousKey);
  const apostrophe = text.charCodeAt(start - 1);
  const determined =
    DETERMINERS.has(previous.toLowerCase()) ||
    // `l'Arc`, `dell'Orto`: an elided article glued to the word.
    (start >= 2 &&
      (apostrophe === 39 || apostrophe === 0x2019) &&
      ELIDED.has(text.slice(wordStart(text, start - 1), start - 1).toLowerCase()));
  const afterLowerWord = previous !== '' && has(previous, 0, LOWER_BIT);
  const afterFirstWord = previous !== '' && backToWord(text, k - previous.length).sentenceStart;
  let upperAmongOthers = false;
  if (shape === 'upper') {
    let j = end;
    while (
      j < text.length &&
      j - end < 4 &&
      (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 44)
    )
      j++;
    let e = j;
    while (e < text.length && e - j < 40 && has(text, e, LETTER_BIT)) e++;
    upperAmongOthers =
      someHas(previous, 0, previous.length, LOWER_BIT) || someHas(text, j, e, LOWER_BIT);
  }
  return {
    titled,
    determined,
    placed: PLACE_WORDS.has(previousKey) || afterPlaceWord(text, start),
    shape,
    sentenceStart,
    afterLowerWord,
    afterFirstWord,
    upperAmongOthers,
    length: end - start,
    caselessAround: shape === 'lower' && caseless(text, start, end),
  };
}

/**
 * Whether the text around `[start, end)` (`LOOK_AROUND` characters each side) has no capital
 * letter: a message typed without capitals. Sentence ends do not bound it: in prose and code
 * they are everywhere (a URL's `:` and `.`, a wrapped line), and a lower-case word next to
 * capitals is a word.
 */
function caseless(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - LOOK_AROUND);
  const to = Math.min(text.length, end + LOOK_AROUND);
  return !someHas(text, from, start, UPPER_BIT) && !someHas(text, end, to, UPPER_BIT);
}
