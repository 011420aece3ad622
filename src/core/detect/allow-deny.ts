import { PiiConfigError } from '../errors';
import type { Detector, PiiSpan } from './types';
import { LABEL_PATTERN } from './types';

/** A value never to mask: a string (whole value, case-insensitive) or a RegExp tested on it. */
export type AllowRule = string | RegExp;

/** Text always to mask: a string (case-insensitive), a RegExp, or either with its own label. */
export type DenyRule = string | RegExp | { match: string | RegExp; label?: string };

/** Label given to `deny` matches that do not name one. */
export const DENY_DEFAULT_LABEL = 'CUSTOM';

/** Builds the predicate that tells whether a span's value is allowed (never masked). */
export function compileAllow(rules: readonly AllowRule[] = []): (value: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const rule of rules) {
    if (typeof rule === 'string') exact.add(rule.trim().toLowerCase());
    else if (rule instanceof RegExp)
      patterns.push(new RegExp(rule.source, rule.flags.replace(/[gy]/g, '')));
    else throw new PiiConfigError('`allow` takes strings and regular expressions only.');
  }
  if (exact.size === 0 && patterns.length === 0) return () => false;
  return (value) => exact.has(value.trim().toLowerCase()) || patterns.some((p) => p.test(value));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Turns `deny` rules into a detector named `deny`. Its spans score 1 and win over `allow`.
 * Regular expressions are the caller's: keep them linear (no nested quantifiers).
 */
export function denyDetector(rules: readonly DenyRule[]): Detector | undefined {
  if (rules.length === 0) return undefined;
  const compiled = rules.map((rule) => {
    const match = typeof rule === 'object' && !(rule instanceof RegExp) ? rule.match : rule;
    const label =
      typeof rule === 'object' && !(rule instanceof RegExp)
        ? (rule.label ?? DENY_DEFAULT_LABEL)
        : DENY_DEFAULT_LABEL;
    if (!LABEL_PATTERN.test(label))
      throw new PiiConfigError(`Invalid deny label "${label}": use [A-Z][A-Z0-9_]*.`);
    if (typeof match === 'string') {
      if (match.length === 0) throw new PiiConfigError('An empty string cannot be a deny rule.');
      return { re: new RegExp(escapeRegExp(match), 'giu'), label };
    }
    if (match instanceof RegExp) {
      const flags = match.flags.includes('g') ? match.flags : `${match.flags}g`;
      return { re: new RegExp(match.source, flags.replace('y', '')), label };
    }
    throw new PiiConfigError('`deny` takes strings, regular expressions or { match, label }.');
  });
  return {
    name: 'deny',
    detect(text) {
      const spans: Omit<PiiSpan, 'value'>[] = [];
      for (const { re, label } of compiled) {
        re.lastIndex = 0;
        for (const m of text.matchAll(re)) {
          if (m[0].length === 0) continue;
          spans.push({ start: m.index, end: m.index + m[0].length, label, score: 1 });
        }
      }
      return spans;
    },
  };
}
