import {
  AMBIGUOUS_KEYS,
  GREETING_KEYS,
  nameKey,
  STOP_KEYS,
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
 * - `name`: no common word (`Dupont`, `Nakamura`): a name wherever it is written;
 * - `word`: a common word of English, French, German, Spanish, Italian or Portuguese too
 *   (`Pierre`, `Martin`, `Koch`, `Fischer`: `name-words-data.ts`): a name where it is
 *   capitalised, or in a sentence written without capitals;
 * - `frequent`: a given name that is a frequent word and starts many sentences (`Will`, `May`,
 *   `Grace`, `Rose`, `Brown`: the PERSON detector's list): a name where it is capitalised in
 *   the middle of a sentence;
 * - `proper`: a word that is capitalised anyway (places, companies, months, sentence words:
 *   `Paris`, `Boulanger` the retailer, `June`): a name only after a title or a greeting;
 * - `short`: one or two letters (`Li`, `Ng`): a name only after a title or a greeting.
 */
export type NameWordKind = 'name' | 'word' | 'frequent' | 'proper' | 'short';

/** How a lone word of a known name is written, and what stands before it. */
export interface WordSignals {
  /** A title or a greeting right before it (`M. Martin`, `Dr Koch`, `Hi Will`). */
  titled: boolean;
  /** An article or a determiner right before it (`la pierre`, `der Koch`, `the Rose`). */
  determined: boolean;
  /** `Capitalised`, `UPPER`, `lower`, or something else (`McDonald`, `dUpont`). */
  shape: 'capitalised' | 'upper' | 'lower' | 'other';
  /** First word of a sentence, a line or a list item. */
  sentenceStart: boolean;
  /** The word before it, in the same sentence, is written in lower case. */
  afterLowerWord: boolean;
  /** In capitals next to a word that is not (`DUPONT Jean`, `voir MARTIN ici`). */
  upperAmongOthers: boolean;
  /** Its sentence (up to 120 characters each side) has no capital letter at all. */
  caselessSentence: boolean;
}

type Signal = 'always' | 'titled' | 'capitalised' | 'capitalisedMidSentence' | 'upper' | 'caseless';

/** Each signal, read from `WordSignals`. An article or a determiner before the word rules out all but `always`. */
const SIGNALS: Readonly<Record<Signal, (s: WordSignals) => boolean>> = {
  always: () => true,
  titled: (s) => s.titled,
  capitalised: (s) => s.shape === 'capitalised' && !s.determined,
  capitalisedMidSentence: (s) =>
    s.shape === 'capitalised' && !s.sentenceStart && s.afterLowerWord && !s.determined,
  upper: (s) => s.upperAmongOthers && !s.determined,
  caseless: (s) => s.shape === 'lower' && s.caselessSentence && !s.determined,
};

/** The signals that make a lone word of each kind a name (any one of them). */
export const MASKED_WHEN: Readonly<Record<NameWordKind, readonly Signal[]>> = {
  name: ['always'],
  word: ['titled', 'capitalised', 'upper', 'caseless'],
  frequent: ['titled', 'capitalisedMidSentence', 'upper'],
  proper: ['titled', 'upper'],
  short: ['titled'],
};

/**
 * Articles and determiners of English, French, German, Spanish and Italian, as keys: before a
 * word, they make it a common noun (`la pierre`, `der Fischer`). Not `de`, `di`, `von`: before
 * a capitalised word they say whose (`le livre de Pierre`).
 */
const DETERMINERS = new Set(
  `the a an this that these those my your his her its our their some any no every each
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

let nameWords: ReadonlySet<string> | undefined;

/** The kind of a word of a name (see `NameWordKind`). */
export function nameWordKind(word: string): NameWordKind {
  const key = nameKey(word);
  if ([...key].length < 3) return 'short';
  if (STOP_KEYS.has(key)) return 'proper';
  if (AMBIGUOUS_KEYS.has(key)) return 'frequent';
  nameWords ??= new Set(NAME_WORDS_THAT_ARE_WORDS.split(/\s+/).filter(Boolean));
  return nameWords.has(key) ? 'word' : 'name';
}

/** Whether a lone word of a known name of this kind, written so, is the name. */
export function isNameHere(kind: NameWordKind, signals: WordSignals): boolean {
  return MASKED_WHEN[kind].some((signal) => SIGNALS[signal](signals));
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
/** Ends a sentence, or a line's item. */
const SENTENCE_END = /[.!?…:;\n\r\u2028\u2029]/u;
/** Between a sentence's end (or the previous word) and a word: quotes, brackets, list marks. */
const OPENING = /[\s,"'«»“”‘’„()[\]{}*•>#|–—-]/u;
/** How far the signals look around a word: they stay cheap whatever the text. */
const LOOK_AROUND = 120;

const isLetter = (c: string | undefined) => c !== undefined && LETTER.test(c);

function shapeOf(word: string): WordSignals['shape'] {
  const first = word.charAt(0);
  const rest = word.slice(1);
  if (UPPER.test(first)) {
    if (!LOWER.test(rest)) return rest.length > 0 && UPPER.test(rest) ? 'upper' : 'capitalised';
    return UPPER.test(rest.replace(/^\p{Lu}?\p{Ll}+['’]?/u, '')) ? 'other' : 'capitalised';
  }
  return LOWER.test(first) && !UPPER.test(rest) ? 'lower' : 'other';
}

/** The word that ends at `end` (exclusive), walking back over letters and apostrophes. */
function wordEndingAt(text: string, end: number): { start: number; word: string } {
  let k = end;
  while (k > 0 && end - k < 40 && (isLetter(text[k - 1]) || text[k - 1] === "'")) k--;
  return { start: k, word: text.slice(k, end) };
}

/**
 * The signals of the word at `[start, end)` of `text`. Reads at most `LOOK_AROUND` characters
 * each side: linear in the text however many words are read.
 *
 * @example
 * wordSignals('Il a vu Martin hier', 8, 14).afterLowerWord; // true
 */
export function wordSignals(text: string, start: number, end: number): WordSignals {
  const word = text.slice(start, end);
  const shape = shapeOf(word);
  // Back over spaces, quotes and brackets to the previous word or the sentence's end.
  let k = start;
  let lineBreak = false;
  while (k > 0 && start - k < 16 && OPENING.test(text[k - 1]!)) {
    if (text[k - 1] === '\n' || text[k - 1] === '\r') lineBreak = true;
    k--;
  }
  let previous = '';
  let titled = false;
  let sentenceStart = k === 0 || lineBreak;
  if (!sentenceStart) {
    const c = text[k - 1]!;
    if (c === '.' && isLetter(text[k - 2])) {
      // `M. Martin`, `Dr. Koch`: a title's abbreviation; else the end of a sentence.
      const before = wordEndingAt(text, k - 1).word;
      if (TITLE_KEYS.has(nameKey(before))) titled = true;
      else sentenceStart = true;
    } else if (SENTENCE_END.test(c)) sentenceStart = true;
    else if (isLetter(c)) previous = wordEndingAt(text, k).word;
  }
  const previousKey = nameKey(previous);
  titled ||= TITLE_KEYS.has(previousKey) || GREETING_KEYS.has(previousKey);
  const determined =
    DETERMINERS.has(previousKey) ||
    // `l'Arc`, `dell'Orto`: an elided article glued to the word.
    (start >= 2 &&
      (text[start - 1] === "'" || text[start - 1] === '’') &&
      /^(?:l|dell|dall|nell|sull|all|un)$/iu.test(wordEndingAt(text, start - 1).word));
  const afterLowerWord = previous !== '' && LOWER.test(previous.charAt(0));
  let upperAmongOthers = false;
  if (shape === 'upper') {
    let j = end;
    while (j < text.length && j - end < 4 && /[\s,]/u.test(text[j]!)) j++;
    let e = j;
    while (e < text.length && e - j < 40 && isLetter(text[e])) e++;
    const next = text.slice(j, e);
    upperAmongOthers = LOWER.test(previous) || LOWER.test(next);
  }
  return {
    titled,
    determined,
    shape,
    sentenceStart,
    afterLowerWord,
    upperAmongOthers,
    caselessSentence: shape === 'lower' && caseless(text, start, end),
  };
}

/** Whether the sentence around `[start, end)` (within `LOOK_AROUND`) has no capital letter. */
function caseless(text: string, start: number, end: number): boolean {
  for (let k = start - 1; k >= 0 && start - k <= LOOK_AROUND; k--) {
    const c = text[k]!;
    if (SENTENCE_END.test(c)) break;
    if (UPPER.test(c)) return false;
  }
  for (let k = end; k < text.length && k - end < LOOK_AROUND; k++) {
    const c = text[k]!;
    if (SENTENCE_END.test(c)) break;
    if (UPPER.test(c)) return false;
  }
  return true;
}
