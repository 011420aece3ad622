/**
 * An Aho-Corasick automaton over UTF-16 code units: finds every occurrence of many patterns in
 * one pass, in time linear in the text (plus the matches reported). The root's transitions are
 * a dense table (most characters of a text lead back to it); other states keep their few edges
 * in sorted flat arrays.
 */
export interface AhoCorasick {
  /** Length of the longest pattern. */
  readonly maxLength: number;
  /** The state reached from `state` by the code unit `c` (0 is the start state). */
  step(state: number, c: number): number;
  /**
   * Pattern ids ending at `state`, longest first: `firstOutput(state)`, then
   * `nextOutput(previous)` until -1. Each returned value is an output state; read its pattern
   * with `patternAt`.
   */
  firstOutput(state: number): number;
  nextOutput(outputState: number): number;
  patternAt(outputState: number): number;
  /**
   * Convenience walk over a whole string: `onMatch(end, patternId)` for each pattern ending at
   * `end`, longest first; return `true` to skip the shorter ones there.
   */
  scan(text: string, onMatch: (end: number, patternId: number) => boolean | undefined): void;
}

export function buildAhoCorasick(patterns: readonly string[]): AhoCorasick {
  // 1. Trie with temporary maps.
  const edges: Map<number, number>[] = [new Map()];
  const outList: number[] = [-1];
  let maxLength = 0;
  patterns.forEach((pattern, id) => {
    let s = 0;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern.charCodeAt(i);
      let t = edges[s]!.get(c);
      if (t === undefined) {
        t = edges.length;
        edges.push(new Map());
        outList.push(-1);
        edges[s]!.set(c, t);
      }
      s = t;
    }
    // The first pattern wins when two are equal.
    if (pattern.length > 0 && outList[s] === -1) outList[s] = id;
    maxLength = Math.max(maxLength, pattern.length);
  });

  // 2. Flat sorted edges.
  const n = edges.length;
  const edgeStart = new Int32Array(n + 1);
  let total = 0;
  for (let s = 0; s < n; s++) {
    edgeStart[s] = total;
    total += edges[s]!.size;
  }
  edgeStart[n] = total;
  const edgeChar = new Uint16Array(total);
  const edgeTarget = new Int32Array(total);
  for (let s = 0; s < n; s++) {
    let k = edgeStart[s]!;
    for (const [c, t] of [...edges[s]!].sort((a, b) => a[0] - b[0])) {
      edgeChar[k] = c;
      edgeTarget[k++] = t;
    }
  }
  const root = new Int32Array(65536);
  for (const [c, t] of edges[0]!) root[c] = t;

  const goto = (s: number, c: number): number => {
    let lo = edgeStart[s]!;
    let hi = edgeStart[s + 1]!;
    if (hi - lo <= 8) {
      for (; lo < hi; lo++) if (edgeChar[lo] === c) return edgeTarget[lo]!;
      return -1;
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = edgeChar[mid]!;
      if (m === c) return edgeTarget[mid]!;
      if (m < c) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  };

  // 3. Fail links (breadth first) and dictionary links to the next shorter output.
  const fail = new Int32Array(n);
  const out = Int32Array.from(outList);
  const dict = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (const t of edges[0]!.values()) queue.push(t);
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    for (let k = edgeStart[s]!; k < edgeStart[s + 1]!; k++) {
      const c = edgeChar[k]!;
      const t = edgeTarget[k]!;
      let f = fail[s]!;
      let target = -1;
      while (true) {
        target = f === 0 ? root[c]! : goto(f, c);
        if (target > 0 || f === 0) break;
        f = fail[f]!;
      }
      fail[t] = target > 0 && target !== t ? target : 0;
      dict[t] = out[fail[t]!] !== -1 ? fail[t]! : dict[fail[t]!]!;
      queue.push(t);
    }
  }

  const step = (state: number, c: number): number => {
    let s = state;
    while (s !== 0) {
      const t = goto(s, c);
      if (t >= 0) return t;
      s = fail[s]!;
    }
    return root[c]!;
  };
  const firstOutput = (state: number) => (out[state] !== -1 ? state : dict[state]!);
  const nextOutput = (o: number) => dict[o]!;
  const patternAt = (o: number) => out[o]!;

  return {
    maxLength,
    step,
    firstOutput,
    nextOutput,
    patternAt,
    scan(text, onMatch) {
      let s = 0;
      for (let i = 0; i < text.length; i++) {
        s = step(s, text.charCodeAt(i));
        for (let o = firstOutput(s); o !== -1; o = nextOutput(o)) {
          if (onMatch(i + 1, out[o]!)) break;
        }
      }
    },
  };
}
