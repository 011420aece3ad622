// How the tagger's names join the rules' spans: the tagger only adds. A name of the tagger
// that covers every rule span it overlaps replaces them (the rules found `Jean`, the tagger
// `Jean Dupont`); one that crosses a rule span is dropped (the rules' reading stands).

interface Range {
  start: number;
  end: number;
}

/**
 * The rules' spans and the tagger's, merged. `tagged` is by start with no overlaps (as
 * `spansOfTags` gives it); `rules` may come in any order. Linear after sorting the rules.
 *
 * @example
 * mergeTaggedSpans([{ start: 0, end: 4 }], [{ start: 0, end: 11 }]); // [{ start: 0, end: 11 }]
 */
export function mergeTaggedSpans<R extends Range, T extends Range>(
  rules: readonly R[],
  tagged: readonly T[],
): (R | T)[] {
  const byStart = [...rules].sort((a, b) => a.start - b.start);
  const replaced = new Set<R>();
  const added: T[] = [];
  let k = 0;
  for (const t of tagged) {
    // Rules that end before `t` starts overlap no later tagger span either.
    while (k < byStart.length && byStart[k]!.end <= t.start) k++;
    let covers = true;
    const overlapping: R[] = [];
    for (let j = k; j < byStart.length && byStart[j]!.start < t.end; j++) {
      const r = byStart[j]!;
      if (r.end <= t.start) continue;
      overlapping.push(r);
      if (r.start < t.start || r.end > t.end) covers = false;
    }
    // A span the tagger only tagged as the rules did is the rules' own (with its score).
    const same =
      overlapping.length === 1 &&
      overlapping[0]!.start === t.start &&
      overlapping[0]!.end === t.end;
    if (!covers || same) continue;
    for (const r of overlapping) replaced.add(r);
    added.push(t);
  }
  return [...rules.filter((r) => !replaced.has(r)), ...added];
}
