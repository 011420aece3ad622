import type { PiiSpan } from '../detect/types';
import { type AhoCorasick, buildAhoCorasick } from '../match/aho-corasick';
import {
  foldCode,
  foldString,
  isDigitCode,
  isInvisibleCode,
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
 */
export type MatchIdentifier = (entry: VaultEntry, matched: string) => string;

/** A ring slot of the second view character of one code unit (`ß` read as `ss`). */
const INSIDE_CHARACTER = -1;

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

  // The original offsets of the last view characters, in a ring at least as long as the
  // longest pattern: where a match starts is read there, not found by walking back the text.
  // Made once: `find` is synchronous, so calls never share them.
  const ringFor = (view: CompiledView | undefined) =>
    new Int32Array(view ? 2 ** Math.ceil(Math.log2(view.automaton.maxLength + 1)) : 1);
  const plainRing = ringFor(plainView);
  const digitRing = ringFor(digitView);

  return {
    size: entries.length,
    find(text, boundaries = 'words') {
      const spans: PiiSpan[] = [];
      // Both views may find the same span (at the same end); the first one reported is kept.
      let lastStart = -1;
      let lastEnd = -1;
      /** The longest acceptable pattern ending at `state`, if any, as a span. */
      const report = (
        view: CompiledView,
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
          if (start === lastStart && end === lastEnd) return;
          lastStart = start;
          lastEnd = end;
          const entry = view.owners[id]!;
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
          return;
        }
      };
      // One pass drives both views: they differ only at separators between digits.
      const plainAc = plainView?.automaton;
      const digitAc = digitView?.automaton;
      const plainMask = plainRing.length - 1;
      const digitMask = digitRing.length - 1;
      let plainState = 0;
      let digitState = 0;
      let plainCount = 0;
      let digitCount = 0;
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
          // A single separator between two digits is left out of the digit view.
          inDigitView = !(
            digitAc &&
            i > 0 &&
            isDigitCode(prevRaw) &&
            isDigitCode(text.charCodeAt(i + 1))
          );
          code = space ? SPACE : raw;
        } else code = foldCode(raw);
        prevRaw = raw;
        // `ß` is two view characters, `s` `s` (as `WEISS` writes `Weiß`): no match ends after
        // the first one, and none starts at the second (its ring slot says so).
        const sharp = code === SHARP_S;
        if (sharp) code = LOWER_S;
        if (plainAc) {
          if (sharp) {
            plainRing[plainCount++ & plainMask] = i;
            plainState = plainAc.step(plainState, code);
          }
          plainRing[plainCount++ & plainMask] = sharp ? INSIDE_CHARACTER : i;
          plainState = plainAc.step(plainState, code);
          if (plainAc.hasOutput(plainState))
            report(plainView!, plainState, i, plainRing, plainCount);
        }
        if (digitAc && inDigitView) {
          if (sharp) {
            digitRing[digitCount++ & digitMask] = i;
            digitState = digitAc.step(digitState, code);
          }
          digitRing[digitCount++ & digitMask] = sharp ? INSIDE_CHARACTER : i;
          digitState = digitAc.step(digitState, code);
          if (digitAc.hasOutput(digitState))
            report(digitView!, digitState, i, digitRing, digitCount);
        }
      }
      return spans;
    },
  };
}
