/**
 * G5 / G1 through piiRestoreTransform: every chunk boundary gives exactly one restoration and no
 * fragment; held text is released before its part ends; the restored text that the SDK feeds
 * into the next step is masked again by the middleware.
 */
import { jsonSchema, stepCountIs, streamText, type TextStreamPart, type ToolSet, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { streamResult, textParts, toolCallPart, toolCalls } from '../../support/mock-model';
import { clearIn, JEAN, knownSession, wrap } from './helpers';

type Part = { type: string; id?: string; text?: string };

async function run(session: Awaited<ReturnType<typeof knownSession>>['session'], chunks: Part[]) {
  const stream = new ReadableStream<TextStreamPart<ToolSet>>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk as TextStreamPart<ToolSet>);
      c.close();
    },
  }).pipeThrough(piiRestoreTransform({ session })({ tools: {}, stopStream: () => {} }));
  const out: Part[] = [];
  for await (const part of stream as unknown as AsyncIterable<Part>) out.push(part);
  return out;
}

describe('G5: piiRestoreTransform at every chunk boundary', () => {
  it('every split into three deltas restores each token once, emits no fragment, and releases before text-end', async () => {
    const { session } = await knownSession('transform-splits');
    const full = 'A <<EMAIL:1>><<PERSON:1>> b';
    for (let i = 0; i <= full.length; i += 1) {
      for (let j = i; j <= full.length; j += 3) {
        const out = await run(session, [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', text: full.slice(0, i) },
          { type: 'text-delta', id: 't', text: full.slice(i, j) },
          { type: 'text-delta', id: 't', text: full.slice(j) },
          { type: 'text-end', id: 't' },
        ]);
        const deltas = out.filter((p) => p.type === 'text-delta').map((p) => p.text!);
        expect(deltas.join('')).toBe(`A ${JEAN}Jean Dupont b`);
        for (const d of deltas) expect(d).not.toMatch(/<|>/);
        expect(out.at(-1)!.type).toBe('text-end');
      }
    }
  });

  it('a long run of `<` is not held beyond a token’s length and is released before text-end', async () => {
    const { session } = await knownSession('transform-lt');
    const out = await run(session, [
      { type: 'text-start', id: 't' },
      ...Array.from({ length: 500 }, () => ({ type: 'text-delta', id: 't', text: '<' })),
      { type: 'text-end', id: 't' },
    ]);
    const types = out.map((p) => p.type);
    expect(types.at(-1)).toBe('text-end');
    expect(
      out
        .filter((p) => p.type === 'text-delta')
        .map((p) => p.text)
        .join(''),
    ).toBe('<'.repeat(500));
    // Most deltas went out before the end: at most a token's length was held.
    const beforeLast = out.slice(0, -2).filter((p) => p.type === 'text-delta');
    expect(beforeLast.map((p) => p.text).join('').length).toBeGreaterThan(500 - 46);
  });
});

describe('G1: restored text going back to the model in a tool loop', () => {
  it('with ordinary spacing and punctuation, step 2’s prompt holds no clear value', async () => {
    const { session } = await knownSession('loop');
    const model = new MockLanguageModelV3({
      doStream: [
        streamResult(
          [
            ...textParts('t1', [
              'Pour <<PERSON:1>>: (<<EMAIL:1>>), «<<PERSON:1>>», l’<<PERSON:1>>, <<EMAIL:1>>.',
            ]),
            toolCallPart('c1', 'send', { to: '<<EMAIL:1>>' }),
          ],
          toolCalls,
        ),
        streamResult(textParts('t2', ['ok'])),
      ],
    });
    const result = streamText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          send: tool({
            inputSchema: jsonSchema<{ to: string }>({ type: 'object' }),
            execute: async () => 'sent',
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(3),
      experimental_transform: piiRestoreTransform({ session, toolInput: true }),
      messages: [{ role: 'user', content: `Écrivez à Jean Dupont, ${JEAN}` }],
    });
    let text = '';
    for await (const t of result.textStream) text += t;
    expect(text).toContain('Jean Dupont');
    expect(model.doStreamCalls).toHaveLength(2);
    expect(clearIn(model.doStreamCalls[1]!.prompt)).toEqual([]);
  });
});
