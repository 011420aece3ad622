// An averaged perceptron over hashed features and the three tags of the PERSON tagger.
// Averaging uses the usual lazy trick: each weight keeps the sum of its past values through
// the step it last changed, so averaging costs nothing per step.

export class AveragedPerceptron {
  readonly mask: number;
  readonly weights: Float32Array;
  private readonly totals: Float64Array;
  private readonly stamps: Int32Array;
  private step = 1;

  constructor(
    readonly bits: number,
    readonly tags = 3,
  ) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.weights = new Float32Array(size * tags);
    this.totals = new Float64Array(size * tags);
    this.stamps = new Int32Array(size * tags);
  }

  /** Scores of each tag (the current weights). */
  score(hashes: Uint32Array, count: number, scores: Float64Array): void {
    scores.fill(0);
    for (let k = 0; k < count; k++) {
      const at = (hashes[k]! & this.mask) * this.tags;
      for (let t = 0; t < this.tags; t++) scores[t]! += this.weights[at + t]!;
    }
  }

  /** One training example: `gold` gains, `predicted` loses (nothing when they agree). */
  update(hashes: Uint32Array, count: number, gold: number, predicted: number): void {
    this.step++;
    if (gold === predicted) return;
    for (let k = 0; k < count; k++) {
      const at = (hashes[k]! & this.mask) * this.tags;
      this.bump(at + gold, 1);
      this.bump(at + predicted, -1);
    }
  }

  private bump(i: number, delta: number): void {
    this.totals[i]! += (this.step - this.stamps[i]!) * this.weights[i]!;
    this.stamps[i] = this.step;
    this.weights[i]! += delta;
  }

  /** The averaged weights (a new array). */
  averaged(): Float32Array {
    const out = new Float32Array(this.weights.length);
    for (let i = 0; i < out.length; i++) {
      const total = this.totals[i]! + (this.step - this.stamps[i]!) * this.weights[i]!;
      out[i] = total / this.step;
    }
    return out;
  }
}
