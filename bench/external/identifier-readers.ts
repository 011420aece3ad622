/**
 * Readers for the test files of other projects that hold national identifiers with their
 * authors' verdicts: Presidio's pytest cases, python-stdnum's doctests, stdnum-js's Jest specs and
 * validator.js's test tables. Each returns what the file's authors wrote (the value or sentence as
 * spelled there, and whether they call it valid); nothing here decides validity itself.
 */

/** A value with its authors' verdict; `reason` is the error they expect (`InvalidChecksum`…). */
export interface Verdict {
  value: string;
  valid: boolean;
  reason?: string;
  /** The authors' comment on that line, if any (`# company number`). */
  comment?: string;
}

/** A sentence with the spans its authors expect a recognizer to return (none: a negative). */
export interface SentenceCase {
  text: string;
  spans: [start: number, end: number][];
}

const QUOTED = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g;

/** The string literals of a source fragment, in order (simple escapes undone). */
export function stringLiterals(fragment: string): string[] {
  return [...fragment.matchAll(QUOTED)].map((m) =>
    (m[1] ?? m[2]!).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)),
  );
}

/** Python source without `# …` comments outside strings, and with `\` line joins undone. */
function withoutPythonComments(source: string): string {
  let out = '';
  let quote = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
      out += c;
    } else if (c === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n') i++;
    } else if (c === '\\' && source[i + 1] === '\n') {
      i++;
    } else out += c;
  }
  return out;
}

/**
 * Presidio's recognizer tests: the `("text", expected_len, ((start, end), …), …)` tuples of
 * their `@pytest.mark.parametrize("text, expected_len, expected_positions…")` tables.
 *
 * @example
 * readPytestSentences('("Mi NIE es X9613851N", 1, ((10, 19),),),') // [{ text: 'Mi NIE es X9613851N', spans: [[10, 19]] }]
 */
export function readPytestSentences(source: string): SentenceCase[] {
  const code = withoutPythonComments(source);
  const tuple =
    /\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*(\d+)\s*,\s*\(\s*((?:\(\s*\d+\s*,\s*\d+\s*\)\s*,?\s*)*)\)/g;
  const cases: SentenceCase[] = [];
  for (const m of code.matchAll(tuple)) {
    const spans = [...m[3]!.matchAll(/\(\s*(\d+)\s*,\s*(\d+)\s*\)/g)].map(
      (p) => [Number(p[1]), Number(p[2])] as [number, number],
    );
    if (spans.length !== Number(m[2])) continue; // not a table row of this shape
    cases.push({ text: stringLiterals(`"${m[1]}"`)[0]!, spans });
  }
  return cases;
}

/** Presidio's validator tables: `("number", True|False)` rows. */
export function readPytestVerdicts(source: string): Verdict[] {
  const code = withoutPythonComments(source);
  return [...code.matchAll(/\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*(True|False)\s*\)/g)].map((m) => ({
    value: m[1]!,
    valid: m[2] === 'True',
  }));
}

/** A Presidio recognizer's `CONTEXT = [...]` words. */
export function readPresidioContext(source: string): string[] {
  const m = /\bCONTEXT\s*=\s*\[([^\]]*)\]/.exec(source);
  return m ? stringLiterals(m[1]!) : [];
}

const DOCTEST_CALL = /^>>> (?:\w+\.)?(validate|is_valid|check)\((['"])(.*?)\2\)\s*(?:#\s*(.*))?$/;

/**
 * python-stdnum's doctests (module docstrings and `tests/*.doctest`): `validate('x')` followed
 * by the compact value (valid) or a traceback (invalid, with its exception); `is_valid('x')`
 * followed by `True`/`False`; `check('x')` followed by the kinds the number is valid as (`[]`:
 * none); and `numbers = '''…'''` lists that a following `[x … if x and not is_valid(x)]` shows
 * all valid (or, without `not`, all invalid).
 */
export function readDoctestVerdicts(source: string): (Verdict & { kinds?: string[] })[] {
  const lines = source.split('\n').map((l) => l.trim());
  const out: (Verdict & { kinds?: string[] })[] = [];
  let block: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^>>> numbers = '''/.test(line)) {
      block = [];
      while (++i < lines.length && lines[i] !== "... '''") {
        const value = lines[i]!.replace(/^\.\.\. ?/, '').trim();
        if (value) block.push(value);
      }
      continue;
    }
    const list =
      /^>>> \[x for x in numbers\.splitlines\(\) if x and (not )?[\w.]*is_valid\(x\)\]$/.exec(line);
    if (list && lines[i + 1] === '[]') {
      for (const value of block) out.push({ value, valid: Boolean(list[1]) });
      continue;
    }
    const call = DOCTEST_CALL.exec(line);
    if (!call) continue;
    const [, fn, , value, comment] = call;
    const next = lines[i + 1] ?? '';
    const base = { value: value!, ...(comment ? { comment } : {}) };
    if (fn === 'check') {
      const kinds = stringLiterals(next);
      if (next.startsWith('[')) out.push({ ...base, valid: kinds.length > 0, kinds });
    } else if (fn === 'is_valid') {
      if (next === 'True' || next === 'False') out.push({ ...base, valid: next === 'True' });
    } else if (next.startsWith('Traceback')) {
      const reason = lines
        .slice(i + 2, i + 5)
        .map((l) => /^(Invalid\w+)/.exec(l)?.[1])
        .find(Boolean);
      out.push({ ...base, valid: false, ...(reason ? { reason } : {}) });
    } else if (/^['"]/.test(next)) out.push({ ...base, valid: true });
  }
  return out;
}

/**
 * A python-stdnum module's names for its number, from the first line of its docstring:
 * `NN, NISS, RRN (Belgian national number).` → `NN`, `NISS`, `RRN`, `Belgian national number`.
 */
export function readStdnumNames(source: string): string[] {
  const first = /"""([^\n]*)/.exec(source)?.[1] ?? '';
  const m = /^(.*?)\s*\(([^),]*)/.exec(first);
  if (!m) return [];
  const names = m[1]!.split(/,\s*/);
  return [...names, m[2]!.replace(/^"|"$/g, '')].map((n) => n.trim()).filter(Boolean);
}

/**
 * stdnum-js's Jest specs: each `it(…)` block that validates one literal and expects it valid
 * (`isValid` true or its compact form) or an error (`toBeInstanceOf(InvalidX)`), and each
 * `test.each([...])` table of values expected valid.
 */
export function readJestVerdicts(source: string): Verdict[] {
  const out: Verdict[] = [];
  const blocks = source.split(/\n\s*(?=(?:it|test)(?:\.each)?\()/);
  for (const block of blocks) {
    const valid = /expect\(result\.isValid(?: && result\.compact)?\)\.toEqual\((?:true|['"])/.test(
      block,
    );
    const error = /expect\(result\.error\)\.toBeInstanceOf\((Invalid\w+)\)/.exec(block)?.[1];
    if (valid === Boolean(error)) continue; // neither or both: not a single verdict
    const each = /^test\.each\(\[([\s\S]*?)\]\)/.exec(block.trimStart());
    const values = each
      ? stringLiterals(each[1]!.replace(/\/\/[^\n]*/g, ''))
      : [/validate\((['"])(.*?)\1\)/.exec(block)?.[2]].filter((v): v is string => v !== undefined);
    for (const value of values)
      out.push({ value, valid: !error, ...(error ? { reason: error } : {}) });
  }
  return out;
}

/**
 * validator.js's test tables: the `valid` and `invalid` arrays of `test({ validator: name,
 * args: [locale], … })`, or of the `{ locale, valid, invalid }` fixtures `isIdentityCard` loops
 * over.
 */
export function readValidatorTable(source: string, validator: string, locale: string): Verdict[] {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const heads = [
    new RegExp(`validator: '${esc(validator)}',\\s*args: \\['${esc(locale)}'\\],`, 'g'),
    new RegExp(`locale: '${esc(locale)}',`, 'g'),
  ];
  // The fixtures of `isIdentityCard` sit in its own `it(…)`; other validators have fixtures too.
  const scope =
    validator === 'isIdentityCard'
      ? (/it\('should validate identity cards'[\s\S]*?\n {2}\}\);/.exec(source)?.[0] ?? '')
      : source;
  const out: Verdict[] = [];
  for (const head of validator === 'isIdentityCard' ? heads.slice(1) : heads.slice(0, 1)) {
    for (const m of scope.matchAll(head)) {
      const rest = scope.slice(m.index + m[0].length);
      const table = /^\s*valid: \[([^\]]*)\],?(?:\s*invalid: \[([^\]]*)\],?)?\s*\}/.exec(rest);
      if (!table) continue;
      for (const value of stringLiterals(table[1]!)) out.push({ value, valid: true });
      for (const value of stringLiterals(table[2] ?? '')) out.push({ value, valid: false });
    }
  }
  return out;
}
