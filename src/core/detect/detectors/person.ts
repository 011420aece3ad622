// The person detector reads a text in three steps, none of which builds a string per word:
// - `./person/tokens`: one pass splits the text into words (offsets and a shape), hashing the
//   key of each capitalised ASCII word on the way;
// - `./person/keys`: the flags of a word (its lists, see `./person-names/lexicon`) come from
//   an open-addressing table keyed by that hash, computed only for the words a decision reads;
// - `NameScan` below builds runs of capitalised words and decides, cheapest signals first,
//   which runs are names (context regexes in `./person/context`, e-mail local parts in
//   `./person/emails`).
import type { DetectedSpan, Detector } from '../types';
import {
  EMAIL_LOCAL_CHAR,
  isBlank,
  isSentenceEnd,
  isSpace,
  LOWER_CHAR,
  MARK_CHAR,
  UPPER_CHAR,
  WORD_CHAR,
} from './person/chars';
import {
  announcesName,
  CONTEXT,
  JSON_KEY_BEFORE,
  LABEL_BEFORE,
  RELATION_BEFORE,
  SIGN_OFF,
  STRONG_INTRO,
  WEAK_INTRO,
} from './person/context';
import { EmailParts } from './person/emails';
import {
  FIRST,
  hashKey,
  hashString,
  KEY_BUON,
  KEY_DIA,
  KEY_M,
  KEY_SHORT,
  KEY_THANK,
  KEY_YOU,
  lexiconFlagsOf,
  SAINT,
  SURNAME,
} from './person/keys';
import { NO_HASH, S_CAP, S_INITIAL, S_LOWER, S_UPPER, TokenTable, tokenize } from './person/tokens';
import {
  IN_AMBIGUOUS,
  IN_GREETINGS,
  IN_ORGANISATIONS,
  IN_PARTICLES,
  IN_PLACE_PREFIXES,
  IN_PLACES,
  IN_STOP_WORDS,
  IN_TITLES,
  nameKey,
} from './person-names/lexicon';

export interface PersonDetectorOptions {
  /**
   * Names the app already knows (the signed-in user, the contacts of a CRM record). They are
   * found whatever their case, and their parts count as given and family names.
   */
  knownNames?: readonly string[];
}

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PERSON_PATTERNS: readonly RegExp[] = [
  WORD_CHAR,
  UPPER_CHAR,
  LOWER_CHAR,
  MARK_CHAR,
  EMAIL_LOCAL_CHAR,
  STRONG_INTRO,
  LABEL_BEFORE,
  JSON_KEY_BEFORE,
  SIGN_OFF,
  WEAK_INTRO,
  RELATION_BEFORE,
];

const BLANKS = /\s+/;
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
// The run of words being decided, without its lower case particles.
const runWords = new Int32Array(MAX_RUN + 1);

/**
 * One reading of a text: its words (in `table`), their flags computed on demand (only the
 * words that a decision reads), and the decision on each run of capitalised words. Each call
 * of `detect` makes one.
 */
class NameScan {
  private readonly starts = table.start;
  private readonly ends = table.end;
  private readonly shapes = table.shape;
  private readonly flags = table.flags;
  private readonly hashes = table.hash;
  private readonly codes = table.code;
  private emails: EmailParts | undefined;
  // The words of the run being decided (see `runWords`).
  private count = 0;

  constructor(
    private readonly text: string,
    private readonly n: number,
    private readonly known: KnownKeys | undefined,
  ) {
    this.flags.fill(0, 0, n);
  }

  /** `nameKey` of word `i`. */
  private keyOf(i: number): string {
    return nameKey(this.text.slice(this.starts[i]!, this.ends[i]!));
  }

  /** Flags of word `i`: its lists (`IN_…`) and the bits of `./person/keys`. */
  private flagsOf(i: number): number {
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
  private isEmailPart(i: number, minLength: number): boolean {
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
  private gapIsBlank(i: number): boolean {
    const from = this.gapStart(i);
    if (this.starts[i]! - from !== 1) return false;
    const code = this.text.charCodeAt(from);
    return code === 32 || code === 0xa0;
  }

  /** `.` or `. ` before word `i`. */
  private gapIsInitialDot(i: number): boolean {
    const from = this.gapStart(i);
    const size = this.starts[i]! - from;
    return (
      (size === 1 || (size === 2 && this.text.charCodeAt(from + 1) === 32)) &&
      this.text.charCodeAt(from) === 46
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

  /** Word `i` is a title before a name: `Dr.`, `Mme`, `M.` (not `M` alone), `madame`. */
  private isTitleAt(i: number): boolean {
    if (i < 0 || i >= this.n) return false;
    const flags = this.flagsOf(i);
    if ((flags & IN_TITLES) === 0) return false;
    const text = this.text;
    // The text after the word, up to the next word (none after the last word).
    const from = this.ends[i]!;
    const size = i + 1 < this.n ? this.starts[i + 1]! - from : 0;
    const c0 = size > 0 ? text.charCodeAt(from) : -1;
    const dot = c0 === 46 && (size === 1 || (size === 2 && text.charCodeAt(from + 1) === 32));
    if (flags & KEY_M) return text.charCodeAt(this.starts[i]!) === 77 && dot;
    if (this.shapes[i] === S_LOWER && flags & KEY_SHORT) return false;
    return dot || (size === 1 && (c0 === 32 || c0 === 0xa0));
  }

  /** A word that may continue a name: capitalised, not a stop word unless a family name. */
  private canContinue(i: number): boolean {
    const shape = this.shapes[i];
    if (shape !== S_CAP && shape !== S_UPPER) return false;
    const flags = this.flagsOf(i);
    return (
      (flags & (IN_TITLES | IN_GREETINGS | SAINT)) === 0 &&
      (!(flags & IN_STOP_WORDS) || !!(flags & SURNAME))
    );
  }

  /** Whether some word of the run has the flags `mask` equal to `value`. */
  private some(mask: number, value: number): boolean {
    for (let w = 0; w < this.count; w++) {
      if ((this.flagsOf(runWords[w]!) & mask) === value) return true;
    }
    return false;
  }

  /** Whether every word of the run has the flags `mask` equal to `value`. */
  private every(mask: number, value: number): boolean {
    for (let w = 0; w < this.count; w++) {
      if ((this.flagsOf(runWords[w]!) & mask) !== value) return false;
    }
    return true;
  }

  /** Adds the names of the text to `spans`. */
  findNames(spans: DetectedSpan[]): void {
    const n = this.n;
    const shapes = this.shapes;
    let i = 0;
    while (i < n) {
      const firstShape = shapes[i];
      if (
        (firstShape !== S_CAP && firstShape !== S_UPPER && firstShape !== S_INITIAL) ||
        this.flagsOf(i) & IN_GREETINGS ||
        this.isTitleAt(i)
      ) {
        i++;
        continue;
      }
      const j = this.runEnd(i);
      this.count = 0;
      for (let k = i; k <= j; k++) {
        if (shapes[k] !== S_LOWER || !(this.flagsOf(k) & IN_PARTICLES)) runWords[this.count++] = k;
      }
      const decision = this.count === 1 && this.neverAlone(i) ? undefined : this.decide(i, j);
      if (decision === 'skip') {
        i = j + 1;
      } else if (decision) {
        spans.push({
          start: this.starts[i]!,
          end: this.ends[j]!,
          label: 'PERSON',
          score: decision,
        });
        i = j + 1;
      } else {
        i++;
      }
    }
  }

  /**
   * Whether word `i`, alone in its run, cannot be a name: an initial, a stop word that is no
   * given or family name, or an all-caps word without a title before it. `decide` says so too,
   * after checks that can only turn it into `'skip'`, which for a single word moves on to the
   * next word just as `undefined` does.
   */
  private neverAlone(i: number): boolean {
    const shape = this.shapes[i];
    if (shape === S_INITIAL) return true;
    if ((this.flagsOf(i) & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return true;
    return shape === S_UPPER && !this.isTitleAt(i - 1);
  }

  /**
   * Last word of the longest name-shaped run from word `i`: capitalised words joined by single
   * spaces, with particles (`de`, `van`) and initials (`John F. Kennedy`) inside.
   */
  private runEnd(i: number): number {
    const n = this.n;
    const shapes = this.shapes;
    let j = i;
    while (j - i + 1 < MAX_RUN && j + 1 < n) {
      const joined =
        this.gapIsBlank(j + 1) || (shapes[j] === S_INITIAL && this.gapIsInitialDot(j + 1));
      if (!joined) break;
      const next = j + 1;
      const nextShape = shapes[next];
      if (
        (nextShape === S_LOWER || nextShape === S_CAP) &&
        j + 2 < n &&
        shapes[j + 2] === S_CAP &&
        this.gapIsBlank(j + 2) &&
        this.flagsOf(next) & IN_PARTICLES &&
        !(this.flagsOf(j + 2) & IN_STOP_WORDS)
      ) {
        j += 2;
        continue;
      }
      if (nextShape === S_INITIAL && j + 2 < n && this.gapIsInitialDot(j + 2)) {
        j += 1;
        continue;
      }
      if (!this.canContinue(next)) break;
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
    const headFlags = this.flagsOf(head);
    const headShape = shapes[head];
    const start = starts[head]!;
    const last = runWords[count - 1]!;
    const after = runEnd + 1;
    const before = head - 1;
    const hasBefore = before >= 0;
    const gapFrom = this.gapStart(head);
    const gapSize = start - gapFrom;
    const g0 = gapSize > 0 ? text.charCodeAt(gapFrom) : -1;
    const g1 = gapSize > 1 ? text.charCodeAt(gapFrom + 1) : -1;

    // `rue Victor Hugo`, `Saint Louis`, `Marie Curie University` are places and institutions.
    if (
      hasBefore &&
      ((gapSize === 1 && (g0 === 32 || g0 === 0xa0 || g0 === 45)) ||
        (gapSize === 2 && g0 === 46 && g1 === 32)) &&
      this.flagsOf(before) & IN_PLACE_PREFIXES
    ) {
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
    if (headShape === S_INITIAL && count < 2) return undefined;
    // All-caps words count only next to a name-like word (`DUPONT Jean`, `Jean DUPONT`).
    const titled = hasBefore && this.isTitleAt(before);
    if (!titled) {
      let hasCap = false;
      for (let w = 0; w < count && !hasCap; w++) hasCap = shapes[runWords[w]!] === S_CAP;
      if (!hasCap && !(count >= 2 && this.some(FIRST | IN_STOP_WORDS, FIRST))) return undefined;
    }
    if (this.every(IN_STOP_WORDS | SURNAME | FIRST, IN_STOP_WORDS)) return undefined;
    if ((headFlags & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return undefined;

    // Signals, strongest first.
    if (titled) return 0.95;
    const headFirst = (headFlags & FIRST) !== 0;
    const headAmbiguous = (headFlags & (IN_AMBIGUOUS | IN_PLACES | IN_STOP_WORDS)) !== 0;
    // `Jean Dupont`: every signal below gives such a run 0.9, so none needs reading.
    if (count >= 2 && headFirst && !headAmbiguous) return 0.9;
    if (
      hasBefore &&
      ((gapSize === 1 && (g0 === 32 || g0 === 44 || g0 === 0xa0)) ||
        (gapSize === 2 && g0 === 44 && g1 === 32))
    ) {
      const beforeFlags = this.flagsOf(before);
      const greeted =
        beforeFlags & IN_GREETINGS ||
        (beforeFlags & KEY_YOU && before >= 1 && this.flagsOf(before - 1) & KEY_THANK) ||
        (beforeFlags & KEY_DIA && before >= 1 && this.flagsOf(before - 1) & KEY_BUON);
      if (greeted) {
        return (headFlags & (IN_STOP_WORDS | FIRST)) === IN_STOP_WORDS ? undefined : 0.9;
      }
    }
    if (announcesName(text, start)) return 0.9;
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
    if (!this.emailParts().isEmpty) {
      for (let w = 0; w < count; w++) if (this.isEmailPart(runWords[w]!, 3)) return 0.9;
      if (count >= 2 && this.isEmailInitialAndKey(start, last)) return 0.9;
    }

    if (count >= 2) {
      const secondFlags = this.flagsOf(runWords[1]!);
      // `Can Bill approve…`: an ambiguous word opening a sentence is the sentence's verb or
      // noun; the name starts at the next word.
      if (headAmbiguous && secondFlags & FIRST && this.sentenceStart(head)) return undefined;
      if (headFirst) return headAmbiguous ? 0.8 : 0.9;
      // `DUPONT Jean`, `Dupont Jean-Pierre`: family name first.
      if (
        (headShape === S_UPPER || headFlags & SURNAME) &&
        (secondFlags & (FIRST | IN_AMBIGUOUS)) === FIRST
      )
        return 0.85;
      // `Empfänger Jürgen Weber`: the name starts at the given name, not at the noun before.
      for (let w = 1; w < count; w++) {
        if ((this.flagsOf(runWords[w]!) & (FIRST | IN_AMBIGUOUS)) === FIRST) return undefined;
      }
      if (this.flagsOf(last) & SURNAME && !(headFlags & IN_STOP_WORDS) && !this.sentenceStart(head))
        return 0.75;
      let plain = true;
      for (let w = 0; w < count && plain; w++) {
        plain = shapes[runWords[w]!] === S_CAP && !(this.flagsOf(runWords[w]!) & IN_STOP_WORDS);
      }
      if (plain && start > 0 && isBlank(text.charCodeAt(start - 1))) {
        const context = text.slice(Math.max(0, start - CONTEXT), start);
        if (WEAK_INTRO.test(context) || RELATION_BEFORE.test(context)) return 0.75;
      }
      return undefined;
    }
    if (headFirst && !headAmbiguous && headShape === S_CAP) return 0.7;
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Keys of the known names: the first word is a given name, the others family names. */
function knownKeys(known: readonly string[]): KnownKeys | undefined {
  const first = new Set<string>();
  const last = new Set<string>();
  for (const name of known) {
    const parts = name.split(BLANKS).map(nameKey);
    if (parts[0]) first.add(parts[0]);
    for (const part of parts.slice(1)) last.add(part);
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
 * Finds people's names in English and French (and common German, Spanish, Italian and
 * Arabic-origin names) by combining signals: a curated list of given names and family names,
 * capitalisation, titles (stripped from the span), greetings, sign-offs, `Name:` labels, JSON
 * values under keys such as `name` or `customer`, e-mail local parts (`jean.dupont@…` supports
 * `Jean Dupont`) and names the app already knows. Weekdays, months, cities, companies and
 * capitalised sentence starts are not persons. Scores run from 0.7 (a lone given name) to
 * 0.95 (after a title) and 1 (a known name).
 *
 * @example
 * personDetector().detect('Bonjour Mme Nathalie Lefèvre, voici le devis.');
 * // [{ start: 12, end: 28, label: 'PERSON', value: 'Nathalie Lefèvre', score: 0.95 }]
 * personDetector({ knownNames: ['Ottoline Brandt'] }).detect('ottoline brandt a appelé');
 */
export function personDetector(options: PersonDetectorOptions = {}): Detector {
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
      new NameScan(text, n, keys).findNames(spans);
      return spans;
    },
  };
}
