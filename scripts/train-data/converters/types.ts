import type { ConvertedUnit, LabelMap, Lang, Notes } from '../unit';

/** One file read from a source at its pinned commit. */
export interface SourceFile {
  path: string;
  content: string;
}

/** What every converter is given besides the files. */
export interface ConvertContext {
  lang: Lang;
  labelMap: LabelMap;
  notes: Notes;
}

/** Turns a source's files into units of text with labelled spans. */
export type Converter = (files: readonly SourceFile[], context: ConvertContext) => ConvertedUnit[];
