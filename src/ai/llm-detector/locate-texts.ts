import type { TextWindow } from '../../core/detect/text-windows';
import type { DetectedSpan } from '../../core/detect/types';
import { buildAhoCorasick } from '../../core/match/aho-corasick';
import { isWordCode } from '../../core/match/fold';

/** A text that the model reported, with its label and the window of the input it read. */
export interface ReportedText {
  label: string;
  text: string;
  window: TextWindow;
}

export interface LocatedTexts {
  /** Every occurrence of every reported text, once per label, sorted by start. */
  spans: DetectedSpan[];
  /** How many distinct reported texts were found nowhere: the model made them up or rewrote them. */
  unlocated: number;
}

/**
 * Whether `[start, end)` stands as a whole in `input`: a match that starts (ends) with a letter
 * or digit is not glued to another one before (after) it, so `Jean` is not found in `Jeanne`.
 */
function standsAlone(input: string, start: number, end: number): boolean {
  if (isWordCode(input.charCodeAt(start)) && start > 0 && isWordCode(input.charCodeAt(start - 1)))
    return false;
  if (
    isWordCode(input.charCodeAt(end - 1)) &&
    end < input.length &&
    isWordCode(input.charCodeAt(end))
  )
    return false;
  return true;
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * The second chance of a text with no exact occurrence: the same text whatever its case, and
 * whatever white space separates its words (a model that wrote `Jean  DUPONT` as `Jean Dupont`),
 * looked for in the window that the model read. Each piece is escaped: the pattern is literal
 * text and single white-space runs between them, so the search is linear in the window.
 */
function looseMatches(input: string, text: string, window: TextWindow): TextWindow[] {
  const pattern = text.split(/\s+/u).filter(Boolean).map(escapeRegExp).join('\\s+');
  if (!pattern) return [];
  const found: TextWindow[] = [];
  const re = new RegExp(pattern, 'giu');
  const slice = input.slice(window.start, window.end);
  for (const m of slice.matchAll(re)) {
    const start = window.start + m.index;
    const end = start + m[0].length;
    if (standsAlone(input, start, end)) found.push({ start, end });
  }
  return found;
}

/**
 * Finds the texts that a model reported in the input it was given. Each distinct text is
 * looked for exactly (case and spacing as written) everywhere in the input, in one pass over it
 * (an Aho-Corasick automaton), so that a value reported in one window is masked in every other
 * window too; a text with no exact occurrence is looked for loosely (any case, any white space
 * between its words) in the window that the model read. Either way a match must stand alone
 * (not glued to letters or digits). A text found by neither is counted in `unlocated`, and
 * dropped: a span is always a piece of the input, never the model's words.
 *
 * @example
 * locateTexts('Jean et Jeanne', [{ label: 'PERSON', text: 'Jean', window: { start: 0, end: 14 } }]);
 * // { spans: [{ start: 0, end: 4, label: 'PERSON' }], unlocated: 0 }
 */
export function locateTexts(input: string, reported: readonly ReportedText[]): LocatedTexts {
  const byText = new Map<string, { labels: Set<string>; windows: TextWindow[] }>();
  for (const r of reported) {
    const text = r.text.trim();
    if (!text) continue;
    let entry = byText.get(text);
    if (!entry) {
      entry = { labels: new Set(), windows: [] };
      byText.set(text, entry);
    }
    entry.labels.add(r.label);
    entry.windows.push(r.window);
  }
  const texts = [...byText.keys()];
  const entries = [...byText.values()];
  const seen = new Set<string>();
  const spans: DetectedSpan[] = [];
  const add = (start: number, end: number, labels: Iterable<string>) => {
    for (const label of labels) {
      const key = `${start}:${end}:${label}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spans.push({ start, end, label });
    }
  };
  const located = new Uint8Array(texts.length);
  if (texts.length > 0) {
    buildAhoCorasick(texts).scan(input, (end, id) => {
      const start = end - texts[id]!.length;
      if (standsAlone(input, start, end)) {
        located[id] = 1;
        add(start, end, entries[id]!.labels);
      }
      return false;
    });
  }
  let unlocated = 0;
  texts.forEach((text, id) => {
    if (located[id]) return;
    const { labels, windows } = entries[id]!;
    let found = false;
    for (const window of windows) {
      for (const m of looseMatches(input, text, window)) {
        found = true;
        add(m.start, m.end, labels);
      }
    }
    if (!found) unlocated++;
  });
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  return { spans, unlocated };
}
