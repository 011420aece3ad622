import { bioToSpans } from '../bio';
import { type ConvertedUnit, note } from '../unit';
import { tokenUnit } from './token-units';
import type { ConvertContext, SourceFile } from './types';

/** How one CoNLL-like file is laid out. */
export interface ConllOptions {
  /** Column of the tag; default the last one. A token may then hold spaces (Europeana). */
  tagColumn?: number;
  /** Column of the token when `tagColumn` is given; default 0 (GermEval and UNER: 1, after an index). */
  tokenColumn?: number;
  /** Spell every entity type in upper case before the label map reads it (`PEr` → `PER`). */
  upperCaseTypes?: boolean;
  /** For files without sentence breaks (Europeana): see `segment`. */
  segment?: { maxTokens: number };
  /**
   * Units are grouped by runs of this many (per file) for `--exclude`: a group with one
   * evaluation unit is dropped whole, since the evaluation build splits such files by blocks.
   */
  groupSize?: number;
  /** Trim punctuation at span edges: OCR tokens keep theirs (`Trento.`). */
  trimSpanPunctuation?: boolean;
  /**
   * `#` lines are comments that end a sentence (default); `false` where `#` starts tokens (OCR
   * `#ne` in Europeana FR), as the evaluation build reads that file.
   */
  comments?: boolean;
}

interface Sentence {
  tokens: string[];
  tags: string[];
}

const TAG_OR_O = /^(?:O|[BIESLU][-_.]\S+)$/iu;

/** Reads sentences: blank lines, `-DOCSTART-` and `#` comment lines end one. */
export function readConll(
  content: string,
  options: ConllOptions,
  context: ConvertContext,
): Sentence[] {
  const sentences: Sentence[] = [];
  let current: Sentence = { tokens: [], tags: [] };
  const flush = () => {
    if (current.tokens.length > 0) sentences.push(current);
    current = { tokens: [], tags: [] };
  };
  for (const line of content.split(/\r?\n/u)) {
    const comment = options.comments !== false && line.startsWith('#');
    if (line.trim() === '' || line.startsWith('-DOCSTART-') || comment) {
      flush();
      continue;
    }
    const fields = line.split(/[\t ]+/u).filter((f) => f !== '');
    if (options.tagColumn !== undefined) {
      current.tokens.push(fields[options.tokenColumn ?? 0]!);
      current.tags.push(fields[options.tagColumn] ?? 'O');
      continue;
    }
    const last = fields.at(-1)!;
    if (fields.length === 1 || !TAG_OR_O.test(last)) {
      note(context.notes, 'lines without a tag, read as O');
      current.tokens.push(fields.join(' '));
      current.tags.push('O');
      continue;
    }
    current.tokens.push(fields.slice(0, -1).join(' '));
    current.tags.push(last);
  }
  flush();
  return options.segment
    ? sentences.flatMap((s) => segment(s, options.segment!.maxTokens))
    : sentences;
}

const SENTENCE_END: ReadonlySet<string> = new Set(['.', '!', '?', '…']);

/**
 * Cuts a long run of tokens into sentence-like units: after a stop token (`.` `!` `?` `…`) once
 * the unit has five tokens, or at `maxTokens`, never inside an entity. The evaluation build cuts
 * Europeana the same way, so that a unit of one is a unit of the other and its hash matches.
 */
export function segment(sentence: Sentence, maxTokens: number): Sentence[] {
  const { tokens, tags } = sentence;
  if (tokens.length <= maxTokens) return [sentence];
  const inside = new Set<number>(); // token i continues an entity into token i + 1
  for (const run of bioToSpans(tags)) for (let i = run.start; i < run.end - 1; i++) inside.add(i);
  const out: Sentence[] = [];
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const length = i + 1 - from;
    const stop = SENTENCE_END.has(tokens[i]!) && length >= 5;
    if ((stop || length >= maxTokens) && !inside.has(i)) {
      out.push({ tokens: tokens.slice(from, i + 1), tags: tags.slice(from, i + 1) });
      from = i + 1;
    }
  }
  if (from < tokens.length) out.push({ tokens: tokens.slice(from), tags: tags.slice(from) });
  return out;
}

/**
 * Converts CoNLL-like files (one token per line, its tag in a column) into units, one per
 * sentence.
 *
 * @example
 * conllUnits([{ path: 'a.conll', content: 'Ada\tB-PER\nsaid\tO\n' }], {}, context);
 * // [{ text: 'Ada said', spans: [{ start: 0, end: 3, label: 'PERSON' }] }]
 */
export function conllUnits(
  files: readonly SourceFile[],
  options: ConllOptions,
  context: ConvertContext,
): ConvertedUnit[] {
  const normalise = options.upperCaseTypes ? (t: string) => t.toUpperCase() : undefined;
  return files.flatMap((file) =>
    readConll(file.content, options, context).map((s, n) => {
      const unit = tokenUnit(s.tokens, s.tags, context, normalise, options.trimSpanPunctuation);
      return options.groupSize
        ? { ...unit, group: `${file.path}:b${Math.floor(n / options.groupSize)}` }
        : unit;
    }),
  );
}
