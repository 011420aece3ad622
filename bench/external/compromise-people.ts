import nlp from 'compromise';
import type { ScoredSpan } from './match-spans';

interface Term {
  tags: string[];
  offset: { start: number; length: number };
}

/**
 * compromise's `nlp(text).people()`, as PERSON spans: without honorifics, and without a trailing
 * possessive `'s`. compromise is an English tagger; it is run on every language, as a user of it
 * would.
 *
 * @example
 * compromisePeople('I met Dr. Ann Lee.'); // [{ start: 10, end: 17, label: 'PERSON' }]
 */
export function compromisePeople(text: string): ScoredSpan[] {
  const out: ScoredSpan[] = [];
  const people = nlp(text).people().json({ offset: true }) as { terms: Term[] }[];
  for (const person of people) {
    const terms = person.terms.filter((t) => !t.tags.includes('Honorific'));
    if (terms.length === 0) continue;
    const first = terms[0]!;
    const last = terms[terms.length - 1]!;
    const start = first.offset.start;
    let end = last.offset.start + last.offset.length;
    if (/['’]s$/.test(text.slice(start, end))) end -= 2;
    if (end > start) out.push({ start, end, label: 'PERSON' });
  }
  return out;
}
