import { PO_BOX_LAST_WORDS, PO_BOX_PHRASES } from './po-boxes';
import type { Token, TokenReader } from './tokens';

const PHRASES = new Map(PO_BOX_PHRASES.map((p) => [p.words.join(''), p.needsPostcode]));
const LONGEST = Math.max(...PO_BOX_PHRASES.map((p) => p.words.length));
/** The key of the word right before a box number, in every phrase (`b.p` of `B.P.` too). */
const LAST_WORDS = new Set([...PO_BOX_LAST_WORDS, 'b.p', 'p.o', 'bp']);
/** US military mail: `PSC 1234, Box 5678`, `Unit 2050 Box 4190`, `CMR 480 Box 12`. */
const MILITARY = new Set(['psc', 'cmr', 'unit']);

/** `PSC 1234, Box 5678`: where it starts (a postcode, `APO AE 09012`, must follow). */
function militaryBefore(r: TokenReader, box: Token): PoBox | undefined {
  let k = r.preceding(box);
  if (k?.kind === 'mark' && k.key === ',') k = r.preceding(k);
  if (k?.kind !== 'number' || k.glued) return undefined;
  const word = r.preceding(k);
  return word?.kind === 'word' && word.upper && MILITARY.has(word.key)
    ? { start: word.start, needsPostcode: true }
    : undefined;
}

/** A box found before its number: where its words start, and whether it needs a postcode after. */
export interface PoBox {
  start: number;
  needsPostcode: boolean;
}

/**
 * The post-office box whose number is `num`: the words before it, joined without dots or
 * blanks, are one of `PO_BOX_PHRASES` (`PO Box`, `P.O. Box`, `B.P.`, `Postfach`…).
 * Single letters need their dot (`B.P.`, not `b p`); `BP` must be in capitals.
 */
export function poBoxBefore(r: TokenReader, num: Token): PoBox | undefined {
  if (num.kind !== 'number' || num.glued) return undefined;
  const last = r.preceding(num);
  if (last?.kind !== 'word' || !LAST_WORDS.has(last.key)) return undefined;
  const military = last.key === 'box' ? militaryBefore(r, last) : undefined;
  if (military) return military;
  let joined = '';
  let found: PoBox | undefined;
  let k = r.preceding(num);
  for (
    let words = 0;
    k && k.kind === 'word' && !k.glued && words < LONGEST;
    words++, k = r.preceding(k)
  ) {
    const parts = k.key.split('.');
    if (parts.some((p) => p.length === 1) && !k.dot && parts.length === 1) break;
    joined = parts.join('') + joined;
    const needsPostcode = PHRASES.get(joined);
    if (needsPostcode !== undefined) {
      if (joined === 'bp' && !k.caps && !(k.dot || parts.length > 1)) break;
      // `BP 45` needs a postcode after it; `B.P. 45` does not.
      found = {
        start: k.start,
        needsPostcode: needsPostcode && !(joined === 'bp' && (k.dot || parts.length > 1)),
      };
    }
  }
  return found;
}

/**
 * The last token of a box number: `123`, and the groups of a German box (`Postfach 10 12 34`).
 */
export function boxNumberEnd(r: TokenReader, num: Token): Token {
  let last = num;
  for (let groups = 0; groups < 3; groups++) {
    const n = r.following(last);
    if (
      n?.kind !== 'number' ||
      n.glued ||
      n.suffix !== '' ||
      n.digitsEnd - n.start > 2 ||
      n.start !== last.end + 1
    )
      break;
    last = n;
  }
  return last;
}
