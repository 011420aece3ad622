import type { ConvertedUnit } from '../unit';
import { type BratOptions, bratUnits } from './brat';
import type { ConvertContext, SourceFile } from './types';

/**
 * Pairs each `X.txt` with its `X.ann` and converts the pair (see `bratUnits`). A text without
 * annotations is an error: brat writes an empty `.ann` for a document with no entity.
 *
 * @example
 * bratDocuments([{ path: 'a.txt', content: 'Ana' }, { path: 'a.ann', content: '' }], {}, context);
 * // [{ text: 'Ana', spans: [] }]
 */
export function bratDocuments(
  files: readonly SourceFile[],
  options: BratOptions,
  context: ConvertContext,
): ConvertedUnit[] {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const texts = files.filter((f) => f.path.endsWith('.txt'));
  return texts.flatMap((txt) => {
    const annPath = `${txt.path.slice(0, -'.txt'.length)}.ann`;
    const ann = byPath.get(annPath);
    if (ann === undefined) throw new Error(`${txt.path}: no ${annPath}`);
    // One document is one group: the evaluation build splits brat sources by document.
    return bratUnits(txt.content, ann, options, context).map((u) => ({ ...u, group: txt.path }));
  });
}
