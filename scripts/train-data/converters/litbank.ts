import type { ConvertedUnit } from '../unit';
import type { BratEntity, BratOptions } from './brat';
import { bratDocuments } from './brat-documents';
import type { ConvertContext, SourceFile } from './types';

type Mapped = BratEntity & { label: string };

const LOWER_START = /^\p{Ll}/u;

/**
 * Proper-name mentions of LitBank's coreference layer (`PROP_PER`…): a leading run of lower-case
 * words is trimmed (`the second Sir Walter` → `Sir Walter`); the title that follows stays.
 */
function trimLeadingLowerCase(line: string, span: Mapped): Mapped | undefined {
  let start = span.start;
  const words = /\S+/gu;
  words.lastIndex = start;
  for (let m = words.exec(line); m !== null && m.index < span.end; m = words.exec(line)) {
    if (!LOWER_START.test(m[0])) break;
    start = m.index + m[0].length + 1;
  }
  return start < span.end ? { ...span, start } : undefined;
}

/**
 * A nominal person mention (`NOM_PER`) that holds a capitalised word no proper-name span
 * covers, past the line's first word (`daughter of James Stevenson`, where only the nominal is
 * annotated), would teach the tagger that a name is no name: its line is dropped.
 */
function hidesAName(line: string, all: readonly BratEntity[]): boolean {
  const proper = all.filter((e) => e.type.startsWith('PROP_'));
  return all
    .filter((e) => e.type === 'NOM_PER')
    .some((nominal) => {
      const words = /\S+/gu;
      words.lastIndex = nominal.start;
      for (let m = words.exec(line); m !== null && m.index < nominal.end; m = words.exec(line)) {
        if (m.index === 0 || !/^\p{Lu}\p{Ll}/u.test(m[0])) continue;
        const at = m.index;
        if (!proper.some((p) => p.start <= at && at < p.end)) return true;
      }
      return false;
    });
}

export const LITBANK_OPTIONS: BratOptions = {
  tokenized: true,
  accept: (type) => /^(?:PROP|NOM|PRON)_/u.test(type),
  refine: (line, spans, all) => {
    if (hidesAName(line, all)) return undefined;
    return spans.flatMap((s) => trimLeadingLowerCase(line, s) ?? []);
  },
};

/**
 * LitBank's coreference layer (brat, one tokenized sentence a line): proper-name mentions only.
 *
 * @example
 * litbankUnits(files, context); // units whose PERSON spans are `PROP_PER` mentions
 */
export function litbankUnits(
  files: readonly SourceFile[],
  context: ConvertContext,
): ConvertedUnit[] {
  return bratDocuments(files, LITBANK_OPTIONS, context);
}
