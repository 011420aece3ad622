import type { ScoredSpan } from './match-spans';
import { matchSpans } from './match-spans';

/** One text of the identifier evaluation: valid values to find, or one rejected value. */
export interface IdentifierCase {
  label: string;
  text: string;
  valid: boolean;
  /** Valid: the gold spans. Rejected: the one region no identifier may touch. */
  spans: [number, number][];
}

/** What became of one gold span or one rejected value. */
export interface Outcome {
  /** The value's text. */
  value: string;
  valid: boolean;
  /** Valid: a span of its label matches it (overlap ≥ 50 % of both). */
  found: boolean;
  /** Every letter and digit of the value is inside some span, of any label. */
  masked: boolean;
  /** Rejected: a span of an identifier label overlaps it. */
  alarm: boolean;
  /** Rejected: a span of another label overlaps it and leaves part of it in clear. */
  fragment: boolean;
}

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * Scores one case against the spans a pipeline returned. `identifiers`: the labels whose span
 * on a rejected value is a false alarm; a span of any other label there is a fragment unless
 * it masks the value whole.
 *
 * @example
 * scoreIdentifierCase({ label: 'ES_NIF', text: 'DNI 12345678Z', valid: true, spans: [[4, 13]] },
 *   [{ start: 4, end: 13, label: 'ES_NIF' }], new Set(['ES_NIF']));
 * // [{ value: '12345678Z', valid: true, found: true, masked: true, alarm: false, fragment: false }]
 */
export function scoreIdentifierCase(
  c: IdentifierCase,
  predicted: readonly ScoredSpan[],
  identifiers: ReadonlySet<string>,
): Outcome[] {
  const covered = (start: number, end: number) => {
    for (let i = start; i < end; i++)
      if (ALNUM.test(c.text[i]!) && !predicted.some((p) => p.start <= i && i < p.end)) return false;
    return true;
  };
  if (c.valid) {
    const gold = c.spans.map(([start, end]) => ({ start, end, label: c.label }));
    const { pairs } = matchSpans(
      gold,
      predicted.filter((p) => p.label === c.label),
    );
    return gold.map((g) => ({
      value: c.text.slice(g.start, g.end),
      valid: true,
      found: pairs.some(([pg]) => pg === g),
      masked: covered(g.start, g.end),
      alarm: false,
      fragment: false,
    }));
  }
  const [start, end] = c.spans[0]!;
  const touching = predicted.filter((p) => p.start < end && start < p.end);
  const masked = covered(start, end);
  return [
    {
      value: c.text.slice(start, end),
      valid: false,
      found: false,
      masked,
      alarm: touching.some((p) => identifiers.has(p.label)),
      fragment: !masked && touching.some((p) => !identifiers.has(p.label)),
    },
  ];
}
