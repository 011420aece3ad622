import { detokenize } from '../detokenize';
import { type ConvertedUnit, type LabelledSpan, mapLabel, note } from '../unit';
import type { ConvertContext } from './types';

/** One text-bound annotation of a brat `.ann` file, offsets into its `.txt`. */
export interface BratEntity {
  type: string;
  start: number;
  end: number;
}

/**
 * Reads the `T` lines of a brat `.ann` file. A discontinuous annotation (`0 5;9 14`) is dropped
 * and counted: none of our sources uses one for a name.
 */
export function readBratEntities(ann: string, context: ConvertContext): BratEntity[] {
  const out: BratEntity[] = [];
  for (const line of ann.split(/\r?\n/u)) {
    if (!line.startsWith('T')) continue;
    const [, body] = line.split('\t');
    if (body === undefined) continue;
    if (body.includes(';')) {
      note(context.notes, 'discontinuous annotations dropped');
      continue;
    }
    const [type, start, end] = body.split(' ');
    out.push({ type: type!, start: Number(start), end: Number(end) });
  }
  return out;
}

/** A line of a document: its text and where it starts in the document. */
interface Line {
  text: string;
  start: number;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    out.push({ text: part.replace(/\r$/u, ''), start });
    start += part.length + 1;
  }
  return out;
}

/** How a brat document becomes units. */
export interface BratOptions {
  /** Annotation types to read; the others are not entities (LitBank's coreference chain ids). */
  accept?: (type: string) => boolean;
  /** Lines hold space-separated tokens (LitBank): detokenize them and move the spans along. */
  tokenized?: boolean;
  /**
   * Rewrites a line's mapped spans before they are kept, or returns `undefined` to drop the
   * line as a whole (a name left unannotated would teach the tagger it is not one).
   */
  refine?: (
    line: string,
    spans: Array<BratEntity & { label: string }>,
    all: readonly BratEntity[],
  ) => Array<BratEntity & { label: string }> | undefined;
}

/**
 * Converts one brat document (text and annotations) into units, one per non-empty line. A span
 * that crosses a line break is dropped and counted; nested spans keep the outermost.
 *
 * @example
 * bratUnits('Dr. Ana Ruiz\n', 'T1\tNOMBRE 4 12\tAna Ruiz\n', {}, context);
 * // [{ text: 'Dr. Ana Ruiz', spans: [{ start: 4, end: 12, label: 'PERSON' }] }]
 */
export function bratUnits(
  text: string,
  ann: string,
  options: BratOptions,
  context: ConvertContext,
): ConvertedUnit[] {
  const accept = options.accept ?? (() => true);
  const entities = readBratEntities(ann, context).filter((e) => accept(e.type));
  const units: ConvertedUnit[] = [];
  for (const line of lines(text)) {
    if (line.text.trim() === '') continue;
    const end = line.start + line.text.length;
    const inLine: BratEntity[] = [];
    for (const e of entities) {
      if (e.end <= line.start || e.start >= end) continue;
      if (e.start < line.start || e.end > end) {
        // Counted once, on the line where it starts.
        if (e.start >= line.start) note(context.notes, 'spans across a line break dropped');
        continue;
      }
      inLine.push({ type: e.type, start: e.start - line.start, end: e.end - line.start });
    }
    let mapped: Array<BratEntity & { label: string }> = [];
    for (const e of inLine) {
      const label = mapLabel(context.labelMap, e.type, context.notes);
      if (label !== null) mapped.push({ ...e, label });
    }
    if (options.refine) {
      const refined = options.refine(line.text, mapped, inLine);
      if (refined === undefined) {
        note(context.notes, 'lines dropped by the source rule');
        continue;
      }
      mapped = refined;
    }
    const kept = outermost(mapped, context);
    units.push(options.tokenized ? retokenize(line.text, kept, context) : plain(line.text, kept));
  }
  return units;
}

function plain(text: string, spans: ReadonlyArray<BratEntity & { label: string }>): ConvertedUnit {
  return { text, spans: spans.map(({ start, end, label }) => ({ start, end, label })) };
}

/** Keeps the outermost of nested or overlapping spans (the longer one, then the earlier). */
function outermost<T extends BratEntity>(spans: readonly T[], context: ConvertContext): T[] {
  const sorted = [...spans].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: T[] = [];
  for (const s of sorted) {
    if (kept.some((k) => s.start < k.end && k.start < s.end)) {
      note(context.notes, 'nested or overlapping spans dropped (outermost kept)');
      continue;
    }
    kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function retokenize(
  line: string,
  spans: ReadonlyArray<BratEntity & { label: string }>,
  context: ConvertContext,
): ConvertedUnit {
  const tokens: string[] = [];
  const starts: number[] = [];
  const re = /\S+/gu;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) {
    tokens.push(m[0]);
    starts.push(m.index);
  }
  const { text, offsets } = detokenize(tokens, context.lang);
  const out: LabelledSpan[] = [];
  for (const s of spans) {
    const first = starts.indexOf(s.start);
    const last = starts.findIndex((st, i) => st + tokens[i]!.length === s.end);
    if (first < 0 || last < first) {
      note(context.notes, 'spans not on token boundaries dropped');
      continue;
    }
    out.push({ start: offsets[first]![0], end: offsets[last]![1], label: s.label });
  }
  return { text, spans: out };
}
