import { TITLE_KEYS } from '../detect/detectors/person-names/lexicon';
import { sharedWordCanonical } from '../detect/merged-canonical';
import type { PiiSpan } from '../detect/types';
import { foldCode, isWordCode } from '../match/fold';
import {
  afterPlaceWord,
  gluedByApostrophe,
  isNameHere,
  lowerCaseMayBeName,
  type NameWordKind,
  wordSignals,
  writtenAsWord,
} from './name-word-gate';
import type { VaultEntry } from './types';

/** One part of a swept span: offsets relative to the span's start, and the part's number. */
export interface SpanPart {
  start: number;
  end: number;
  part: number;
}

/**
 * A span of the sweep that covers parts of a known value (`Dupont`, `jean-dupont`, a RIB):
 * each part gets the part's token (`<<PERSON:1.2>>`), what lies between them stays as written.
 * `whole` is the value the parts belong to: the entry is allocated (or found) with it.
 */
export interface PartsSpan extends PiiSpan {
  parts: readonly SpanPart[];
  whole: string;
}

/** The parts of a swept span, if it is one of parts (see `PartsSpan`). */
export function spanParts(span: PiiSpan): readonly SpanPart[] | undefined {
  return (span as Partial<PartsSpan>).parts;
}

/** The value whose parts a swept span covers, for allocation; its own value otherwise. */
export function spanWhole(span: PiiSpan): string {
  return (span as Partial<PartsSpan>).whole ?? span.value;
}

/**
 * A known name that has a word: the entry, the word's part number (0 for a word that several
 * names share, known by itself: its own token), its other initials.
 */
export interface NameWordOwner {
  entry: VaultEntry;
  part: number;
  /** The folded first letters of the name's other words (`j` for `Dupont` in `Jean Dupont`). */
  initials: string;
  /**
   * The particles right before the word in the name, in lower case (`van der` for `Batz` in
   * `Eveline van der Batz`), or `''`: written before the word, they make it that family name.
   */
  particles: string;
}

/** A word of known names that the sweep looks for alone: as first written, owners, kind. */
export interface NameWordPattern {
  word: string;
  owners: NameWordOwner[];
  /** The owner of each entry (one per entry: the word's first place in its name). */
  byEntry: Map<VaultEntry, NameWordOwner>;
  kind: NameWordKind;
}

/** What the sweep found: a word of known names at `[start, end)`, pattern `id`. */
export interface NameWordCandidates {
  starts: number[];
  ends: number[];
  ids: number[];
}

/**
 * Between two words of one name written together: nothing (`JeanDupont`), spaces, or one of
 * `-`, `_`, `.`, `+`, `,` with spaces around it (`Dupont, Jean`, `jean-dupont`, `Jean+Dupont`).
 */
function isJoiner(text: string, from: number, to: number): boolean {
  if (to - from > 3) return false;
  let marks = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 32 || c === 9) continue;
    // - _ . + ,
    if (c === 45 || c === 95 || c === 46 || c === 43 || c === 44) marks++;
    else return false;
  }
  return marks <= 1;
}

/**
 * The score of words of a known name found in the text: below a whole known value's (1), so
 * that where both read the same range (`Aïcha` known by itself and as part of `Aïcha Benali`),
 * the whole value's token is kept.
 */
const MENTION_SCORE = 0.99;

const isUpperLetter = (c: number) => c >= 65 && c <= 90;
const code = (text: string, i: number) => (i >= 0 && i < text.length ? text.charCodeAt(i) : -1);
const isWordAt = (text: string, i: number) => {
  const c = code(text, i);
  return c !== -1 && isWordCode(c);
};
const isLetterAt = (text: string, i: number) =>
  isWordAt(text, i) && !(code(text, i) >= 48 && code(text, i) <= 57);

/** Whether the letter at `i` is one of `initials` and stands alone (no word before it). */
function initialAt(text: string, i: number, initials: string, upper: boolean): boolean {
  const c = code(text, i);
  if (!isLetterAt(text, i) || isWordAt(text, i - 1)) return false;
  if (upper && !isUpperLetter(c)) return false;
  return initials.includes(String.fromCharCode(foldCode(c)));
}

/**
 * Where an initial of the name's other words starts, right before the word at `start`, or -1:
 * glued (`JDupont`, `@jdupont`), with a dot, a dash or an underscore (`j.dupont`, `J.Dupont`),
 * or a capital and a space, with or without a dot (`J. Dupont`, `J Dupont`).
 */
function initialBefore(text: string, start: number, initials: string): number {
  if (initials === '') return -1;
  const c = code(text, start - 1);
  if (initialAt(text, start - 1, initials, false)) return start - 1;
  if ((c === 46 || c === 45 || c === 95) && initialAt(text, start - 2, initials, false)) {
    return start - 2;
  }
  if (c !== 32) return -1;
  if (code(text, start - 2) !== 46) {
    return initialAt(text, start - 2, initials, true) ? start - 2 : -1;
  }
  // `M. Dupont` is Monsieur Dupont: a title's abbreviation is no initial.
  if (TITLE_KEYS.has(text.charAt(start - 3).toLowerCase())) return -1;
  return initialAt(text, start - 3, initials, true) ? start - 3 : -1;
}

/** Whether the word at `start` comes right after the `particles` of its name (`van der Batz`). */
function afterOwnParticles(text: string, start: number, particles: string): boolean {
  if (particles === '') return false;
  const from = start - 1 - particles.length;
  if (from < 0 || code(text, start - 1) !== 32 || isWordAt(text, from - 1)) return false;
  return text.slice(from, start - 1).toLowerCase() === particles;
}

/** Where an initial after the word ends (its dot included), or -1: `Dupont J.`, `Dupont, J.`. */
function initialAfter(text: string, end: number, initials: string): number {
  if (initials === '') return -1;
  let k = end;
  if (code(text, k) === 44) k++;
  if (code(text, k) !== 32) return -1;
  k++;
  if (!initialAt(text, k, initials, true) || isWordAt(text, k + 1)) return -1;
  return code(text, k + 1) === 46 ? k + 2 : k + 1;
}

/**
 * The spans of the words of known names that the sweep found (`found`, in the order the sweep
 * met their ends; none inside a whole known value it found, such as `Jean` in `Jean Dupont`):
 * - words of one name written side by side, in any order, joined by spaces or one mark
 *   (`Dupont, Jean`, `jean-dupont`, `Jean+Dupont`): each word gets its part's token;
 * - a word next to an initial of the name's other words (`J. Dupont`, `@jdupont`,
 *   `Dupont J.`): the word gets its part's token, the initial stays as written;
 * - a word alone: where `name-word-gate.ts` reads it as the name. A word that several known
 *   names share (`Dupont` of `Jean Dupont` and of `Marie Dupont`) gets a token of its own
 *   (`sharedWordCanonical`), since the model cannot be told whose it is.
 *
 * With `boundaries` `none` (the model's own text), words glued to other letters count too.
 */
export function nameMentions(
  text: string,
  found: NameWordCandidates,
  patterns: readonly NameWordPattern[],
  boundaries: 'words' | 'none',
): PiiSpan[] {
  const { starts, ends, ids } = found;
  const order = byStart(found);
  const n = order.length;
  const words = boundaries === 'words';
  const asWord = usedAsWord(text, found, patterns);
  const spans: PiiSpan[] = [];
  let covered = -1;
  for (let k = 0; k < n; ) {
    const first = order[k]!;
    if (starts[first]! < covered) {
      k++;
      continue;
    }
    const pattern = patterns[ids[first]!]!;
    // The longest chain of words of one name from here: its owners are the names that hold
    // every word so far, each word another part of theirs (read only where words stand side
    // by side: most words stand alone).
    const chain = [first];
    let owners: { o: NameWordOwner; used: number[] }[] | undefined;
    let j = k + 1;
    while (j < n) {
      const next = order[j]!;
      const last = chain[chain.length - 1]!;
      if (starts[next]! < ends[last]!) {
        j++;
        continue;
      }
      if (!isJoiner(text, ends[last]!, starts[next]!)) break;
      const nextOwners = patterns[ids[next]!]!.byEntry;
      const from = owners ?? pattern.owners.map((o) => ({ o, used: [o.part] }));
      const kept = from.flatMap(({ o, used }) => {
        const same = nextOwners.get(o.entry);
        return same && o.part > 0 && !used.includes(same.part)
          ? [{ o, used: [...used, same.part] }]
          : [];
      });
      if (kept.length === 0) break;
      owners = kept;
      chain.push(next);
      j++;
    }
    const start = starts[first]!;
    let span: PiiSpan | undefined;
    if (owners) {
      const end = ends[chain[chain.length - 1]!]!;
      if (
        (!words || edgesHold(text, start, end, false)) &&
        !wordsInLowerCase(text, chain, found, patterns)
      ) {
        span = partsSpan(text, start, end, owners[0]!.o, chain, owners[0]!.used, found);
      }
    } else {
      const end = ends[first]!;
      span = aloneSpan(text, start, end, pattern, words, () => asWord(ids[first]!), found, first);
    }
    if (span) {
      spans.push(span);
      covered = span.end;
      k = owners ? j : k + 1;
    } else k++;
  }
  return spans;
}

/**
 * Whether words of a name side by side are common words written as words: every one of them of
 * a kind other than `name` and in lower case with capitals around (`gcloud container`,
 * `tool-calling` once a detector misread `Tool Calling`). With a word that is a name
 * (`jean-dupont`), or in a text without capitals, they are the name.
 */
function wordsInLowerCase(
  text: string,
  chain: readonly number[],
  { starts, ends, ids }: NameWordCandidates,
  patterns: readonly NameWordPattern[],
): boolean {
  return chain.every(
    (c) => patterns[ids[c]!]!.kind !== 'name' && writtenAsWord(text, starts[c]!, ends[c]!),
  );
}

/** The order of the candidates by start, the longest first where two start together. */
function byStart({ starts, ends }: NameWordCandidates): number[] {
  const order = Array.from({ length: starts.length }, (_, k) => k);
  for (let k = 1; k < order.length; k++) {
    if (starts[k]! < starts[k - 1]! || (starts[k] === starts[k - 1] && ends[k]! > ends[k - 1]!)) {
      return order.sort((a, b) => starts[a]! - starts[b]! || ends[b]! - ends[a]!);
    }
  }
  return order;
}

/**
 * Whether a pattern of `word` kind is written in this text in lower case by itself in a
 * text with capitals around it (`the provider`): used as a word here, it counts as `frequent`. Read
 * in one pass over the candidates, when a word of that kind is first gated: linear however many
 * patterns there are.
 */
function usedAsWord(
  text: string,
  { starts, ends, ids }: NameWordCandidates,
  patterns: readonly NameWordPattern[],
): (id: number) => boolean {
  let used: Set<number> | undefined;
  return (id) => {
    if (!readsAsWord(patterns[id]!.kind)) return false;
    if (!used) {
      used = new Set();
      for (let k = 0; k < ids.length; k++) {
        const other = ids[k]!;
        if (used.has(other) || !readsAsWord(patterns[other]!.kind)) continue;
        const start = starts[k]!;
        const end = ends[k]!;
        if (edgesHold(text, start, end, true) && writtenAsWord(text, start, end)) used.add(other);
      }
    }
    return used.has(id);
  };
}

/** The span of words of one name side by side (`chain`), each its part's token. */
function partsSpan(
  text: string,
  from: number,
  to: number,
  owner: NameWordOwner,
  chain: readonly number[],
  used: readonly number[],
  { starts, ends }: NameWordCandidates,
): PartsSpan {
  return {
    start: from,
    end: to,
    label: owner.entry.label,
    value: text.slice(from, to),
    score: MENTION_SCORE,
    canonical: owner.entry.canonical,
    detector: 'vault',
    parts: chain.map((c, k) => ({
      start: starts[c]! - from,
      end: ends[c]! - from,
      part: used[k]!,
    })),
    whole: owner.entry.value,
  };
}

/** The span of a word alone, if it is one: see `nameMentions`. */
function aloneSpan(
  text: string,
  start: number,
  end: number,
  pattern: NameWordPattern,
  words: boolean,
  asWord: () => boolean,
  found: NameWordCandidates,
  candidate: number,
): PiiSpan | undefined {
  // Next to an initial of the name's other words: that name's (`J. Dupont` is Jean's even
  // when Marie Dupont is known too). The span takes the initial in (it stays as written): a
  // detector that reads `J. Dupont` as a name finds the same span, which the sweep's wins.
  let named: NameWordOwner | undefined;
  let from = start;
  let to = end;
  for (const o of pattern.owners) {
    if (o.part === 0) continue;
    // After its own particles (`van der Batz`), the word is that family name: the particles
    // stay as written, as an initial does.
    const particled = afterOwnParticles(text, start, o.particles);
    const before = particled ? -1 : initialBefore(text, start, o.initials);
    const after = particled || before >= 0 ? -1 : initialAfter(text, end, o.initials);
    if (!particled && before < 0 && after < 0) continue;
    if (named && named.entry !== o.entry) {
      // Two names with that initial: it tells them not apart.
      named = undefined;
      from = start;
      to = end;
      break;
    }
    named = o;
    if (before >= 0) from = before;
    else if (after >= 0) to = after;
  }
  if (words && !edgesHold(text, from, to, !named)) return undefined;
  if (named) return partsSpan(text, from, to, named, [candidate], [named.part], found);
  if (!wordIsName(text, start, end, pattern.kind, asWord)) return undefined;
  let person: NameWordOwner | undefined;
  let people = 0;
  let own: NameWordOwner | undefined;
  for (const o of pattern.owners) {
    if (o.part === 0) own = o;
    else if (person?.entry !== o.entry) {
      person = o;
      people++;
    }
  }
  if (person && !own && people === 1) {
    return partsSpan(text, start, end, person, [candidate], [person.part], found);
  }
  // Several known names hold this word: a token of its own, the one it got before if any.
  return {
    start,
    end,
    label: pattern.owners[0]!.entry.label,
    value: text.slice(start, end),
    score: MENTION_SCORE,
    canonical: own ? own.entry.canonical : sharedWordCanonical(pattern.word),
    detector: 'vault',
  };
}

/** Kinds whose use as a word in the same text makes them `frequent` (`name-word-gate.ts`). */
const readsAsWord = (kind: NameWordKind) => kind === 'word' || kind === 'unlisted';

/** Whether a word alone of this kind is the name here (`name-word-gate.ts`). */
function wordIsName(
  text: string,
  start: number,
  end: number,
  kind: NameWordKind,
  asWord: () => boolean,
): boolean {
  if (kind === 'name') return !afterPlaceWord(text, start);
  // In lower case, a word the text uses as a word (`the provider`) is none.
  if (!lowerCaseMayBeName(kind, text, start)) return false;
  const wordy = readsAsWord(kind);
  if (wordy && !lowerCaseMayBeName('frequent', text, start) && asWord()) return false;
  const signals = wordSignals(text, start, end);
  if (!isNameHere(kind, signals)) return false;
  return !wordy || !asWord() || isNameHere('frequent', signals);
}

/**
 * Whether a word (or words of one name written together, or a word and an initial) at
 * `[start, end)` stands on its own: no letter glued before or after it; digits after it only
 * for words written together or with an initial (`jdupont42`); and a word alone is no part of
 * a compound (`Jean` is not `Jean-Pierre`, `Martin` not `martin-pêcheur`) nor glued to another
 * word by an apostrophe (`ga'dang`; `d'Artagnan`, `O'Brien` are names).
 */
function edgesHold(text: string, start: number, end: number, alone: boolean): boolean {
  if (isWordAt(text, start - 1) || isLetterAt(text, end)) return false;
  if (!alone) return true;
  if (gluedByApostrophe(text, start)) return false;
  if (isWordAt(text, end)) return false;
  if (code(text, start - 1) === 45 && isWordAt(text, start - 2)) return false;
  return !(code(text, end) === 45 && isWordAt(text, end + 1));
}
