import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';

/** A token found in a text. */
export interface TokenMatch {
  start: number;
  end: number;
  token: string;
  label: string;
  n: number;
  /**
   * For a token of one part of a value (`<<PERSON:1.2>>`: the second word of `<<PERSON:1>>`'s
   * name, written alone), the part's number, 1-based; absent for the whole value.
   */
  part?: number;
}

/** The parts of a token: its label, number and, for a part of a value, the part's number. */
export interface TokenRef {
  label: string;
  n: number;
  part?: number;
}

/**
 * How tokens look. `render` writes one; the grammar finds them again (for restoration and for
 * invented-token checks), tells where a trailing token fragment may start (for streams), and
 * neutralises token-shaped text that must never be restored (user input, G8).
 */
export interface PlaceholderFormat {
  /**
   * A token. With `part`, the token of one part of the value (`<<PERSON:1.2>>`): a format that
   * ignores it gives the whole value's token, which restores to the whole value.
   */
  render(label: string, n: number, part?: number): string;
  /** Every well-formed token in `text`, left to right, non-overlapping. */
  findAll(text: string): TokenMatch[];
  /** `{ label, n }` (and `part`) when `text` is exactly one well-formed token. */
  parse(text: string): TokenRef | undefined;
  /**
   * The index where a possible token begins at the end of `text` (a proper prefix of some
   * token), or `text.length` when none. Looks back at most `maxLength - 1` characters.
   */
  partialStart(text: string): number;
  /** Rewrites every token-shaped substring so that `findAll` no longer sees it. */
  neutralize(text: string): string;
  /** The longest token this format can produce. Streams hold at most this much. */
  readonly maxLength: number;
}

export interface PlaceholderFormatOptions {
  /** Default `<<`. */
  open?: string;
  /** Default `>>`. */
  close?: string;
  /** Between label and number. Default `:`. */
  separator?: string;
}

const PLACEHOLDER_FORMAT_KEYS = {
  open: 'optional',
  close: 'optional',
  separator: 'optional',
} as const satisfies OptionKeys<PlaceholderFormatOptions>;

/** Longest label a token may carry, so that tokens, and what streams hold, stay bounded. */
export const MAX_LABEL_LENGTH = 32;
/** Numbers up to 999,999,999 per label. */
const MAX_DIGITS = 9;
/** Between a token's number and its part's (`<<PERSON:1.2>>`); parts are numbered 1 to 9. */
const PART_SEPARATOR = '.';
const MAX_PART = 9;

// Look-alike characters used to neutralise delimiters: readable, never parsed as a token.
const LOOKALIKES: Record<string, string> = {
  '<': '\u2039',
  '>': '\u203a',
  '[': '\u27e6',
  ']': '\u27e7',
  '{': '\u2983',
  '}': '\u2984',
  '(': '\u2768',
  ')': '\u2769',
  '%': '\u066a',
  '#': '\uff03',
  '@': '\uff20',
  _: '\uff3f',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Builds a placeholder format from its delimiters. Labels are `[A-Z][A-Z0-9_]*` (at most 32
 * characters), numbers start at 1. A token of one part of a value carries the part's number
 * after a dot (`<<PERSON:1.2>>`, 1 to 9).
 *
 * @example
 * const square = createPlaceholderFormat({ open: '[[', close: ']]' }); // [[EMAIL:1]]
 * const pii = createPii({ placeholder: square });
 */
export function createPlaceholderFormat(options: PlaceholderFormatOptions = {}): PlaceholderFormat {
  checkOptions('createPlaceholderFormat', options, PLACEHOLDER_FORMAT_KEYS);
  const open = options.open ?? '<<';
  const close = options.close ?? '>>';
  const sep = options.separator ?? ':';
  if (!open || !close || !sep)
    throw new PiiConfigError('Placeholder delimiters must not be empty.');
  if (/[A-Z0-9_]/.test(open + close + sep)) {
    throw new PiiConfigError(
      'Placeholder delimiters must not contain A-Z, 0-9 or "_": they would merge with labels.',
    );
  }
  const body = `([A-Z][A-Z0-9_]{0,${MAX_LABEL_LENGTH - 1}})${escapeRegExp(sep)}([1-9][0-9]{0,${MAX_DIGITS - 1}})(?:${escapeRegExp(PART_SEPARATOR)}([1-9]))?`;
  const tokenRe = new RegExp(`${escapeRegExp(open)}${body}${escapeRegExp(close)}`, 'g');
  const exactRe = new RegExp(`^${escapeRegExp(open)}${body}${escapeRegExp(close)}$`);
  const maxLength =
    open.length +
    MAX_LABEL_LENGTH +
    sep.length +
    MAX_DIGITS +
    PART_SEPARATOR.length +
    String(MAX_PART).length +
    close.length;
  const openFirst = open[0]!;
  const neutralOpen = [...open].map((c) => LOOKALIKES[c] ?? c).join('');
  const neutralClose = [...close].map((c) => LOOKALIKES[c] ?? c).join('');
  // Delimiters without a look-alike get a zero-width joiner after their first character.
  const safeOpen = neutralOpen !== open ? neutralOpen : `${open[0]}\u200d${open.slice(1)}`;
  const safeClose = neutralClose !== close ? neutralClose : `${close[0]}\u200d${close.slice(1)}`;

  const exactOrAny = (s: string) => {
    tokenRe.lastIndex = 0;
    const found = tokenRe.test(s);
    tokenRe.lastIndex = 0;
    return found;
  };

  const isPrefix = (s: string): boolean => {
    if (s.length <= open.length) return open.startsWith(s);
    if (!s.startsWith(open)) return false;
    let rest = s.slice(open.length);
    const label = /^[A-Z][A-Z0-9_]*/.exec(rest)?.[0] ?? '';
    if (label.length > MAX_LABEL_LENGTH) return false;
    rest = rest.slice(label.length);
    if (rest.length === 0) return true;
    if (label.length === 0) return false;
    if (rest.length <= sep.length) return sep.startsWith(rest);
    if (!rest.startsWith(sep)) return false;
    rest = rest.slice(sep.length);
    const digits = /^[1-9][0-9]*/.exec(rest)?.[0] ?? '';
    if (digits.length > MAX_DIGITS) return false;
    rest = rest.slice(digits.length);
    if (rest.length === 0) return true;
    if (digits.length === 0) return false;
    if (rest.length < close.length && close.startsWith(rest)) return true;
    // A part's number: `.` and one digit, then the close.
    if (!rest.startsWith(PART_SEPARATOR)) return false;
    rest = rest.slice(PART_SEPARATOR.length);
    if (rest.length === 0) return true;
    if (!/^[1-9]/.test(rest)) return false;
    rest = rest.slice(1);
    return rest.length < close.length && close.startsWith(rest);
  };
  const partOf = (digit: string | undefined) =>
    digit === undefined ? {} : { part: Number(digit) };

  return {
    maxLength,
    render(label, n, part) {
      const suffix =
        part !== undefined && Number.isInteger(part) && part >= 1 && part <= MAX_PART
          ? `${PART_SEPARATOR}${part}`
          : '';
      return `${open}${label}${sep}${n}${suffix}${close}`;
    },
    findAll(text) {
      const out: TokenMatch[] = [];
      if (!text.includes(open)) return out;
      for (const m of text.matchAll(tokenRe)) {
        out.push({
          start: m.index,
          end: m.index + m[0].length,
          token: m[0],
          label: m[1]!,
          n: Number(m[2]),
          ...partOf(m[3]),
        });
      }
      return out;
    },
    parse(text) {
      const m = exactRe.exec(text);
      return m ? { label: m[1]!, n: Number(m[2]), ...partOf(m[3]) } : undefined;
    },
    partialStart(text) {
      const from = Math.max(0, text.length - maxLength + 1);
      for (let i = text.indexOf(openFirst, from); i !== -1; i = text.indexOf(openFirst, i + 1)) {
        if (isPrefix(text.slice(i))) return i;
      }
      return text.length;
    },
    neutralize(text) {
      let out = text;
      // Repeat until stable so that no rewrite can ever assemble a new token.
      while (out.includes(open) && exactOrAny(out)) {
        out = out.replace(
          tokenRe,
          (token) => safeOpen + token.slice(open.length, token.length - close.length) + safeClose,
        );
      }
      return out;
    },
  };
}

/** The default format: `<<LABEL:n>>`. */
export const defaultPlaceholderFormat: PlaceholderFormat = createPlaceholderFormat();
