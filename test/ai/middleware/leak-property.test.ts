import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import { TEST_NAMES } from '../../core/helpers';
import { maskTools, streamResult, testPii, textParts, toolCallPart, toolCalls } from './fixtures';

const EMAILS = [
  'jean.dupont@exemple.fr',
  'marie.curie@exemple.fr',
  'a.benali@exemple.org',
  'wei@exemple.cn',
  'x_y@test.io',
];
const POOL = [...EMAILS, ...TEST_NAMES];
const TOKENS = [
  '<<EMAIL:1>>',
  '<<EMAIL:2>>',
  '<<EMAIL:3>>',
  '<<PERSON:1>>',
  '<<PERSON:2>>',
  '<<EMAIL:9>>',
];

/** Splits a text at arbitrary points (inside tokens and values included). */
function chunk(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  for (const p of points) {
    if (p > at) out.push(text.slice(at, p));
    at = Math.max(at, p);
  }
  if (at < text.length || out.length === 0) out.push(text.slice(at));
  return out;
}

const word = fc.constantFrom('Bonjour', 'merci', 'à', 'de', '<<', '>>', ':', 'note', '\n');

/** A piece of the model's own text: words, tokens, or a value the user gave (maybe upper-cased). */
const piece = (userValues: readonly string[]) =>
  fc.oneof(
    word,
    fc.constantFrom(...TOKENS),
    fc
      .constantFrom(...userValues)
      .chain((v) => fc.constantFrom(v, v.includes('@') ? v.toUpperCase() : v)),
  );

const scenario = fc
  .record({
    userValues: fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 1, maxLength: 3 }),
    toolValues: fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 3 }),
    steps: fc.integer({ min: 1, max: 3 }),
  })
  .chain((s) =>
    fc.record({
      s: fc.constant(s),
      texts: fc.array(fc.array(piece(s.userValues), { minLength: 1, maxLength: 8 }), {
        minLength: s.steps + 1,
        maxLength: s.steps + 1,
      }),
      inputs: fc.array(fc.array(piece(s.userValues), { minLength: 1, maxLength: 3 }), {
        minLength: s.steps,
        maxLength: s.steps,
      }),
      cuts: fc.array(fc.array(fc.nat(400), { maxLength: 12 }), {
        minLength: s.steps + 1,
        maxLength: s.steps + 1,
      }),
    }),
  );

describe('leak property (G1): no known value ever reaches the model', () => {
  it('holds for random values, random chunking and several tool steps, with the transform on', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ s, texts, inputs, cuts }) => {
        const session = testPii().session('leak');
        const responses: ReturnType<typeof streamResult>[] = [];
        for (let i = 0; i <= s.steps; i++) {
          const text = texts[i]!.join(' ');
          const parts: object[] = [...textParts(`t${i}`, chunk(text, cuts[i]!))];
          if (i < s.steps)
            parts.push(toolCallPart(`c${i}`, 'lookup', { q: inputs[i]!.join(' '), page: i }));
          responses.push(streamResult(parts, i < s.steps ? toolCalls : undefined));
        }
        const model = new MockLanguageModelV3({ doStream: responses });
        let call = 0;
        const result = streamText({
          model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
          tools: maskTools(session, {
            lookup: tool({
              inputSchema: jsonSchema<{ q: string; page: number }>({ type: 'object' }),
              // Echoes its (restored) query and reveals new values.
              execute: async ({ q }) => ({
                query: q,
                found: s.toolValues[call++ % s.toolValues.length],
              }),
            }),
          }),
          stopWhen: stepCountIs(s.steps + 1),
          experimental_transform: piiRestoreTransform({ session }),
          messages: [{ role: 'user', content: `Trouvez ${s.userValues.join(' et ')}` }],
        });
        await result.consumeStream();
        expect(model.doStreamCalls).toHaveLength(s.steps + 1);
        const known = (await session.entries()).map((e) => e.value.toLowerCase());
        expect(known.length).toBeGreaterThan(0);
        for (const c of model.doStreamCalls) {
          const sent = JSON.stringify(c.prompt).toLowerCase();
          for (const value of known) expect(sent).not.toContain(JSON.stringify(value).slice(1, -1));
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
