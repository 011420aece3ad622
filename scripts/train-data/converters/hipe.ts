import { bioToSpans, type TokenSpan } from '../bio';
import { type ConvertedUnit, type LabelledSpan, mapLabel, note } from '../unit';
import { segment } from './conll';
import { tokenUnit } from './token-units';
import type { ConvertContext, SourceFile } from './types';

/** How a HIPE-2022 file is read. */
export interface HipeOptions {
  /** Column holding the entity tags; default `NE-COARSE-LIT` (the literal coarse layer). */
  tagColumn?: string;
  /**
   * Rebuild the text with the shared detokenizer: for files whose `MISC` column carries no
   * `NoSpaceAfter` flags (SoNAR), where a space after every token would give `Dr . H . Klee`.
   */
  detokenize?: boolean;
  /** Longer sentences (OCR runs of 800 tokens) are cut as `segment` cuts them. Default 60. */
  maxTokens?: number;
  /**
   * NewsEye puts titles and functions inside person spans (`M. Lucien Baumann`, `docteur Funck`),
   * where the other sources leave them out: leading tokens of a person span that are one of
   * `titles`, or lower-case words other than `particles` (`v. Plener`, `de Lasteyrie`), are
   * trimmed off while a token of the span remains.
   */
  personTitles?: { label: string; titles: readonly string[]; particles: readonly string[] };
}

interface Token {
  form: string;
  tag: string;
  flags: ReadonlySet<string>;
}

// Printers' hyphen that OCR keeps at a line end (`Fett¬` + `waarenfabrik`): the word is one.
const LINE_END_HYPHEN = '¬';

function isTitle(
  form: string,
  { titles, particles }: NonNullable<HipeOptions['personTitles']>,
): boolean {
  if (titles.includes(form)) return true;
  return /^\p{Ll}/u.test(form) && !particles.includes(form);
}

// A lost line break: the files flag `NoSpaceAfter` between two words (`dankbar` `scheint`) or
// after a comma before a word, where the page had a new line.
function lostLineBreak(form: string, next: string | undefined): boolean {
  return next !== undefined && /[\p{L},;]$/u.test(form) && /^\p{L}/u.test(next);
}

/**
 * Joins a sentence's tokens as the page had them: a space after each token unless its MISC field
 * says `NoSpaceAfter` (and the flag does not join two words); a word cut at a line end by `¬` is
 * joined back.
 */
function sentenceUnit(
  tokens: readonly Token[],
  options: HipeOptions,
  context: ConvertContext,
): ConvertedUnit {
  if (options.detokenize) {
    return tokenUnit(
      tokens.map((t) => t.form),
      tokens.map((t) => t.tag),
      context,
    );
  }
  let text = '';
  const offsets: Array<[number, number]> = [];
  const lineEndAfter: boolean[] = [];
  tokens.forEach((token, i) => {
    let form = token.form;
    let joined = token.flags.has('NoSpaceAfter');
    lineEndAfter.push(token.flags.has('EndOfLine'));
    if (joined && token.flags.has('EndOfLine') && form.endsWith(LINE_END_HYPHEN)) {
      form = form.slice(0, -LINE_END_HYPHEN.length);
      note(context.notes, 'words cut by ¬ at a line end joined');
    } else if (joined && lostLineBreak(form, tokens[i + 1]?.form)) {
      joined = false;
      lineEndAfter[i] = true;
      note(
        context.notes,
        'spaces put back where NoSpaceAfter joined two words (a lost line break)',
      );
    }
    offsets.push([text.length, text.length + form.length]);
    text += form;
    if (!joined && i < tokens.length - 1) text += ' ';
  });
  const spans: LabelledSpan[] = [];
  // NewsEye was annotated line by line: a name running over a line break is two B- runs
  // (`Pablo` B-PER | `Casals` B-PER): one entity.
  const runs: TokenSpan[] = [];
  for (const run of bioToSpans(tokens.map((t) => t.tag))) {
    const last = runs.at(-1);
    if (last && last.end === run.start && last.type === run.type && lineEndAfter[last.end - 1]) {
      last.end = run.end;
      note(context.notes, 'entities split by a line break merged');
    } else {
      runs.push(run);
    }
  }
  for (const run of runs) {
    const label = mapLabel(context.labelMap, run.type, context.notes);
    if (label === null) continue;
    const trim = options.personTitles;
    if (trim && label === trim.label) {
      while (run.end - run.start > 1 && isTitle(tokens[run.start]!.form, trim)) {
        run.start++;
        note(context.notes, 'titles and functions trimmed off the start of a person span');
      }
    }
    const start = offsets[run.start]![0];
    let end = offsets[run.end - 1]![1];
    while (end > start && /\s/u.test(text[end - 1]!)) end--;
    if (end > start) spans.push({ start, end, label });
  }
  return { text: text.trimEnd(), spans };
}

/**
 * Converts HIPE-2022 TSV files (one token a line, named columns, `# hipe2022:document_id = …`
 * before each document, `EndOfSentence` / `NoSpaceAfter` / `EndOfLine` flags in `MISC`) into
 * one unit a sentence, each in the group of its document.
 *
 * @example
 * hipeUnits([{ path: 'a.tsv', content: 'TOKEN\tNE-COARSE-LIT\tMISC\nMoll\tB-PER\tNoSpaceAfter\n.\tO\tEndOfSentence\n' }], {}, context);
 * // [{ text: 'Moll.', spans: [{ start: 0, end: 4, label: 'PERSON' }], group: 'a.tsv:' }]
 */
export function hipeUnits(
  files: readonly SourceFile[],
  options: HipeOptions,
  context: ConvertContext,
): ConvertedUnit[] {
  const tagName = options.tagColumn ?? 'NE-COARSE-LIT';
  const maxTokens = options.maxTokens ?? 60;
  const units: ConvertedUnit[] = [];
  for (const file of files) {
    const lines = file.content.split(/\r?\n/u);
    const header = lines[0]?.split('\t') ?? [];
    const tokenAt = header.indexOf('TOKEN');
    const tagAt = header.indexOf(tagName);
    const miscAt = header.indexOf('MISC');
    if (tokenAt < 0 || tagAt < 0 || miscAt < 0) {
      throw new Error(`${file.path}: no TOKEN, ${tagName} and MISC columns in the header`);
    }
    let document = '';
    let sentence: Token[] = [];
    const flush = () => {
      const forms = sentence.map((t) => t.form);
      const tags = sentence.map((t) => t.tag);
      let from = 0;
      for (const piece of sentence.length ? segment({ tokens: forms, tags }, maxTokens) : []) {
        const tokens = sentence.slice(from, from + piece.tokens.length);
        from += piece.tokens.length;
        const unit = sentenceUnit(tokens, options, context);
        units.push({ ...unit, group: `${file.path}:${document}` });
      }
      sentence = [];
    };
    for (const line of lines.slice(1)) {
      const fields = line.split('\t');
      // A comment has fewer fields than a token line (a token may itself be `#`).
      if (fields.length < header.length) {
        const id = /^#\s*hipe2022:document_id\s*=\s*(.+?)\s*$/u.exec(line);
        if (id) {
          flush();
          document = id[1]!;
        } else if (line.trim() === '') {
          flush();
        }
        continue;
      }
      if (fields[tokenAt] === 'TOKEN') continue; // a header repeated inside the file
      const tag = fields[tagAt]!;
      const flags = new Set(fields[miscAt]!.split('|'));
      sentence.push({ form: fields[tokenAt]!, tag: tag === '_' ? 'O' : tag, flags });
      if (flags.has('EndOfSentence')) flush();
    }
    flush();
  }
  return units;
}
