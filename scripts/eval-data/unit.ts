import { createHash } from 'node:crypto';

/** A labelled span: `text.slice(start, end)` is the entity (UTF-16 offsets). */
export interface GoldSpan {
  start: number;
  end: number;
  label: string;
}

export type Lang = 'en' | 'fr' | 'de' | 'es' | 'it';
export type Genre = 'news' | 'wiki' | 'novel' | 'chat' | 'web' | 'social' | 'synthetic' | 'legal';
export type Split = 'dev' | 'test' | 'train';

/** One line of the shared labelled-text format (see `docs/detectors.md`, external evaluation). */
export interface Unit {
  id: string;
  source: string;
  lang: Lang;
  genre: Genre;
  split: Split;
  text: string;
  spans: GoldSpan[];
}

/**
 * The text as compared across datasets: NFKC, lower case, no whitespace at all, so two copies of
 * one sentence that differ only by how they were detokenized hash the same.
 *
 * @example
 * normalizeForHash('Jean  Dupont ,') === normalizeForHash('jean dupont,'); // true
 */
export function normalizeForHash(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/**
 * SHA-256 (hex) of the normalised text: one line of `eval-units.sha256`.
 *
 * @example
 * unitHash('Jean Dupont.'); // '5f…' (64 hex digits)
 */
export function unitHash(text: string): string {
  return createHash('sha256').update(normalizeForHash(text)).digest('hex');
}

/** Throws if a span is out of range, empty, or the spans overlap: a converter bug, not data. */
export function checkUnit(unit: Unit): void {
  let end = 0;
  const sorted = [...unit.spans].sort((a, b) => a.start - b.start);
  for (const span of sorted) {
    if (span.start < end || span.end <= span.start || span.end > unit.text.length) {
      throw new Error(`${unit.id}: bad span ${JSON.stringify(span)}`);
    }
    end = span.end;
  }
}
