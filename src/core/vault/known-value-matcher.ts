import { type PiiSpan, rangeKey } from '../detect/types';
import { type AhoCorasick, buildAhoCorasick } from '../match/aho-corasick';
import {
  foldCode,
  foldString,
  isDigitCode,
  isInvisibleCode,
  isSpaceCode,
  isWordCode,
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
 */
export type MatchIdentifier = (entry: VaultEntry, matched: string) => string;

/** Shorter values would match inside ordinary words. */
const MIN_LENGTH = 2;

interface View {
  joinDigits: boolean;
  patterns: string[];
  owners: VaultEntry[];
  seen: Set<string>;
}

function addPattern(view: View, spelling: string, entry: VaultEntry) {
  const pattern = foldString(spelling.trim(), view.joinDigits);
  if (pattern.length < MIN_LENGTH || view.seen.has(pattern)) return;
  view.seen.add(pattern);
  view.patterns.push(pattern);
  view.owners.push(entry);
}

/** The original offset where a match of `length` view characters ending at `last` starts. */
function viewStart(text: string, last: number, length: number, joinDigits: boolean): number {
  let j = last;
  for (let remaining = length - 1; remaining > 0; ) {
    j--;
    if (!skippedInView(text, j, joinDigits)) remaining--;
  }
  return j;
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

function digitBefore(text: string, start: number, joinDigits: boolean): boolean {
  return isDigitCode(codeBefore(text, start, joinDigits));
}

const digitAfter = (text: string, i: number, joinDigits: boolean) =>
  isDigitCode(codeAfter(text, i, joinDigits));

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
  const plain: View = { joinDigits: false, patterns: [], owners: [], seen: new Set() };
  const digits: View = { joinDigits: true, patterns: [], owners: [], seen: new Set() };
  for (const entry of entries) {
    for (const s of [
      entry.value,
      entry.canonical,
      ...spellingVariants(entry.label, entry.canonical),
    ]) {
      addPattern(plain, s, entry);
      if (DIGIT_GROUP_LABELS.has(entry.label)) addPattern(digits, s, entry);
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
  type CompiledView = NonNullable<typeof plainView>;

  return {
    size: entries.length,
    find(text, boundaries = 'words') {
      const spans: PiiSpan[] = [];
      const seen = new Set<number>();
      const report = (view: CompiledView, state: number, i: number) => {
        const ac: AhoCorasick = view.automaton;
        for (let o = ac.firstOutput(state); o !== -1; o = ac.nextOutput(o)) {
          const id = ac.patternAt(o);
          // Offsets are found by walking back over the view only when a pattern matches, so
          // the scan itself keeps no per-character bookkeeping.
          const start = viewStart(text, i, view.lengths[id]!, view.joinDigits);
          if (boundaries === 'words') {
            const join = view.joinDigits;
            if (view.singleWord[id]) {
              if (wordBefore(text, start, join) || wordAfter(text, i, join)) continue;
              // A compound name is another name: `Jean` is not `Jean-Pierre`.
              if (text.charCodeAt(start - 1) === 45 && isWordCode(text.charCodeAt(start - 2)))
                continue;
              if (text.charCodeAt(i + 1) === 45 && isWordCode(text.charCodeAt(i + 2))) continue;
            } else if (
              (view.digitStart[id] && digitBefore(text, start, join)) ||
              (view.digitEnd[id] && digitAfter(text, i, join))
            ) {
              continue;
            }
          }
          const end = i + 1;
          // Both views may find the same span; the longest pattern at this end wins.
          const key = rangeKey(start, end);
          const entry = view.owners[id]!;
          if (!seen.has(key)) {
            seen.add(key);
            const value = text.slice(start, end);
            spans.push({
              start,
              end,
              label: entry.label,
              value,
              score: 1,
              canonical: identify ? identify(entry, value) : entry.canonical,
              detector: 'vault',
            });
          }
          return;
        }
      };
      // One pass drives both views: they differ only at separators between digits.
      const plainAc = plainView?.automaton;
      const digitAc = digitView?.automaton;
      let plainState = 0;
      let digitState = 0;
      let prevRaw = -1;
      for (let i = 0; i < text.length; i++) {
        const raw = text.charCodeAt(i);
        let code: number;
        let inDigitView = true;
        // Fast path first: ASCII letters and digits are never skipped.
        if (raw < 128 && ((raw >= 97 && raw <= 122) || (raw >= 48 && raw <= 57))) code = raw;
        else if (raw >= 65 && raw <= 90) code = raw + 32;
        else if (isInvisibleCode(raw)) {
          prevRaw = raw;
          continue;
        } else if (isSpaceCode(raw) || raw === 46 || raw === 45 || raw === 47) {
          const space = isSpaceCode(raw);
          if (space && prevRaw !== -1 && isSpaceCode(prevRaw)) {
            prevRaw = raw;
            continue;
          }
          inDigitView = !(digitAc && skippedInView(text, i, true));
          code = space ? SPACE : raw;
        } else code = foldCode(raw);
        prevRaw = raw;
        if (plainAc) {
          plainState = plainAc.step(plainState, code);
          if (plainAc.firstOutput(plainState) !== -1) report(plainView!, plainState, i);
        }
        if (digitAc && inDigitView) {
          digitState = digitAc.step(digitState, code);
          if (digitAc.firstOutput(digitState) !== -1) report(digitView!, digitState, i);
        }
      }
      return spans;
    },
  };
}
