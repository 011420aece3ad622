import { wordKey } from '../word-key';
import { DE_STREET_WORDS } from './de';
import { EN_STREET_WORDS } from './en';
import { ES_STREET_WORDS } from './es';
import { FR_STREET_WORDS } from './fr';
import { IT_STREET_WORDS } from './it';
import { NL_STREET_WORDS } from './nl';
import type { StreetWordPosition, StreetWordRow, StreetWordTable } from './types';

export type { StreetWordPosition, StreetWordRow, StreetWordTable } from './types';

/** Every table, read in this order (the first row of a spelling names it in canonical forms). */
export const STREET_WORD_TABLES: readonly StreetWordTable[] = [
  FR_STREET_WORDS,
  EN_STREET_WORDS,
  DE_STREET_WORDS,
  ES_STREET_WORDS,
  IT_STREET_WORDS,
  NL_STREET_WORDS,
];

/** A position a street word may take (bit flags), strong or weak (see `StreetWordRow.weak`). */
export const LEAD = 1;
export const TAIL = 2;
export const TAIL_AFTER = 4;
/** A `lead` word that a house number may come before (`12 rue…`). */
export const LEAD_FIRST = 8;
const POSITIONS = 15;
const WEAK_SHIFT = 4;
const BIT: Record<Exclude<StreetWordPosition, 'suffix'>, number> = {
  lead: LEAD,
  tail: TAIL,
  'tail-after': TAIL_AFTER,
};

/** How one spelling of a street word reads (without and with a dot after it). */
export interface StreetWordEntry {
  /** Positions, strong in the low bits, weak ones shifted by `WEAK_SHIFT`, without a dot. */
  bare: number;
  /** The same with a dot written after the word. */
  dotted: number;
  /** The word of the canonical form. */
  canonical: string;
}

/** A compound's last part (`straße` of `Hauptstraße`). */
export interface StreetSuffix {
  key: string;
  needsDot: boolean;
  weak: boolean;
  canonical: string;
}

interface Built {
  words: Map<string, StreetWordEntry>;
  suffixes: StreetSuffix[];
}

/** A spelling's key and whether its dot is required. */
const spelling = (s: string) =>
  s.endsWith('.')
    ? { key: wordKey(s.slice(0, -1)), needsDot: true }
    : { key: wordKey(s), needsDot: false };

function build(tables: readonly StreetWordTable[]): Built {
  // Words that share a spelling (`av`: avenue, avenida) share one canonical word, the first
  // one met, so that every spelling of one street has one canonical form.
  const representative = new Map<string, string>();
  const find = (w: string): string => {
    const up = representative.get(w);
    if (up === undefined || up === w) return w;
    const root = find(up);
    representative.set(w, root);
    return root;
  };
  const owner = new Map<string, string>();
  const rows: (StreetWordRow & { numberBeforeLead?: true })[] = tables.flatMap((t) =>
    t.rows.map((row) => ({ ...row, numberBeforeLead: t.numberBeforeLead })),
  );
  for (const row of rows) {
    const word = wordKey(row.word);
    if (!representative.has(word)) representative.set(word, word);
    for (const s of [row.word, ...(row.short ?? [])]) {
      const { key } = spelling(s);
      const other = owner.get(key);
      if (other === undefined) owner.set(key, word);
      else if (find(other) !== find(word)) representative.set(find(word), find(other));
    }
  }
  const words = new Map<string, StreetWordEntry>();
  const suffixes: StreetSuffix[] = [];
  for (const row of rows) {
    const canonical = find(wordKey(row.word));
    let bits = 0;
    for (const p of row.position) {
      if (p === 'suffix') continue;
      const bit = p === 'lead' && row.numberBeforeLead ? LEAD | LEAD_FIRST : BIT[p];
      bits |= bit << (row.weak ? WEAK_SHIFT : 0);
    }
    for (const s of [row.word, ...(row.short ?? [])]) {
      const { key, needsDot } = spelling(s);
      if (row.position.includes('suffix')) {
        suffixes.push({ key, needsDot, weak: row.weak === true, canonical: wordKey(row.word) });
      }
      if (bits === 0) continue;
      const entry = words.get(key) ?? { bare: 0, dotted: 0, canonical };
      if (!needsDot) entry.bare |= bits;
      entry.dotted |= bits;
      words.set(key, entry);
    }
  }
  // Longest first: `steenweg` before `weg`.
  suffixes.sort((a, b) => b.key.length - a.key.length);
  return { words, suffixes };
}

const BUILT = build(STREET_WORD_TABLES);

/**
 * The positions (`LEAD`, `LEAD_FIRST`, `TAIL`, `TAIL_AFTER`) the word of key `key` may take as a street
 * word, and which of them are weak: `{ strong, weak }`, both 0 for no street word.
 *
 * @example
 * streetWordPositions('rue', false); // { strong: LEAD, weak: 0 }
 * streetWordPositions('r', false); // { strong: 0, weak: 0 } — `r.` needs its dot
 */
export function streetWordPositions(key: string, dot: boolean): { strong: number; weak: number } {
  const entry = BUILT.words.get(key);
  if (!entry) return NONE;
  const bits = dot ? entry.dotted : entry.bare;
  const strong = bits & POSITIONS;
  return { strong, weak: (bits >> WEAK_SHIFT) & ~strong & POSITIONS };
}
const NONE = { strong: 0, weak: 0 };

/**
 * The compound suffix that the word of key `key` ends with (at least two letters before it:
 * `Weg` alone is no compound), or undefined.
 *
 * @example
 * streetSuffixOf('hauptstrasse', false)?.canonical; // 'strasse'
 */
export function streetSuffixOf(key: string, dot: boolean): StreetSuffix | undefined {
  for (const s of BUILT.suffixes) {
    if (key.length >= s.key.length + 2 && key.endsWith(s.key) && (dot || !s.needsDot)) return s;
  }
  return undefined;
}

/** The canonical word of a street word's spelling (`av` → `avenue`), or undefined. */
export function canonicalStreetWord(key: string, dot: boolean): string | undefined {
  const entry = BUILT.words.get(key);
  if (!entry || (dot ? entry.dotted : entry.bare) === 0) return undefined;
  return entry.canonical;
}

/**
 * Every spelling of the canonical word `canonical`, for the sweep's variants: those of the rows
 * of that very word first (`avenue`, `av`, `ave`), then those of the words merged with it
 * (`avenida`, `avda`).
 */
export function spellingsOf(canonical: string): string[] {
  const own: string[] = [];
  const merged: string[] = [];
  for (const table of STREET_WORD_TABLES) {
    for (const row of table.rows) {
      if (canonicalStreetWord(wordKey(row.word), false) !== canonical) continue;
      const into = wordKey(row.word) === canonical ? own : merged;
      for (const s of [row.word, ...(row.short ?? [])])
        if (!own.includes(s) && !into.includes(s)) into.push(s);
    }
  }
  return [...own, ...merged.filter((s) => !own.includes(s))];
}

/** Every suffix spelling of the canonical suffix `canonical` (`strasse`: `straße`, `str.`…). */
export function suffixSpellingsOf(canonical: string): string[] {
  const out: string[] = [];
  for (const table of STREET_WORD_TABLES) {
    for (const row of table.rows) {
      if (!row.position.includes('suffix') || wordKey(row.word) !== canonical) continue;
      for (const s of [row.word, ...(row.short ?? [])]) if (!out.includes(s)) out.push(s);
    }
  }
  return out;
}
