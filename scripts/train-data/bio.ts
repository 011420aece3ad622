/** A run of tokens `[start, end)` carrying one entity type, as the source spells the type. */
export interface TokenSpan {
  start: number;
  end: number;
  type: string;
}

const TAG = /^([BIESLU])[-_.](.+)$/iu;

/** Reads one tag: its prefix (`B`, `I`, …) and type, or `undefined` for `O` and for garbage. */
export function parseTag(tag: string): { prefix: string; type: string } | undefined {
  const m = TAG.exec(tag.trim());
  if (!m) return undefined;
  return { prefix: m[1]!.toUpperCase(), type: m[2]! };
}

/**
 * Turns per-token tags into entity spans. Reads IOB2 (`B-` starts), IOB1 (`I-` starts unless it
 * follows the same type: wikigold, Europeana) and BIOES/BILOU alike; an `I-` after `O` or after
 * another type starts a new span rather than being lost.
 *
 * @example
 * bioToSpans(['B-PER', 'I-PER', 'O', 'I-LOC']);
 * // [{ start: 0, end: 2, type: 'PER' }, { start: 3, end: 4, type: 'LOC' }]
 */
export function bioToSpans(tags: readonly string[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let open: TokenSpan | undefined;
  const close = () => {
    if (open) spans.push(open);
    open = undefined;
  };
  tags.forEach((tag, i) => {
    const parsed = parseTag(tag);
    if (!parsed) {
      close();
      return;
    }
    const { prefix, type } = parsed;
    const continues = (prefix === 'I' || prefix === 'E' || prefix === 'L') && open?.type === type;
    if (continues && open) {
      open.end = i + 1;
    } else {
      close();
      open = { start: i, end: i + 1, type };
    }
    if (prefix === 'E' || prefix === 'L' || prefix === 'S' || prefix === 'U') close();
  });
  close();
  return spans;
}
