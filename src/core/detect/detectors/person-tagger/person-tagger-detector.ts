import type { DetectedSpan, Detector } from '../../types';
import { personDetector } from '../person';
import { loadModel, type TaggerModel, type TaggerWeights } from './model';
import { loadCommonWords } from './common-words';
import { prepareText, spansOfTags, tagText } from './sequence';
import type { TaggerLexicon } from './word-reads';

export interface PersonTaggerOptions {
  weights: TaggerWeights;
  /** The `COMMON_WORDS` table the weights were trained with. */
  commonWords: string;
  /** Rule spans at or above this score are kept whatever the tagger says (default 2: none). */
  keepRulesFrom?: number;
}

/**
 * PERSON by the trained tagger, which reads the rule-based detector's spans as one of its
 * features.
 */
export function personTaggerDetector(options: PersonTaggerOptions): Detector {
  const rules = personDetector();
  const keepFrom = options.keepRulesFrom ?? 2;
  let model: TaggerModel | undefined;
  let lexicon: TaggerLexicon | undefined;
  return {
    name: 'person',
    labels: ['PERSON'],
    detect(text) {
      model ??= loadModel(options.weights);
      lexicon ??= { common: loadCommonWords(options.commonWords), memo: new Map() };
      // The memo of word reads is bounded: a server reads many texts.
      if (lexicon.memo.size > 50_000) lexicon.memo.clear();
      const ruleSpans = rules.detect(text) as DetectedSpan[];
      const prepared = prepareText(
        text,
        ruleSpans.map((s) => ({ start: s.start, end: s.end, score: s.score ?? 0.7 })),
        lexicon,
      );
      const tags = tagText(prepared, model.score);
      const out: DetectedSpan[] = spansOfTags(prepared, tags).map((s) => ({
        ...s,
        label: 'PERSON',
        score: 0.8,
      }));
      for (const s of ruleSpans) if ((s.score ?? 0.7) >= keepFrom) out.push(s);
      return out;
    },
  };
}
