/** A run of tokens `[start, end)` tagged with one entity type. */
export interface TokenRange {
  start: number;
  end: number;
  type: string;
}

const TAG = /^(?:([BIESLU])[-_])?([A-Za-z][A-Za-z-]*)$/;

/**
 * Reads entity runs from per-token tags in any of the usual schemes: IOB2 (`B-PER I-PER`), IOB1
 * (`I-PER` starts a run unless the token before has the same type), IO (`PER PER`) and BIOES.
 * `O`, `_` and tags of no known shape are outside; their count is returned as `invalid`.
 *
 * @example
 * tagsToRanges(['B-PER', 'I-PER', 'O', 'I-LOC']);
 * // { ranges: [{start:0,end:2,type:'PER'},{start:3,end:4,type:'LOC'}], invalid: 0 }
 */
export function tagsToRanges(tags: readonly string[]): { ranges: TokenRange[]; invalid: number } {
  const ranges: TokenRange[] = [];
  let current: TokenRange | undefined;
  let invalid = 0;
  tags.forEach((tag, i) => {
    const m = tag === 'O' || tag === '_' || tag === '' ? undefined : TAG.exec(tag);
    if (!m) {
      if (tag !== 'O' && tag !== '_' && tag !== '') invalid++;
      current = undefined;
      return;
    }
    const prefix = m[1]?.toUpperCase();
    const type = m[2]!.toUpperCase();
    const begins = prefix === 'B' || prefix === 'S' || prefix === 'U' || current?.type !== type;
    if (begins) {
      current = { start: i, end: i + 1, type };
      ranges.push(current);
    } else {
      current!.end = i + 1;
    }
    if (prefix === 'E' || prefix === 'S' || prefix === 'L' || prefix === 'U') current = undefined;
  });
  return { ranges, invalid };
}
