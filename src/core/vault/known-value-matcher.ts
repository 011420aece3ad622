import type { PiiSpan } from '../detect/types';
import { type AhoCorasick, buildAhoCorasick } from '../match/aho-corasick';
import {
  foldCode,
  foldString,
  isDigitCode,
  isSpaceCode,
  isWordCode,
  SPACE,
  skippedInView,
} from '../match/fold';
import { DIGIT_GROUP_LABELS, spellingVariants } from './canonical';
import type { VaultEntry } from './types';

/** Finds every known value of a conversation in a text, in one linear pass per view. */
export interface KnownValueMatcher {
  readonly size: number;
  find(text: string): PiiSpan[];
}

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

/** Whether the view character before original index `start` is a word character. */
function wordBefore(text: string, start: number, joinDigits: boolean): boolean {
  let k = start - 1;
  while (k >= 0 && skippedInView(text, k, joinDigits)) k--;
  return k >= 0 && isWordCode(text.charCodeAt(k));
}

/** Whether the view character after original index `i` (the end of a match) is a word character. */
function wordAfter(text: string, i: number, joinDigits: boolean): boolean {
  const next = i + 1;
  if (next >= text.length) return false;
  // A separator dropped between digits joins the next digit to this one.
  if (joinDigits && isDigitCode(text.charCodeAt(i)) && skippedInView(text, next, true)) return true;
  return isWordCode(text.charCodeAt(next));
}

/**
 * Builds the sweep for known values: case, spacing and apostrophe variants of every value,
 * and for digit-group labels (phones, cards, IBANs...) the same digits grouped differently.
 * Matches respect word boundaries (`Jean` is not found inside `Jeanne`), except next to
 * scripts written without spaces (`联系王伟电话`).
 */
export function buildKnownValueMatcher(entries: readonly VaultEntry[]): KnownValueMatcher {
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
          wordStart: v.patterns.map((p) => isWordCode(p.charCodeAt(0))),
          wordEnd: v.patterns.map((p) => isWordCode(p.charCodeAt(p.length - 1))),
        };
  const plainView = compile(plain);
  const digitView = compile(digits);
  type CompiledView = NonNullable<typeof plainView>;

  return {
    size: entries.length,
    find(text) {
      const spans: PiiSpan[] = [];
      const seen = new Set<number>();
      const report = (view: CompiledView, state: number, i: number) => {
        const ac: AhoCorasick = view.automaton;
        for (let o = ac.firstOutput(state); o !== -1; o = ac.nextOutput(o)) {
          const id = ac.patternAt(o);
          // Offsets are found by walking back over the view only when a pattern matches, so
          // the scan itself keeps no per-character bookkeeping.
          const start = viewStart(text, i, view.lengths[id]!, view.joinDigits);
          if (view.wordStart[id] && wordBefore(text, start, view.joinDigits)) continue;
          if (view.wordEnd[id] && wordAfter(text, i, view.joinDigits)) continue;
          const end = i + 1;
          // Both views may find the same span; the longest pattern at this end wins.
          const key = start * 4_294_967_296 + end;
          if (!seen.has(key)) {
            seen.add(key);
            const entry = view.owners[id]!;
            spans.push({
              start,
              end,
              label: entry.label,
              value: text.slice(start, end),
              score: 1,
              canonical: entry.canonical,
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
        else if (isSpaceCode(raw) || raw === 46 || raw === 45 || raw === 47) {
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
