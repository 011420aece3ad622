/** One labelled span: UTF-16 offsets into the unit's text, `text.slice(start, end)` is the entity. */
export interface LabelledSpan {
  start: number;
  end: number;
  label: string;
}

/** One line of `.data/train/<source>.jsonl` (the shared labelled-text format). */
export interface TrainingUnit {
  id: string;
  source: string;
  lang: Lang;
  genre: Genre;
  split: 'train';
  text: string;
  spans: LabelledSpan[];
}

export type Lang = 'en' | 'fr' | 'de' | 'es' | 'it';
export type Genre = 'news' | 'wiki' | 'novel' | 'chat' | 'web' | 'social' | 'synthetic' | 'legal';

/**
 * A unit before the build names it: text and spans, and the group (document or block) it
 * belongs to, dropped whole when one of its units is an evaluation unit.
 */
export type ConvertedUnit = Pick<TrainingUnit, 'text' | 'spans'> & { group?: string };

/**
 * Maps a source's own entity type to ours; `null` drops the span (the text stays, so the words
 * count as negatives). A type the map does not name is an error: a converter never guesses.
 */
export type LabelMap = Readonly<Record<string, string | null>>;

/** What a converter met and decided, counted per source for the manifest. */
export type Notes = Map<string, number>;

export function note(notes: Notes, what: string, by = 1): void {
  notes.set(what, (notes.get(what) ?? 0) + by);
}

export function mapLabel(map: LabelMap, type: string, notes: Notes): string | null {
  if (!Object.hasOwn(map, type)) throw new Error(`no label mapping for source type '${type}'`);
  const label = map[type] ?? null;
  if (label === null) note(notes, `spans dropped: type ${type}`);
  return label;
}
