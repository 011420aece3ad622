import type { PiiSpan } from '../detect/types';
import { buildAhoCorasick } from '../match/aho-corasick';
import { foldText } from '../match/text-view';
import { DIGIT_GROUP_LABELS, spellingVariants } from './canonical';
import type { VaultEntry } from './types';

/** Finds every known value of a conversation in a text, in one linear pass per view. */
export interface KnownValueMatcher {
  readonly size: number;
  find(text: string): PiiSpan[];
}

const WORD = /[\p{L}\p{N}]/u;
// Scripts written without spaces between words: no word boundary to respect there.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const isWord = (ch: string | undefined) => ch !== undefined && WORD.test(ch) && !UNSPACED.test(ch);
/** Shorter values would match inside ordinary words. */
const MIN_LENGTH = 2;

interface View {
  joinDigits: boolean;
  patterns: string[];
  owners: VaultEntry[];
}

function addPattern(view: View, seen: Set<string>, pattern: string, entry: VaultEntry) {
  if (pattern.length < MIN_LENGTH || seen.has(pattern)) return;
  seen.add(pattern);
  view.patterns.push(pattern);
  view.owners.push(entry);
}

/**
 * Builds the sweep for known values: case, spacing and apostrophe variants of every value,
 * and for digit-group labels (phones, cards, IBANs...) the same digits grouped differently.
 * Matches respect word boundaries: `Jean` is not found inside `Jeanne`.
 */
export function buildKnownValueMatcher(entries: readonly VaultEntry[]): KnownValueMatcher {
  const plain: View = { joinDigits: false, patterns: [], owners: [] };
  const digits: View = { joinDigits: true, patterns: [], owners: [] };
  const seenPlain = new Set<string>();
  const seenDigits = new Set<string>();
  for (const entry of entries) {
    const spellings = [
      entry.value,
      entry.canonical,
      ...spellingVariants(entry.label, entry.canonical),
    ];
    for (const s of spellings) {
      addPattern(plain, seenPlain, foldText(s.trim()).text, entry);
      if (DIGIT_GROUP_LABELS.has(entry.label))
        addPattern(digits, seenDigits, foldText(s.trim(), true).text, entry);
    }
  }
  const views = [plain, digits]
    .filter((v) => v.patterns.length > 0)
    .map((v) => ({ ...v, automaton: buildAhoCorasick(v.patterns) }));

  return {
    size: entries.length,
    find(text) {
      const spans: PiiSpan[] = [];
      const seen = new Set<string>();
      for (const view of views) {
        const { text: folded, map } = foldText(text, view.joinDigits);
        view.automaton.scan(folded, (end, id) => {
          const pattern = view.patterns[id]!;
          const start = end - pattern.length;
          if (isWord(pattern[0]) && isWord(folded[start - 1])) return false;
          if (isWord(pattern[pattern.length - 1]) && isWord(folded[end])) return false;
          const entry = view.owners[id]!;
          const oStart = map[start]!;
          const oEnd = map[end - 1]! + 1;
          // Both views may find the same span.
          if (seen.has(`${oStart}:${oEnd}`)) return true;
          seen.add(`${oStart}:${oEnd}`);
          spans.push({
            start: oStart,
            end: oEnd,
            label: entry.label,
            value: text.slice(oStart, oEnd),
            score: 1,
            canonical: entry.canonical,
            detector: 'vault',
          });
          return true;
        });
      }
      return spans;
    },
  };
}
