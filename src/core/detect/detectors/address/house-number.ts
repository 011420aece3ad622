import type { Token, TokenReader } from './tokens';

// A house number as people write it: `12`, `12bis`, `12 bis`, `221B`, `5a`, ranges and pairs
// (`12-14`, `5/7`, `1/A`), and the Spanish `s/n` (no number).

/** Letters glued to a house number or written after it: `bis`, `ter`, one letter. */
const NUMBER_SUFFIXES = new Set([
  'bis',
  'ter',
  'quater',
  'quinquies',
  'b',
  'a',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
]);
const isRangeMark = (t: Token | undefined) =>
  t !== undefined && t.kind === 'mark' && (t.key === '-' || t.key === '–' || t.key === '/');

/** Whether `t` is a number that can be a house number: 1 to 5 digits, not glued to a word. */
export function isHouseNumber(t: Token | undefined): boolean {
  if (t?.kind !== 'number' || t.glued) return false;
  const digits = t.digitsEnd - t.start;
  if (digits > 5 || t.key.charCodeAt(0) === 48) return false;
  return (
    t.suffix === '' ||
    NUMBER_SUFFIXES.has(t.suffix) ||
    (t.suffix.length === 1 && /[a-z]/.test(t.suffix))
  );
}

/**
 * The last token of the house number that `first` starts (a number that `isHouseNumber`), with
 * `bis`/`ter` or one letter after a space (`12 bis`, only where `spacedLetter` allows a lone
 * letter: not before a street word, `5 a Via…`), and a second number after `-`, `–` or `/`.
 *
 * @example
 * // `12-14 rue…`: the token `14`; `12 bis, rue…`: the token `bis`.
 */
export function houseNumberEnd(r: TokenReader, first: Token, spacedLetter: boolean): Token {
  let last = first;
  let next = r.following(last);
  if (
    next?.kind === 'word' &&
    !next.glued &&
    (next.key === 'bis' ||
      next.key === 'ter' ||
      next.key === 'quater' ||
      (spacedLetter && next.key.length === 1 && /[a-z]/.test(next.key) && endsHere(r, next)))
  ) {
    last = next;
    next = r.following(last);
  }
  if (isRangeMark(next) && next!.start === last.end) {
    const after = r.following(next!);
    if (after && after.start === next!.end) {
      if (isHouseNumber(after)) return after;
      // `1/A`, `12/b`
      if (after.kind === 'word' && after.key.length === 1 && next!.key === '/') return after;
    }
  }
  return last;
}

/** Whether nothing but a separator or the end of the text follows `t`. */
function endsHere(r: TokenReader, t: Token): boolean {
  const n = r.following(t);
  return n === undefined || n.kind !== 'word';
}

/**
 * The Spanish `s/n` ("sin número") at `t`: its last token, or undefined.
 */
export function noNumberEnd(r: TokenReader, t: Token | undefined): Token | undefined {
  if (t?.kind !== 'word' || t.key !== 's') return undefined;
  const slash = r.following(t);
  if (slash?.kind !== 'mark' || slash.key !== '/' || slash.start !== t.end) return undefined;
  const n = r.following(slash);
  return n?.kind === 'word' && n.key === 'n' && n.start === slash.end ? n : undefined;
}

/** `n.`, `nº`, `n°`, `no.`, `nr.`, `Nr.`, `num.` before a house number: the first token of it. */
export function numberMarkBefore(r: TokenReader, t: Token | undefined): Token | undefined {
  if (!t) return undefined;
  if (
    t.kind === 'word' &&
    (t.key === 'nº' ||
      t.key === 'n.º' ||
      ((t.key === 'n' || t.key === 'no' || t.key === 'nr' || t.key === 'num') && t.dot))
  ) {
    return t;
  }
  if (t.kind === 'mark' && t.key === '°') {
    const n = r.preceding(t);
    if (n?.kind === 'word' && n.key === 'n' && n.end === t.start) return n;
  }
  return undefined;
}
