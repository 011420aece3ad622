import type { Converted, UnitContext } from './convert-columns';
import { detokenize } from './detokenize';
import { trimSpan } from './trim-span';
import type { GoldSpan } from './unit';

/** One text-bound annotation of a brat `.ann` file. */
export interface BratMention {
  type: string;
  start: number;
  end: number;
  text: string;
}

/**
 * The `T` lines of a brat `.ann` file; discontinuous mentions (`0 4;9 12`) are left out.
 *
 * @example
 * readBrat('T1\tPER 0 4\tJean\nR1\tRel Arg1:T1 Arg2:T2'); // [{ type: 'PER', start: 0, end: 4, text: 'Jean' }]
 */
export function readBrat(ann: string): BratMention[] {
  const out: BratMention[] = [];
  for (const line of ann.split(/\r?\n/)) {
    const m = /^T\d+\t(\S+) (\d+) (\d+)\t(.*)$/.exec(line);
    if (m) out.push({ type: m[1]!, start: Number(m[2]), end: Number(m[3]), text: m[4]! });
  }
  return out;
}

export interface BratOptions extends UnitContext {
  /** Prefix of unit ids (`litbank:test:105_persuasion`); the unit number follows. */
  idPrefix: string;
  /**
   * `lines`: the text is tokenized, one sentence a line, tokens split by single spaces (LitBank);
   * it is detokenized. `sentences`: raw prose, cut into sentences here.
   */
  layout: 'lines' | 'sentences';
  /** Keeps only some mentions of a mapped type (e.g. named ones where the source marks none). */
  keep?: (label: string, text: string) => boolean;
}

/**
 * Turns a brat document into sentence units. Nested mentions keep the outermost one (a name
 * inside a longer name or noun phrase of a kept type counts once).
 *
 * @example
 * bratUnits('Jean vient .\n', readBrat('T1\tPER 0 4\tJean'), { layout: 'lines', … }).units[0].text;
 * // 'Jean vient.'
 */
export function bratUnits(
  text: string,
  mentions: readonly BratMention[],
  options: BratOptions,
): Converted {
  const out: Converted = { units: [], invalidTags: 0, unmappedSpans: 0 };
  const kept: GoldSpan[] = [];
  for (const m of mentions) {
    const label = options.labelMap[m.type.toUpperCase()];
    if (!label) continue;
    if (options.keep && !options.keep(label, text.slice(m.start, m.end))) continue;
    const [start, end] = trimSpan(text, m.start, m.end);
    kept.push({ start, end, label });
  }
  const outer = outermost(kept.filter((s) => s.end > s.start));
  const segments = options.layout === 'lines' ? lineSegments(text) : sentenceSegments(text, outer);
  let n = 0;
  let next = 0;
  for (const [from, to] of segments) {
    const inside: GoldSpan[] = [];
    while (next < outer.length && outer[next]!.start < to) {
      const span = outer[next++]!;
      if (span.start >= from && span.end <= to) inside.push(span);
      else out.unmappedSpans++; // crosses a line break of the source
    }
    const unit =
      options.layout === 'lines'
        ? fromTokenLine(text.slice(from, to), from, inside, options)
        : fromProse(text.slice(from, to), from, inside);
    if (unit.text.trim() === '') continue;
    out.units.push({
      id: `${options.idPrefix}:${n++}`,
      source: options.source,
      lang: options.lang,
      genre: options.genre,
      split: options.split,
      ...unit,
    });
  }
  return out;
}

/** Sorted by start; a span inside (or overlapping the end of) an earlier kept one is dropped. */
function outermost(spans: GoldSpan[]): GoldSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: GoldSpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) continue;
    out.push(s);
  }
  return out;
}

function lineSegments(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  for (const line of text.split('\n')) {
    out.push([from, from + line.length]);
    from += line.length + 1;
  }
  return out;
}

// Words whose period is no sentence end.
const ABBREVIATIONS = new Set(
  'M MM Mme Mmes Mlle Mlles Mr Mrs Ms Dr St Ste Sr Sra Jr Mgr Me Prof Gen Col Capt Lt Rev Hon Sig Dott Avv Ing'.split(
    ' ',
  ),
);

/** Paragraphs, cut after `.`/`!`/`?`/`…` before a capital, outside spans and abbreviations. */
function sentenceSegments(text: string, spans: readonly GoldSpan[]): [number, number][] {
  const inSpan = (i: number) => spans.some((s) => s.start < i && i < s.end);
  const out: [number, number][] = [];
  const boundary = /[.!?…]+["»”’)]*(?=\s+["«“—–-]?\s*\p{Lu})/gu;
  for (const [from, to] of lineSegments(text)) {
    const line = text.slice(from, to);
    let start = 0;
    for (const m of line.matchAll(boundary)) {
      const end = m.index + m[0].length;
      const word = /(\p{L}+)\.$/u.exec(line.slice(Math.max(0, m.index - 6), m.index + 1));
      if (word && m[0] === '.' && (ABBREVIATIONS.has(word[1]!) || word[1]!.length === 1)) continue;
      if (inSpan(from + end)) continue;
      out.push([from + start, from + end]);
      start = end;
    }
    out.push([from + start, to]);
  }
  return out;
}

function fromProse(raw: string, base: number, spans: readonly GoldSpan[]) {
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  return {
    text,
    spans: spans.map((s) => ({
      start: s.start - base - lead,
      end: s.end - base - lead,
      label: s.label,
    })),
  };
}

function fromTokenLine(
  line: string,
  base: number,
  spans: readonly GoldSpan[],
  options: BratOptions,
) {
  const tokens: string[] = [];
  const starts: number[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    tokens.push(m[0]);
    starts.push(base + m.index);
  }
  const { text, offsets } = detokenize(tokens, options.lang);
  const tokenAt = (char: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= char) i++;
    return i;
  };
  return {
    text,
    spans: spans.map((s) => ({
      start: offsets[tokenAt(s.start)]![0],
      end: offsets[tokenAt(s.end - 1)]![1],
      label: s.label,
    })),
  };
}
