import type { Piece } from './edited-view';
import { layoutPieces } from './layout-reading';
import { type PayloadTexts, payloadTexts } from './payload-texts';
import type { ReadingMemo } from './reading-memo';
import { readingsOf, type TextReading } from './text-reading';

/** A batch of texts with their payloads read (`payloadTexts`), and the readings of each. */
export interface BatchReadings {
  payloads: PayloadTexts;
  /** The readings of each of `payloads.texts` (`readingsOf`). */
  readings: TextReading[][];
}

/**
 * The payloads and readings of a batch of texts, scanning only what `memo` does not know: a
 * text of the batch whose digest (`keys[i]`) it holds is read with what its scans found the
 * first time (the scans are a function of the text alone), and what the scans find in the
 * other texts with a digest is remembered. Texts without one (short texts, the decoded texts
 * of payloads) are scanned.
 *
 * @example
 * const { payloads, readings } = readBatch(texts, prepare, digests, cache.readings);
 */
export function readBatch(
  texts: readonly string[],
  prepare: (text: string) => string,
  keys: readonly (string | undefined)[],
  memo: ReadingMemo,
): BatchReadings {
  const known = keys.map((key) => (key === undefined ? undefined : memo.recall(key)));
  const payloads = payloadTexts(
    texts,
    prepare,
    known.map((scan) => scan?.payloads),
  );
  const readings = payloads.texts.map((text, i) => {
    const scan = known[i];
    if (scan) return readingsOf(text, () => scan.layout);
    const key = keys[i];
    if (key === undefined) return readingsOf(text);
    let layout: readonly Piece[] = [];
    const read = readingsOf(text, (t) => {
      layout = layoutPieces(t);
      return layout;
    });
    memo.remember(key, { payloads: payloads.holds(i), layout });
    return read;
  });
  return { payloads, readings };
}
