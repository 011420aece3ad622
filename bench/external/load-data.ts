import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScoringUnit } from './score-units';

/** What the evaluation reads of `manifest.json`. */
export interface ManifestSource {
  id: string;
  repo: string;
  commit: string;
  lang: string;
  genre: string;
  licence: string;
  labels: string[];
}

export interface EvalData {
  units: ScoringUnit[];
  sources: ManifestSource[];
  /** Source id → labels its annotators marked. */
  annotated: Map<string, Set<string>>;
}

/** The evaluation files of a split, or `undefined` when they were not built. */
export function loadEvalData(dir: string, split: 'dev' | 'test'): EvalData | undefined {
  const file = join(dir, `eval-${split}.jsonl`);
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(file) || !existsSync(manifestFile)) return undefined;
  const units = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as ScoringUnit);
  const sources = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { sources: ManifestSource[] })
    .sources;
  return {
    units,
    sources,
    annotated: new Map(sources.map((s) => [s.id, new Set(s.labels)])),
  };
}
