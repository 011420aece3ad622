import type { DetectedSpan, Detector } from '../../types';
import { nameBands } from '../person-names/name-bands';
import { loadCommonWords } from './common-words';
import { COMMON_WORDS } from './common-words.data';
import { loadModel, type TaggerModel, type TaggerWeights } from './model';
import { prepareText, spansOfTags, tagText } from './sequence';
import { PERSON_TAGGER_WEIGHTS } from './weights.data';
import type { TaggerLexicon } from './word-reads';

export interface PersonTaggerOptions {
  /** The rule-based detector, whose spans the tagger reads as a feature. */
  rules: Detector;
  /** Default: the shipped weights and their common-word table. */
  weights?: TaggerWeights;
  commonWords?: string;
  /** Rule spans at or above this score are kept where the tagger found nothing (default 0.9). */
  keepRulesFrom?: number;
}

/** The score of a span the tagger found (between a lone given name's and a title's). */
const TAGGER_SCORE = 0.8;
/** Distinct words whose reads a detector keeps between calls. */
const MEMO_SIZE = 50_000;

/**
 * PERSON by the trained tagger, which reads the rule-based detector's spans as one of its
 * features; rule spans of the strongest signals (a known name, a title, a greeting, a table
 * column of names) are kept where the tagger found nothing. The weights load on first use.
 */
export function personTaggerDetector(options: PersonTaggerOptions): Detector {
  const { rules } = options;
  const keepFrom = options.keepRulesFrom ?? 0.9;
  let model: TaggerModel | undefined;
  let lexicon: TaggerLexicon | undefined;
  return {
    name: rules.name,
    labels: ['PERSON'],
    detect(text) {
      model ??= loadModel(options.weights ?? PERSON_TAGGER_WEIGHTS);
      lexicon ??= {
        common: loadCommonWords(options.commonWords ?? COMMON_WORDS),
        names: nameBands(),
        memo: new Map(),
      };
      if (lexicon.memo.size > MEMO_SIZE) lexicon.memo.clear();
      const ruleSpans = rules.detect(text) as readonly DetectedSpan[];
      const prepared = prepareText(
        text,
        ruleSpans.map((s) => ({ start: s.start, end: s.end, score: s.score ?? 0.7 })),
        lexicon,
      );
      const out: DetectedSpan[] = spansOfTags(prepared, tagText(prepared, model.score)).map(
        (s) => ({ ...s, label: 'PERSON', score: TAGGER_SCORE }),
      );
      // Both lists run by start, the tagger's without overlaps: one pass keeps the strong rule
      // spans that overlap no tagger span.
      const tagged = out.length;
      const strong = ruleSpans.filter((s) => (s.score ?? 0.7) >= keepFrom);
      strong.sort((a, b) => a.start - b.start);
      let k = 0;
      for (const s of strong) {
        while (k < tagged && out[k]!.end <= s.start) k++;
        if (k === tagged || out[k]!.start >= s.end) out.push(s);
      }
      return out;
    },
  };
}
