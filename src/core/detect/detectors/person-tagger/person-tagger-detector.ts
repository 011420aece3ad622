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
  /** Added to the tagger's scores of a name (default: the bias shipped with the weights). */
  bias?: number;
  /** The lead a one-word name needs (default: shipped with the weights). */
  singleWordMargin?: number;
}

/** The score of a name only the tagger found (a lone given name of the list scores 0.7). */
const TAGGER_SCORE = 0.75;
/** Distinct words whose reads a detector keeps between calls. */
const MEMO_SIZE = 50_000;

/**
 * PERSON by the hand-written signals and the trained tagger: every span of the rule-based
 * detector, and the names the tagger finds where the rules found none. The tagger reads the
 * rules' spans as one of its features; it only adds names, so it never finds fewer than the
 * rules. The weights load on first use.
 */
export function personTaggerDetector(options: PersonTaggerOptions): Detector {
  const { rules } = options;
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
      const weights = options.weights ?? PERSON_TAGGER_WEIGHTS;
      const bias = options.bias ?? weights.bias;
      const single = options.singleWordMargin ?? weights.singleWordMargin;
      const margins = new Float32Array(prepared.tokens.count);
      const tagged = spansOfTags(
        prepared,
        tagText(prepared, model.score, undefined, bias, margins),
        margins,
      ).filter((s) => s.words > 1 || s.margin >= single);
      // Both lists by start (the tagger's without overlaps): one pass adds the tagger's names
      // that overlap no rule span.
      const out: DetectedSpan[] = [...ruleSpans];
      const byStart = [...ruleSpans].sort((a, b) => a.start - b.start);
      let k = 0;
      // The furthest end of the rule spans that start before the tagger span ends.
      let reach = -1;
      for (const s of tagged) {
        while (k < byStart.length && byStart[k]!.start < s.end) {
          reach = Math.max(reach, byStart[k++]!.end);
        }
        if (reach <= s.start)
          out.push({ start: s.start, end: s.end, label: 'PERSON', score: TAGGER_SCORE });
      }
      return out;
    },
  };
}
