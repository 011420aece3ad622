/**
 * An Aho-Corasick automaton over UTF-16 code units: finds every occurrence of many patterns in
 * one pass, in time linear in the text (plus the matches reported). Code units that occur in no
 * pattern lead back to the start state at once; the start state and the states near it (where a
 * scan spends most of its steps) have complete transition rows over the classes of the code
 * units of the patterns; deeper states look for their child among their few children (states
 * are numbered breadth first, so a state's children are consecutive) and follow fail links.
 */
export interface AhoCorasick {
  /** Length of the longest pattern. */
  readonly maxLength: number;
  /** How many states it has, numbered `0 .. stateCount - 1`. */
  readonly stateCount: number;
  /** The state reached from `state` by the code unit `c` (0 is the start state). */
  step(state: number, c: number): number;
  /**
   * The character class of the code unit `c`: 0 when it occurs in no pattern, else 1..K
   * (in the order of the code units).
   */
  classOf(c: number): number;
  /**
   * `step(state, c)` for `cls = classOf(c)`: a scan that keeps the classes of the code units
   * it meets in its own table reads them there, and steps with one read less per unit.
   */
  stepClass(state: number, cls: number): number;
  /**
   * Pattern ids ending at `state`, longest first: `firstOutput(state)`, then
   * `nextOutput(previous)` until -1. Each returned value is an output state; read its pattern
   * with `patternAt`.
   */
  firstOutput(state: number): number;
  /** Whether some pattern ends at `state` (`firstOutput(state) !== -1`, read from one byte). */
  hasOutput(state: number): boolean;
  nextOutput(outputState: number): number;
  patternAt(outputState: number): number;
  /**
   * Convenience walk over a whole string: `onMatch(end, patternId)` for each pattern ending at
   * `end`, longest first; return `true` to skip the shorter ones there.
   */
  scan(text: string, onMatch: (end: number, patternId: number) => boolean | undefined): void;
}

/**
 * Code units below this get their character class from a table (up to the largest such unit
 * of the patterns: a few hundred entries for Latin scripts), others from a map.
 */
const DENSE_CLASSES = 0x3000;
/** States up to this depth get a complete transition row. */
const SHALLOW_DEPTH = 3;
/** Upper bound of the transition table (cells of 4 bytes); shallower rows beyond it. */
const MAX_TABLE_CELLS = 1 << 20;
/**
 * Rows of depth 3 only within this smaller bound (1 MB): they speed up scans where many short
 * patterns (words of names) keep the walk below depth 2, but a large vault's would be many.
 */
const MAX_DEEP_TABLE_CELLS = 1 << 18;

type StateClasses = Uint16Array | Int32Array;

/**
 * The code units met so far while listing a trie's units, by unit (1: met); cleared after each
 * build (builds are synchronous), so that listing them costs one pass over the trie.
 */
const unitSeen = new Uint8Array(0x10000);

/**
 * The child of `s` by the class `cls`, or -1. The children of a state are consecutive states
 * (numbered breadth first), from `childStart[s]` to `childStart[s + 1]`, in class order;
 * `classOf[t]` is the class of the code unit that leads to `t`.
 */
function childOf(childStart: Int32Array, classOf: StateClasses, s: number, cls: number): number {
  let lo = childStart[s]!;
  let hi = childStart[s + 1]!;
  if (hi - lo <= 8) {
    for (; lo < hi; lo++) if (classOf[lo] === cls) return lo;
    return -1;
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = classOf[mid]!;
    if (m === cls) return mid;
    if (m < cls) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

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
  const trieParent = new Int32Array(capacity);
  const trieChar = new Uint16Array(capacity);
  const trieOut = new Int32Array(capacity).fill(-1);
  const trieDepth = new Int32Array(capacity);
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
      trieParent[n] = path[d]!;
      trieChar[n] = pattern.charCodeAt(d);
      trieDepth[n] = d + 1;
      path[d + 1] = n++;
    }
    const last = path[pattern.length]!;
    if (trieOut[last] === -1) trieOut[last] = id;
    previous = pattern;
  }

  // 2. States numbered breadth first: by depth, and within a depth in trie order (which is
  // the order of their prefixes, so a node's children stay consecutive and in character
  // order). The states with complete rows are then simply the first ones (see 5).
  const depthStart = new Int32Array(maxLength + 2);
  for (let t = 0; t < n; t++) depthStart[trieDepth[t]! + 1]!++;
  for (let d = 0; d <= maxLength; d++) depthStart[d + 1]! += depthStart[d]!;
  const stateOf = new Int32Array(n);
  const nextAt = depthStart.slice(0, maxLength + 1);
  for (let t = 0; t < n; t++) stateOf[t] = nextAt[trieDepth[t]!]!++;
  const parentOf = new Int32Array(n);
  const charOf = new Uint16Array(n);
  const out = new Int32Array(n);
  for (let t = 0; t < n; t++) {
    const s = stateOf[t]!;
    parentOf[s] = stateOf[trieParent[t]!]!;
    charOf[s] = trieChar[t]!;
    out[s] = trieOut[t]!;
  }

  // 3. Character classes: the code units that occur in some pattern are numbered 1..K; any
  // other one (class 0) leads back to the start state from anywhere. Edges are kept by class
  // (same order as by code unit), so that a step needs the class only.
  const sortedChars: number[] = [];
  for (let s = 1; s < n; s++) {
    const c = charOf[s]!;
    if (unitSeen[c] === 0) {
      unitSeen[c] = 1;
      sortedChars.push(c);
    }
  }
  for (const c of sortedChars) unitSeen[c] = 0;
  sortedChars.sort((a, b) => a - b);
  const denseChars = sortedChars.filter((c) => c < DENSE_CLASSES);
  const classDense = new Uint16Array(denseChars.length > 0 ? denseChars.at(-1)! + 1 : 0);
  const classSparse = new Map<number, number>();
  sortedChars.forEach((c, i) => {
    if (c < DENSE_CLASSES) classDense[c] = i + 1;
    else classSparse.set(c, i + 1);
  });
  const width = sortedChars.length + 1;
  const classOf = (c: number) => (c < DENSE_CLASSES ? classDense[c]! : classSparse.get(c)!);

  // 4. Children: each state's children are consecutive states (same depth, same prefix but
  // the last unit), so a state's edges are the range of its children.
  const childStart = new Int32Array(n + 1);
  for (let t = 1; t < n; t++) childStart[parentOf[t]! + 1]!++;
  childStart[0] = 1;
  for (let s = 0; s < n; s++) childStart[s + 1]! += childStart[s]!;
  // (Classes fit in 16 bits unless the patterns use every code unit.)
  const stateClass = width <= 0x10000 ? new Uint16Array(n) : new Int32Array(n);
  for (let t = 1; t < n; t++) stateClass[t] = classOf(charOf[t]!);

  // 5. Complete transition rows (fail links already followed) for the shallow states, where a
  // scan spends most of its steps and where fail chains end: a step from them is one read.
  // A row is its fail state's row (shallower) with its own edges on top; class 0 leads to the
  // start state in every row.
  let shallowDepth = Math.min(SHALLOW_DEPTH, maxLength);
  const budget = (depth: number) => (depth > 2 ? MAX_DEEP_TABLE_CELLS : MAX_TABLE_CELLS);
  while (shallowDepth > 0 && depthStart[shallowDepth + 1]! * width > budget(shallowDepth)) {
    shallowDepth--;
  }
  const rows = depthStart[shallowDepth + 1]!;
  const table = new Int32Array(rows * width);
  const fillRow = (s: number) => {
    const base = s * width;
    if (s !== 0) table.copyWithin(base, fail[s]! * width, fail[s]! * width + width);
    for (let t = childStart[s]!; t < childStart[s + 1]!; t++) table[base + stateClass[t]!] = t;
  };

  // 6. Fail links and dictionary links to the next shorter output, in state order (breadth
  // first: a fail link leads to a shallower state, already done, and its row, if it has one,
  // already built: a fail chain ends with one read there).
  const fail = new Int32Array(n);
  const dict = new Int32Array(n).fill(-1);
  fillRow(0);
  for (let t = 1; t < n; t++) {
    const c = stateClass[t]!;
    let f = fail[parentOf[t]!]!;
    let target = -1;
    while (f >= rows) {
      target = childOf(childStart, stateClass, f, c);
      if (target >= 0) break;
      f = fail[f]!;
    }
    if (target < 0) target = table[f * width + c]!;
    fail[t] = target > 0 && target !== t ? target : 0;
    dict[t] = out[fail[t]!] !== -1 ? fail[t]! : dict[fail[t]!]!;
    if (t < rows) fillRow(t);
  }

  return new Automaton({
    maxLength,
    classDense,
    classSparse,
    width,
    rows,
    table,
    childStart,
    stateClass,
    fail,
    out,
    dict,
  });
}

interface AutomatonParts {
  maxLength: number;
  classDense: Uint16Array;
  classSparse: Map<number, number>;
  width: number;
  /** The states `0..rows - 1` have a complete row in `table`. */
  rows: number;
  table: Int32Array;
  childStart: Int32Array;
  stateClass: StateClasses;
  fail: Int32Array;
  out: Int32Array;
  dict: Int32Array;
}

/** The built automaton: one class for all, so that a scan's calls stay monomorphic. */
class Automaton implements AhoCorasick {
  readonly maxLength: number;
  readonly stateCount: number;
  readonly #classDense: Uint16Array;
  readonly #classSparse: Map<number, number>;
  readonly #width: number;
  readonly #rows: number;
  readonly #table: Int32Array;
  readonly #childStart: Int32Array;
  readonly #stateClass: StateClasses;
  readonly #fail: Int32Array;
  readonly #out: Int32Array;
  readonly #dict: Int32Array;
  readonly #terminal: Uint8Array;

  constructor(parts: AutomatonParts) {
    this.maxLength = parts.maxLength;
    this.stateCount = parts.out.length;
    this.#classDense = parts.classDense;
    this.#classSparse = parts.classSparse;
    this.#width = parts.width;
    this.#rows = parts.rows;
    this.#table = parts.table;
    this.#childStart = parts.childStart;
    this.#stateClass = parts.stateClass;
    this.#fail = parts.fail;
    this.#out = parts.out;
    this.#dict = parts.dict;
    this.#terminal = new Uint8Array(parts.out.length);
    for (let s = 0; s < parts.out.length; s++) {
      if (parts.out[s] !== -1 || parts.dict[s] !== -1) this.#terminal[s] = 1;
    }
  }

  step(state: number, c: number): number {
    return this.stepClass(state, this.classOf(c));
  }

  classOf(c: number): number {
    return c < this.#classDense.length ? this.#classDense[c]! : (this.#classSparse.get(c) ?? 0);
  }

  stepClass(state: number, cls: number): number {
    if (state < this.#rows) return this.#table[state * this.#width + cls]!;
    if (cls === 0) return 0;
    let s = state;
    while (true) {
      const t = childOf(this.#childStart, this.#stateClass, s, cls);
      if (t >= 0) return t;
      s = this.#fail[s]!;
      if (s < this.#rows) return this.#table[s * this.#width + cls]!;
    }
  }

  firstOutput(state: number): number {
    return this.#out[state] !== -1 ? state : this.#dict[state]!;
  }

  hasOutput(state: number): boolean {
    return this.#terminal[state] === 1;
  }

  nextOutput(outputState: number): number {
    return this.#dict[outputState]!;
  }

  patternAt(outputState: number): number {
    return this.#out[outputState]!;
  }

  scan(text: string, onMatch: (end: number, patternId: number) => boolean | undefined): void {
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      s = this.step(s, text.charCodeAt(i));
      for (let o = this.firstOutput(s); o !== -1; o = this.nextOutput(o)) {
        if (onMatch(i + 1, this.#out[o]!)) break;
      }
    }
  }
}
