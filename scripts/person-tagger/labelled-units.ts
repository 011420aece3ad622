// Reads labelled units (the JSONL format of `.data/`) and gives each token of a prepared text
// its gold tag.
import { readFileSync } from 'node:fs';
import { B, I, O, type Tag } from '../../src/core/detect/detectors/person-tagger/features';
import type { PreparedText } from '../../src/core/detect/detectors/person-tagger/sequence';

export interface LabelledSpan {
  start: number;
  end: number;
  label: string;
}

export interface LabelledUnit {
  id: string;
  source: string;
  lang: string;
  genre?: string;
  split?: string;
  text: string;
  spans: LabelledSpan[];
}

export function readUnits(path: string): LabelledUnit[] {
  const units: LabelledUnit[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim()) units.push(JSON.parse(line) as LabelledUnit);
  }
  return units;
}

/** The gold tag of each token: `B` for the first token inside a PERSON span, `I` after it. */
export function goldTags(prepared: PreparedText, spans: readonly LabelledSpan[]): Uint8Array {
  const { tokens } = prepared;
  const tags = new Uint8Array(tokens.count);
  const people = spans.filter((s) => s.label === 'PERSON').sort((a, b) => a.start - b.start);
  let k = 0;
  for (const span of people) {
    while (k < tokens.count && tokens.end[k]! <= span.start) k++;
    let tag: Tag = B;
    for (let i = k; i < tokens.count && tokens.start[i]! < span.end; i++) {
      // Punctuation inside a span (`J.-P.`) continues it; it is never a candidate.
      tags[i] = tag;
      tag = I;
    }
  }
  // The tagger never tags a title or punctuation (they are no candidates): a name goes on
  // after them as a new span, so its next word is a `B` (`Mr.` `Smith`).
  for (let i = 1; i < tokens.count; i++) {
    if (tags[i] === I && !prepared.candidate[i - 1]) tags[i] = B;
  }
  return tags;
}

export { B, I, O };
