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
  const views = [plain, digits]
    .filter((v) => v.patterns.length > 0)
    .map((v) => ({
      ...v,
      automaton: buildAhoCorasick(v.patterns),
      lengths: v.patterns.map((p) => p.length),
      wordStart: v.patterns.map((p) => isWordCode(p.charCodeAt(0))),
      wordEnd: v.patterns.map((p) => isWordCode(p.charCodeAt(p.length - 1))),
    }));

  return {
    size: entries.length,
    find(text) {
      const spans: PiiSpan[] = [];
      const seen = new Set<number>();
      for (const view of views) {
        const ac: AhoCorasick = view.automaton;
        // Ring buffers over the last view characters: their original offsets and codes.
        const ring = ac.maxLength + 1;
        const ringIndex = new Int32Array(ring);
        const ringCode = new Int32Array(ring);
        let state = 0;
        let vpos = 0;
        const joinDigits = view.joinDigits;
        let prevRaw = -1;
        for (let i = 0; i < text.length; i++) {
          const raw = text.charCodeAt(i);
          let code: number;
          // Fast path first: ASCII letters and digits are never skipped.
          if (raw < 128 && ((raw >= 97 && raw <= 122) || (raw >= 48 && raw <= 57))) code = raw;
          else if (raw >= 65 && raw <= 90) code = raw + 32;
          else if (isSpaceCode(raw) || raw === 46 || raw === 45 || raw === 47) {
            if (isSpaceCode(raw) && prevRaw !== -1 && isSpaceCode(prevRaw)) {
              prevRaw = raw;
              continue;
            }
            if (joinDigits && skippedInView(text, i, true)) {
              prevRaw = raw;
              continue;
            }
            code = isSpaceCode(raw) ? SPACE : raw;
          } else code = foldCode(raw);
          prevRaw = raw;
          ringIndex[vpos % ring] = i;
          ringCode[vpos % ring] = code;
          vpos++;
          state = ac.step(state, code);
          for (let o = ac.firstOutput(state); o !== -1; o = ac.nextOutput(o)) {
            const id = ac.patternAt(o);
            const startV = vpos - view.lengths[id]!;
            if (view.wordStart[id] && startV > 0 && isWordCode(ringCode[(startV - 1) % ring]!))
              continue;
            if (view.wordEnd[id] && wordAfter(text, i, view.joinDigits)) continue;
            const start = ringIndex[startV % ring]!;
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
            break;
          }
        }
      }
      return spans;
    },
  };
}
