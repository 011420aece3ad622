/**
 * An Aho-Corasick automaton over UTF-16 code units: finds every occurrence of many patterns in
 * one pass, in time linear in the text (plus the matches reported). The root's transitions are
 * a dense table for code units below U+3000 (most characters of a text lead back to it) and a
 * map above; other states keep their few edges in sorted flat arrays.
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

const DENSE_ROOT = 0x3000;

export function buildAhoCorasick(patterns: readonly string[]): AhoCorasick {
  // 1. Trie from the patterns in sorted order: each pattern shares its longest common prefix
  // with the previous one, so nodes come in depth-first order and a node's children in
  // ascending character order; no map per node (large vaults build in flat arrays).
  let capacity = 1;
  let maxLength = 0;
  for (const p of patterns) {
    capacity += p.length;
    maxLength = Math.max(maxLength, p.length);
  }
  const parentOf = new Int32Array(capacity);
  const charOf = new Uint16Array(capacity);
  const out = new Int32Array(capacity).fill(-1);
  const path = new Int32Array(maxLength + 1);
  // Stable sort: among equal patterns the first one (lowest id) wins.
  const sortedIds = patterns
    .map((_, id) => id)
    .sort((a, b) => (patterns[a]! < patterns[b]! ? -1 : patterns[a]! > patterns[b]! ? 1 : 0));
  let n = 1;
  let previous = '';
  for (const id of sortedIds) {
    const pattern = patterns[id]!;
    if (pattern.length === 0) continue;
    let lcp = 0;
    const limit = Math.min(pattern.length, previous.length);
    while (lcp < limit && pattern.charCodeAt(lcp) === previous.charCodeAt(lcp)) lcp++;
    for (let d = lcp; d < pattern.length; d++) {
      parentOf[n] = path[d]!;
      charOf[n] = pattern.charCodeAt(d);
      path[d + 1] = n++;
    }
    const last = path[pattern.length]!;
    if (out[last] === -1) out[last] = id;
    previous = pattern;
  }

  // 2. Flat sorted edges, grouped by parent (counting sort keeps creation order per parent).
  const edgeStart = new Int32Array(n + 1);
  for (let t = 1; t < n; t++) edgeStart[parentOf[t]! + 1]!++;
  for (let s = 0; s < n; s++) edgeStart[s + 1]! += edgeStart[s]!;
  const total = n - 1;
  const edgeChar = new Uint16Array(total);
  const edgeTarget = new Int32Array(total);
  const fillAt = edgeStart.slice(0, n);
  for (let t = 1; t < n; t++) {
    const k = fillAt[parentOf[t]!]!++;
    edgeChar[k] = charOf[t]!;
    edgeTarget[k] = t;
  }
  // Dense for the code units of most texts (Latin, Greek, Cyrillic, Arabic, Indic...), a map
  // beyond: a matcher stays small enough to be cached per conversation.
  const rootDense = new Int32Array(DENSE_ROOT);
  const rootSparse = new Map<number, number>();
  for (let k = edgeStart[0]!; k < edgeStart[1]!; k++) {
    const c = edgeChar[k]!;
    if (c < DENSE_ROOT) rootDense[c] = edgeTarget[k]!;
    else rootSparse.set(c, edgeTarget[k]!);
  }
  const root = (c: number) => (c < DENSE_ROOT ? rootDense[c]! : (rootSparse.get(c) ?? 0));

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
  const dict = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (let k = edgeStart[0]!; k < edgeStart[1]!; k++) queue.push(edgeTarget[k]!);
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    for (let k = edgeStart[s]!; k < edgeStart[s + 1]!; k++) {
      const c = edgeChar[k]!;
      const t = edgeTarget[k]!;
      let f = fail[s]!;
      let target = -1;
      while (true) {
        target = f === 0 ? root(c) : goto(f, c);
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
    return root(c);
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
