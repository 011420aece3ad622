/**
 * Reader for libpostal's parser tests (`openvenues/libpostal`, `test/test_parser.c`, MIT): each
 * `test_parse_result_equals("<address>", options, N, (labeled_component_t){"<label>", "<value>"},
 * …)` call gives an address as its authors wrote it and the components they expect libpostal to
 * return (values lower-cased and normalised by libpostal). The country is the `TEST
 * test_<cc>_parses` function that holds the call. Nothing here judges the addresses.
 */

/** The pinned source: libpostal's parser tests at one commit. */
export const LIBPOSTAL_TESTS = {
  repo: 'openvenues/libpostal',
  commit: '4c030d8ff2fcf59c26510f68823c28a2346034d4',
  path: 'test/test_parser.c',
} as const;

/** One labelled component as libpostal's authors expect it (`road`, `nostrand ave`). */
export interface LibpostalComponent {
  label: string;
  value: string;
}

/** One test address: the `cc` of `test_<cc>_parses`, the input string, its components in order. */
export interface LibpostalAddress {
  country: string;
  text: string;
  components: LibpostalComponent[];
}

const LITERAL = String.raw`"(?:[^"\\\n]|\\.)*"`;
const TEST_FUNCTION = /\bTEST\s+test_([a-z]+)_parses\s*\(/g;
const CALL = /\btest_parse_result_equals\s*\(/g;
// The input: one or more adjacent literals (C joins them), then the options and the count.
const INPUT = new RegExp(String.raw`^\s*((?:${LITERAL}\s*)+),\s*\w+\s*,\s*(\d+)\s*,`);
const COMPONENT = new RegExp(
  String.raw`\(\s*labeled_component_t\s*\)\s*\{\s*(${LITERAL})\s*,\s*(${LITERAL})\s*\}`,
  'g',
);
const ADJACENT = new RegExp(LITERAL, 'g');

/** C source without its comments; string and character literals are kept as they are. */
export function withoutCComments(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n')
        j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 1;
      out += ' ';
    } else out += c;
  }
  return out;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  '\\': 92,
  '"': 34,
  "'": 39,
  '?': 63,
};

/**
 * The text of one C string literal's body, escapes undone as C does (`\n`, octal and `\x` bytes,
 * `\u` code points), its bytes read as UTF-8 (the file's encoding).
 *
 * @example
 * undoCEscapes(String.raw`Apt 3A\nRochester`); // 'Apt 3A' + newline + 'Rochester'
 * undoCEscapes(String.raw`Stra\xc3\x9fe`); // 'Straße'
 */
export function undoCEscapes(body: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  const pushCodePoint = (cp: number) => bytes.push(...encoder.encode(String.fromCodePoint(cp)));
  for (let i = 0; i < body.length; i++) {
    const cp = body.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (body[i] !== '\\' || cp > 0xffff) {
      pushCodePoint(cp);
      continue;
    }
    const e = body[++i] ?? '';
    if (e in SIMPLE_ESCAPES) bytes.push(SIMPLE_ESCAPES[e]!);
    else if (/[0-7]/.test(e)) {
      const digits = /^[0-7]{1,3}/.exec(body.slice(i))![0];
      bytes.push(Number.parseInt(digits, 8) & 0xff);
      i += digits.length - 1;
    } else if (e === 'x') {
      const digits = /^[0-9a-fA-F]+/.exec(body.slice(i + 1))?.[0] ?? '0';
      bytes.push(Number.parseInt(digits.slice(-2), 16));
      i += digits.length;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      pushCodePoint(Number.parseInt(body.slice(i + 1, i + 1 + n), 16));
      i += n;
    } else pushCodePoint(e.codePointAt(0) ?? 92);
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** The value of adjacent C string literals (`"a" "b"` is `ab`). */
function literalValue(literals: string): string {
  return [...literals.matchAll(ADJACENT)].map((m) => undoCEscapes(m[0].slice(1, -1))).join('');
}

/**
 * Every address of `test_parser.c`'s `test_parse_result_equals` calls, in file order, with the
 * country of the test function that holds it. Throws when a call's declared component count
 * differs from the components read: the reader, not the data, would be wrong.
 *
 * @example
 * readLibpostalTests('TEST test_us_parses(void) { CHECK_CALL(test_parse_result_equals(' +
 *   '"1 Main St", options, 2, (labeled_component_t){"house_number", "1"},' +
 *   ' (labeled_component_t){"road", "main st"})); }');
 * // [{ country: 'us', text: '1 Main St', components: [{ label: 'house_number', value: '1' }, …] }]
 */
export function readLibpostalTests(source: string): LibpostalAddress[] {
  const code = withoutCComments(source);
  const functions = [...code.matchAll(TEST_FUNCTION)];
  const out: LibpostalAddress[] = [];
  functions.forEach((fn, f) => {
    const body = code.slice(fn.index, functions[f + 1]?.index ?? code.length);
    const calls = [...body.matchAll(CALL)];
    calls.forEach((call, c) => {
      const args = body.slice(call.index + call[0].length, calls[c + 1]?.index ?? body.length);
      const input = INPUT.exec(args);
      if (!input) throw new Error(`test_${fn[1]}_parses: a call without an input string`);
      const components = [...args.slice(input[0].length).matchAll(COMPONENT)].map((m) => ({
        label: literalValue(m[1]!),
        value: literalValue(m[2]!),
      }));
      const text = literalValue(input[1]!);
      if (components.length !== Number(input[2]))
        throw new Error(
          `test_${fn[1]}_parses: ${JSON.stringify(text)} declares ${input[2]} components, ${components.length} read`,
        );
      out.push({ country: fn[1]!, text, components });
    });
  });
  return out;
}
