import { type ConvertedUnit, note } from '../unit';
import { tokenUnit } from './token-units';
import type { ConvertContext, SourceFile } from './types';

/**
 * Converts WikiNER files (Nothman et al. 2013): one sentence a line, tokens separated by spaces,
 * each `form|POS|tag` with IOB1 tags; a blank line ends an article. One unit a sentence, in the
 * group of its article (`--exclude` drops an article whose sentence the evaluation holds).
 *
 * @example
 * wikinerUnits([{ path: 'wp3', content: 'Dante|NPR|I-PER nacque|VER:remo|O .|SENT|O\n' }], context);
 * // [{ text: 'Dante nacque.', spans: [{ start: 0, end: 5, label: 'PERSON' }], group: 'wp3:a0' }]
 */
export function wikinerUnits(
  files: readonly SourceFile[],
  context: ConvertContext,
): ConvertedUnit[] {
  const units: ConvertedUnit[] = [];
  for (const file of files) {
    let article = 0;
    for (const line of file.content.split(/\r?\n/u)) {
      if (line.trim() === '') {
        article++;
        continue;
      }
      const tokens: string[] = [];
      const tags: string[] = [];
      for (const item of line.trim().split(/ +/u)) {
        // The form may itself hold `|`: the POS and the tag are the last two fields.
        const parts = item.split('|');
        if (parts.length < 3) {
          note(context.notes, 'tokens without POS and tag, read as O');
          tokens.push(item);
          tags.push('O');
          continue;
        }
        tokens.push(parts.slice(0, -2).join('|'));
        tags.push(parts.at(-1)!);
      }
      units.push({ ...tokenUnit(tokens, tags, context), group: `${file.path}:a${article}` });
    }
  }
  return units;
}
