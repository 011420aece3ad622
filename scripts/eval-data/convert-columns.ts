import { tagsToRanges } from './bio-tags';
import type { ColumnSentence } from './conll-reader';
import { alignTokens, detokenize } from './detokenize';
import { trimSpan } from './trim-span';
import type { GoldSpan, Unit } from './unit';

/** What a converter needs to know about the units it makes. */
export interface UnitContext {
  source: string;
  lang: Unit['lang'];
  genre: Unit['genre'];
  split: Unit['split'];
  /** Source entity type (upper case) → our label; types not listed are dropped and counted. */
  labelMap: Readonly<Record<string, string>>;
}

export interface ColumnOptions extends UnitContext {
  /** Prefix of unit ids, e.g. `wikineural-fr:test`; the sentence number follows. */
  idPrefix: string;
  /** Comment holding the sentence's raw text (`text` in CoNLL-U): used where tokens align. */
  rawTextComment?: string;
  /** Cut sentences longer than this (sources without sentence breaks), never inside an entity. */
  maxTokens?: number;
  /** Tokens that are never part of an entity (`@` before a user name in tweets). */
  outsideTokens?: readonly string[];
  /** Genre of one sentence from its comments, where a source mixes genres (default: `genre`). */
  genreOf?: (comments: Readonly<Record<string, string>>) => Unit['genre'];
}

/** Units plus what was lost on the way, for the manifest. */
export interface Converted {
  units: Unit[];
  invalidTags: number;
  unmappedSpans: number;
}

const SENTENCE_END = new Set(['.', '!', '?', '…']);

/**
 * Turns column sentences into units: text detokenized (or the source's raw text, where the tokens
 * align with it), entity runs mapped to labels and to character offsets.
 *
 * @example
 * columnUnits([{ tokens: ['Jean', 'vient', '.'], tags: ['B-PER', 'O', 'O'], comments: {} }],
 *   { source: 's', lang: 'fr', genre: 'news', split: 'test', idPrefix: 's:test',
 *     labelMap: { PER: 'PERSON' } }).units[0];
 * // { id: 's:test:0', text: 'Jean vient.', spans: [{ start: 0, end: 4, label: 'PERSON' }], … }
 */
export function columnUnits(
  sentences: readonly ColumnSentence[],
  options: ColumnOptions,
): Converted {
  const out: Converted = { units: [], invalidTags: 0, unmappedSpans: 0 };
  const outside = new Set(options.outsideTokens ?? []);
  let n = 0;
  for (const whole of sentences) {
    const genre = options.genreOf?.(whole.comments) ?? options.genre;
    for (const sentence of chunk(whole, options.maxTokens)) {
      const tags = sentence.tags.map((tag, i) => (outside.has(sentence.tokens[i]!) ? 'O' : tag));
      const { ranges, invalid } = tagsToRanges(tags);
      out.invalidTags += invalid;
      const raw = options.rawTextComment ? sentence.comments[options.rawTextComment] : undefined;
      const aligned = raw === undefined ? undefined : alignTokens(raw, sentence.tokens);
      const { text, offsets } =
        raw !== undefined && aligned
          ? { text: raw, offsets: aligned }
          : detokenize(sentence.tokens, options.lang);
      const spans: GoldSpan[] = [];
      for (const range of ranges) {
        const label = options.labelMap[range.type];
        if (!label) {
          out.unmappedSpans++;
          continue;
        }
        const [start, end] = trimSpan(text, offsets[range.start]![0], offsets[range.end - 1]![1]);
        spans.push({ start, end, label });
      }
      out.units.push({
        id: `${options.idPrefix}:${n++}`,
        source: options.source,
        lang: options.lang,
        genre,
        split: options.split,
        text,
        spans,
      });
    }
  }
  return out;
}

/** Cuts a long token run after sentence-final punctuation or at `maxTokens`, outside entities. */
function chunk(sentence: ColumnSentence, maxTokens: number | undefined): ColumnSentence[] {
  if (maxTokens === undefined || sentence.tokens.length <= maxTokens) return [sentence];
  const { ranges } = tagsToRanges(sentence.tags);
  const inside = new Set<number>(); // token i continues an entity into token i + 1
  for (const r of ranges) for (let i = r.start; i < r.end - 1; i++) inside.add(i);
  const parts: ColumnSentence[] = [];
  let from = 0;
  for (let i = 0; i < sentence.tokens.length; i++) {
    const length = i + 1 - from;
    const end = SENTENCE_END.has(sentence.tokens[i]!) && length >= 5;
    if ((end || length >= maxTokens) && !inside.has(i)) {
      parts.push(slice(sentence, from, i + 1));
      from = i + 1;
    }
  }
  if (from < sentence.tokens.length) parts.push(slice(sentence, from, sentence.tokens.length));
  return parts;
}

function slice(sentence: ColumnSentence, from: number, to: number): ColumnSentence {
  return {
    tokens: sentence.tokens.slice(from, to),
    tags: sentence.tags.slice(from, to),
    comments: {},
  };
}
