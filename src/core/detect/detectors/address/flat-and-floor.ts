import type { Token, TokenReader } from './tokens';
import { FLOOR_WORDS, LONE_UNIT_WORDS, SIDE_WORDS, UNIT_WORDS } from './units';

const ROMAN_FLOOR = /^(?:i{1,3}|iv|v)$/;

/** Ordinal endings before a floor word: `3e`, `1er`, `3ème`, `2.`, `3rd`, `1º`, `3°`. */
const ORDINALS = new Set([
  '',
  'e',
  'er',
  'eme',
  'ere',
  'me',
  'st',
  'nd',
  'rd',
  'th',
  'º',
  'ª',
  'o',
  'a',
]);

/** A flat's or building's number or letter after its word: `4B`, `12`, `B`, `B2`. */
function unitValue(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.kind === 'number') return !t.glued && t.digitsEnd - t.start <= 5 && t.suffix.length <= 2;
  return t.kind === 'word' && t.end - t.start <= 2 && (t.upper || t.end - t.start === 1);
}

/**
 * The last token of a flat, floor, suite or building written at `t`: `Apt 4B`, `Apt. #4`,
 * `Suite 3400`, `Flat 3`, `bât. B`, `Whg. 5`, `piso 3`, `int. 5`, `scala B`, `bus 3`, `#12`,
 * `3e étage`, `2. OG`, `3rd floor`, `3 hoog`, `3º B`, `2º izda.`, `Bajo`, `Ático`; undefined if
 * none is.
 */
export function unitEnd(r: TokenReader, t: Token | undefined): Token | undefined {
  if (!t) return undefined;
  if (t.kind === 'word' && UNIT_WORDS.has(t.key) && !t.glued) {
    let v = r.following(t);
    if (v?.kind === 'mark' && (v.key === '#' || v.key === '°')) v = r.following(v);
    else if (v?.kind === 'word' && (v.key === 'no' || v.key === 'nº' || v.key === 'n') && v.dot)
      v = r.following(v);
    return unitValue(v) ? v : undefined;
  }
  if (t.kind === 'mark' && t.key === '#') {
    const v = r.following(t);
    return v?.kind === 'number' && v.start === t.end && unitValue(v) ? v : undefined;
  }
  if (t.kind === 'word' && LONE_UNIT_WORDS.has(t.key) && !t.glued) return sideAfter(r, t);
  // A Dutch floor in Roman numerals after the number (`Kerkstraat 12 III`).
  if (t.kind === 'word' && t.caps && !t.glued && ROMAN_FLOOR.test(t.key)) return t;
  if (t.kind === 'number' && !t.glued && t.digitsEnd - t.start <= 2 && ORDINALS.has(t.suffix)) {
    let n = r.following(t);
    // `3° piano`
    if (n?.kind === 'mark' && n.key === '°' && n.start === t.end) n = r.following(n);
    if (n?.kind === 'word' && FLOOR_WORDS.has(n.key)) return sideAfter(r, n);
    // `3º B`, `2º izda.`, `1ª`
    if (t.suffix === 'º' || t.suffix === 'ª') {
      const side = sideAfter(r, t);
      return side;
    }
  }
  return undefined;
}

/** After a Spanish floor: a door's letter or a side (`B`, `izda.`, `dcha`), if one follows. */
function sideAfter(r: TokenReader, t: Token): Token {
  const n = r.following(t);
  if (
    n?.kind === 'word' &&
    !n.glued &&
    (SIDE_WORDS.has(n.key) || (n.end - n.start === 1 && n.upper))
  )
    return n;
  return t;
}

/** The regexes of this file, for the ReDoS shape test. */
export const FLAT_AND_FLOOR_PATTERNS: readonly RegExp[] = [ROMAN_FLOOR];
