/**
 * A small Aho-Corasick automaton over UTF-16 code units: finds every occurrence of many
 * patterns in one pass, in time linear in the text (plus the matches reported).
 */
export interface AhoCorasick {
  /**
   * Calls `onMatch(end, patternIds)` at each text position where patterns end; ids come
   * longest pattern first. Return `true` from the callback to stop walking the output chain.
   */
  scan(text: string, onMatch: (end: number, patternId: number) => boolean | undefined): void;
}

interface Node {
  next: Map<number, number>;
  fail: number;
  /** Pattern ending exactly here, or -1. */
  out: number;
  /** Nearest node on the fail chain that ends a pattern, or -1. */
  dict: number;
}

export function buildAhoCorasick(patterns: readonly string[]): AhoCorasick {
  const nodes: Node[] = [{ next: new Map(), fail: 0, out: -1, dict: -1 }];
  patterns.forEach((pattern, id) => {
    let s = 0;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern.charCodeAt(i);
      let t = nodes[s]!.next.get(c);
      if (t === undefined) {
        t = nodes.length;
        nodes.push({ next: new Map(), fail: 0, out: -1, dict: -1 });
        nodes[s]!.next.set(c, t);
      }
      s = t;
    }
    // The first pattern wins when two are equal.
    if (pattern.length > 0 && nodes[s]!.out === -1) nodes[s]!.out = id;
  });
  // Breadth-first: fail links point to the longest proper suffix that is a trie node.
  const queue: number[] = [];
  for (const t of nodes[0]!.next.values()) queue.push(t);
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    const node = nodes[s]!;
    for (const [c, t] of node.next) {
      let f = node.fail;
      while (f !== 0 && !nodes[f]!.next.has(c)) f = nodes[f]!.fail;
      const target = nodes[f]!.next.get(c);
      const child = nodes[t]!;
      child.fail = target !== undefined && target !== t ? target : 0;
      const fnode = nodes[child.fail]!;
      child.dict = fnode.out !== -1 ? child.fail : fnode.dict;
      queue.push(t);
    }
  }
  return {
    scan(text, onMatch) {
      let s = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        while (s !== 0 && !nodes[s]!.next.has(c)) s = nodes[s]!.fail;
        s = nodes[s]!.next.get(c) ?? 0;
        // Output chain: this node's pattern (longest), then shorter suffixes.
        for (let o = nodes[s]!.out !== -1 ? s : nodes[s]!.dict; o !== -1; o = nodes[o]!.dict) {
          if (onMatch(i + 1, nodes[o]!.out)) break;
        }
      }
    },
  };
}
