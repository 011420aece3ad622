import type { PiiSpan } from '../detect/types';
import { type AhoCorasick, buildAhoCorasick } from '../match/aho-corasick';
import {
  foldCode,
  foldString,
  isDigitCode,
  isInvisibleCode,
  isNumberJoinCode,
  isSpaceCode,
  isWordCode,
  LOWER_S,
  SHARP_S,
  SPACE,
  skippedInView,
} from '../match/fold';
import { DIGIT_GROUP_LABELS, spellingVariants } from './canonical';
import type { VaultEntry } from './types';

/**
 * How matches meet the text around them:
 * - `words` (for text people write): a single-word value (`Jean`) is not found inside a longer
 *   word (`Jeanne`); a value of several parts (`Jean Dupont`, an address, a number) is found
 *   even glued to letters (`Jean Duponts`), but never inside a longer run of digits;
 * - `none` (for the model's own text, where restored values come back glued to whatever the
 *   model wrote around a token, `<<PERSON:1>>s`): every occurrence. Masking part of a word is
 *   harmless there: restoring gives the same text back.
 */
export type MatchBoundaries = 'words' | 'none';

/** Finds every known value of a conversation in a text, in one linear pass. */
export interface KnownValueMatcher {
  readonly size: number;
  find(text: string, boundaries?: MatchBoundaries): PiiSpan[];
}

/**
 * The canonical form of a match: the entry's when the match is the same value, another one
 * when the folded view merged two values that the label tells apart (case of an API key,
 * accents of an email address). The match is masked either way; only its token differs.
 * Asked once per entry when the matcher is built: `undefined` when every match of the entry
 * is the entry's canonical form, else the function that reads a match's from its text.
 */
export type MatchIdentifier = (entry: VaultEntry) => ((matched: string) => string) | undefined;

/** A ring slot of the second view character of one code unit (`ß` read as `ss`). */
const INSIDE_CHARACTER = -1;

/**
 * How the sweep reads a code unit (see `readUnit`): flags in the low bits of its `lookup`
 * cell, its class in the plain view's automaton above them. `READ` is set in every filled cell
 * (0: not read yet).
 */
const READ = 1;
/** Whitespace: a run of it is one space. */
const WHITESPACE = 2;
/** Whitespace, `.`, `-` or `/`: a single one between two digits is left out of the digit view. */
const SEPARATOR = 4;
/** `0`-`9`, for the rule above. */
const ASCII_DIGIT = 8;
/** Left out of both views (see `isInvisibleCode`). */
const INVISIBLE = 16;
/** `ß`: two view characters, `s` `s`. */
const SHARP = 32;
/** Read as a digit (`0`-`9`, `０`-`９`): wakes the digit view up (see `digitLead`). */
const VIEW_DIGIT = 64;
const CLASS_SHIFT = 7;
/** Code units below this keep how they read in `lookup`; others are read each time. */
const LOOKUP_UNITS = 0x3000;
/** The `lookup` cell where a code unit at or above `LOOKUP_UNITS` is read into. */
const SPARE = LOOKUP_UNITS;

/** Shorter values would match inside ordinary words. */
export const MIN_LENGTH = 2;

/** How the matches of an entry are identified (see `MatchIdentifier`). */
type Identity = ((matched: string) => string) | undefined;

interface View {
  joinDigits: boolean;
  patterns: string[];
  owners: VaultEntry[];
  /** The identity of each owner's matches. */
  identities: Identity[];
  seen: Set<string>;
}

const emptyView = (joinDigits: boolean): View => ({
  joinDigits,
  patterns: [],
  owners: [],
  identities: [],
  seen: new Set(),
});

function addPattern(view: View, spelling: string, entry: VaultEntry, identity: Identity) {
  const pattern = foldString(spelling.trim(), view.joinDigits);
  if (pattern.length < MIN_LENGTH || view.seen.has(pattern)) return;
  view.seen.add(pattern);
  view.patterns.push(pattern);
  view.owners.push(entry);
  view.identities.push(identity);
}

/** A pattern of letters (and inner apostrophes or hyphens) only: one word, like `Jean`. */
const SINGLE_WORD = /^[^\s@.\d]+$/u;

/** The view character before original index `start`, as an original code unit (or -1). */
function codeBefore(text: string, start: number, joinDigits: boolean): number {
  let k = start - 1;
  while (k >= 0 && skippedInView(text, k, joinDigits)) k--;
  return k >= 0 ? text.charCodeAt(k) : -1;
}

/** Whether the view character before original index `start` is a word character. */
function wordBefore(text: string, start: number, joinDigits: boolean): boolean {
  const c = codeBefore(text, start, joinDigits);
  return c !== -1 && isWordCode(c);
}

/** What comes next to a match in the view: no digit, a digit, or a digit across a join. */
const NO_DIGIT = 0;
const DIGIT = 1;
const DIGIT_ACROSS_JOIN = 2;

/**
 * What comes right before original index `start` (`step` -1) or after index `start` (`step`
 * 1) in the view. A digit there makes the match part of a longer digit run, unless a slash or
 * a no-break space that the digit view left out comes between them (`tel/fax`,
 * `2\u00a001 23 45 67 89`): there the phone detector may start a number too, and a known number
 * written after it is masked, unless a detector reads those digits otherwise (see
 * `isMatchAcrossJoin`).
 */
function digitNext(text: string, start: number, step: 1 | -1, joinDigits: boolean): number {
  let across = false;
  let k = start + step;
  while (k >= 0 && k < text.length && skippedInView(text, k, joinDigits)) {
    if (joinDigits && isNumberJoinCode(text.charCodeAt(k))) across = true;
    k += step;
  }
  if (k < 0 || k >= text.length || !isDigitCode(text.charCodeAt(k))) return NO_DIGIT;
  return across ? DIGIT_ACROSS_JOIN : DIGIT;
}

// The matches next to digits across a join: the same digits may be another number, grouped
// with no-break spaces or slashes (`01\u00a023\u00a045\u00a067\u00a039 015 9433`: the known
// `39 015 9433` starts inside a French number). `anonymize` drops such a match where a
// detector reads a span at another range over it.
const MATCHES_ACROSS_JOIN = new WeakSet<PiiSpan>();

/** Whether the sweep found `span` next to digits across a slash or a no-break space. */
export function isMatchAcrossJoin(span: PiiSpan): boolean {
  return MATCHES_ACROSS_JOIN.has(span);
}

/** The view character after the match ending at original index `i` (or -1). */
function codeAfter(text: string, i: number, joinDigits: boolean): number {
  let k = i + 1;
  // Skipped units are invisible ones and separators dropped between digits: the next view
  // character is what follows them.
  while (k < text.length && skippedInView(text, k, joinDigits)) k++;
  return k < text.length ? text.charCodeAt(k) : -1;
}

const wordAfter = (text: string, i: number, joinDigits: boolean) => {
  const c = codeAfter(text, i, joinDigits);
  return c !== -1 && isWordCode(c);
};

/**
 * Builds the sweep for known values: case, spacing and apostrophe variants of every value,
 * and for digit-group labels (phones, cards, IBANs...) the same digits grouped differently.
 * Matches respect word boundaries (`Jean` is not found inside `Jeanne`), except next to
 * scripts written without spaces (`联系王伟电话`).
 */
export function buildKnownValueMatcher(
  entries: readonly VaultEntry[],
  identify?: MatchIdentifier,
): KnownValueMatcher {
  const plain = emptyView(false);
  const digits = emptyView(true);
  for (const entry of entries) {
    const identity = identify?.(entry);
    for (const s of [
      entry.value,
      entry.canonical,
      ...spellingVariants(entry.label, entry.canonical),
    ]) {
      addPattern(plain, s, entry, identity);
      if (DIGIT_GROUP_LABELS.has(entry.label)) addPattern(digits, s, entry, identity);
    }
  }
  const compile = (v: View) =>
    v.patterns.length === 0
      ? undefined
      : {
          ...v,
          automaton: buildAhoCorasick(v.patterns),
          lengths: v.patterns.map((p) => p.length),
          singleWord: v.patterns.map((p) => SINGLE_WORD.test(p)),
          digitStart: v.patterns.map((p) => isDigitCode(p.charCodeAt(0))),
          digitEnd: v.patterns.map((p) => isDigitCode(p.charCodeAt(p.length - 1))),
        };
  const plainView = compile(plain);
  const digitView = compile(digits);
  const sweep = plainView && sweepFor(plainView, digitView);

  return {
    size: entries.length,
    find(text, boundaries = 'words') {
      const spans: PiiSpan[] = [];
      if (!sweep) return spans;
      // Both views may find the same span (at the same end); the first one reported is kept.
      let lastStart = -1;
      let lastEnd = -1;
      /** The longest acceptable pattern ending at `state`, if any, as a span. */
      const report = (
        view: NonNullable<typeof plainView>,
        state: number,
        i: number,
        ring: Int32Array,
        n: number,
      ) => {
        const ac: AhoCorasick = view.automaton;
        const mask = ring.length - 1;
        for (let o = ac.firstOutput(state); o !== -1; o = ac.nextOutput(o)) {
          const id = ac.patternAt(o);
          const start = ring[(n - view.lengths[id]!) & mask]!;
          if (start === INSIDE_CHARACTER) continue;
          let acrossJoin = false;
          if (boundaries === 'words') {
            const join = view.joinDigits;
            if (view.singleWord[id]) {
              if (wordBefore(text, start, join) || wordAfter(text, i, join)) continue;
              // A compound name is another name: `Jean` is not `Jean-Pierre`.
              if (text.charCodeAt(start - 1) === 45 && isWordCode(text.charCodeAt(start - 2)))
                continue;
              if (text.charCodeAt(i + 1) === 45 && isWordCode(text.charCodeAt(i + 2))) continue;
            } else {
              const before = view.digitStart[id] ? digitNext(text, start, -1, join) : NO_DIGIT;
              const after = view.digitEnd[id] ? digitNext(text, i, 1, join) : NO_DIGIT;
              if (before === DIGIT || after === DIGIT) continue;
              acrossJoin = before === DIGIT_ACROSS_JOIN || after === DIGIT_ACROSS_JOIN;
            }
          }
          const end = i + 1;
          if (start === lastStart && end === lastEnd) return;
          lastStart = start;
          lastEnd = end;
          const entry = view.owners[id]!;
          const value = text.slice(start, end);
          const identity = view.identities[id];
          const span: PiiSpan = {
            start,
            end,
            label: entry.label,
            value,
            score: 1,
            canonical: identity === undefined ? entry.canonical : identity(value),
            detector: 'vault',
          };
          if (acrossJoin) MATCHES_ACROSS_JOIN.add(span);
          spans.push(span);
          return;
        }
      };
      sweepText(text, sweep, report);
      return spans;
    },
  };
}

/** What a view of the sweep has: its patterns, and its automaton over them. */
interface SweptView {
  patterns: string[];
  automaton: AhoCorasick;
}

/** What the sweep reads: one matcher's tables, made once. */
interface Sweep<View extends SweptView> {
  plain: View;
  digits: View | undefined;
  /**
   * The original offsets of the last view characters, in a ring at least as long as the
   * longest pattern: where a match starts is read there, not found by walking back the text.
   * Made once: `find` is synchronous, so calls never share them.
   */
  plainRing: Int32Array;
  digitRing: Int32Array;
  /**
   * How far before its first digit a digit pattern starts at most, in view characters; -1 if
   * some digit pattern has no digit. The digit view then sleeps (is not stepped) while its
   * state is 0 and no digit comes: no match starts further back than that from the digit
   * that wakes it up.
   */
  digitLead: number;
  /**
   * How each code unit below `LOOKUP_UNITS` reads (see `readUnit`), filled on first sight: an
   * ordinary character then costs one read here and one step, instead of the kind tests,
   * `foldCode` and the automaton's own class lookup. One cell more, `SPARE`, for the others.
   */
  lookup: Int32Array;
  /**
   * The classes in the digit view's automaton, likewise (they fit in 16 bits: folded patterns
   * have no upper-case ASCII letter).
   */
  digitClasses: Uint16Array;
  /**
   * `readUnit` into these tables: a closure per matcher (it is called on first sight only,
   * and V8 then does not inline it into the sweep's loop).
   */
  read: (c: number, k: number) => void;
}

function sweepFor<View extends SweptView>(plain: View, digits: View | undefined): Sweep<View> {
  let digitLead = 0;
  for (const p of digits?.patterns ?? []) {
    const first = p.search(/[0-9]/);
    digitLead = first < 0 || digitLead < 0 ? -1 : Math.max(digitLead, first);
  }
  const ringFor = (view: View | undefined) =>
    new Int32Array(view ? 2 ** Math.ceil(Math.log2(view.automaton.maxLength + 1)) : 1);
  const lookup = new Int32Array(SPARE + 1);
  const digitClasses = new Uint16Array(digits ? SPARE + 1 : 0);
  return {
    plain,
    digits,
    plainRing: ringFor(plain),
    digitRing: ringFor(digits),
    digitLead,
    lookup,
    digitClasses,
    read: (c, k) => readUnit(c, k, lookup, digitClasses, plain.automaton, digits?.automaton),
  };
}

/** Fills the cells at `k` of `lookup` and `digitClasses` for the code unit `c`. */
function readUnit(
  c: number,
  k: number,
  lookup: Int32Array,
  digitClasses: Uint16Array,
  plain: AhoCorasick,
  digits: AhoCorasick | undefined,
): void {
  let flags = READ;
  let code = c;
  if (isInvisibleCode(c)) flags |= INVISIBLE;
  else if (isSpaceCode(c)) {
    flags |= WHITESPACE | SEPARATOR;
    code = SPACE;
  } else if (c === 46 || c === 45 || c === 47) flags |= SEPARATOR;
  else if (isDigitCode(c)) flags |= ASCII_DIGIT;
  else {
    code = foldCode(c);
    // `ß` is read as the `ss` that writes it in capitals (`WEISS` for `Weiß`).
    if (code === SHARP_S) {
      flags |= SHARP;
      code = LOWER_S;
    }
  }
  if (isDigitCode(code)) flags |= VIEW_DIGIT;
  const visible = (flags & INVISIBLE) === 0;
  lookup[k] = flags | ((visible ? plain.classOf(code) : 0) << CLASS_SHIFT);
  if (digits) digitClasses[k] = visible ? digits.classOf(code) : 0;
}

/** The index in `lookup` of the code unit at `j`, read if needed. */
function cellAt<View extends SweptView>(text: string, j: number, t: Sweep<View>): number {
  const c = text.charCodeAt(j);
  const k = c < LOOKUP_UNITS ? c : SPARE;
  if (t.lookup[k] === 0 || k === SPARE) t.read(c, k);
  return k;
}

/**
 * One pass over `text` drives both views: they differ only at separators between digits.
 * `report` is called after each step where a pattern ends, with the view's ring of original
 * offsets and its count of view characters.
 */
function sweepText<View extends SweptView>(
  text: string,
  t: Sweep<View>,
  report: (view: View, state: number, i: number, ring: Int32Array, n: number) => void,
): void {
  const { lookup, digitClasses, plainRing, digitRing, digitLead } = t;
  const plain = t.plain.automaton;
  const digits = t.digits?.automaton;
  const plainMask = plainRing.length - 1;
  const digitMask = digitRing.length - 1;
  let plainState = 0;
  let plainCount = 0;
  let digitState = 0;
  let digitCount = 0;
  let digitAwake = digitLead < 0;
  let digitAsleepAfter = -1;
  // The cell of the unit before `i` (for whitespace runs and separators between digits).
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    if (!digitAwake) {
      // Most units take this loop: read before, in the plain view only (the digit view
      // sleeps), one character (no flag to look at but whitespace after whitespace).
      for (; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const cell = c < LOOKUP_UNITS ? lookup[c]! : 0;
        if (
          cell === 0 ||
          (cell & (INVISIBLE | SHARP | VIEW_DIGIT | (previous & WHITESPACE))) !== 0
        ) {
          break;
        }
        previous = cell;
        plainRing[plainCount++ & plainMask] = i;
        plainState = plain.stepClass(plainState, cell >>> CLASS_SHIFT);
        if (plain.hasOutput(plainState)) report(t.plain, plainState, i, plainRing, plainCount);
      }
      if (i === text.length) break;
    } else if (digits !== undefined) {
      // Awake (in and around runs of digits): both views step over ordinary units, as below;
      // the loop ends where the digit view falls asleep, or at a unit that needs more.
      let asleep = false;
      for (; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const cell = c < LOOKUP_UNITS ? lookup[c]! : 0;
        if (cell === 0 || (cell & (INVISIBLE | SHARP | (previous & WHITESPACE))) !== 0) break;
        const before = previous;
        previous = cell;
        plainRing[plainCount++ & plainMask] = i;
        plainState = plain.stepClass(plainState, cell >>> CLASS_SHIFT);
        if (plain.hasOutput(plainState)) report(t.plain, plainState, i, plainRing, plainCount);
        // A single separator between two digits is left out of the digit view.
        if (
          (cell & SEPARATOR) === 0 ||
          (before & ASCII_DIGIT) === 0 ||
          !isDigitCode(text.charCodeAt(i + 1))
        ) {
          digitRing[digitCount++ & digitMask] = i;
          digitState = digits.stepClass(digitState, digitClasses[c]!);
          if (digits.hasOutput(digitState)) {
            report(t.digits!, digitState, i, digitRing, digitCount);
          }
        }
        if (digitState === 0 && digitLead >= 0) {
          digitAwake = false;
          digitAsleepAfter = i;
          asleep = true;
          break;
        }
      }
      if (i === text.length) break;
      if (asleep) continue;
    }

    const cell = lookup[cellAt(text, i, t)]!;
    const before = previous;
    previous = cell;
    // Left out of both views: an invisible unit, whitespace after whitespace (a run of it is
    // one space: its first unit stands for it).
    if ((cell & (INVISIBLE | (before & WHITESPACE))) !== 0) continue;
    const plainClass = cell >>> CLASS_SHIFT;
    if ((cell & SHARP) !== 0) {
      // `ß` is two view characters, `s` `s`: no match ends after the first one, and none
      // starts at the second (its ring slot says so).
      plainRing[plainCount++ & plainMask] = i;
      plainState = plain.stepClass(plainState, plainClass);
      plainRing[plainCount++ & plainMask] = INSIDE_CHARACTER;
    } else plainRing[plainCount++ & plainMask] = i;
    plainState = plain.stepClass(plainState, plainClass);
    if (plain.hasOutput(plainState)) report(t.plain, plainState, i, plainRing, plainCount);

    if (digits === undefined || (!digitAwake && (cell & VIEW_DIGIT) === 0)) continue;
    // The digit view steps over `i`; woken up, over the units before it first, where a match
    // through this digit may start, back to where it fell asleep at most. No pattern ends
    // before `i` there: none is without a digit.
    let j = i;
    let b = before;
    let stepped = false;
    if (!digitAwake) {
      // Separators are not counted: going back too far is harmless.
      for (let seen = 0; seen < digitLead && j > digitAsleepAfter + 1; ) {
        j--;
        if ((lookup[cellAt(text, j, t)]! & (INVISIBLE | SEPARATOR)) === 0) seen++;
      }
      b = j > 0 ? lookup[cellAt(text, j - 1, t)]! : 0;
      digitAwake = true;
    }
    for (; j <= i; j++) {
      const k = cellAt(text, j, t);
      const c = lookup[k]!;
      const leftOut =
        (c & (INVISIBLE | (b & WHITESPACE))) !== 0 ||
        // A single separator between two digits.
        ((c & SEPARATOR) !== 0 && (b & ASCII_DIGIT) !== 0 && isDigitCode(text.charCodeAt(j + 1)));
      b = c;
      if (leftOut) continue;
      const digitClass = digitClasses[k]!;
      if ((c & SHARP) !== 0) {
        digitRing[digitCount++ & digitMask] = j;
        digitState = digits.stepClass(digitState, digitClass);
        digitRing[digitCount++ & digitMask] = INSIDE_CHARACTER;
      } else digitRing[digitCount++ & digitMask] = j;
      digitState = digits.stepClass(digitState, digitClass);
      stepped = j === i;
    }
    if (stepped && digits.hasOutput(digitState)) {
      report(t.digits!, digitState, i, digitRing, digitCount);
    }
    if (digitState === 0 && digitLead >= 0) {
      digitAwake = false;
      digitAsleepAfter = i;
    }
  }
}
