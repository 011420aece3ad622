/**
 * Random digit strings matching libphonenumber's metadata patterns (a subset of regular
 * expressions: digits, classes, groups, alternatives, `?`, `{m,n}`; look-arounds match empty):
 * numbers of every type of every country, for tests that must hold for any valid number.
 */
type Node =
  | { kind: 'digits'; choices: string[] }
  | { kind: 'either'; branches: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = [...'0123456789'];

/** Parses a metadata pattern into nodes (throws on a construct it does not know). */
export function parsePattern(pattern: string): Node[] {
  let i = 0;
  const sequence = (): Node[][] => {
    const branches: Node[][] = [[]];
    while (i < pattern.length && pattern[i] !== ')') {
      const ch = pattern[i]!;
      if (ch === '|') {
        i++;
        branches.push([]);
        continue;
      }
      let node: Node;
      if (ch === '(') {
        i++;
        let around = false;
        if (pattern[i] === '?') {
          around = pattern[i + 1] !== ':';
          i += 2;
        }
        const inner = sequence();
        i++;
        node = around ? { kind: 'empty' } : { kind: 'either', branches: inner };
      } else if (ch === '[') {
        i++;
        const choices: string[] = [];
        const negated = pattern[i] === '^';
        if (negated) i++;
        while (pattern[i] !== ']') {
          if (pattern[i] === '\\' && pattern[i + 1] === 'd') {
            choices.push(...DIGITS);
            i += 2;
          } else if (pattern[i + 1] === '-' && pattern[i + 2] !== ']') {
            for (let c = pattern.charCodeAt(i); c <= pattern.charCodeAt(i + 2); c++) {
              choices.push(String.fromCharCode(c));
            }
            i += 3;
          } else choices.push(pattern[i++]!);
        }
        i++;
        node = {
          kind: 'digits',
          choices: negated ? DIGITS.filter((d) => !choices.includes(d)) : choices,
        };
      } else if (ch === '\\') {
        if (pattern[i + 1] !== 'd') throw new Error(`unknown escape in ${pattern}`);
        i += 2;
        node = { kind: 'digits', choices: DIGITS };
      } else if (/\d/.test(ch)) {
        i++;
        node = { kind: 'digits', choices: [ch] };
      } else throw new Error(`unknown construct ${ch} in ${pattern}`);
      const quantifier = /^(?:\?|\{(\d+)(?:,(\d*))?\})/.exec(pattern.slice(i));
      if (quantifier) {
        i += quantifier[0].length;
        const min = quantifier[1] === undefined ? 0 : Number(quantifier[1]);
        const max =
          quantifier[1] === undefined
            ? 1
            : quantifier[2] === undefined
              ? min
              : quantifier[2] === ''
                ? min + 4
                : Number(quantifier[2]);
        node = { kind: 'repeat', node, min, max };
      }
      branches.at(-1)!.push(node);
    }
    return branches;
  };
  const branches = sequence();
  if (i !== pattern.length) throw new Error(`unbalanced ${pattern}`);
  return [{ kind: 'either', branches }];
}

/** One random string of `nodes`, with `random()` in [0, 1). */
export function sample(nodes: readonly Node[], random: () => number): string {
  let out = '';
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const walk = (node: Node) => {
    if (node.kind === 'digits') out += pick(node.choices);
    else if (node.kind === 'either') for (const n of pick(node.branches)) walk(n);
    else if (node.kind === 'repeat') {
      const times = node.min + Math.floor(random() * (node.max - node.min + 1));
      for (let k = 0; k < times; k++) walk(node.node);
    }
  };
  for (const node of nodes) walk(node);
  return out;
}
