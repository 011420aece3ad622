import { nameKey, PARTICLE_KEYS } from '../detect/detectors/person-names/lexicon';
import { isMergedCanonical, isSharedWordCanonical } from '../detect/merged-canonical';
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
import {
  type NameWordCandidates,
  type NameWordPattern,
  nameMentions,
  type PartsSpan,
  type SpanPart,
} from './name-mentions';
import { type NameWordKind, nameWordKind } from './name-word-gate';
import type { VaultEntry } from './types';
import { nameWords, partSpellings, wholeSpellings } from './value-parts';

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

/** The parts a pattern covers: `[start, end, part]` in its view characters (see `PartSpelling`). */
type Plan = readonly (readonly [number, number, number])[];

interface View {
  joinDigits: boolean;
  patterns: string[];
  owners: VaultEntry[];
  /** The identity of each owner's matches. */
  identities: Identity[];
  /** For a pattern of some parts of its owner (a RIB, `ip-10-20-30-40`), which parts. */
  plans: (Plan | undefined)[];
  /**
   * For a word of known names, looked for alone (`Dupont`), its index in the matcher's
   * `NameWordPattern`s; -1 for a pattern of a whole value or of parts.
   */
  wordIds: number[];
  /** Each pattern's index, by pattern. */
  seen: Map<string, number>;
}

const emptyView = (joinDigits: boolean): View => ({
  joinDigits,
  patterns: [],
  owners: [],
  identities: [],
  plans: [],
  wordIds: [],
  seen: new Map(),
});

function addPattern(
  view: View,
  spelling: string,
  entry: VaultEntry,
  identity: Identity,
  plan?: Plan,
  wordId = -1,
) {
  const written = spelling.trim();
  const pattern = foldString(written, view.joinDigits);
  if (pattern.length < MIN_LENGTH || view.seen.has(pattern)) return;
  view.seen.set(pattern, view.patterns.length);
  view.patterns.push(pattern);
  view.owners.push(entry);
  view.identities.push(identity);
  // A plan counts characters of the spelling: it holds where folding keeps them one for one.
  view.plans.push(plan && pattern.length === written.length ? plan : undefined);
  view.wordIds.push(wordId);
}

/** A word of a name that is looked for alone: letters (with inner `'` or `-`), no particle. */
const NAME_WORD = /^\p{L}[\p{L}\p{M}'’-]*$/u;

/**
 * Adds the words of a known name to the plain view (after every whole value, which wins where
 * a word is one: a known `Dupont` keeps its own token), each with the names that hold it; and
 * a word that several names share, known by itself (`sharedWordCanonical`), as its own owner
 * (part 0: its own token).
 */
function addNameWords(
  view: View,
  words: NameWordPattern[],
  entry: VaultEntry,
  written: readonly string[],
  kindOf: (word: string) => NameWordKind,
) {
  if (entry.label !== 'PERSON' || isMergedCanonical(entry.canonical)) return;
  const shared = isSharedWordCanonical(entry.canonical);
  const parts = shared ? [entry.value.trim()] : written;
  parts.forEach((word, k) => {
    if (!NAME_WORD.test(word) || PARTICLE_KEYS.has(nameKey(word))) return;
    const pattern = foldString(word, false);
    if (pattern.length < MIN_LENGTH) return;
    const initials = parts
      .filter((_, other) => other !== k)
      .map((w) => String.fromCharCode(foldCode(w.charCodeAt(0))))
      .join('');
    // The particles right before the word in the name (`van der` of `Eveline van der Batz`).
    let from = k;
    while (!shared && from > 0 && PARTICLE_KEYS.has(nameKey(parts[from - 1]!))) from--;
    const particles = parts.slice(from, k).join(' ').toLowerCase();
    const owner = { entry, part: shared ? 0 : k + 1, initials, particles };
    const at = view.seen.get(pattern);
    if (at === undefined) {
      const byEntry = new Map([[entry, owner]]);
      words.push({ word, owners: [owner], byEntry, kind: kindOf(word) });
      addPattern(view, word, entry, undefined, undefined, words.length - 1);
    } else if (view.wordIds[at]! >= 0) {
      const known = words[view.wordIds[at]!]!;
      if (!known.byEntry.has(entry)) {
        known.owners.push(owner);
        known.byEntry.set(entry, owner);
      }
    }
  });
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

/** Not a handle; a handle of a name with a word that is a name (`jdupont`); of common words only. */
const NO_HANDLE = 0;
const HANDLE = 1;
const HANDLE_OF_WORDS = 2;

/** Whether `[start, end)` starts with a lower-case letter and has a capital inside (`toolContext`). */
function camelCase(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first < 97 || first > 122) return false;
  for (let k = start + 1; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/** Whether a `-`, `_` or `.` at `k` is followed (`step` 1) or preceded (-1) by a digit. */
function groupGoesOn(text: string, k: number, step: 1 | -1): boolean {
  const c = text.charCodeAt(k);
  return (c === 45 || c === 95 || c === 46) && isDigitCode(text.charCodeAt(k + step));
}

/**
 * Whether a word at `[start, end)` is glued inside a longer word: a letter right after it, or
 * a letter or digit right before it.
 */
function gluedInWord(text: string, start: number, end: number): boolean {
  const after = text.charCodeAt(end);
  return (
    (isWordCode(after) && !isDigitCode(after)) ||
    (start > 0 && isWordCode(text.charCodeAt(start - 1)))
  );
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

/** Options of `buildKnownValueMatcher`. */
export interface KnownValueMatcherOptions {
  /**
   * Also find the values' other forms (default `true`): words of names alone, other orders,
   * initials, slugs and handles, an IBAN's RIB fields, an IPv4 address in host names or
   * zero-padded (`docs/core.md`, "Other forms of known values").
   */
  otherForms?: boolean;
}

/**
 * Builds the sweep for known values: case, spacing and apostrophe variants of every value,
 * and for digit-group labels (phones, cards, IBANs...) the same digits grouped differently;
 * with `otherForms`, the values' other forms too (spans of parts carry them, see
 * `name-mentions.ts`). Matches respect word boundaries (`Jean` is not found inside `Jeanne`),
 * except next to scripts written without spaces (`联系王伟电话`).
 *
 * @example
 * const m = buildKnownValueMatcher([
 *   { label: 'PERSON', n: 1, value: 'Jean Dupont', canonical: 'jean dupont' },
 * ]);
 * m.find('JEAN DUPONT et Dupont').map((s) => s.value); // ['JEAN DUPONT', 'Dupont']
 */
export function buildKnownValueMatcher(
  entries: readonly VaultEntry[],
  identify?: MatchIdentifier,
  { otherForms = true }: KnownValueMatcherOptions = {},
): KnownValueMatcher {
  const plain = emptyView(false);
  const digits = emptyView(true);
  // The words of each name, read once for both loops below.
  const wordsOf = new Map<VaultEntry, string[]>();
  const nameWordsOf = (entry: VaultEntry): string[] => {
    if (entry.label !== 'PERSON') return [];
    let found = wordsOf.get(entry);
    if (!found) {
      found = nameWords(entry.value);
      wordsOf.set(entry, found);
    }
    return found;
  };
  for (const entry of entries) {
    // A word that several names share is looked for as their words are (below).
    if (isSharedWordCanonical(entry.canonical)) continue;
    const identity = identify?.(entry);
    const digitGroups = DIGIT_GROUP_LABELS.has(entry.label);
    for (const s of [
      entry.value,
      entry.canonical,
      ...spellingVariants(entry.label, entry.canonical),
      ...(otherForms ? wholeSpellings(entry) : []),
    ]) {
      addPattern(plain, s, entry, identity);
      if (digitGroups) addPattern(digits, s, entry, identity);
    }
    // Parts of digit groups are read in the digit view only: it finds them however grouped.
    const forms = otherForms ? partSpellings(entry, nameWordsOf(entry)) : [];
    for (const { spelling, parts } of forms) {
      addPattern(digitGroups ? digits : plain, spelling, entry, identity, parts);
    }
  }
  const words: NameWordPattern[] = [];
  // Each word's kind, read once per matcher (names share words: `Jean`, `Martin`).
  const kinds = new Map<string, NameWordKind>();
  const kindOf = (word: string) => {
    let kind = kinds.get(word);
    if (kind === undefined) {
      kind = nameWordKind(word);
      kinds.set(word, kind);
    }
    return kind;
  };
  if (otherForms) {
    for (const entry of entries) addNameWords(plain, words, entry, nameWordsOf(entry), kindOf);
  }
  const compile = (v: View) =>
    v.patterns.length === 0
      ? undefined
      : {
          ...v,
          automaton: buildAhoCorasick(v.patterns),
          lengths: v.patterns.map((p) => p.length),
          singleWord: v.patterns.map((p) => SINGLE_WORD.test(p)),
          // Words of a name glued together (`jeandupont`): a handle, digits may follow.
          handles: v.patterns.map((_, id) => {
            const owner = v.owners[id]!;
            if (v.plans[id] === undefined || owner.label !== 'PERSON') return NO_HANDLE;
            return nameWordsOf(owner).some((w) => kindOf(w) === 'name') ? HANDLE : HANDLE_OF_WORDS;
          }),
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
      // The words of known names met alone: read together once the sweep is done.
      let candidates: NameWordCandidates | undefined;
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
          const wordId = view.wordIds[id]!;
          if (wordId >= 0) {
            candidates ??= { starts: [], ends: [], ids: [] };
            const last = candidates.ends.length - 1;
            // The longest word ending here only (`Marianne`, not `Anne` inside it): one
            // candidate per code unit at most, whatever the names.
            if (candidates.ends[last] === i + 1) continue;
            // Inside a longer word (`providers`, `decode`), it is none: no letter after it, and
            // no word character before it (initials and words glued together are patterns of
            // their own: `jdupont`, `JeanDupont`).
            if (boundaries === 'words' && gluedInWord(text, start, i + 1)) continue;
            candidates.starts.push(start);
            candidates.ends.push(i + 1);
            candidates.ids.push(wordId);
            continue;
          }
          let acrossJoin = false;
          if (boundaries === 'words') {
            const join = view.joinDigits;
            if (view.handles[id] !== NO_HANDLE) {
              const after = codeAfter(text, i, join);
              if (wordBefore(text, start, join) || (isWordCode(after) && !isDigitCode(after))) {
                continue;
              }
              // `toolContext` once a detector misread `Tool Context`: an identifier in code.
              if (view.handles[id] === HANDLE_OF_WORDS && camelCase(text, start, i + 1)) continue;
            } else if (view.singleWord[id]) {
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
          // Octets or fields joined by a mark go on past a value joined by the same marks
          // (`10-20-30-40-50` is no host name of `10.20.30.40`).
          if (view.plans[id] && (groupGoesOn(text, start - 1, -1) || groupGoesOn(text, end, 1))) {
            continue;
          }
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
          const plan = view.plans[id];
          if (plan) {
            // Where each part is in the text: the ring holds the offset of every view character.
            const first = n - view.lengths[id]!;
            const parts: SpanPart[] = plan.map(([from, to, part]) => ({
              start: ring[(first + from) & mask]! - start,
              end: ring[(first + to - 1) & mask]! + 1 - start,
              part,
            }));
            Object.assign(span, { parts, whole: entry.value } satisfies Partial<PartsSpan>);
          }
          if (acrossJoin) MATCHES_ACROSS_JOIN.add(span);
          spans.push(span);
          // Words of names inside this value are this value (`Jean` in `Jean Dupont`).
          if (candidates) {
            const { starts: at, ends: to, ids } = candidates;
            while (at.length > 0 && at[at.length - 1]! >= start) {
              at.pop();
              to.pop();
              ids.pop();
            }
          }
          return;
        }
      };
      sweepText(text, sweep, report, boundaries === 'words');
      if (candidates) spans.push(...nameMentions(text, candidates, words, boundaries));
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
  /**
   * For each state of the plain view: 0 not read yet, `WORDS_ONLY` where only words of names
   * end (a letter right after them puts them inside a longer word: nothing to report), or
   * `NOT_ONLY_WORDS`.
   */
  wordEnds: Uint8Array;
}

const WORDS_ONLY = 1;
const NOT_ONLY_WORDS = 2;

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
    wordEnds: new Uint8Array(plain.automaton.stateCount),
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
 * Whether only words of names end at `state` and a letter follows `i`: they are inside a longer
 * word, there is nothing to report. (Out of `sweepText`: a closure there would hold the text in
 * a context, read at every step.)
 */
function insideWord(
  text: string,
  i: number,
  state: number,
  view: SweptView & { wordIds: readonly number[] },
  wordEnds: Uint8Array,
): boolean {
  const next = text.charCodeAt(i + 1) | 32;
  if (next < 97 || next > 122) return false;
  let kind = wordEnds[state]!;
  if (kind === 0) {
    kind = WORDS_ONLY;
    const ac = view.automaton;
    for (let o = ac.firstOutput(state); o !== -1; o = ac.nextOutput(o)) {
      if (view.wordIds[ac.patternAt(o)]! < 0) kind = NOT_ONLY_WORDS;
    }
    wordEnds[state] = kind;
  }
  return kind === WORDS_ONLY;
}

/**
 * One pass over `text` drives both views: they differ only at separators between digits.
 * `report` is called after each step where a pattern ends, with the view's ring of original
 * offsets and its count of view characters; with `words` (word boundaries), not where only
 * words of names end and a letter follows (they are inside a longer word).
 */
function sweepText<View extends SweptView & { wordIds: readonly number[] }>(
  text: string,
  t: Sweep<View>,
  report: (view: View, state: number, i: number, ring: Int32Array, n: number) => void,
  words: boolean,
): void {
  const { lookup, digitClasses, plainRing, digitRing, digitLead, wordEnds } = t;
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
        if (
          plain.hasOutput(plainState) &&
          !(words && insideWord(text, i, plainState, t.plain, wordEnds))
        ) {
          report(t.plain, plainState, i, plainRing, plainCount);
        }
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

    const k = cellAt(text, i, t);
    const cell = lookup[k]!;
    const before = previous;
    previous = cell;
    // Left out of all views: an invisible unit (a soft hyphen in `Du\u00adpont` leaves the word
    // whole), whitespace after whitespace (a run of it is one space: its first unit stands for
    // it).
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
