import type { PiiSpan } from '../detect/types';
import { foldCode, isWordCode } from '../match/fold';
import { isNameHere, type NameWordKind, wordSignals } from './name-word-gate';
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

/** A known name that has a word: the entry, the word's part number, its other initials. */
export interface NameWordOwner {
  entry: VaultEntry;
  part: number;
  /** The folded first letters of the name's other words (`j` for `Dupont` in `Jean Dupont`). */
  initials: string;
}

/** A word of known names that the sweep looks for alone: its owners, and its kind. */
export interface NameWordPattern {
  owners: NameWordOwner[];
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
  if (code(text, start - 2) === 46)
    return initialAt(text, start - 3, initials, true) ? start - 3 : -1;
  return initialAt(text, start - 2, initials, true) ? start - 2 : -1;
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
 * The spans of the words of known names that the sweep found (`candidates`, in the order the
 * sweep met their ends):
 * - words of one name written together, in any order and joined by nothing, spaces, or one
 *   mark (`Dupont, Jean`, `jean-dupont`, `JeanDupont`, `Jean+Dupont`): each word gets its part's
 *   token;
 * - a word next to an initial of the name's other words (`J. Dupont`, `@jdupont`,
 *   `Dupont J.`): the word gets its part's token, the initial stays;
 * - a word alone: where `name-word-gate.ts` reads it as the name. A word that several known
 *   names share (`Dupont` of `Jean Dupont` and of `Marie Dupont`) gets a token of its own (no
 *   `canonical`: the vault gives it an entry), since the model cannot be told whose it is.
 *
 * Words inside a whole known value that the sweep found (`Jean` in `Jean Dupont`) are left to
 * it. With `boundaries` `none` (the model's own text), words glued to other letters count too.
 */
export function nameMentions(
  text: string,
  found: NameWordCandidates,
  patterns: readonly NameWordPattern[],
  boundaries: 'words' | 'none',
  wholes: readonly PiiSpan[],
): PiiSpan[] {
  // By start, the longest first where two start together; none inside a whole value.
  const inside = insideOf(wholes);
  const order = Array.from({ length: found.ids.length }, (_, k) => k)
    .filter((k) => !inside(found.starts[k]!, found.ends[k]!))
    .sort((a, b) => found.starts[a]! - found.starts[b]! || found.ends[b]! - found.ends[a]!);
  const n = order.length;
  if (n === 0) return [];
  const words = boundaries === 'words';
  const spans: PiiSpan[] = [];
  let covered = -1;
  for (let k = 0; k < n; ) {
    const first = order[k]!;
    if (found.starts[first]! < covered) {
      k++;
      continue;
    }
    // The longest chain of words of one name from here: its owners are the names that hold
    // every word so far, each word another part of theirs.
    const chain = [first];
    let owners = patterns[found.ids[first]!]!.owners.map((o) => ({ o, used: [o.part] }));
    let j = k + 1;
    while (j < n) {
      const next = order[j]!;
      const last = chain[chain.length - 1]!;
      if (found.starts[next]! < found.ends[last]!) {
        j++;
        continue;
      }
      if (!isJoiner(text, found.ends[last]!, found.starts[next]!)) break;
      const nextOwners = patterns[found.ids[next]!]!.owners;
      const kept = owners.flatMap(({ o, used }) => {
        const same = nextOwners.find((p) => p.entry === o.entry && !used.includes(p.part));
        return same ? [{ o, used: [...used, same.part] }] : [];
      });
      if (kept.length === 0) break;
      owners = kept;
      chain.push(next);
      j++;
    }
    const start = found.starts[chain[0]!]!;
    const end = found.ends[chain[chain.length - 1]!]!;
    const single = chain.length === 1;
    // A word next to an initial of the name's other words: that name's (`J. Dupont` is Jean's
    // even when Marie Dupont is known too).
    let initial = false;
    // The span takes the initial in (it stays as written): a detector that reads `J. Dupont`
    // as a name finds the same span, which the sweep's wins.
    let from = start;
    let to = end;
    if (single) {
      const named = owners.flatMap((owner) => {
        const before = initialBefore(text, start, owner.o.initials);
        const after = before >= 0 ? -1 : initialAfter(text, end, owner.o.initials);
        return before >= 0 || after >= 0 ? [{ owner, before, after }] : [];
      });
      if (named.length > 0) {
        initial = true;
        owners = named.map((n) => n.owner);
        if (named[0]!.before >= 0) from = named[0]!.before;
        else to = named[0]!.after;
      }
    }
    if (words && !edgesHold(text, from, to, single && !initial)) {
      k++;
      continue;
    }
    const pattern = patterns[found.ids[first]!]!;
    if (single && !initial && !isNameHere(pattern.kind, wordSignals(text, start, end))) {
      k++;
      continue;
    }
    const owner = owners[0]!.o;
    const ambiguous = single && !initial && new Set(owners.map(({ o }) => o.entry)).size > 1;
    const value = text.slice(from, to);
    if (ambiguous) {
      // Several known names hold this word: a token of its own.
      spans.push({
        start,
        end,
        label: owner.entry.label,
        value,
        score: MENTION_SCORE,
        detector: 'vault',
      });
    } else {
      const parts = chain.map((id, c) => ({
        start: found.starts[id]! - from,
        end: found.ends[id]! - from,
        part: owners[0]!.used[c]!,
      }));
      const span: PartsSpan = {
        start: from,
        end: to,
        label: owner.entry.label,
        value,
        score: MENTION_SCORE,
        canonical: owner.entry.canonical,
        detector: 'vault',
        parts,
        whole: owner.entry.value,
      };
      spans.push(span);
    }
    covered = to;
    k = j;
  }
  return spans;
}

/** Whether `[start, end)` lies inside one of `spans`: a binary search over them, by start. */
function insideOf(spans: readonly PiiSpan[]): (start: number, end: number) => boolean {
  if (spans.length === 0) return () => false;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  // The furthest end among the spans up to each one: a range is inside some span that starts
  // at or before it exactly when that furthest end reaches its end.
  const reach = new Int32Array(sorted.length);
  let furthest = -1;
  sorted.forEach((s, k) => {
    furthest = Math.max(furthest, s.end);
    reach[k] = furthest;
  });
  return (start, end) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1]! >= end;
  };
}

/**
 * Whether a word (or words of one name written together, or a word and an initial) at
 * `[start, end)` stands on its own: no letter glued before or after it; digits after it only
 * for words written together or with an initial (`jdupont42`); and a word alone is no part of
 * a compound (`Jean` is not `Jean-Pierre`, `Martin` not `martin-pêcheur`).
 */
function edgesHold(text: string, start: number, end: number, alone: boolean): boolean {
  if (isWordAt(text, start - 1) || isLetterAt(text, end)) return false;
  if (!alone) return true;
  if (isWordAt(text, end)) return false;
  if (code(text, start - 1) === 45 && isWordAt(text, start - 2)) return false;
  return !(code(text, end) === 45 && isWordAt(text, end + 1));
}
