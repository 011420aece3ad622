/**
 * E-mail addresses spelled out to hide them from harvesters: `jean.dupont [at] exemple [dot]
 * fr`, `jean (at) exemple dot fr`, `jean AT exemple DOT fr`, `jean arobase exemple point fr`.
 * Each spelling of `@` and `.` is a piece (`edited-view.ts`) that reads as the character, so the
 * e-mail detectors see the address and the value kept is the address itself.
 *
 * Bare words are common in prose (`look at the docs`, `reach us at example.com`), so the
 * strength of each spelling decides (`AT_FORMS`, `DOT_FORMS`): a bracketed `[at]` or `(dot)`,
 * or a spaced `@`, is enough on its own; bare words (`at`, `dot`, `arobase`, `point`) count only
 * together, before a top-level domain of `KNOWN_TLDS`, with no stop word as a label; a bare `at`
 * before a dotted domain (`at example.com`) is prose and is not read.
 */
import type { Piece } from './edited-view';

/** How strongly a spelling says "this is an address". */
type Strength = 'strong' | 'weak' | 'literal';

interface Form {
  /** Matched at the position after the word before it (spaces included). */
  re: RegExp;
  strength: Strength;
}

const sticky = (source: string, flags = '') => new RegExp(source, `${flags}y`);

/** Spellings of `@`, strongest first. */
export const AT_FORMS: readonly Form[] = [
  { re: sticky(' ?[\\[({<] ?(?:at|@|arobase) ?[\\])}>] ?', 'i'), strength: 'strong' },
  { re: sticky(' @ '), strength: 'strong' },
  { re: sticky(' (?:at|AT|arobase|AROBASE) '), strength: 'weak' },
];

/** Spellings of `.` between domain labels, strongest first. */
export const DOT_FORMS: readonly Form[] = [
  { re: sticky(' ?[\\[({<] ?(?:dot|point|\\.) ?[\\])}>] ?', 'i'), strength: 'strong' },
  { re: sticky(' (?:dot|DOT|point|POINT) '), strength: 'weak' },
  { re: sticky('\\.'), strength: 'literal' },
];

/**
 * Top-level domains that a bare `… dot <tld>` must end with: the generic ones most used and the
 * country codes of Europe and of the largest countries elsewhere (IANA root zone).
 */
export const KNOWN_TLDS: ReadonlySet<string> = new Set(
  (
    'com org net edu gov mil int info biz io co ai app dev eu ' +
    'fr de uk be ch nl lu es pt it at dk se no fi is ie pl cz sk hu ro bg gr hr si rs ' +
    'ee lv lt ua ru tr us ca mx br ar cl au nz jp cn kr in za ma dz tn sn'
  ).split(' '),
);

/** Words that are no domain label or local part in prose (`at the dot com boom`). */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the this that these those my your his her its our their me us him them it i we ' +
    'you he she they is am are was were be been being have has had do does did at to of in ' +
    'on for by with and or not no one all any some look looked work works worked live lives ' +
    'lived stay stayed meet met arrive arrived available hosted found published posted ' +
    'le la les un une des du de ce cet cette mon ton son nos vos leur et ou'
  ).split(' '),
);

const LOCAL = /[A-Za-z0-9._%+-]/;
const LABEL = sticky('[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?');
const isLocalCode = (c: number) => c < 128 && LOCAL.test(String.fromCharCode(c));
const LABEL_CHAR = /[A-Za-z0-9_@-]/;
/** A character that would go on with the last label (so the address does not end there). */
const isLabelEnd = (c: number) => c < 128 && LABEL_CHAR.test(String.fromCharCode(c));
const TLD = /^[a-z]{2,24}$/;

/** Where an `@` may be spelled in brackets (a fast scan: brackets are rare). */
const BRACKETED_AT = /[[({<] ?(?:at|AT|At|@|arobase|AROBASE) ?[\])}>]/g;
/** Where it may be a spaced `@` or a bare word. */
const SPACED_AT = / (?:@|at|AT|arobase|AROBASE) /g;
/** A domain label, then a spelled `.`: what a bare `at` must be followed by. */
const LABEL_THEN_DOT =
  /[A-Za-z0-9-]{1,63}(?: (?:dot|DOT|point|POINT) | ?[[({<] ?(?:dot|DOT|Dot|point|POINT|\.) ?[\])}>])/y;
/** `arobase` anywhere (French for `@`, with whose spelling a bare `point` is a `.`). */
const AROBASE = /arobase|AROBASE/;
/** A spaced `@` or a bare `dot` without its leading space: looked for first, then the space. */
const AFTER_SPACE: readonly string[] = ['@ ', 'dot ', 'DOT '];
/** The spellings of `@` and `.` in brackets (`[at]`, `( dot )`, `<.>`), after `[ ( { <`. */
const BRACKETED_WORDS: readonly string[] = [
  ...['at', 'AT', 'At', '@', 'arobase', 'AROBASE'],
  ...['dot', 'DOT', 'Dot', 'point', 'POINT', '.'],
];
const OPENING_BRACKETS = '[({<';
const BRACKETED = sticky(
  `[${OPENING_BRACKETS.replace('[', '\\[')}] ?(?:${BRACKETED_WORDS.map((w) => w.replace('.', '\\.')).join('|')}) ?[\\])}>]`,
);
/** The first characters of `BRACKETED_WORDS`: what may follow a bracket (and its space). */
const BRACKETED_FIRST = new Set(BRACKETED_WORDS.map((w) => w.charCodeAt(0)));

/** Whether `text` holds `literal` right after a space. */
function afterSpace(text: string, literal: string): boolean {
  for (let k = text.indexOf(literal); k !== -1; k = text.indexOf(literal, k + 1)) {
    if (k > 0 && text.charCodeAt(k - 1) === 32) return true;
  }
  return false;
}

/** Whether `text` holds a bracketed spelling: `BRACKETED` tried where a bracket may open one. */
function hasBracketed(text: string): boolean {
  for (const bracket of OPENING_BRACKETS) {
    for (let k = text.indexOf(bracket); k !== -1; k = text.indexOf(bracket, k + 1)) {
      const next = text.charCodeAt(k + 1);
      if (!BRACKETED_FIRST.has(next === 32 ? text.charCodeAt(k + 2) : next)) continue;
      BRACKETED.lastIndex = k;
      if (BRACKETED.test(text)) return true;
    }
  }
  return false;
}

/**
 * Whether `text` holds anything a spelled address needs (most texts have none): `arobase`, a
 * spaced `@` or a bare `dot`, or a bracketed `@` or `.`. Each is looked for by a fast search
 * (a literal, an opening bracket), then checked where it stands: as regexes, the alternatives
 * that start with a space or a bracket are tried at every space or bracket of the text, which
 * costs about twice as much (and three regexes read the text three times).
 */
function mayHoldSpelling(text: string): boolean {
  return AROBASE.test(text) || AFTER_SPACE.some((s) => afterSpace(text, s)) || hasBracketed(text);
}

/** A spelled `.` that bare words need. */
const SPELLED_DOT = / (?:dot|DOT|point|POINT) |[[({<] ?(?:dot|DOT|Dot|point|POINT|\.) ?[\])}>]/;

/** The form of `forms` that matches at `at`, and where it ends. */
function formAt(text: string, at: number, forms: readonly Form[]) {
  for (const form of forms) {
    form.re.lastIndex = at;
    const m = form.re.exec(text);
    if (m) return { strength: form.strength, end: at + m[0].length };
  }
  return undefined;
}

/** The pieces of one spelled address whose `@` spelling starts at `at`, or none. */
function addressAt(text: string, at: number): Piece[] {
  // The local part: address characters right before, standing alone.
  let start = at;
  while (start > 0 && at - start < 64 && isLocalCode(text.charCodeAt(start - 1))) start--;
  if (start === at || (start > 0 && isLocalCode(text.charCodeAt(start - 1)))) return [];
  const local = text.slice(start, at);
  const atForm = formAt(text, at, AT_FORMS);
  if (!atForm) return [];
  const pieces: Piece[] = [{ from: at, to: atForm.end, decoded: '@' }];
  const labels: string[] = [];
  const dots: Strength[] = [];
  let i = atForm.end;
  for (;;) {
    LABEL.lastIndex = i;
    const label = LABEL.exec(text);
    if (!label) return [];
    labels.push(label[0]);
    i += label[0].length;
    if (labels.length === 10) break;
    const dot = formAt(text, i, DOT_FORMS);
    // The address ends where no label follows a dot (`fr.` at the end of a sentence).
    LABEL.lastIndex = dot?.end ?? 0;
    if (!dot || !LABEL.test(text)) break;
    dots.push(dot.strength);
    if (dot.strength !== 'literal') pieces.push({ from: i, to: dot.end, decoded: '.' });
    i = dot.end;
  }
  // The address ends there: no label character, no `@` glued after it (a full stop may follow).
  if (dots.length === 0 || isLabelEnd(text.charCodeAt(i))) return [];
  const tld = labels[labels.length - 1]!.toLowerCase();
  if (!TLD.test(tld)) return [];
  const strong = atForm.strength === 'strong' || dots.includes('strong');
  // Bare words only together, before a known domain, with no stop word around them.
  const spelled =
    atForm.strength === 'weak' &&
    !dots.includes('literal') &&
    KNOWN_TLDS.has(tld) &&
    ![local, ...labels.slice(0, -1)].some((w) => STOP_WORDS.has(w.toLowerCase()));
  return strong || spelled ? pieces : [];
}

/**
 * The pieces of every spelled-out address in `text` (see the file's comment). Linear: each
 * candidate `@` spelling reads at most an address's length around it.
 *
 * @example
 * obfuscatedEmailPieces('jean [at] exemple [dot] fr', []);
 * // [{ from: 4, to: 10, decoded: '@' }, { from: 17, to: 24, decoded: '.' }]
 */
export function obfuscatedEmailPieces(text: string, out: Piece[]): void {
  if (!mayHoldSpelling(text)) return;
  const found: Piece[][] = [];
  const scan = (re: RegExp, startOf: (m: RegExpExecArray) => number, bare: boolean) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      // A bare word: cheap test of what follows first (`at the end` has no spelled dot).
      if (bare && m[0] !== ' @ ') {
        LABEL_THEN_DOT.lastIndex = m.index + m[0].length;
        if (!LABEL_THEN_DOT.test(text)) {
          re.lastIndex = m.index + 1;
          continue;
        }
      }
      const pieces = addressAt(text, startOf(m));
      if (pieces.length > 0) found.push(pieces);
      // The next spelling may start in this one's trailing space (`a at b at c`).
      re.lastIndex = m.index + 1;
    }
  };
  // A bracket may have a space before it, which is part of the spelling.
  scan(BRACKETED_AT, (m) => (text.charCodeAt(m.index - 1) === 32 ? m.index - 1 : m.index), false);
  // A spaced `@`, or bare words: only with a spelled dot somewhere (most prose has none).
  if (text.includes(' @ ') || SPELLED_DOT.test(text)) scan(SPACED_AT, (m) => m.index, true);
  for (const pieces of found) out.push(...pieces);
}

/** Exported for the ReDoS shape test: every regex of this file. */
export const OBFUSCATED_EMAIL_PATTERNS: readonly RegExp[] = [
  ...AT_FORMS.map((f) => f.re),
  ...DOT_FORMS.map((f) => f.re),
  LOCAL,
  LABEL,
  LABEL_CHAR,
  TLD,
  BRACKETED_AT,
  SPACED_AT,
  LABEL_THEN_DOT,
  AROBASE,
  BRACKETED,
  SPELLED_DOT,
];
