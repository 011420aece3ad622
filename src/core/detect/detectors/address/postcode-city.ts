import { CITY_OPENERS, CITY_PARTICLES, COUNTRY_NAMES, NOT_A_PLACE } from './name-words';
import { type PostcodeFormat, US_STATES } from './postcodes';
import type { Token, TokenReader } from './tokens';
import { ukShapeEnds } from './uk-shape';

/** A stretch of an address found at a token: `[start, end)` and its last token. */
export interface Place {
  start: number;
  end: number;
  last: Token;
}

/** Most words in a city's name. */
const MAX_CITY_WORDS = 4;

/** A word of a city's name: capitalised (or, with `lower`, in lower case), no month, no country. */
function isCityWord(t: Token | undefined, lower = false): t is Token {
  return (
    t !== undefined &&
    t.kind === 'word' &&
    !t.glued &&
    (t.upper || t.caps || lower) &&
    // Two capitals are a code or a state (`AB`, `NY`), not a city.
    (t.key.length >= 3 || (t.key.length === 2 && !t.caps)) &&
    !NOT_A_PLACE.has(t.key) &&
    !COUNTRY_NAMES.has(t.key)
  );
}

/**
 * The last token of a city's name starting at `first`: `Lyon`, `LYON`, `Aix-en-Provence`, `Le
 * Havre`, `San Sebastián de los Reyes`, `Frankfurt am Main`, `Las Palmas de Gran Canaria`;
 * with `lower` (after a street and a postcode, where the city is sure), in lower case too
 * (`lyon`, `den haag`). Undefined when `first` opens none.
 */
export function cityEnd(
  r: TokenReader,
  first: Token | undefined,
  lower = false,
): Token | undefined {
  if (first?.kind !== 'word' || !(first.upper || first.caps || lower)) return undefined;
  let last: Token;
  if (CITY_OPENERS.has(first.key)) {
    const next = r.following(first);
    if (!isCityWord(next, lower) || next.start > first.end + 2) {
      return isCityWord(first, lower) ? first : undefined;
    }
    last = next;
  } else if (isCityWord(first, lower)) last = first;
  else return undefined;
  // `am Main`, `de los Reyes`, `an der Saale`, `de Gran Canaria`: particles, then one or two
  // capitalised words.
  for (let words = 1; words < MAX_CITY_WORDS; words++) {
    let k = r.following(last);
    let particles = 0;
    while (k?.kind === 'word' && !k.upper && CITY_PARTICLES.has(k.key) && particles < 2) {
      particles++;
      k = r.following(k);
    }
    if (particles === 0 || !isCityWord(k, lower)) break;
    last = k;
    const second = r.following(k);
    if (second && isCityWord(second) && second.upper && words + 1 < MAX_CITY_WORDS) {
      last = second;
      words++;
    }
  }
  return last;
}

/** Prefixes of country before a postcode (`F-69003`), with the formats each one allows. */
function prefixed(formats: readonly PostcodeFormat[], prefix: string): PostcodeFormat[] {
  const upper = prefix.toUpperCase();
  return formats.filter((f) => f.prefixes.includes(upper));
}

/** The formats among `formats` that `code` (a number token) is valid in, by its shape. */
function formatsOf(
  r: TokenReader,
  code: Token,
  formats: readonly PostcodeFormat[],
  lower: boolean,
) {
  if (code.kind !== 'number' || code.glued) return { matched: [] as PostcodeFormat[], last: code };
  const digits = code.digitsEnd - code.start;
  if (digits === 5 && code.suffix === '') {
    // A US ZIP code is read after its state (`usCityStateZipAt`), never before a city.
    return {
      matched: formats.filter(
        (f) => f.shape === 'digits5' && f.country !== 'US' && f.valid(code.key),
      ),
      last: code,
    };
  }
  if (digits !== 4) return { matched: [], last: code };
  // NL: `1012 AB`, `1012AB` (`1012 ab` after a street).
  const glued = code.suffix.length === 2 ? r.text.slice(code.digitsEnd, code.end) : '';
  if (glued && (lower ? /^[A-Za-z]{2}$/ : /^[A-Z]{2}$/).test(glued)) {
    const nl = formats.filter(
      (f) => f.shape === 'digits4-letters' && f.valid(code.key + glued.toUpperCase()),
    );
    return { matched: nl, last: code };
  }
  if (code.suffix !== '') return { matched: [], last: code };
  const next = r.following(code);
  if (
    next?.kind === 'word' &&
    (next.caps || lower) &&
    next.end - next.start === 2 &&
    next.start === code.end + 1
  ) {
    const letters = r.text.slice(next.start, next.end).toUpperCase();
    const nl = formats.filter((f) => f.shape === 'digits4-letters' && f.valid(code.key + letters));
    if (nl.length > 0) return { matched: nl, last: next };
  }
  return { matched: formats.filter((f) => f.shape === 'digits4' && f.valid(code.key)), last: code };
}

/** A postcode read at a token: the formats it is valid in, where it starts, its last token. */
export interface Postcode {
  matched: PostcodeFormat[];
  start: number;
  last: Token;
  /** Written with a country prefix (`CH-8001`). */
  prefixed: boolean;
}

/** The postcode at `t` (`69003`, `F-69003`, `CH-8001`, `1012 AB`), valid in one of `formats`. */
export function postcodeAt(
  r: TokenReader,
  t: Token | undefined,
  formats: readonly PostcodeFormat[],
  lower = false,
): Postcode | undefined {
  if (!t) return undefined;
  let allowed = formats;
  let code: Token | undefined = t;
  let isPrefixed = false;
  if (t.kind === 'word') {
    if (!(t.upper || lower) || t.key.length > 2) return undefined;
    const dash = r.following(t);
    const number = dash && r.following(dash);
    if (
      dash?.kind !== 'mark' ||
      dash.key !== '-' ||
      dash.start !== t.end ||
      !number ||
      number.start !== dash.end
    ) {
      return undefined;
    }
    allowed = prefixed(formats, r.text.slice(t.start, t.end));
    code = number;
    isPrefixed = true;
  }
  if (allowed.length === 0) return undefined;
  const { matched, last } = formatsOf(r, code, allowed, lower);
  if (matched.length === 0) return undefined;
  return { matched, start: t.start, last, prefixed: isPrefixed };
}

/**
 * A postcode and its city at `t`: `69003 Lyon`, `D-10115 Berlin`, `1012 AB Amsterdam`, `75008
 * PARIS CEDEX 08`, `00184 Roma (RM)`, `8001 Zürich`; with `lower`, in lower case too (`69003
 * lyon`, `b-8000 brugge`: after a street, where people type in lower case).
 */
export function postcodeCityAt(
  r: TokenReader,
  t: Token | undefined,
  formats: readonly PostcodeFormat[],
  lower = false,
): (Place & { postcode: Postcode }) | undefined {
  const postcode = postcodeAt(r, t, formats, lower);
  if (!postcode) return undefined;
  const city = cityEnd(r, r.following(postcode.last), lower);
  if (!city) return undefined;
  let last = city;
  let end = city.end;
  const next = r.following(city);
  // `Cedex`, `Cedex 08`
  if (next?.kind === 'word' && next.key === 'cedex') {
    last = next;
    end = next.end;
    const n = r.following(next);
    if (n?.kind === 'number' && n.digitsEnd - n.start <= 2 && n.suffix === '') {
      last = n;
      end = n.end;
    }
  } else if (postcode.matched.some((f) => f.country === 'IT')) {
    // `(RM)`, `RM`: the province.
    const open = next?.kind === 'mark' && next.key === '(' ? next : undefined;
    const province = open ? r.following(open) : next;
    if (province?.kind === 'word' && province.caps && province.end - province.start === 2) {
      const close = open ? r.following(province) : undefined;
      if (!open) {
        last = province;
        end = province.end;
      } else if (close?.kind === 'mark' && close.key === ')') {
        last = close;
        end = close.end;
      }
    }
  }
  return { start: postcode.start, end, last, postcode };
}

/**
 * `Springfield, IL 62704`, `New York, NY 10001-2345`, read from the city at `first`: city words,
 * an optional comma, a state's code, a ZIP code (ZIP+4 too).
 */
export function usCityStateZipAt(
  r: TokenReader,
  first: Token | undefined,
  formats: readonly PostcodeFormat[],
): Place | undefined {
  if (!formats.some((f) => f.country === 'US')) return undefined;
  let last = cityEnd(r, first);
  if (!first || !last) return undefined;
  // Two-word cities without an opener (`Salt Lake City`, `Palo Alto`).
  for (let words = 1; words < 3; words++) {
    const n = r.following(last);
    if (!isCityWord(n) || n.caps || US_STATES.has(r.text.slice(n.start, n.end))) break;
    last = n;
  }
  let t = r.following(last);
  if (t?.kind === 'mark' && t.key === ',') t = r.following(t);
  if (t?.kind !== 'word' || !t.caps || !US_STATES.has(r.text.slice(t.start, t.end)))
    return undefined;
  const zip = zipAt(r, r.following(t));
  return zip ? { start: first.start, end: zip.end, last: zip } : undefined;
}

/** A ZIP code at `t` (5 digits, or ZIP+4 `12345-6789`): its last token. */
export function zipAt(r: TokenReader, t: Token | undefined): Token | undefined {
  if (t?.kind !== 'number' || t.glued || t.suffix !== '' || t.digitsEnd - t.start !== 5)
    return undefined;
  const n = Number(t.key);
  if (n < 501 || n > 99950) return undefined;
  const dash = r.following(t);
  const four =
    dash?.kind === 'mark' && dash.key === '-' && dash.start === t.end
      ? r.following(dash)
      : undefined;
  if (
    four?.kind === 'number' &&
    four.start === dash!.end &&
    four.digitsEnd - four.start === 4 &&
    four.suffix === ''
  )
    return four;
  return t;
}

/** The UK postcode that starts at `t` (`SW1A 1AA`, `M1 1AE`, `EC1A1BB`): its end, or undefined. */
export function ukPostcodeAt(
  r: TokenReader,
  t: Token | undefined,
  formats: readonly PostcodeFormat[],
): Place | undefined {
  if (t?.kind !== 'word' || t.glued || !(t.caps || t.end - t.start === 1)) return undefined;
  const uk = formats.find((f) => f.shape === 'uk');
  if (!uk) return undefined;
  for (const end of ukShapeEnds(r.text, t.start)) {
    const after = r.text.charCodeAt(end);
    if (
      (after >= 48 && after <= 57) ||
      (after >= 65 && after <= 90) ||
      (after >= 97 && after <= 122)
    )
      continue;
    if (!uk.valid(r.text.slice(t.start, end).replace(' ', ''))) continue;
    const last = r.previous(end);
    if (last) return { start: t.start, end, last };
  }
  return undefined;
}

/** `London SW1A 2AA`, `LONDON\nNW1 6XE`: a city, then (after a comma or a line break) a UK postcode. */
export function ukCityPostcodeAt(
  r: TokenReader,
  first: Token | undefined,
  formats: readonly PostcodeFormat[],
): Place | undefined {
  let city = cityEnd(r, first);
  if (!first || !city) return undefined;
  // Towns of two or three words (`Milton Keynes`, `West Bromwich`): the postcode tells.
  for (let words = 1; words < 3; words++) {
    const n = r.following(city);
    if (!isCityWord(n) || n.caps) break;
    city = n;
  }
  let t = r.following(city);
  if (t && ((t.kind === 'mark' && t.key === ',') || t.kind === 'break')) t = r.following(t);
  const code = ukPostcodeAt(r, t, formats);
  return code ? { start: first.start, end: code.end, last: code.last } : undefined;
}
