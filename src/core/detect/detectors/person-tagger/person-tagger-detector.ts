import type { DetectedSpan, Detector } from '../../types';
import { nameBands } from '../person-names/name-bands';
import { loadCommonWords } from './common-words';
import { COMMON_WORDS } from './common-words.data';
import { mergeTaggedSpans } from './merge-spans';
import { loadModel, type TaggerModel, type TaggerWeights } from './model';
import { prepareText, spansOfTags, tagText } from './sequence';
import type { TaggerTokens } from './tokens';
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
 * detector, and the names the tagger finds around them (`mergeTaggedSpans`). The tagger tags
 * the rules' names as the rules did and reads on from there; it only adds names, so it never
 * leaves in clear what the rules mask. The weights load on first use.
 */
export function personTaggerDetector(options: PersonTaggerOptions): Detector {
  const { rules } = options;
  let model: TaggerModel | undefined;
  let lexicon: TaggerLexicon | undefined;
  // Reused from call to call (detection is synchronous); it grows to the longest text read.
  let tokens: TaggerTokens | undefined;
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
        tokens,
      );
      tokens = prepared.tokens;
      const weights = options.weights ?? PERSON_TAGGER_WEIGHTS;
      const bias = options.bias ?? weights.bias;
      const single = options.singleWordMargin ?? weights.singleWordMargin;
      const margins = new Float32Array(prepared.tokens.count);
      const tagged = spansOfTags(
        prepared,
        tagText(prepared, model.score, undefined, bias, margins),
        margins,
      ).filter((s) => s.words > 1 || s.margin >= single);
      return mergeTaggedSpans(
        ruleSpans,
        tagged.map((t) => ({ start: t.start, end: t.end, label: 'PERSON', score: TAGGER_SCORE })),
      );
    },
  };
}
