/**
 * Outputs of token-classification pipelines, written by hand in the documented shapes:
 * - transformers.js (`TokenClassificationPipeline`, `@huggingface/transformers` v3): one item
 *   per token not tagged `O`, `{ entity, score, index, word, start: null, end: null }`, the
 *   word decoded from its single token id (a WordPiece continuation keeps its `##`);
 * - the Python `transformers` pipeline: per token, `{ entity, score, index, word, start, end }`
 *   with the raw token as `word` (`##pont`, `▁Jean`), and with an `aggregation_strategy`,
 *   `{ entity_group, score, word, start, end }`; its offsets count code points (Python `str`).
 * The tags are those of `Xenova/bert-base-multilingual-cased-ner-hrl` (Davlan's multilingual
 * HRL model): `O`, `B-/I-DATE`, `B-/I-PER`, `B-/I-ORG`, `B-/I-LOC`. Scores are plausible
 * softmax values, not a model's.
 */
import type { TokenClassificationItem } from '../../../../src/core/detect/adapters/ner-entities';

/** French text with accents, read by mBERT (WordPiece) through transformers.js: no offsets. */
export const FRENCH = {
  text: "Bonjour, je m'appelle Élodie Müller et j'habite à Genève, je travaille chez Société Générale depuis mars 2021.",
  output: [
    { entity: 'B-PER', score: 0.9991, index: 7, word: 'É', start: null, end: null },
    { entity: 'I-PER', score: 0.9978, index: 8, word: '##lo', start: null, end: null },
    { entity: 'I-PER', score: 0.9969, index: 9, word: '##die', start: null, end: null },
    { entity: 'I-PER', score: 0.9987, index: 10, word: 'Müller', start: null, end: null },
    { entity: 'B-LOC', score: 0.9995, index: 17, word: 'Genève', start: null, end: null },
    { entity: 'B-ORG', score: 0.9812, index: 23, word: 'Société', start: null, end: null },
    { entity: 'I-ORG', score: 0.9794, index: 24, word: 'Générale', start: null, end: null },
    { entity: 'B-DATE', score: 0.9521, index: 26, word: 'mars', start: null, end: null },
    { entity: 'I-DATE', score: 0.9633, index: 27, word: '2021', start: null, end: null },
  ] satisfies TokenClassificationItem[],
};

/** Emoji and a non-BMP CJK character before the names: Python offsets (code points). */
export const NON_BMP = {
  text: '🎉🎉 Merci Aïcha Benali ! 😀 𠮷田 さん と 王伟 が来ます。',
  grouped: [
    { entity_group: 'PER', score: 0.9987, word: 'Aïcha Benali', start: 9, end: 21 },
    { entity_group: 'PER', score: 0.9412, word: '𠮷田', start: 26, end: 28 },
    { entity_group: 'PER', score: 0.9655, word: '王伟', start: 34, end: 36 },
  ] satisfies TokenClassificationItem[],
};

/** XLM-R (SentencePiece) through the Python pipeline: raw pieces, code point offsets. */
export const SENTENCEPIECE = {
  text: '📞 Rappeler Jean Dupont demain, puis Jean Dupont encore.',
  python: [
    { entity: 'B-PER', score: 0.998, index: 4, word: '▁Jean', start: 11, end: 15 },
    { entity: 'I-PER', score: 0.997, index: 5, word: '▁Du', start: 16, end: 18 },
    { entity: 'I-PER', score: 0.996, index: 6, word: 'pont', start: 18, end: 22 },
    { entity: 'B-PER', score: 0.998, index: 11, word: '▁Jean', start: 36, end: 40 },
    { entity: 'I-PER', score: 0.995, index: 12, word: '▁Du', start: 41, end: 43 },
    { entity: 'I-PER', score: 0.994, index: 13, word: 'pont', start: 43, end: 47 },
  ] satisfies TokenClassificationItem[],
  /** The same through transformers.js: each piece decoded alone (no `▁`), no offsets. */
  decoded: [
    { entity: 'B-PER', score: 0.998, index: 4, word: 'Jean', start: null, end: null },
    { entity: 'I-PER', score: 0.997, index: 5, word: 'Du', start: null, end: null },
    { entity: 'I-PER', score: 0.996, index: 6, word: 'pont', start: null, end: null },
    { entity: 'B-PER', score: 0.998, index: 11, word: 'Jean', start: null, end: null },
    { entity: 'I-PER', score: 0.995, index: 12, word: 'Du', start: null, end: null },
    { entity: 'I-PER', score: 0.994, index: 13, word: 'pont', start: null, end: null },
  ] satisfies TokenClassificationItem[],
};
