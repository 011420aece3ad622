import { unitEnd } from './flat-and-floor';
import { houseNumberEnd, isHouseNumber, noNumberEnd, numberMarkBefore } from './house-number';
import { NAME_PARTICLES, NOT_A_PLACE } from './name-words';
import {
  LEAD,
  LEAD_FIRST,
  streetSuffixOf,
  streetWordPositions,
  TAIL,
  TAIL_AFTER,
} from './street-words';
import type { Token, TokenReader } from './tokens';

/**
 * A street line found around a house number: `[start, end)` in the text, the last token read
 * (where the rest of the address may follow), and whether it needs a postcode and city after
 * it to be an address (a weak compound: `Marktplatz 1`, `Spring 2024`).
 */
export interface StreetLine {
  start: number;
  end: number;
  last: Token;
  needsPostcode: boolean;
}

/** Most words in a street's name (type word aside). */
const MAX_NAME_WORDS = 6;

const DIRECTIONS = new Set([
  'n',
  's',
  'e',
  'w',
  'ne',
  'nw',
  'se',
  'sw',
  'north',
  'south',
  'east',
  'west',
]);

/** The end of `t` with its dot when it is an abbreviation that takes one (`Str.`, `Av.`). */
export const endWithDot = (t: Token) => (t.dot ? t.end + 1 : t.end);

/** A word's particle part: `de`, `l'` of `l'Église` (its rest is a name word). */
function isParticle(t: Token): boolean {
  return t.kind === 'word' && NAME_PARTICLES.has(t.key);
}

/** A word with an elided article (`l'Église`, `d'Italia`, `dell'Orso`): a name word. */
function isElided(t: Token): boolean {
  const at = t.key.indexOf("'");
  return at >= 1 && at <= 4 && at < t.key.length - 1 && NAME_PARTICLES.has(t.key.slice(0, at));
}

/** How a word reads inside a street's name. */
enum NamePart {
  Stop = 0,
  Particle = 1,
  Capitalised = 2,
  Lower = 3,
}

function namePart(t: Token | undefined): NamePart {
  if (!t) return NamePart.Stop;
  if (t.kind === 'word') {
    if (t.glued) return NamePart.Stop;
    if (isParticle(t)) return NamePart.Particle;
    if (isElided(t)) return NamePart.Capitalised;
    // A name word has two letters or more (`quai B` is a platform).
    if (t.key.length < 2) return NamePart.Stop;
    if ((t.upper || t.caps) && !NOT_A_PLACE.has(t.key)) return NamePart.Capitalised;
    if (!t.upper && t.key.length >= 2 && !NOT_A_PLACE.has(t.key)) return NamePart.Lower;
    return NamePart.Stop;
  }
  return NamePart.Stop;
}

/** A number inside a name, after a particle: `rue du 8 Mai`, `Straße des 17. Juni`. */
function isDateInName(r: TokenReader, t: Token, before: Token | undefined): boolean {
  if (t.kind !== 'number' || t.suffix !== '' || t.digitsEnd - t.start > 2) return false;
  if (!before || !isParticle(before)) return false;
  const after = r.following(t);
  return after?.kind === 'word' && after.upper;
}

/**
 * The name after a street word that opens it (`rue |des Lilas|`, `Via |Roma|`), read forward:
 * capitalised words and particles, a date after a particle, or, written in lower case, one word
 * after the particles (`rue des lilas`) when the street word is strong. Its last token, or
 * undefined when no name word follows (`quai 3`, `Route 66`).
 */
export function leadNameEnd(r: TokenReader, lead: Token, weak: boolean): Token | undefined {
  let last: Token | undefined;
  let previous: Token = lead;
  // After a date's day (`du 8`): its month, then maybe its year (`rue du 8 Mai 1945`).
  let date = 0;
  for (
    let t = r.following(lead), words = 0;
    t && words < MAX_NAME_WORDS;
    t = r.following(t), words++
  ) {
    // A flat or a suite ends the name (`Avenue Foch Apt. 12`).
    if (t.kind === 'word' && unitEnd(r, t)) break;
    const part = namePart(t);
    if (date === 1 && t.kind === 'word' && t.upper) {
      date = 2;
    } else if (
      date === 2 &&
      t.kind === 'number' &&
      t.digitsEnd - t.start === 4 &&
      t.suffix === ''
    ) {
      date = 0;
    } else if (part === NamePart.Particle) {
      previous = t;
      continue;
    } else if (part === NamePart.Capitalised) {
      date = 0;
    } else if (part === NamePart.Lower && !weak && last === undefined) {
      // In lower case, one word after the particles ends the name (`rue des lilas`).
      return t;
    } else if (isDateInName(r, t, previous)) {
      date = 1;
    } else break;
    last = t;
    previous = t;
  }
  return last;
}

/**
 * A street line whose house number `num` comes first: `12 rue des Lilas`, `12 bis, avenue
 * Foch`, `221B Baker Street`, `1600 Pennsylvania Ave NW`, `350 5th Avenue`.
 */
export function streetAfterNumber(r: TokenReader, num: Token): StreetLine | undefined {
  if (!isHouseNumber(num)) return undefined;
  const numberEnd = houseNumberEnd(r, num, false);
  let t = r.following(numberEnd);
  if (t?.kind === 'mark' && t.key === ',') t = r.following(t);
  if (!t) return undefined;
  // `350 5th Avenue`
  if (t.kind === 'number') return isOrdinalName(t) ? tailStreet(r, num, t) : undefined;
  if (t.kind !== 'word') return undefined;
  const { strong, weak } = streetWordPositions(t.key, t.dot);
  if ((strong | weak) & LEAD_FIRST) {
    const end = leadNameEnd(r, t, (strong & LEAD_FIRST) === 0);
    if (end) return { start: num.start, end: end.end, last: end, needsPostcode: false };
  }
  return tailStreet(r, num, t);
}

/** An ordinal written as a street's name (`5th`, `42nd`, `1st`). */
const isOrdinalName = (t: Token) =>
  t.kind === 'number' &&
  (t.suffix === 'st' || t.suffix === 'nd' || t.suffix === 'rd' || t.suffix === 'th');

/** `221B |Baker Street|`: capitalised name words, then a street word that closes the name. */
function tailStreet(r: TokenReader, num: Token, first: Token): StreetLine | undefined {
  let t: Token | undefined = first;
  // `123 N Main St`
  if (t.kind === 'word' && t.upper && DIRECTIONS.has(t.key)) t = r.following(t);
  let names = 0;
  for (; t && names <= 4; t = r.following(t)) {
    if (names > 0 && t.kind === 'word') {
      const { strong, weak } = streetWordPositions(t.key, t.dot);
      if ((strong | weak) & TAIL && (t.upper || (strong & TAIL) !== 0)) {
        if ((strong & TAIL) === 0 && !t.upper) return undefined;
        let last = t;
        let end = endWithDot(t);
        // `Pennsylvania Avenue NW`; not the outward code of a UK postcode (`Baker Street NW1 6XE`).
        const after = r.following(t);
        const glued = after && r.following(after);
        const outward = glued?.kind === 'number' && glued.glued;
        if (after?.kind === 'word' && after.caps && DIRECTIONS.has(after.key) && !outward) {
          last = after;
          end = after.end;
        }
        return { start: num.start, end, last, needsPostcode: false };
      }
    }
    const named =
      (t.kind === 'word' &&
        !t.glued &&
        (t.upper || t.caps) &&
        !NOT_A_PLACE.has(t.key) &&
        !unitEnd(r, t)) ||
      isOrdinalName(t);
    if (!named) return undefined;
    names++;
  }
  return undefined;
}

/**
 * A street line whose house number `num` comes after the name: `Via Roma 1`, `Calle de Alcalá,
 * 48`, `Hauptstraße 5a`, `Berliner Str. 12`, `Rue de la Loi 16`, `Kerkstraat 12-14`, `Via
 * Roma n. 1`, `Calle Mayor s/n`.
 */
export function streetBeforeNumber(r: TokenReader, num: Token): StreetLine | undefined {
  const noNumber = num.kind === 'word' ? noNumberEnd(r, num) : undefined;
  // After the name, a house number has four digits at most: five are a postcode.
  if (!noNumber && (!isHouseNumber(num) || num.digitsEnd - num.start > 4)) return undefined;
  const numberLast = noNumber ?? houseNumberEnd(r, num, true);
  let t = r.preceding(num);
  const mark = numberMarkBefore(r, t);
  if (mark) t = r.preceding(mark);
  if (t?.kind === 'mark' && t.key === ',') {
    // `Via Roma, 1` ends the street line there; `Avenue Montaigne, 3 boutiques` counts.
    const next = r.following(numberLast);
    if (next?.kind === 'word' && !next.upper && !unitEnd(r, next) && !NAME_PARTICLES.has(next.key))
      return undefined;
    t = r.preceding(t);
  }
  if (t?.kind !== 'word' || t.glued) return undefined;
  const end = numberLast.end;

  // `Hauptstraße 5`, `Karl-Marx-Allee 33`, `Kerkstraat 12`
  const suffix = streetSuffixOf(t.key, t.dot);
  if (suffix && (t.upper || !suffix.weak)) {
    const before = r.preceding(t);
    // `Alte Hauptstraße`, `Kleine Gasse`: one adjective before the compound; `Am Kirchberg`,
    // `An der Hofwiese`: a preposition that opens the name.
    const start =
      before && isAdjective(before) ? before.start : (prepositionBefore(r, t) ?? t.start);
    return { start, end, last: numberLast, needsPostcode: suffix.weak };
  }
  const { strong, weak } = streetWordPositions(t.key, t.dot);
  // `Berliner Straße 5`, `Am Alten Markt 3` (`berliner straße 5` typed in lower case)
  if ((strong | weak) & TAIL_AFTER && (t.upper || (strong & TAIL_AFTER) !== 0)) {
    const start = tailAfterStart(r, t, (strong & TAIL_AFTER) === 0, !t.upper);
    if (start !== undefined) return { start, end, last: numberLast, needsPostcode: false };
  }
  // Back over the name to the word that opens it, the farthest one (`Calle de la Plaza Mayor`).
  const found = leadBefore(r, t);
  return found ? { start: found.start, end, last: numberLast, needsPostcode: false } : undefined;
}

/**
 * The word that opens the street's name ending at `last` (read backward: capitalised words,
 * particles, a date after a particle, or one word in lower case after a strong street word:
 * `calle mayor`), the farthest one; undefined if none, or if a weak one (`via`, `place`) opens
 * a name in lower case (`via email 2`).
 */
function leadBefore(r: TokenReader, last: Token): Token | undefined {
  // The name ends with a name word, not a particle (`place Bellecour à 14 h`).
  if (namePart(last) === NamePart.Particle) return undefined;
  let lead: Token | undefined;
  let content = 0;
  let lower = 0;
  // The leftmost content word read so far: the first of the name once a lead is found.
  let leftmost: Token | undefined;
  for (
    let k: Token | undefined = last, steps = 0;
    k && steps < MAX_NAME_WORDS + 3;
    k = r.preceding(k), steps++
  ) {
    if (k.kind === 'word' && !k.glued && content > 0) {
      const { strong, weak } = streetWordPositions(k.key, k.dot);
      if ((strong | weak) & LEAD) {
        const isWeak = (strong & LEAD) === 0;
        if (!isWeak || (lower === 0 && leftmost?.upper === true)) lead = k;
        // A farther one may open the name still (`Calle de la Plaza Mayor`).
        continue;
      }
    }
    const part = namePart(k);
    if (part === NamePart.Particle) continue;
    if (part === NamePart.Capitalised && lower === 0) {
      content++;
      leftmost = k;
      continue;
    }
    if (part === NamePart.Lower && !lead && content === 0) {
      lower++;
      content++;
      leftmost = k;
      continue;
    }
    if (k.kind === 'number' && isDateInName(r, k, r.preceding(k))) continue;
    // A date's month after its day (`Straße des 17. Juni`, `Via XX Settembre`).
    const day = k.kind === 'word' && k.upper ? r.preceding(k) : undefined;
    if (
      (day?.kind === 'number' && isDateInName(r, day, r.preceding(day))) ||
      (day?.kind === 'word' && ROMAN.test(day.key) && day.caps)
    ) {
      content++;
      leftmost = k;
      continue;
    }
    break;
  }
  return lead;
}

/** `Am`, `An der`, `Zur`, capitalised, right before `name`: where it starts, or undefined. */
function prepositionBefore(r: TokenReader, name: Token): number | undefined {
  let k = r.preceding(name);
  if (k?.kind === 'word' && !k.upper && (k.key === 'der' || k.key === 'den' || k.key === 'dem'))
    k = r.preceding(k);
  return k?.kind === 'word' && k.upper && STREET_PREPOSITIONS.has(k.key) ? k.start : undefined;
}

/** `Alte`, `Neue`, `Große`, `Berliner`, `Obere`: a capitalised German adjective before a compound. */
function isAdjective(t: Token): boolean {
  return (
    t.kind === 'word' &&
    t.upper &&
    !t.glued &&
    t.key.length >= 4 &&
    ADJECTIVE.test(t.key) &&
    !NOT_A_PLACE.has(t.key)
  );
}
const ADJECTIVE = /^[a-z]{2,20}(?:e|er|en|es)$/;
const ROMAN = /^[ivxl]{1,6}$/;
const LOWER_PLACE_ADJECTIVE = /^[a-z]{3,20}er$/;
/** German prepositions that open a street's name (`Am Markt`, `An der Alster`, `Zur Linde`). */
const STREET_PREPOSITIONS = new Set([
  'am',
  'an',
  'auf',
  'im',
  'in',
  'zum',
  'zur',
  'unter',
  'hinter',
  'vor',
  'bei',
]);

/**
 * Where a street closed by a word with the number after it starts: `Berliner Straße`, `Am
 * Alten Markt`, `An der Alster`, `Karl Marx Allee`: one to three capitalised words (German
 * prepositions `Am`, `An`, `Auf`, `Im`, `Zum`, `Zur` and articles among them); a weak word
 * (`Platz`, `Markt`, `Ring`) needs a capitalised name word, not a preposition alone.
 */
function tailAfterStart(
  r: TokenReader,
  type: Token,
  weak: boolean,
  lower: boolean,
): number | undefined {
  let start: number | undefined;
  let named = 0;
  let k = r.preceding(type);
  // In lower case, one adjective of a place (`berliner straße`).
  if (lower) return k && !k.upper && LOWER_PLACE_ADJECTIVE.test(k.key) ? k.start : undefined;
  for (let steps = 0; k && steps < 4; k = r.preceding(k), steps++) {
    if (k.kind !== 'word' || k.glued) break;
    if (isParticle(k)) {
      // `Am`, `An der`, `Zur`: a preposition opens the name; an article (`Die Berliner
      // Straße`) is the sentence's.
      if (k.upper && STREET_PREPOSITIONS.has(k.key)) {
        start = k.start;
        break;
      }
      if (k.upper || named === 0) break;
      continue;
    }
    if (!k.upper || NOT_A_PLACE.has(k.key)) break;
    named++;
    start = k.start;
  }
  if (start === undefined || (weak && named === 0)) return undefined;
  return start;
}

/** The regexes of this file, for the ReDoS shape test. */
export const STREET_LINE_PATTERNS: readonly RegExp[] = [ADJECTIVE, ROMAN, LOWER_PLACE_ADJECTIVE];
