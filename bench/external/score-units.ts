import { addCounts, type Counts } from './counts';
import { matchSpans, type ScoredSpan } from './match-spans';
import { exposure, nameWords } from './person-leaks';

/** What the scorer needs of a unit (the shared labelled-text format has more). */
export interface ScoringUnit {
  id: string;
  source: string;
  lang: string;
  genre: string;
  text: string;
  spans: readonly ScoredSpan[];
}

/** PERSON as a DPO reads it: names left in clear, and recall by name length. */
export interface PersonView {
  names: number;
  fullyInClear: number;
  partlyInClear: number;
  singleWord: { names: number; found: number };
  multiWord: { names: number; found: number };
}

/** Everything one system scored on one split. */
export interface SystemResult {
  name: string;
  labels: string[];
  units: number;
  byLabel: Record<string, Counts>;
  /** label → language / source / genre → counts */
  byLang: Record<string, Record<string, Counts>>;
  bySource: Record<string, Record<string, Counts>>;
  byGenre: Record<string, Record<string, Counts>>;
  person: PersonView;
  /** label → source → predictions on text whose source does not annotate that label. */
  unscored: Record<string, Record<string, number>>;
}

/** A miss or a false alarm, with the text around it. */
export interface ScoringError {
  kind: 'FN' | 'FP';
  id: string;
  source: string;
  label: string;
  value: string;
  context: string;
}

export interface ScorerOptions {
  name: string;
  /** Labels this system is scored on (the labels it can emit, narrowed by `--labels`). */
  labels: readonly string[];
  /** Source → labels its annotators marked; other labels are neither hits nor false alarms. */
  annotated: ReadonlyMap<string, ReadonlySet<string>>;
  /** Keep every miss and false alarm (dev split only). */
  keepErrors?: boolean;
}

/**
 * Accumulates one system's predictions over units, with the matching rule of
 * {@link matchSpans}, and returns the figures by label, language, source and genre.
 *
 * @example
 * const scorer = createScorer({ name: 'ours', labels: ['PERSON'], annotated });
 * scorer.add(unit, predictedSpans);
 * scorer.result().byLabel.PERSON; // { tp, fp, fn }
 */
export function createScorer(options: ScorerOptions) {
  const labels = [...options.labels].sort();
  const byLabel = new Map<string, Counts>();
  const nested = { byLang: new Map(), bySource: new Map(), byGenre: new Map() } as Record<
    'byLang' | 'bySource' | 'byGenre',
    Map<string, Map<string, Counts>>
  >;
  const unscored = new Map<string, Map<string, number>>();
  const person: PersonView = {
    names: 0,
    fullyInClear: 0,
    partlyInClear: 0,
    singleWord: { names: 0, found: 0 },
    multiWord: { names: 0, found: 0 },
  };
  const errors: ScoringError[] = [];
  let units = 0;

  const addNested = (kind: keyof typeof nested, label: string, key: string, c: Counts) => {
    const m = nested[kind].get(label) ?? new Map<string, Counts>();
    addCounts(m, key, c);
    nested[kind].set(label, m);
  };

  function add(unit: ScoringUnit, predicted: readonly ScoredSpan[]): void {
    units++;
    const annotated = options.annotated.get(unit.source) ?? new Set<string>();
    for (const label of labels) {
      const pred = predicted.filter((s) => s.label === label);
      if (!annotated.has(label)) {
        if (pred.length > 0) {
          const m = unscored.get(label) ?? new Map<string, number>();
          m.set(unit.source, (m.get(unit.source) ?? 0) + pred.length);
          unscored.set(label, m);
        }
        continue;
      }
      const gold = unit.spans.filter((s) => s.label === label);
      const match = matchSpans(gold, pred);
      const c = { tp: match.pairs.length, fp: match.spurious.length, fn: match.missed.length };
      addCounts(byLabel, label, c);
      addNested('byLang', label, unit.lang, c);
      addNested('bySource', label, unit.source, c);
      addNested('byGenre', label, unit.genre, c);
      if (label === 'PERSON') addPerson(unit, gold, match.missed, predicted);
      if (options.keepErrors) {
        for (const s of match.missed) errors.push(error('FN', unit, s));
        for (const s of match.spurious) errors.push(error('FP', unit, s));
      }
    }
  }

  function addPerson(
    unit: ScoringUnit,
    gold: readonly ScoredSpan[],
    missed: readonly ScoredSpan[],
    predicted: readonly ScoredSpan[],
  ): void {
    const missedSet = new Set(missed);
    for (const g of gold) {
      person.names++;
      const seen = exposure(unit.text, g, predicted);
      if (seen === 'fully') person.fullyInClear++;
      else if (seen === 'partly') person.partlyInClear++;
      const bucket =
        nameWords(unit.text.slice(g.start, g.end)) <= 1 ? person.singleWord : person.multiWord;
      bucket.names++;
      if (!missedSet.has(g)) bucket.found++;
    }
  }

  function result(): SystemResult {
    const obj = (m: Map<string, Counts>) =>
      Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
    const two = (m: Map<string, Map<string, Counts>>) =>
      Object.fromEntries(
        [...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, obj(v)]),
      );
    return {
      name: options.name,
      labels,
      units,
      byLabel: obj(byLabel),
      byLang: two(nested.byLang),
      bySource: two(nested.bySource),
      byGenre: two(nested.byGenre),
      person,
      unscored: Object.fromEntries([...unscored].map(([k, v]) => [k, Object.fromEntries(v)])),
    };
  }

  return { add, result, errors };
}

function error(kind: 'FN' | 'FP', unit: ScoringUnit, s: ScoredSpan): ScoringError {
  const before = unit.text.slice(Math.max(0, s.start - 60), s.start);
  const after = unit.text.slice(s.end, s.end + 60);
  return {
    kind,
    id: unit.id,
    source: unit.source,
    label: s.label,
    value: unit.text.slice(s.start, s.end),
    context: `${before}[${unit.text.slice(s.start, s.end)}]${after}`.replace(/\s+/g, ' '),
  };
}
