import type { DetectedSpan } from '../../types';
import { blocksNumber } from './blocking-words';
import { unitEnd } from './flat-and-floor';
import { mayHoldAddress } from './gate';
import { isHouseNumber } from './house-number';
import { NAME_PARTICLES, NOT_A_PLACE } from './name-words';
import { boxNumberEnd, poBoxBefore } from './po-box-reader';
import {
  cityEnd,
  type Place,
  postcodeCityAt,
  ukCityPostcodeAt,
  ukPostcodeAt,
  usCityStateZipAt,
  zipAt,
} from './postcode-city';
import type { PostcodeFormat } from './postcodes';
import { type StreetLine, streetAfterNumber, streetBeforeNumber } from './street-line';
import { isBlank, type Token, TokenReader } from './tokens';
import { SIDE_WORDS } from './units';

/**
 * Score of a span: a street with its postcode and city (or a box with them) is surest; a street
 * line alone, then a postcode and city alone, less so (they break ties with other labels).
 */
const SCORE_FULL = 0.95;
const SCORE_STREET = 0.85;
const SCORE_PLACE = 0.8;

/** Marks after which a postcode and city may stand alone (a field, a list, a line's start). */
const OPENING_MARKS = new Set([',', ';', ':', '(', '>', '|', '-', '–', '"', "'", '*', '•']);
/** Words after which a postcode and city may stand alone (`à 69003 Lyon`, `in 10115 Berlin`). */
const PLACE_PREPOSITIONS = new Set([
  'a',
  'à',
  'in',
  'en',
  'nach',
  'te',
  'at',
  'to',
  'aus',
  'da',
  'bei',
  'ad',
]);
/** Separators between the parts of one address (a line break: one, not a blank line). */
const SEPARATORS = new Set([',', ';', '-', '–', '|', '/', '>']);

const DIGITS = /[0-9]{1,12}/g;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Whether `[from, to)` holds only blanks, commas, a line break and one short word (`III`). */
function onlySeparators(text: string, from: number, to: number): boolean {
  if (to - from > 12) return false;
  let word = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c) || c === 44 || c === 10 || c === 13) continue;
    if (++word > 4) return false;
  }
  return true;
}

/** A number right after digits and `-`, `/` or `.`: the end of a date, a range or a code. */
function continuesDigits(text: string, s: number): boolean {
  const c = text.charCodeAt(s - 1);
  return (c === 45 || c === 47 || c === 46) && isDigit(text.charCodeAt(s - 2));
}

/** What the scan found at one number: the span and how sure it is. */
interface Found {
  start: number;
  end: number;
  score: number;
}

/** The separators after `last` and the token after them (undefined at a blank line or the end). */
function afterSeparators(
  r: TokenReader,
  last: Token,
): { t: Token | undefined; comma: boolean; line: boolean } {
  let t = r.following(last);
  let breaks = 0;
  let comma = false;
  for (let hops = 0; t && hops < 4; hops++) {
    if (t.kind === 'break') {
      if (++breaks > 1) return { t: undefined, comma, line: true };
    } else if (t.kind === 'mark' && SEPARATORS.has(t.key)) {
      if (t.key === ',') comma = true;
    } else break;
    t = r.following(t);
  }
  return { t, comma, line: breaks > 0 };
}

/** A unit's end: with its dot when it is an abbreviated side (`2º izda.`). */
const unitEndOffset = (t: Token) =>
  t.kind === 'word' && t.dot && SIDE_WORDS.has(t.key) ? t.end + 1 : t.end;

/** Whether `t` ends a stretch: nothing, a line break or a punctuation mark follows it. */
function endsStretch(r: TokenReader, t: Token): boolean {
  const n = r.following(t);
  return (
    n === undefined ||
    n.kind === 'break' ||
    (n.kind === 'mark' && '.,;:!?)'.includes(n.key)) ||
    t.dot
  );
}

/**
 * What follows a street line or a box: flats and floors, then a postcode and city (`69003
 * Lyon`, `London SW1A 2AA`, `Springfield, IL 62704`), or, after a comma, a city alone
 * (`12 rue des Lilas, Lyon`). Returns the new end and whether a postcode was read.
 */
function extendForward(
  r: TokenReader,
  last: Token,
  end: number,
  formats: readonly PostcodeFormat[],
  cityAlone: boolean,
): { end: number; postcode: boolean } {
  let cityLine = false;
  for (let parts = 0; parts <= 4; parts++) {
    const { t, comma, line } = afterSeparators(r, last);
    if (!t) break;
    const unit = parts < 3 && !cityLine ? unitEnd(r, t) : undefined;
    if (unit) {
      last = unit;
      end = unitEndOffset(unit);
      continue;
    }
    const place: Place | undefined =
      (cityLine ? undefined : postcodeCityAt(r, t, formats, true)) ??
      (cityLine ? undefined : usCityStateZipAt(r, t, formats)) ??
      (cityLine ? undefined : ukCityPostcodeAt(r, t, formats)) ??
      ukPostcodeAt(r, t, formats);
    if (place) return { end: place.end, postcode: true };
    if (!cityAlone || cityLine) break;
    const city = comma || line ? cityEnd(r, t) : undefined;
    if (!city) break;
    // `12 rue des Lilas, Lyon`; a city on its own line (`221B Baker Street\nLondon\nNW1 6XE`),
    // where a UK postcode may follow on the next one.
    const next = r.following(city);
    if (line && (next === undefined || next.kind === 'break')) {
      last = city;
      end = city.end;
      cityLine = true;
      continue;
    }
    if (comma && endsStretch(r, city)) return { end: city.end, postcode: false };
    break;
  }
  return { end, postcode: false };
}

/** `Flat 3, ` / `Apt 4B ` before a street whose number comes first: where the unit starts. */
function unitBefore(r: TokenReader, start: number): number {
  let t = r.previous(start);
  if (t?.kind === 'mark' && t.key === ',') t = r.preceding(t);
  if (!t || (t.kind !== 'number' && t.kind !== 'word')) return start;
  const word = r.preceding(t);
  if (word?.kind !== 'word') return start;
  const unit = unitEnd(r, word);
  return unit?.start === t.start ? word.start : start;
}

/** Whether a postcode and city starting with `first` stands where one may stand alone. */
function opensPlace(r: TokenReader, first: Token): boolean {
  const p = r.preceding(first);
  if (!p || p.kind === 'break') return true;
  if (p.kind === 'mark') {
    if (!OPENING_MARKS.has(p.key)) return false;
    if (p.key !== ':') return true;
    const label = r.preceding(p);
    return !(label?.kind === 'word' && blocksNumber(label.key));
  }
  return p.kind === 'word' && !p.upper && PLACE_PREPOSITIONS.has(p.key);
}

/** A year's shape (1900–2099): a four-digit postcode that is one needs a country prefix. */
const isYear = (key: string) => key.length === 4 && (key.startsWith('19') || key.startsWith('20'));

/**
 * The line before a postcode and city that holds no street word but a name and a number, as a
 * street line does (`Unter den Linden 77, 10117 Berlin`, `Damrak 1\n1012 LG Amsterdam`): where
 * it starts, or `start` when there is none.
 */
function streetWithoutWordBefore(r: TokenReader, start: number): number {
  let t = r.previous(start);
  if (!t || !((t.kind === 'mark' && t.key === ',') || t.kind === 'break')) return start;
  t = r.preceding(t);
  // `Damrak 118, 2e verdieping, 3511 LX Utrecht`, `Ostkamp 12 2 OG, 48149 Münster`: a flat
  // or floor between them, after a comma or not.
  const unit = t && unitStartEndingAt(r, t);
  if (unit) {
    t = r.preceding(unit);
    if (t?.kind === 'mark' && t.key === ',') t = r.preceding(t);
  }
  if (!t) return start;
  if (t.kind === 'word') return numberFirstWithoutWord(r, t) ?? start;
  if (!isHouseNumber(t)) return start;
  // `Damrak 263-267`: the range's first number.
  const dash = r.preceding(t);
  if (dash?.kind === 'mark' && (dash.key === '-' || dash.key === '/') && dash.end === t.start) {
    const first = r.preceding(dash);
    if (first && isHouseNumber(first) && first.end === dash.start) t = first;
  }
  // `Name Name 77`, `Name Name, 77`: capitalised words and particles, from the leftmost
  // capitalised one; a capitalised particle opens the name (`Am Markt`, `Unter den Linden`): a
  // lower-case one before it is the sentence's (`Lieferung an Am Markt 1`).
  let first: Token | undefined;
  let named = 0;
  let opened = false;
  let k = r.preceding(t);
  if (k?.kind === 'mark' && k.key === ',') k = r.preceding(k);
  for (let steps = 0; k && steps < 6; k = r.preceding(k), steps++) {
    if (k.kind !== 'word' || k.glued) break;
    const particle = NAME_PARTICLES.has(k.key);
    if (!particle && (!(k.upper || k.caps) || NOT_A_PLACE.has(k.key))) break;
    if (particle && opened && !k.upper) break;
    if (k.upper || k.caps) first = k;
    if (particle && k.upper) opened = true;
    if (!particle) named++;
  }
  return first && named > 0 ? first.start : start;
}

/**
 * `7 Old Mill Grange, …`: a house number, then one to four capitalised words ending at `last`
 * (the number first, as in the UK and the US): where it starts, or undefined.
 */
function numberFirstWithoutWord(r: TokenReader, last: Token): number | undefined {
  let k: Token | undefined = last;
  for (let words = 0; k && words < 4; words++) {
    if (k.kind !== 'word' || k.glued || !(k.upper || k.caps) || NOT_A_PLACE.has(k.key))
      return undefined;
    const before = r.preceding(k);
    if (before && isHouseNumber(before)) {
      const previous = r.preceding(before);
      return previous?.kind === 'word' && blocksNumber(previous.key) ? undefined : before.start;
    }
    k = before;
  }
  return undefined;
}

/** The first token of a flat or floor whose last token is `last` (`2e verdieping`, `3. Stock`). */
function unitStartEndingAt(r: TokenReader, last: Token): Token | undefined {
  let k: Token | undefined = last;
  for (let steps = 0; k && steps < 3; steps++) {
    if (unitEnd(r, k)?.start === last.start) return k;
    k = r.preceding(k);
  }
  return undefined;
}

/**
 * The address at the run of digits `num` (a number token), or undefined: a street line with
 * its house number before or after the name, a post-office box, or a postcode and city alone
 * where one may stand alone; each extended by what follows (flats, floors, postcode, city).
 */
function addressAt(
  r: TokenReader,
  num: Token,
  formats: readonly PostcodeFormat[],
): Found | undefined {
  const street: StreetLine | undefined = streetBeforeNumber(r, num) ?? numberFirst(r, num);
  if (street) {
    const start = unitBefore(r, street.start);
    // `boulevard Saint-Michel, 13001 Marseille`: the number after the comma is the postcode.
    const place = street.last === num ? postcodeCityAt(r, num, formats, true) : undefined;
    if (place && r.preceding(num)?.key === ',') return { start, end: place.end, score: SCORE_FULL };
    const more = extendForward(r, street.last, street.end, formats, true);
    if (street.needsPostcode && !more.postcode) return undefined;
    return { start, end: more.end, score: more.postcode ? SCORE_FULL : SCORE_STREET };
  }
  const box = poBoxBefore(r, num);
  if (box) {
    const last = boxNumberEnd(r, num);
    const more = extendForward(r, last, last.end, formats, false);
    if (box.needsPostcode && !more.postcode) return undefined;
    return { start: box.start, end: more.end, score: more.postcode ? SCORE_FULL : SCORE_STREET };
  }
  return placeAt(r, num, formats);
}

/** A street line whose number comes first, unless a word before the number makes it another one. */
function numberFirst(r: TokenReader, num: Token): StreetLine | undefined {
  const before = r.preceding(num);
  if (before?.kind === 'word' && blocksNumber(before.key)) return undefined;
  if (before?.kind === 'mark' && before.key === '#') return undefined;
  return streetAfterNumber(r, num);
}

/** A postcode and city (UK and US forms too) alone, where one may stand alone. */
function placeAt(
  r: TokenReader,
  num: Token,
  formats: readonly PostcodeFormat[],
): Found | undefined {
  // `F-69003 Lyon`: the prefix's word before the dash.
  let first: Token = num;
  const dash = r.preceding(num);
  if (dash?.kind === 'mark' && dash.key === '-' && dash.end === num.start) {
    const prefix = r.preceding(dash);
    if (prefix?.kind === 'word' && prefix.end === dash.start) first = prefix;
  }
  if (num.glued && first === num) {
    // `SW1A 1AA`: the outward code's letters before the digit.
    const letters = r.preceding(num);
    if (letters?.kind !== 'word' || letters.end !== num.start) return undefined;
    const code = ukPostcodeAt(r, letters, formats);
    if (!code) return undefined;
    // `London SW1A 2AA`, `LONDON\nSW1A 2AA`
    let city = r.preceding(letters);
    if (city?.kind === 'mark' && city.key === ',') city = r.preceding(city);
    if (city?.kind === 'break') city = r.preceding(city);
    const cityStart = city ? cityStartEndingAt(r, city) : undefined;
    if (!cityStart || !opensPlace(r, cityStart)) return undefined;
    const start = streetWithoutWordBefore(r, cityStart.start);
    return { start, end: code.end, score: start < cityStart.start ? SCORE_FULL : SCORE_PLACE };
  }
  const place = postcodeCityAt(r, first, formats);
  if (place) {
    const key = r.text.slice(num.start, num.digitsEnd);
    if (!place.postcode.prefixed && key.length === 4 && isYear(key)) return undefined;
    if (!opensPlace(r, first)) return undefined;
    const start = streetWithoutWordBefore(r, place.start);
    return { start, end: place.end, score: start < place.start ? SCORE_FULL : SCORE_PLACE };
  }
  // `Springfield, IL 62704`
  const state = r.preceding(num);
  if (state?.kind === 'word' && state.caps && zipAt(r, num)) {
    let c = r.preceding(state);
    if (c?.kind === 'mark' && c.key === ',') c = r.preceding(c);
    const cityStart = c ? cityStartEndingAt(r, c) : undefined;
    if (cityStart && opensPlace(r, cityStart)) {
      const us = usCityStateZipAt(r, cityStart, formats);
      if (us) {
        const start = streetWithoutWordBefore(r, us.start);
        return { start, end: us.end, score: start < us.start ? SCORE_FULL : SCORE_PLACE };
      }
    }
  }
  return undefined;
}

/** The first word of a city's name whose last word is `last` (up to three words back). */
function cityStartEndingAt(r: TokenReader, last: Token): Token | undefined {
  let first: Token | undefined;
  for (let k: Token | undefined = last, steps = 0; k && steps < 3; k = r.preceding(k), steps++) {
    if (k.kind !== 'word' || !(k.upper || k.caps)) break;
    const end = cityEnd(r, k);
    if (end && end.end >= last.end) first = k;
  }
  return first;
}

/**
 * Every address in `text` found around its numbers, in text order, not overlapping: one pass
 * over the runs of digits, each tested by `mayHoldAddress` before any token is read, tokens then
 * read a few at a time on either side of it.
 */
export function scanAddresses(text: string, formats: readonly PostcodeFormat[]): DetectedSpan[] {
  const spans: DetectedSpan[] = [];
  let r: TokenReader | undefined;
  let covered = 0;
  DIGITS.lastIndex = 0;
  for (let m = DIGITS.exec(text); m; m = DIGITS.exec(text)) {
    const s = m.index;
    if ((s > 0 && isDigit(text.charCodeAt(s - 1))) || !mayHoldAddress(text, s, s + m[0].length))
      continue;
    r ??= new TokenReader(text);
    const num = r.next(s);
    if (num?.kind !== 'number' || continuesDigits(text, s)) continue;
    const found = addressAt(r, num, formats);
    if (!found) continue;
    // A span ends with its last word: the dot of `Ave.` there also ends the sentence.
    const end = text.charCodeAt(found.end - 1) === 46 ? found.end - 1 : found.end;
    const previous = spans[spans.length - 1];
    if (previous && found.start < previous.end) {
      // Read from a later number, the address reaches over the one read before: it covers it
      // (`12005 Harbor Point, Lakewood, NJ 08701`: a house number, not a postcode and
      // a city) or goes on after it (a street read as far as its flat, then with its postcode).
      if (end <= previous.end) continue;
      previous.start = Math.min(previous.start, found.start);
      previous.end = end;
      previous.score = Math.max(previous.score ?? 0, found.score);
    } else if (
      previous &&
      previous.score === SCORE_STREET &&
      onlySeparators(text, previous.end, found.start)
    ) {
      // A street line, then its postcode and city read on their own (`Kerkstraat 12 III, 1012
      // AB Amsterdam`): one address.
      previous.end = end;
      previous.score = SCORE_FULL;
    } else spans.push({ start: found.start, end, label: 'ADDRESS', score: found.score });
    covered = Math.max(covered, end);
    if (DIGITS.lastIndex < covered) DIGITS.lastIndex = covered;
  }
  return text.includes('s/n')
    ? [...spans, ...withoutNumber(text, formats, spans)].sort((a, b) => a.start - b.start)
    : spans;
}

/** Spanish streets written `s/n` ("sin número": no number), outside the spans found already. */
function withoutNumber(
  text: string,
  formats: readonly PostcodeFormat[],
  spans: readonly DetectedSpan[],
): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  const r = new TokenReader(text);
  for (let at = text.indexOf('s/n'); at >= 0; at = text.indexOf('s/n', at + 3)) {
    if (spans.some((s) => s.start <= at && at < s.end)) continue;
    const s = r.next(at);
    if (s?.kind !== 'word' || s.start !== at) continue;
    const street = streetBeforeNumber(r, s);
    if (!street || out.some((o) => o.end > street.start)) continue;
    const more = extendForward(r, street.last, street.end, formats, true);
    out.push({
      start: street.start,
      end: more.end,
      label: 'ADDRESS',
      score: more.postcode ? SCORE_FULL : SCORE_STREET,
    });
  }
  return out;
}

/** The regexes of this file, for the ReDoS shape test. */
export const SCANNER_PATTERNS: readonly RegExp[] = [DIGITS];
