// The trained weights, loaded once on first use, and the scorer the tagger reads them with.
import { B, I, O } from './features';
import { featureTableFingerprint } from './fingerprint';
import type { Scorer } from './sequence';
import { base64Bytes, decodeSparse } from './weights-format';

/** Weights as written by `scripts/person-tagger/write-weights.ts`. */
export interface TaggerWeights {
  bits: number;
  /** `featureTableFingerprint()` of the table they were trained with. */
  features: string;
  /** Base64 of `encodeSparse`'s bytes. */
  data: string;
  /** Added to the scores of a name: the threshold chosen on held-out data at training. */
  bias: number;
  /** The lead over `O` a one-word name needs (chosen with `bias`): they are the hardest. */
  singleWordMargin: number;
}

export interface TaggerModel {
  score: Scorer;
}

/**
 * A scorer over `weights`. Throws when they were trained with another feature table: such
 * weights would score every token wrongly, silently.
 */
export function loadModel(weights: TaggerWeights): TaggerModel {
  if (weights.features !== featureTableFingerprint()) {
    throw new Error(
      `The PERSON tagger's weights were trained with feature table ${weights.features}, not ${featureTableFingerprint()}: train them again (scripts/person-tagger/train.ts).`,
    );
  }
  const size = 1 << weights.bits;
  const mask = size - 1;
  const table = decodeSparse(base64Bytes(weights.data), size);
  return {
    score: (hashes, count, scores) => {
      let b = 0;
      let i = 0;
      for (let k = 0; k < count; k++) {
        const at = (hashes[k]! & mask) * 2;
        b += table[at]!;
        i += table[at + 1]!;
      }
      scores[O] = 0;
      scores[B] = b;
      scores[I] = i;
    },
  };
}
