// The person detector reads a text in three steps, none of which builds a string per word:
// - `./person/tokens`: one pass splits the text into words (offsets and a shape), hashing the
//   key of each capitalised ASCII word on the way;
// - `./person/keys`: the flags of a word (its lists, see `./person-names/lexicon`) come from
//   an open-addressing table keyed by that hash, computed only for the words a decision reads;
// - `NameScan` below builds runs of capitalised words and decides, cheapest signals first,
//   which runs are names (context regexes in `./person/context`, e-mail local parts in
//   `./person/emails`).
import { checkOptions, type OptionKeys } from '../../check-options';
import { isDigitCode } from '../../match/fold';
import { canonicalizePerson } from '../../vault/canonical';
import type { DetectedSpan, Detector } from '../types';
import {
  EMAIL_LOCAL_CHAR,
  isApostrophe,
  isBlank,
  isSentenceEnd,
  isSpace,
  isSpaceOrNbsp,
  LOWER_CHAR,
  MARK_CHAR,
  UPPER_CHAR,
  WORD_CHAR,
} from './person/chars';
import {
  announcesListedName,
  announcesName,
  CONTEXT,
  COORDINATION,
  INITIAL_INTRO,
  JSON_KEY_BEFORE,
  LABEL_BEFORE,
  LISTED_INTRO,
  labelledAt,
  RELATION_BEFORE,
  SELF_INTRO,
  SIGN_OFF,
  STRONG_INTRO,
  WEAK_INTRO,
  WEAK_LISTED_INTRO,
} from './person/context';
import { EmailParts } from './person/emails';
import { decideAfterInitials } from './person/initials';
import { INTRO_WEIGHT, LOWER_CASE_NAME_WEIGHT, WEAK_INTRO_WEIGHT } from './person/introductions';
import {
  FIRST,
  hashKey,
  hashString,
  KEY_BUON,
  KEY_DIA,
  KEY_LATE_PARTICLE,
  KEY_RELATION,
  KEY_STREET,
  KEY_THANK,
  KEY_YOU,
  lexiconFlagsOf,
  NO_CODE,
  SAINT,
  SURNAME,
} from './person/keys';
import { LAST_FIRST_WEIGHT, lastFirstEnd } from './person/last-first';
import { lowerCaseNameEnd, MAX_INTRO_END, mayEndSelfIntroduction } from './person/lower-case-names';
import { addNamesUnderKeys, NAME_KEY_PATTERNS } from './person/name-keys';
import { isElidedParticle, PARTICLES, PARTICLES_NOT_OPENING } from './person/particles';
import { RELATION_WEIGHT } from './person/relations';
import type { ScanView } from './person/scan-view';
import { addTableNames, mayFillCell } from './person/tables';
import { readTitle } from './person/title-reader';
import { ROLE_WORDS, type TitleCue } from './person/titles';
import { NO_HASH, S_CAP, S_INITIAL, S_LOWER, S_UPPER, TokenTable, tokenize } from './person/tokens';
import { WordSet } from './person/word-set';
import {
  IN_AMBIGUOUS,
  IN_EXTENDED_NAMES,
  IN_GREETINGS,
  IN_NATIONALITIES,
  IN_ORGANISATIONS,
  IN_PARTICLES,
  IN_PLACE_PREFIXES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_TITLES,
  nameKey,
  PARTICLE_KEYS,
} from './person-names/lexicon';
import { personTaggerDetector } from './person-tagger/person-tagger-detector';

export interface PersonDetectorOptions {
  /**
   * Names the app already knows (the signed-in user, the contacts of a CRM record). They are
   * found whatever their case, and their parts count as given and family names.
   */
  knownNames?: readonly string[];
  /**
   * The trained tagger (default `true`): it reads the signals below as features, with the
   * words around each capitalised word, and decides. `false` keeps the hand-written signals
   * alone: faster, but they find far fewer names in text written by others (`BENCHMARKS.md`).
   */
  tagger?: boolean;
}

const PERSON_DETECTOR_KEYS = {
  knownNames: 'optional',
  tagger: 'optional',
} as const satisfies OptionKeys<PersonDetectorOptions>;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PERSON_PATTERNS: readonly RegExp[] = [
  WORD_CHAR,
  UPPER_CHAR,
  LOWER_CHAR,
  MARK_CHAR,
  EMAIL_LOCAL_CHAR,
  STRONG_INTRO,
  SELF_INTRO,
  LISTED_INTRO,
  LABEL_BEFORE,
  JSON_KEY_BEFORE,
  SIGN_OFF,
  WEAK_INTRO,
  RELATION_BEFORE,
  COORDINATION,
  WEAK_LISTED_INTRO,
  INITIAL_INTRO,
  ...NAME_KEY_PATTERNS,
];

const BLANKS = /\s+/;
// Words of job titles, after `Sr.` (`Sr. Data Scientist`).
const ROLES = new WordSet(ROLE_WORDS);
// A particle a family name may open with (`de`, `di`, `van`; not `y`), read from the text before
// any flags, for the lower-case words after a title (`Sr. de la Fuente`).
const opensFamilyName = new WordSet(PARTICLES.filter((p) => !PARTICLES_NOT_OPENING.includes(p)));
// A name is at most 5 words, plus a particle.
const MAX_RUN = 5;

/** The keys of the names the app knows, and their hashes (see `hashKey`). */
interface KnownKeys {
  first: ReadonlySet<string>;
  last: ReadonlySet<string>;
  hashes: ReadonlySet<number>;
}

const NO_EMAILS = new EmailParts('');

// Words of the text being read, reused from call to call (detection is synchronous).
const table = new TokenTable();
// The numbers of the names found that may fill a table cell (see `mayFillCell`).
let cellNames = new Int32Array(64);
let cellNameCount = 0;
// The run of words being decided, without its particles (`de`, `van`, `De` in `De Santis`). A
// run may hold two particles beyond `MAX_RUN` words.
const runWords = new Int32Array(MAX_RUN + 2);

/**
 * One reading of a text: its words (in `table`), their flags computed on demand (only the
 * words that a decision reads), and the decision on each run of capitalised words. Each call
 * of `detect` makes one.
 */
class NameScan implements ScanView {
  readonly starts = table.start;
  readonly ends = table.end;
  readonly shapes = table.shape;
  readonly runWords = runWords;
  private readonly flags = table.flags;
  private readonly hashes = table.hash;
  private readonly codes = table.code;
  private emails: EmailParts | undefined;
  // The words of the run being decided (see `runWords`).
  count = 0;
  // The start and end of the last name this scan found, or -1.
  private lastStart = -1;
  private lastEnd = -1;
  // Where the name that `decide` accepts starts when not at its first word (`d'Arcy` after a
  // title), or -1.
  private nameStart = -1;
  // The run whose head `labelledRun` read last, and what it found.
  private labelledHead = -1;
  private labelled = false;

  constructor(
    readonly text: string,
    readonly n: number,
    private readonly known: KnownKeys | undefined,
  ) {
    this.flags.fill(0, 0, n);
  }

  /** `nameKey` of word `i`. */
  private keyOf(i: number): string {
    return nameKey(this.text.slice(this.starts[i]!, this.ends[i]!));
  }

  /** Flags of word `i`: its lists (`IN_…`) and the bits of `./person/keys`. */
  flagsOf(i: number): number {
    const flags = this.flags[i]!;
    return flags !== 0 ? flags : this.computeFlags(i);
  }

  /** Hash of the key of word `i` (see `hashKey`). */
  private hashOf(i: number): number {
    const hash = this.hashes[i]!;
    return hash !== NO_HASH ? hash : table.hashOf(this.text, i);
  }

  private computeFlags(i: number): number {
    const from = this.starts[i]!;
    const to = this.ends[i]!;
    const hash = this.hashOf(i);
    let flags = lexiconFlagsOf(this.text, from, to, hash, this.codes[i]!);
    const known = this.known;
    if (known?.hashes.has(hash)) {
      const key = this.keyOf(i);
      if (known.first.has(key)) flags |= FIRST;
      if (known.last.has(key)) flags |= SURNAME;
    }
    this.flags[i] = flags;
    return flags;
  }

  /** The e-mail local parts of the text, read on first need. */
  private emailParts(): EmailParts {
    if (this.emails === undefined) {
      this.emails = this.text.includes('@') ? new EmailParts(this.text) : NO_EMAILS;
    }
    return this.emails;
  }

  /** Whether the key of word `i` is an e-mail part of at least `minLength` characters. */
  isEmailPart(i: number, minLength: number): boolean {
    const emails = this.emailParts();
    if (emails.isEmpty) return false;
    return emails.has(this.text, this.starts[i]!, this.ends[i]!, this.hashOf(i), minLength);
  }

  /** Whether the first letter at `start` and the key of word `last` make an e-mail part. */
  private isEmailInitialAndKey(start: number, last: number): boolean {
    const prefix = nameKey(this.text[start]!);
    const from = this.starts[last]!;
    const to = this.ends[last]!;
    const hash = hashKey(this.text, from, to, hashString(prefix));
    return this.emailParts().has(this.text, from, to, hash, 0, prefix);
  }

  /** The text between word `i - 1` (or the start of the text) and word `i` starts here. */
  private gapStart(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  /** A single space (or no-break space) before word `i`. */
  gapIsBlank(i: number): boolean {
    const from = this.gapStart(i);
    if (this.starts[i]! - from !== 1) return false;
    const code = this.text.charCodeAt(from);
    return code === 32 || code === 0xa0;
  }

  /** `.`, `. ` or, between initials, `.-` (`J.-P.`) before word `i`. */
  private gapIsInitialDot(i: number): boolean {
    const from = this.gapStart(i);
    const size = this.starts[i]! - from;
    if (this.text.charCodeAt(from) !== 46) return false;
    if (size === 1) return true;
    if (size !== 2) return false;
    const second = this.text.charCodeAt(from + 1);
    return second === 32 || (second === 45 && this.shapes[i] === S_INITIAL);
  }

  /**
   * ` d'` before word `i`: an elided particle (`Elizabeth d'Arcy`, `Mme d’Ormesson`), with
   * nothing else in the gap when `alone`, else after anything (`Dr. d'Arcy`).
   */
  private gapIsElidedParticle(i: number, alone = true): boolean {
    const start = this.starts[i]!;
    const size = start - this.gapStart(i);
    if (alone ? size !== 3 : size < 3) return false;
    const text = this.text;
    return (
      isSpaceOrNbsp(text.charCodeAt(start - 3)) &&
      isElidedParticle(text.charCodeAt(start - 2)) &&
      isApostrophe(text.charCodeAt(start - 1))
    );
  }

  /** Word `i` opens a sentence (or the text). */
  private sentenceStart(i: number): boolean {
    const to = this.starts[i]!;
    let blank = true;
    for (let k = this.gapStart(i); k < to; k++) {
      const code = this.text.charCodeAt(k);
      if (isSentenceEnd(code)) return true;
      if (blank && !isSpace(code)) blank = false;
    }
    return i === 0 && blank;
  }

  /** See `./person/title-reader`. */
  titleAt(i: number, elided = false): TitleCue | undefined {
    return readTitle(this, i, elided);
  }

  /**
   * A word that may continue a name: capitalised, not a stop word unless a family name, not a
   * particle alone (a particle joins a name only before a capitalised word, see `particlesAt`).
   */
  private canContinue(i: number): boolean {
    const shape = this.shapes[i];
    if (shape !== S_CAP && shape !== S_UPPER) return false;
    const flags = this.flagsOf(i);
    return (
      (flags & (IN_TITLES | IN_GREETINGS | SAINT)) === 0 &&
      (!(flags & IN_STOP_WORDS) || !!(flags & SURNAME)) &&
      !isBareParticle(flags)
    );
  }

  /**
   * How many particles from word `k` join a name to the capitalised word after them: 1 (`de
   * Gaulle`, `De Santis`), 2 (`van den Berg`, `De La Cruz`: short particles), or 0. The word after
   * them is no stop word or title. Shapes and lengths are read first: most words need no flags
   * here.
   */
  private particlesAt(k: number, after: number): number {
    const n = this.n;
    const shapes = this.shapes;
    if (k + 1 >= n) return 0;
    const s0 = shapes[k];
    const s1 = shapes[k + 1];
    if (s0 === S_UPPER) return this.upperParticlesAt(k, false);
    if (s0 !== S_LOWER && s0 !== S_CAP) return 0;
    if (s1 !== S_CAP) {
      // Two particles, a lower case one second: `van den Berg`, `De los Santos`.
      if (
        s1 !== S_LOWER ||
        k + 2 >= n ||
        shapes[k + 2] !== S_CAP ||
        this.ends[k]! - this.starts[k]! > 3 ||
        this.ends[k + 1]! - this.starts[k + 1]! > 3
      ) {
        return 0;
      }
    }
    for (let p = 0; p < 2 && k + p + 1 < n; p++) {
      const word = k + p;
      const shape = shapes[word];
      const flags = this.flagsOf(word);
      if (
        (shape !== S_LOWER && shape !== S_CAP) ||
        (p > 0 && !this.gapIsBlank(word)) ||
        !(flags & IN_PARTICLES) ||
        (flags & KEY_LATE_PARTICLE && !this.nameBefore(after))
      ) {
        return 0;
      }
      const next = word + 1;
      if (
        shapes[next] === S_CAP &&
        this.gapIsBlank(next) &&
        !(this.flagsOf(next) & (IN_PARTICLES | IN_STOP_WORDS | IN_TITLES))
      ) {
        return p + 1;
      }
    }
    return 0;
  }

  /** Whether a label comes before the run that starts at word `i` (read once per run). */
  private labelledRun(i: number): boolean {
    if (this.labelledHead !== i) {
      this.labelledHead = i;
      this.labelled = labelledAt(this.text, this.starts[i]!);
    }
    return this.labelled;
  }

  /**
   * Whether word `w` is a given name of the lists that is no common word, before a particle
   * that joins only such a name (`Giuseppe Lo Russo`); -1 stands for a title (`sig. Lo Russo`).
   */
  private nameBefore(w: number): boolean {
    return w < 0 || (this.flagsOf(w) & (FIRST | IN_AMBIGUOUS | IN_STOP_WORDS)) === FIRST;
  }

  /**
   * `particlesAt` in capitals: 1 or 2 particles between words in capitals (`MARIA LA ROSA`, `JEAN
   * DE LA FONTAINE`), the word after them a family name of the lists, or any word but a stop
   * word after a label (`labelled`): text in capitals is full of phrases (`MASSIMO DI RIGHE`,
   * `LEA LA DESCRIPCIÓN`, `SANTIAGO DE CUBA`).
   */
  private upperParticlesAt(k: number, labelled: boolean): number {
    const shapes = this.shapes;
    for (let p = 0; p < 2 && k + p + 1 < this.n; p++) {
      const word = k + p;
      if (
        shapes[word] !== S_UPPER ||
        this.ends[word]! - this.starts[word]! > 4 ||
        (p > 0 && !this.gapIsBlank(word)) ||
        !(this.flagsOf(word) & IN_PARTICLES)
      ) {
        return 0;
      }
      const next = word + 1;
      if (
        shapes[next] === S_UPPER &&
        this.gapIsBlank(next) &&
        (this.flagsOf(next) & (SURNAME | IN_PARTICLES | IN_STOP_WORDS | IN_TITLES)) ===
          (labelled ? this.flagsOf(next) & SURNAME : SURNAME)
      ) {
        return p + 1;
      }
    }
    return 0;
  }

  /** Some word of the run is a given or family name of the lists or of the known names. */
  private someListed(): boolean {
    for (let w = 0; w < this.count; w++) {
      if (this.flagsOf(runWords[w]!) & (FIRST | SURNAME)) return true;
    }
    return false;
  }

  /** Whether some word of the run has the flags `mask` equal to `value`. */
  private some(mask: number, value: number): boolean {
    for (let w = 0; w < this.count; w++) {
      if ((this.flagsOf(runWords[w]!) & mask) === value) return true;
    }
    return false;
  }

  /** Adds the names of the text to `spans`. */
  findNames(spans: DetectedSpan[]): void {
    const n = this.n;
    const shapes = this.shapes;
    const starts = this.starts;
    const ends = this.ends;
    const text = this.text;
    let i = 0;
    while (i < n) {
      const firstShape = shapes[i];
      if (firstShape === S_LOWER) {
        // `i'm bertram jørgensen`; `Sr. de la Fuente`: a lower-case word starts a name only there.
        // Most words are lower case: each reads a few array entries, no flags, unless these say
        // it may.
        const prevEnd = i > 0 ? ends[i - 1]! : -1;
        const prevLength = prevEnd - (i > 0 ? starts[i - 1]! : 0);
        if (
          prevEnd >= 0 &&
          starts[i]! - prevEnd === 1 &&
          prevLength <= MAX_INTRO_END &&
          mayEndSelfIntroduction(text, prevEnd - prevLength, prevEnd)
        ) {
          const end = lowerCaseNameEnd(this, i);
          if (end >= 0) {
            this.addName(spans, starts[i]!, ends[end]!, LOWER_CASE_NAME_WEIGHT);
            i = end + 1;
            continue;
          }
        }
        const nextShape = i + 1 < n ? shapes[i + 1] : -1;
        if (
          (nextShape !== S_CAP &&
            !(nextShape === S_LOWER && i + 2 < n && shapes[i + 2] === S_CAP)) ||
          ends[i]! - starts[i]! > 5 ||
          !this.particleAfterTitle(i)
        ) {
          i++;
          continue;
        }
      } else if (
        (firstShape !== S_CAP && firstShape !== S_UPPER && firstShape !== S_INITIAL) ||
        this.flagsOf(i) & IN_GREETINGS ||
        this.titleAt(i)
      ) {
        i++;
        continue;
      }
      // A run that opens with a particle after a title (`Sr. de los Santos`, `sig. Lo Russo`).
      const j = this.runEnd(
        i,
        firstShape === S_LOWER ||
          ((this.flagsOf(i) & IN_PARTICLES) !== 0 && this.titleAt(i - 1) !== undefined),
      );
      // `Rossi, Maria;`, `"Dupont, Jean" <…>`: a family name, a comma, a given name, as one field.
      const pairEnd = lastFirstEnd(this, i, j);
      if (pairEnd >= 0) {
        // The same person as `Maria Rossi`: one token for both (G2), and once known, the sweep
        // masks `Maria Rossi` too.
        const canonical = canonicalizePerson(
          `${text.slice(starts[j + 1]!, ends[pairEnd]!)} ${text.slice(starts[i]!, ends[j]!)}`,
        );
        this.addName(spans, starts[i]!, ends[pairEnd]!, LAST_FIRST_WEIGHT, canonical);
        i = pairEnd + 1;
        continue;
      }
      this.count = 0;
      for (let k = i; k <= j; k++) {
        const flags = this.flagsOf(k);
        if (!(flags & IN_PARTICLES) || (shapes[k] !== S_LOWER && flags & (FIRST | SURNAME))) {
          runWords[this.count++] = k;
        }
      }
      this.nameStart = -1;
      const decision =
        this.count === 0 || (this.count === 1 && this.neverAlone(runWords[0]!, i))
          ? undefined
          : this.decide(i, j);
      if (decision === 'skip') {
        i = j + 1;
      } else if (decision) {
        const start = this.nameStart >= 0 ? this.nameStart : this.starts[i]!;
        this.addName(spans, start, this.ends[j]!, decision);
        i = j + 1;
      } else {
        i++;
      }
    }
  }

  /** Adds the name `[start, end)`, noting it when it may fill a table cell. */
  private addName(
    spans: DetectedSpan[],
    start: number,
    end: number,
    score: number,
    canonical?: string,
  ): void {
    if (mayFillCell(this.text, start, end)) {
      if (cellNameCount === cellNames.length) {
        const grown = new Int32Array(2 * cellNames.length);
        grown.set(cellNames);
        cellNames = grown;
      }
      cellNames[cellNameCount++] = spans.length;
    }
    spans.push(
      canonical === undefined
        ? { start, end, label: 'PERSON', score }
        : { start, end, label: 'PERSON', score, canonical },
    );
    this.lastStart = start;
    this.lastEnd = end;
  }

  /**
   * Whether word `i`, the only word of the run that starts at word `head` (after particles, `Le
   * Gall`), cannot be a name: an initial, a stop word that is no given or family name, or an
   * all-caps word without a title, a greeting or an introduction before the run. `decide` says
   * so too, after checks that can only turn it into `'skip'`, which for a single word moves on
   * to the next word just as `undefined` does.
   */
  private neverAlone(i: number, head: number): boolean {
    const shape = this.shapes[i];
    if (shape === S_INITIAL) return true;
    if ((this.flagsOf(i) & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return true;
    return (
      shape === S_UPPER &&
      !this.titleAt(head - 1) &&
      !this.greetedGivenName(i, head) &&
      !this.announcedGivenName(i, this.starts[head]!)
    );
  }

  /**
   * Word `i`, alone in its run from `head`, is a given name of the lists that is no common word,
   * right after a greeting: `DEAR MICHAEL,`, `BONJOUR MARIE` (all-caps words count only next to
   * a name-like word otherwise).
   */
  private greetedGivenName(i: number, head: number): boolean {
    const flags = this.flagsOf(i);
    return (
      (flags & (FIRST | IN_AMBIGUOUS | IN_PLACES | IN_STOP_WORDS)) === FIRST &&
      this.greetedBefore(head)
    );
  }

  /**
   * Word `i`, alone in its run, is a given name of the lists (one that may be a word too), right
   * after an introduction: `I AM JEAN`, `I AM GRACE`, `JE M'APPELLE MARIE`.
   */
  private announcedGivenName(i: number, start: number): boolean {
    const flags = this.flagsOf(i);
    return (
      (flags & (IN_PLACES | IN_STOP_WORDS)) === 0 &&
      (flags & (FIRST | SURNAME)) !== 0 &&
      (announcesName(this.text, start) || announcesListedName(this.text, start))
    );
  }

  /** Whether word `w` is a capital and a letter glued to two digits: an IBAN's start (`FR76`, `Fr76`). */
  private opensIban(w: number): boolean {
    const text = this.text;
    const start = this.starts[w]!;
    const end = this.ends[w]!;
    if (end - start !== 2) return false;
    const first = text.charCodeAt(start);
    const second = text.charCodeAt(start + 1) | 32;
    if (first < 65 || first > 90 || second < 97 || second > 122) return false;
    return isDigitCode(text.charCodeAt(end)) && isDigitCode(text.charCodeAt(end + 1));
  }

  /**
   * Last word of the longest name-shaped run from word `i`: capitalised words joined by single
   * spaces, with particles (`de`, `van`) and initials (`John F. Kennedy`) inside.
   */
  runEnd(i: number, afterTitle = false): number {
    const n = this.n;
    const shapes = this.shapes;
    let j = i;
    while (j - i + 1 < MAX_RUN && j + 1 < n) {
      const next = j + 1;
      const nextShape = shapes[next];
      const joined =
        this.gapIsBlank(next) ||
        (shapes[j] === S_INITIAL && this.gapIsInitialDot(next)) ||
        // `Elizabeth d'Arcy`: after a given name, an elided particle joins the name.
        (nextShape === S_CAP &&
          shapes[j] === S_CAP &&
          this.gapIsElidedParticle(next) &&
          (this.flagsOf(j) & FIRST) !== 0);
      if (!joined) break;
      // `de Gaulle`, `van den Berg`: a particle needs a capitalised word one or two words on
      // (`MARIA LA ROSA`: a word in capitals, in capitals).
      const s1 = next + 1 < n ? shapes[next + 1] : -1;
      if (
        ((nextShape === S_LOWER || nextShape === S_CAP) &&
          (s1 === S_CAP || (s1 === S_LOWER && next + 2 < n && shapes[next + 2] === S_CAP))) ||
        // `MARIA LA ROSA`: in capitals, only after a given name of the curated list (and before
        // a family name, see `upperParticlesAt`), or in a run after a label (`KONTOINHABER:
        // SELMA VAN DER HERMANN`).
        (nextShape === S_UPPER &&
          s1 === S_UPPER &&
          ((this.flagsOf(j) & (FIRST | IN_EXTENDED_NAMES | IN_STOP_WORDS | IN_AMBIGUOUS)) ===
            FIRST ||
            this.labelledRun(i)))
      ) {
        // Some particles join only after a given name or a title (`Giuseppe Lo Russo`).
        const particles =
          nextShape === S_UPPER
            ? this.upperParticlesAt(next, this.labelledRun(i))
            : this.particlesAt(next, j === i && afterTitle ? -1 : j);
        if (particles > 0) {
          j += particles + 1;
          continue;
        }
      }
      if (nextShape === S_INITIAL && j + 2 < n && this.gapIsInitialDot(j + 2)) {
        j += 1;
        continue;
      }
      if (!this.canContinue(next)) break;
      // `Jean Dupont FR76 3000…`: two letters glued to two digits open an IBAN, they are not
      // the next part of a name (`Jean Dupont2`, `Martin2024` still are).
      if (this.opensIban(next)) break;
      j += 1;
    }
    // An initial cannot end a name.
    while (j > i && shapes[j] === S_INITIAL) j--;
    return j;
  }

  /**
   * Whether the run of words `head` to `runEnd` (its words in `runWords`) is a name: its score,
   * `undefined` (not a name, try from the next word) or `'skip'` (a place or an institution).
   */
  private decide(head: number, runEnd: number): number | 'skip' | undefined {
    const text = this.text;
    const starts = this.starts;
    const ends = this.ends;
    const shapes = this.shapes;
    const count = this.count;
    // The first word of the name proper: `Santis` in `De Santis`.
    const first = runWords[0]!;
    const headFlags = this.flagsOf(first);
    const headShape = shapes[first];
    const start = starts[head]!;
    const last = runWords[count - 1]!;
    const after = runEnd + 1;
    const before = head - 1;
    const hasBefore = before >= 0;
    // The flags of the word before, when a blank, `-`, `,`, `. ` or `, ` is all between: the
    // signals read before the name need them (most runs have none, and need no call).
    let beforeFlags = 0;
    if (hasBefore) {
      const gapFrom = ends[before]!;
      const gapSize = start - gapFrom;
      const g0 = text.charCodeAt(gapFrom);
      if (
        (gapSize === 1 && (g0 === 32 || g0 === 0xa0 || g0 === 45 || g0 === 44)) ||
        (gapSize === 2 && (g0 === 46 || g0 === 44) && text.charCodeAt(gapFrom + 1) === 32)
      ) {
        beforeFlags = this.flagsOf(before);
      }
    }

    // `rue Victor Hugo`, `Saint Louis`, `Café de Flore`, `Marie Curie University` are places and
    // institutions.
    if (beforeFlags & (IN_PLACE_PREFIXES | IN_TITLES | IN_PARTICLES) && this.placeBefore(head)) {
      return 'skip';
    }
    if (
      after < this.n &&
      shapes[after] === S_CAP &&
      starts[after]! - ends[last]! === 1 &&
      (text.charCodeAt(ends[last]!) === 32 || text.charCodeAt(ends[last]!) === 0xa0) &&
      this.flagsOf(after) & IN_ORGANISATIONS
    ) {
      return 'skip';
    }
    // `Mme d'Arcy`: a title, then a particle elided before the name, which the span takes.
    const elided =
      shapes[first] === S_CAP && first === head && this.gapIsElidedParticle(head, false);
    // A title right before (`./person/titles`); one that is also a word (`don`, `Sr`) only before
    // a name of the lists or a particle (`Sr. de la Fuente`).
    const title = hasBefore ? this.titleAt(before, elided) : undefined;
    // After a title, a run that opens with an article in lower case (`M. le Directeur`, `Mme la
    // Présidente`) is a name only with a family name of the lists; a capitalised one is the
    // name's particle (`M. Le Bihan`, `sig. Lo Russo`).
    const article =
      first !== head && shapes[head] === S_LOWER && (this.flagsOf(head) & IN_STOP_WORDS) !== 0;
    const titled =
      title !== undefined &&
      (article
        ? (this.flagsOf(last) & SURNAME) !== 0
        : title.support === 'any-name' ||
          first !== head ||
          elided ||
          this.someListed() ||
          (title.support === 'not-a-role' && !this.someRole()));
    if (elided && titled) {
      if ((headFlags & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return undefined;
      this.nameStart = start - 2;
      return title.weight;
    }
    // All-caps words count only next to a name-like word (`DUPONT Jean`, `Jean DUPONT`), a given
    // name of the curated list that is no particle (`INTESTATARIO DEL CONTO`: `Del` is both).
    if (!titled) {
      let hasCap = false;
      for (let w = 0; w < count && !hasCap; w++) hasCap = shapes[runWords[w]!] === S_CAP;
      if (
        !hasCap &&
        !(
          count >= 2 && this.some(FIRST | IN_STOP_WORDS | IN_EXTENDED_NAMES | IN_PARTICLES, FIRST)
        ) &&
        !(count === 1 && this.greetedGivenName(first, head)) &&
        !(count === 1 && this.announcedGivenName(first, start)) &&
        // `NAME: JOHN SMITH`, `KONTOINHABER: SELMA VAN DER HERMANN`: after a label.
        !(count >= 2 && count <= 3 && this.noStopWord() && labelledAt(text, start))
      ) {
        return undefined;
      }
    }
    // `F. Rossi`, `J.-P. Martin`: an initial is no word (`A` and `I` are stop words).
    if (headShape === S_INITIAL) return decideAfterInitials(this, head, titled ? title.weight : 0);
    if ((headFlags & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return undefined;

    // Signals, strongest first.
    if (titled) return title.weight;
    if (first !== head) return this.decideAfterParticle(head, first, last);
    const headFirst = (headFlags & FIRST) !== 0;
    const headAmbiguous = (headFlags & (IN_AMBIGUOUS | IN_PLACES | IN_STOP_WORDS)) !== 0;
    // `Jean Dupont`: every signal below gives such a run 0.9, so none needs reading.
    if (count >= 2 && headFirst && !headAmbiguous) return 0.9;
    if (beforeFlags & (IN_GREETINGS | KEY_YOU | KEY_DIA) && this.greetedBefore(head)) {
      return (headFlags & (IN_STOP_WORDS | FIRST)) === IN_STOP_WORDS ? undefined : 0.9;
    }
    if (announcesName(text, start)) return INTRO_WEIGHT;
    // `unter dem Namen Schäfer`, `ich bin Jonas`: a name of the lists.
    if (this.someListed() && announcesListedName(text, start)) return INTRO_WEIGHT;
    // `Contactez Oyelaran Quispe`: an unknown capitalised word opening a sentence is the
    // sentence's first word, not a name; the name may start at the next word.
    if (
      count >= 2 &&
      headShape === S_CAP &&
      (headFlags & (FIRST | SURNAME)) === 0 &&
      this.sentenceStart(head) &&
      !this.isEmailPart(head, 0)
    ) {
      return undefined;
    }
    const emails = this.emails === undefined ? this.emailParts() : this.emails;
    if (!emails.isEmpty && this.emailSupports(first, last)) return 0.9;
    // A relative before, or a name found just before: `introducedAsPerson` may say yes.
    const introduced =
      (beforeFlags & KEY_RELATION) !== 0 || (this.lastEnd >= 0 && start - this.lastEnd <= 6);

    if (count >= 2) {
      const secondFlags = this.flagsOf(runWords[1]!);
      // `Can Bill approve…`: an ambiguous word opening a sentence is the sentence's verb or
      // noun; the name starts at the next word.
      if (headAmbiguous && secondFlags & FIRST && this.sentenceStart(head)) return undefined;
      // (A given name that is no common word returned 0.9 above.)
      if (headFirst) return 0.8;
      // `DUPONT Jean`, `Dupont Jean-Pierre`: family name first.
      if (
        (headShape === S_UPPER || headFlags & SURNAME) &&
        (secondFlags & (FIRST | IN_AMBIGUOUS)) === FIRST
      )
        return 0.85;
      if (introduced && this.introducedAsPerson(head, runEnd)) return RELATION_WEIGHT;
      // `Empfänger Jürgen Weber`: the name starts at the given name, not at the noun before.
      for (let w = 1; w < count; w++) {
        if ((this.flagsOf(runWords[w]!) & (FIRST | IN_AMBIGUOUS)) === FIRST) return undefined;
      }
      if (this.flagsOf(last) & SURNAME && !(headFlags & IN_STOP_WORDS) && !this.sentenceStart(head))
        return 0.75;
      return this.plainRun() && this.weakIntroBefore(start) ? WEAK_INTRO_WEIGHT : undefined;
    }
    if (headFirst && !headAmbiguous && !(headFlags & IN_EXTENDED_NAMES)) return 0.7;
    // `- Grace: finishing the migration`: a given name that is also a word, as a speaker.
    if (
      headFirst &&
      !(headFlags & IN_STOP_WORDS) &&
      text.charCodeAt(ends[runEnd]!) === 58 &&
      this.speakerAt(head, runEnd)
    ) {
      return 0.75;
    }
    return introduced && this.introducedAsPerson(head, runEnd) ? RELATION_WEIGHT : undefined;
  }

  /**
   * Words `head` to `runEnd` open a list item (a bullet `-`, `*`, `•` at the start of their line)
   * or a line after a speaker found before, and a `:` follows them: the owner of a meeting
   * note's item, the speaker of a chat log (`Tom: hi` then `Will: hey`). Not `Hope: we ship`.
   */
  private speakerAt(head: number, runEnd: number): boolean {
    const end = this.ends[runEnd]!;
    if (end >= this.text.length || this.text.charCodeAt(end) !== 58) return false;
    const opens = this.opensLine(this.starts[head]!);
    if (opens === LINE_BULLET) return true;
    return (
      opens === LINE_START &&
      this.lastEnd >= 0 &&
      this.text.charCodeAt(this.lastEnd) === 58 &&
      this.opensLine(this.lastStart) !== LINE_NO
    );
  }

  /** Whether `at` opens its line: `LINE_START`, `LINE_BULLET` (after a bullet) or `LINE_NO`. */
  private opensLine(at: number): number {
    const text = this.text;
    let bullet = false;
    for (let k = at - 1; k >= 0; k--) {
      const code = text.charCodeAt(k);
      if (code === 10 || code === 13) return bullet ? LINE_BULLET : LINE_START;
      if (code === 32 || code === 9) continue;
      if (bullet || (code !== 45 && code !== 42 && code !== 0x2022)) return LINE_NO;
      bullet = true;
    }
    return bullet ? LINE_BULLET : LINE_START;
  }

  /**
   * Word `i`, a lower-case particle, opens a family name after a title: `Sr. de la Fuente`,
   * `dott. di Stefano`. Shapes and lengths are read first: most words need no flags here.
   */
  private particleAfterTitle(i: number): boolean {
    if (i === 0 || i + 1 >= this.n) return false;
    if (!opensFamilyName.has(this.text, this.starts[i]!, this.ends[i]!)) return false;
    return this.titleAt(i - 1) !== undefined && this.particlesAt(i, -1) > 0;
  }

  /**
   * `decide` for a run that opens with a particle (`De Santis`, `Van den Berg`, `Le Gall`), no
   * title before it: a family name. A particle that is also an article (`Le Monde`, `La Poste`)
   * needs a family name from the list after it.
   */
  private decideAfterParticle(head: number, first: number, last: number): number | undefined {
    const start = this.starts[head]!;
    const article = (this.flagsOf(head) & IN_STOP_WORDS) !== 0;
    if (announcesName(this.text, start) || this.emailSupports(first, last)) return 0.9;
    if (!article && this.greetedBefore(head)) return 0.9;
    if (this.sentenceStart(head)) return undefined;
    if (this.flagsOf(last) & SURNAME) return 0.75;
    return !article && this.plainRun() && this.weakIntroBefore(start) ? 0.75 : undefined;
  }

  /**
   * A street, a school or a saint before word `head`: `rue Victor Hugo`, `Saint-Louis`, `St.
   * Mary`, or through particles and titles `Café de Flore`, `avenue du Général Leclerc` (a
   * lower-case word before `de` is a street word: `le cours de Marie` is her class).
   */
  private placeBefore(head: number): boolean {
    const text = this.text;
    const before = head - 1;
    // The words before are read only across a blank, `-` or `. `.
    const gapFrom = this.gapStart(head);
    const gapSize = this.starts[head]! - gapFrom;
    const g0 = text.charCodeAt(gapFrom);
    const blank = gapSize === 1 && (g0 === 32 || g0 === 0xa0);
    if (
      !blank &&
      !(gapSize === 1 && g0 === 45) &&
      !(gapSize === 2 && g0 === 46 && text.charCodeAt(gapFrom + 1) === 32)
    ) {
      return false;
    }
    const beforeFlags = this.flagsOf(before);
    if (beforeFlags & IN_PLACE_PREFIXES) return true;
    if (!blank || !(beforeFlags & (IN_TITLES | IN_PARTICLES))) return false;
    let titled = false;
    for (let k = before, walked = 0; k >= 0 && this.gapIsBlank(k + 1); k--, walked++) {
      const flags = this.flagsOf(k);
      if (walked > 0 && flags & IN_PLACE_PREFIXES) {
        return titled || (flags & KEY_STREET) !== 0 || this.shapes[k] === S_CAP;
      }
      if (walked === 3) return false;
      if (flags & IN_TITLES) titled = true;
      else if (this.shapes[k] !== S_LOWER || !(flags & IN_PARTICLES)) return false;
    }
    return false;
  }

  /** A greeting or thanks right before word `head`: `Hi Anna`, `Merci, Paul`, `Thank you Li`. */
  greetedBefore(head: number): boolean {
    const before = head - 1;
    if (before < 0) return false;
    const text = this.text;
    const gapFrom = this.gapStart(head);
    const gapSize = this.starts[head]! - gapFrom;
    const g0 = text.charCodeAt(gapFrom);
    if (
      !(
        (gapSize === 1 && (g0 === 32 || g0 === 44 || g0 === 0xa0)) ||
        (gapSize === 2 && g0 === 44 && text.charCodeAt(gapFrom + 1) === 32)
      )
    ) {
      return false;
    }
    const beforeFlags = this.flagsOf(before);
    return !!(
      beforeFlags & IN_GREETINGS ||
      (beforeFlags & KEY_YOU && before >= 1 && this.flagsOf(before - 1) & KEY_THANK) ||
      (beforeFlags & KEY_DIA && before >= 1 && this.flagsOf(before - 1) & KEY_BUON)
    );
  }

  /** An e-mail address of the text names words `first` to `last` of the run. */
  emailSupports(first: number, last: number): boolean {
    if (this.emailParts().isEmpty) return false;
    for (let w = 0; w < this.count; w++) if (this.isEmailPart(runWords[w]!, 3)) return true;
    return first !== last && this.isEmailInitialAndKey(this.starts[first]!, last);
  }

  /** Some word of the run is a word of job titles (`Engineer`, `Data`: `./titles`). */
  private someRole(): boolean {
    for (let w = 0; w < this.count; w++) {
      const word = runWords[w]!;
      if (ROLES.has(this.text, this.starts[word]!, this.ends[word]!)) return true;
    }
    return false;
  }

  /** No word of the run is a stop word (a family name of the lists may be one). */
  private noStopWord(): boolean {
    for (let w = 0; w < this.count; w++) {
      if ((this.flagsOf(runWords[w]!) & (IN_STOP_WORDS | SURNAME)) === IN_STOP_WORDS) return false;
    }
    return true;
  }

  /** Every word of the run is capitalised (`Jean`, not `JEAN`) and no stop word. */
  private plainRun(): boolean {
    for (let w = 0; w < this.count; w++) {
      const word = runWords[w]!;
      if (this.shapes[word] !== S_CAP || this.flagsOf(word) & IN_STOP_WORDS) return false;
    }
    return true;
  }

  /**
   * `with`, `by`, `avec`, `par`, `tell`… right before the name at `start` (`WEAK_INTRO`), or
   * `von`, `für` before a run with a name of the lists (`WEAK_LISTED_INTRO`).
   */
  weakIntroBefore(start: number): boolean {
    const text = this.text;
    if (start === 0 || !isBlank(text.charCodeAt(start - 1))) return false;
    const context = text.slice(Math.max(0, start - CONTEXT), start);
    return WEAK_INTRO.test(context) || (this.someListed() && WEAK_LISTED_INTRO.test(context));
  }

  /**
   * A plain run (see `plainRun`) that a relative or colleague announces (`my husband Frank`,
   * `ma collègue Inès Boumediene`) or that follows a name in a list: `Ophélie et Nassim`, and
   * after a comma a given or family name (`Olivier, Rose, Karim Haddad`; not the role in
   * `Eleanor Vance, Trustee`) while the list goes on, or when it ends a list of names.
   */
  private introducedAsPerson(head: number, runEnd: number): boolean {
    const text = this.text;
    const start = this.starts[head]!;
    const before = head - 1;
    if (
      before >= 0 &&
      this.flagsOf(before) & KEY_RELATION &&
      start - this.ends[before]! <= 4 &&
      this.plainRun() &&
      // `my partner is French`: where the relative comes from, not who it is.
      !this.some(IN_NATIONALITIES, IN_NATIONALITIES) &&
      RELATION_BEFORE.test(text.slice(Math.max(0, start - CONTEXT), start))
    ) {
      return true;
    }
    const from = this.lastEnd;
    if (from < 0 || start - from < 2 || start - from > 6 || !this.plainRun()) return false;
    if (start - from > 2 || text.charCodeAt(from) !== 44 || text.charCodeAt(from + 1) !== 32) {
      return COORDINATION.test(text.slice(from, start));
    }
    if (!(this.flagsOf(runWords[0]!) & (FIRST | SURNAME))) return false;
    const end = this.ends[runEnd]!;
    const code = end < text.length ? text.charCodeAt(end) : 10;
    if (code === 44) return true;
    const next = runEnd + 1;
    if (
      next < this.n &&
      this.gapIsBlank(next) &&
      COORDINATION.test(text.slice(end, this.ends[next]! + 1))
    ) {
      return true;
    }
    // The last item of a list of names: `Paul, Olivier, Rose.`
    const listed =
      this.lastStart >= 2 &&
      text.charCodeAt(this.lastStart - 2) === 44 &&
      text.charCodeAt(this.lastStart - 1) === 32;
    return listed && (code === 46 || code === 59 || code === 41 || code === 10 || code === 13);
  }
}

// What `opensLine` says of a position.
const LINE_NO = 0;
const LINE_START = 1;
const LINE_BULLET = 2;

/** A particle and nothing else: no given name (`Ben`, `Del`), no family name. */
function isBareParticle(flags: number): boolean {
  return (flags & (IN_PARTICLES | FIRST | SURNAME)) === IN_PARTICLES;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Keys of the known names: the first word is a given name, the others (particles aside) family names. */
function knownKeys(known: readonly string[]): KnownKeys | undefined {
  const first = new Set<string>();
  const last = new Set<string>();
  for (const name of known) {
    const parts = name.split(BLANKS).map(nameKey);
    if (parts[0]) first.add(parts[0]);
    // `Ludwig van Beethoven`: `van` stays a particle.
    for (const part of parts.slice(1)) if (!PARTICLE_KEYS.has(part)) last.add(part);
  }
  if (first.size === 0 && last.size === 0) return undefined;
  const hashes = new Set<number>();
  for (const key of first) hashes.add(hashString(key));
  for (const key of last) hashes.add(hashString(key));
  return { first, last, hashes };
}

/** Finds the known names whatever their case, blanks between their words aside. */
function knownPattern(known: readonly string[]): RegExp | undefined {
  if (known.length === 0) return undefined;
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...known]
      .sort((a, b) => b.length - a.length)
      .map((n) => n.split(BLANKS).map(escapeRegExp).join('[\\s\\u00a0]{1,3}'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
}

/**
 * Finds people's names: the hand-written signals below, read by the trained tagger
 * (`./person-tagger/`) with the words around each capitalised word. See `personRuleDetector`
 * for the signals, and `docs/detectors.md` for what the tagger learnt from and how it scores.
 *
 * @example
 * personDetector().detect('Albright said on Monday that talks would resume.');
 * // [{ start: 0, end: 8, label: 'PERSON', score: 0.8 }]
 */
export function personDetector(options: PersonDetectorOptions = {}): Detector {
  checkOptions('personDetector', options, PERSON_DETECTOR_KEYS);
  const rules = personRuleDetector(options);
  return options.tagger === false ? rules : personTaggerDetector({ rules });
}

/**
 * Finds people's names in English and French (and common German, Spanish, Italian and
 * Arabic-origin names) by combining hand-written signals: a curated list of given names and family names,
 * capitalisation, titles (stripped from the span), greetings, sign-offs, `Name:` labels, JSON
 * values under keys such as `name` or `customer`, e-mail local parts (`jean.dupont@…` supports
 * `Jean Dupont`) and names the app already knows. Weekdays, months, cities, companies and
 * capitalised sentence starts are not persons. Scores run from 0.7 (a lone given name) to
 * 0.95 (after a title) and 1 (a known name).
 *
 * @example
 * personRuleDetector().detect('Bonjour Mme Nathalie Lefèvre, voici le devis.');
 * // [{ start: 12, end: 28, label: 'PERSON', value: 'Nathalie Lefèvre', score: 0.95 }]
 * personRuleDetector({ knownNames: ['Ottoline Brandt'] }).detect('ottoline brandt a appelé');
 */
export function personRuleDetector(options: PersonDetectorOptions = {}): Detector {
  const known = (options.knownNames ?? []).map((n) => n.trim()).filter((n) => n.length > 0);
  const keys = knownKeys(known);
  const pattern = knownPattern(known);

  return {
    name: 'person',
    labels: ['PERSON'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      if (pattern) {
        pattern.lastIndex = 0;
        for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
          spans.push({ start: m.index, end: m.index + m[0].length, label: 'PERSON', score: 1 });
        }
      }
      const n = tokenize(text, table);
      if (n === 0) return spans;
      const knownCount = spans.length;
      cellNameCount = 0;
      new NameScan(text, n, keys).findNames(spans);
      if (knownCount > 0 || cellNameCount > 0) {
        addTableNames(text, spans, knownCount, cellNames, cellNameCount, (from, to) =>
          lexiconFlagsOf(text, from, to, hashKey(text, from, to), NO_CODE),
        );
      }
      addNamesUnderKeys(text, spans);
      return spans;
    },
  };
}
