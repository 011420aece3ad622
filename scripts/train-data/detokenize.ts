import type { Lang } from './unit';

/** Natural text rebuilt from tokens, with each token's UTF-16 range in it. */
export interface Detokenized {
  text: string;
  /** `[start, end)` of token i in `text`; an empty token gets an empty range. */
  offsets: Array<[number, number]>;
}

// Punctuation that closes on the word before it (`said ,` → `said,`), and that opens on the next.
const CLOSING = /^[,.;:!?%)\]}…]+$/u;
const OPENING = /^[([{¿¡]+$/u;
// `$ 5`, and tweets tokenized as `@ user`, `# tag`.
const GLUED_TO_NEXT = /^[$£@#]$/u;
// English clitics split by PTB-style tokenizers: `do n't`, `it 's`.
const EN_CLITIC = /^(?:n['’]t|['’](?:s|m|re|ve|ll|d))$/iu;
// French and Italian elisions: `l' homme`, `dell' anno`, `qu' il`.
const ELISION = /^\p{L}+['’]$/u;
const LANGS_WITH_ELISION: ReadonlySet<Lang> = new Set(['fr', 'it']);

type QuoteRole = 'open' | 'close' | 'toggle';

/** How a quote token behaves in a language: German opens with „ and closes with “. */
function quoteRole(token: string, lang: Lang): QuoteRole | undefined {
  switch (token) {
    case '"':
    case "'":
      return 'toggle';
    case '``':
    case '„':
    case '‚':
      return 'open';
    case "''":
    case '”':
      return 'close';
    case '“':
    case '‘':
      return lang === 'de' ? 'close' : 'open';
    case '«':
      return lang === 'de' ? 'close' : 'open';
    case '»':
      return lang === 'de' ? 'open' : 'close';
    default:
      return undefined;
  }
}

// PTB writes double quotes as `` and ''; the text shows them as plain quotes.
const QUOTE_SPELLING: Readonly<Record<string, string>> = { '``': '"', "''": '"' };

/**
 * Joins tokens into natural text: no space before `, . ; : ! ? % ) ] }`, none after `( [ { ¿ ¡`
 * nor after a lone `$ £ @ #`,
 * quotes attached to what they enclose, English clitics and French/Italian elisions glued.
 *
 * @example
 * detokenize(['Il', 'a', 'vu', "l'", 'homme', '(', 'hier', ')', '.'], 'fr').text;
 * // "Il a vu l'homme (hier)."
 */
export function detokenize(tokens: readonly string[], lang: Lang): Detokenized {
  let text = '';
  const offsets: Array<[number, number]> = [];
  let glueNext = true; // nothing before the first token
  let doubleOpen = false;
  let singleOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const raw = tokens[i]!;
    if (raw === '') {
      offsets.push([text.length, text.length]);
      continue;
    }
    const token = QUOTE_SPELLING[raw] ?? raw;
    const prev = i > 0 ? tokens[i - 1]! : '';
    let glueBefore = glueNext;
    let glueAfter = false;
    const role = quoteRole(raw, lang);
    if (role === 'toggle' && raw === "'" && LANGS_WITH_ELISION.has(lang) && /\p{L}$/u.test(prev)) {
      glueBefore = true; // `l ' homme`: an elision split in three
      glueAfter = true;
    } else if (
      role === 'toggle' &&
      raw === "'" &&
      lang === 'en' &&
      !singleOpen &&
      /s$/iu.test(prev)
    ) {
      glueBefore = true; // possessive of a plural: `players '`
    } else if (role !== undefined) {
      let opens = role === 'open';
      if (role === 'toggle' && raw === "'") opens = singleOpen = !singleOpen;
      else if (role === 'toggle') opens = doubleOpen = !doubleOpen;
      if (opens) glueAfter = true;
      else glueBefore = true;
    } else if (CLOSING.test(token)) {
      glueBefore = true;
    } else if (OPENING.test(token) || GLUED_TO_NEXT.test(token)) {
      glueAfter = true;
    } else if (lang === 'en' && EN_CLITIC.test(token)) {
      glueBefore = true;
    } else if (LANGS_WITH_ELISION.has(lang) && ELISION.test(token)) {
      glueAfter = true;
    }
    if (text.length > 0 && !glueBefore) text += ' ';
    offsets.push([text.length, text.length + token.length]);
    text += token;
    glueNext = glueAfter;
  }
  return { text, offsets };
}
