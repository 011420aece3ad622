import { parseTag } from '../bio';
import { type ConvertedUnit, note } from '../unit';
import { tokenUnit } from './token-units';
import type { ConvertContext, SourceFile } from './types';

/** How one CoNLL-like file is laid out. */
export interface ConllOptions {
  /** Column of the tag; default the last one. A token may then hold spaces (Europeana). */
  tagColumn?: number;
  /** Spell every entity type in upper case before the label map reads it (`PEr` → `PER`). */
  upperCaseTypes?: boolean;
  /**
   * For files without sentence breaks (Europeana): cut after `.`, `!` or `?` (alone or ending
   * a word of four letters or more that is no title) before a capital
   * outside an entity, and at most every `maxTokens` tokens (at an `O` token).
   */
  segment?: { maxTokens: number };
  /** Trim punctuation at span edges: OCR tokens keep theirs (`Trento.`). */
  trimSpanPunctuation?: boolean;
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
    if (line.trim() === '' || line.startsWith('-DOCSTART-') || line.startsWith('#')) {
      flush();
      continue;
    }
    const fields = line.split(/[\t ]+/u).filter((f) => f !== '');
    if (options.tagColumn !== undefined) {
      current.tokens.push(fields[0]!);
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

// A stop alone, or glued to a word of four letters or more that is no title (`Trento.`, not
// `Dr.` nor `Prof.`): OCR'd newspapers glue their full stops.
const SENTENCE_END = /^(?:[.!?]|(?!(?:Prof|Gebr|Mme|Mlle|Mgr)\.)\p{L}{4,}[.!?])$/u;

function insideEntity(tags: readonly string[], i: number): boolean {
  const next = parseTag(tags[i] ?? 'O');
  const prev = parseTag(tags[i - 1] ?? 'O');
  return next !== undefined && next.prefix === 'I' && prev?.type === next.type;
}

/** Cuts a long run of tokens into sentence-like units (see `ConllOptions.segment`). */
export function segment(sentence: Sentence, maxTokens: number): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const { tokens, tags } = sentence;
  for (let i = 1; i < tokens.length; i++) {
    const afterStop = SENTENCE_END.test(tokens[i - 1]!) && /^\p{Lu}/u.test(tokens[i]!);
    const tooLong = i - from >= maxTokens && (tags[i] ?? 'O') === 'O';
    if ((afterStop || tooLong) && !insideEntity(tags, i)) {
      out.push({ tokens: tokens.slice(from, i), tags: tags.slice(from, i) });
      from = i;
    }
  }
  out.push({ tokens: tokens.slice(from), tags: tags.slice(from) });
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
    readConll(file.content, options, context).map((s) =>
      tokenUnit(s.tokens, s.tags, context, normalise, options.trimSpanPunctuation),
    ),
  );
}
