import {
  jsonSchema,
  stepCountIs,
  streamText,
  type TextStreamPart,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import { PiiConfigError, PiiInventedTokenError } from '../../../src/core/errors';
import {
  maskTools,
  streamResult,
  testPii,
  textParts,
  toolCallPart,
  toolCalls,
} from '../middleware/fixtures';

const JEAN = 'jean.dupont@exemple.fr';

type Part = { type: string; id?: string; text?: string; delta?: string; input?: unknown };

async function setup() {
  const session = testPii().session('transform');
  await session.anonymize(`Jean Dupont, ${JEAN}`); // <<PERSON:1>>, <<EMAIL:1>>
  return session;
}

/** Runs chunks through one transform instance, as the SDK does. */
async function run(
  transform: ReturnType<typeof piiRestoreTransform>,
  chunks: Part[],
): Promise<Part[]> {
  const stream = new ReadableStream<TextStreamPart<ToolSet>>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk as TextStreamPart<ToolSet>);
      c.close();
    },
  }).pipeThrough(transform({ tools: {}, stopStream: () => {} }));
  const out: Part[] = [];
  for await (const part of stream as unknown as AsyncIterable<Part>) out.push(part);
  return out;
}

const deltas = (parts: Part[], id: string) =>
  parts.filter((p) => p.type === 'text-delta' && p.id === id).map((p) => p.text!);

describe('piiRestoreTransform: text', () => {
  it('restores a token split across deltas exactly once, never emitting a fragment', async () => {
    const session = await setup();
    const pieces = ['Écrivez à <', '<EMA', 'IL:', '1>', '> (<<PERSON:1', '>>) merci'];
    const out = await run(piiRestoreTransform({ session }), [
      { type: 'text-start', id: 't' },
      ...pieces.map((text) => ({ type: 'text-delta', id: 't', text })),
      { type: 'text-end', id: 't' },
    ]);
    const emitted = deltas(out, 't');
    expect(emitted.join('')).toBe(`Écrivez à ${JEAN} (Jean Dupont) merci`);
    for (const d of emitted) {
      expect(d).not.toMatch(/<|>/); // no piece of `<<EMAIL:1>>` ever shown
      expect(d.length).toBeGreaterThan(0);
    }
    expect(emitted.filter((d) => d.includes(JEAN))).toHaveLength(1);
  });

  it('flushes held text before that id’s text-end, and keeps ids apart', async () => {
    const session = await setup();
    const out = await run(piiRestoreTransform({ session }), [
      { type: 'text-start', id: 'a' },
      { type: 'text-start', id: 'b' },
      { type: 'text-delta', id: 'a', text: 'A: <<EMAIL:' },
      { type: 'text-delta', id: 'b', text: 'B: <<PERSON:1>> <<' },
      { type: 'text-delta', id: 'a', text: '1>> a <<' }, // ends on a possible token start
      { type: 'text-end', id: 'a' },
      { type: 'text-delta', id: 'b', text: 'PERSON:1>>' },
      { type: 'text-end', id: 'b' },
    ]);
    const types = out.map((p) => `${p.type}:${p.id}`);
    const lastA = types.lastIndexOf('text-delta:a');
    expect(lastA).toBeLessThan(types.indexOf('text-end:a'));
    expect(types.lastIndexOf('text-delta:b')).toBeLessThan(types.indexOf('text-end:b'));
    expect(deltas(out, 'a').join('')).toBe(`A: ${JEAN} a <<`);
    expect(deltas(out, 'b').join('')).toBe('B: Jean Dupont Jean Dupont');
  });

  it('releases held text at finish-step and when the stream ends', async () => {
    const session = await setup();
    const out = await run(piiRestoreTransform({ session }), [
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', text: 'see <<EMAIL:1' },
      { type: 'finish-step' },
      { type: 'text-start', id: 'u' },
      { type: 'text-delta', id: 'u', text: 'x <<PERS' },
    ]);
    expect(out.map((p) => p.type)).toEqual([
      'text-start',
      'text-delta',
      'text-delta',
      'finish-step',
      'text-start',
      'text-delta',
      'text-delta',
    ]);
    expect(deltas(out, 't')).toEqual(['see ', '<<EMAIL:1']);
    expect(deltas(out, 'u')).toEqual(['x ', '<<PERS']);
  });

  it('keeps invented tokens by default; `remove` drops them; `throw` errors the stream', async () => {
    const session = await setup();
    const chunks = [
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', text: 'a <<EMAIL:9>> b' },
      { type: 'text-end', id: 't' },
    ];
    expect(deltas(await run(piiRestoreTransform({ session }), chunks), 't').join('')).toBe(
      'a <<EMAIL:9>> b',
    );
    expect(
      deltas(await run(piiRestoreTransform({ session, invented: 'remove' }), chunks), 't').join(''),
    ).toBe('a  b');
    await expect(
      run(piiRestoreTransform({ session, invented: 'throw' }), chunks),
    ).rejects.toBeInstanceOf(PiiInventedTokenError);
    expect(() => piiRestoreTransform({ session, invented: 'drop' as never })).toThrow(
      PiiConfigError,
    );
  });

  it('keeps state per factory call (the SDK creates one transform per attempt)', async () => {
    const session = await setup();
    const factory = piiRestoreTransform({ session });
    const first = factory({ tools: {}, stopStream: () => {} });
    const writer = first.writable.getWriter();
    void writer.write({
      type: 'text-delta',
      id: 't',
      text: 'held <<EMA',
    } as TextStreamPart<ToolSet>);
    // A second attempt does not inherit the first one's held text.
    const out = await run(factory, [{ type: 'text-delta', id: 't', text: 'IL:1>> fresh' }]);
    expect(deltas(out, 't').join('')).toBe('IL:1>> fresh');
  });
});

describe('piiRestoreTransform: reasoning and tool input', () => {
  it('leaves reasoning alone by default, restores it on request', async () => {
    const session = await setup();
    const chunks = [
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', text: 'user is <<PER' },
      { type: 'reasoning-delta', id: 'r', text: 'SON:1>>' },
      { type: 'reasoning-end', id: 'r' },
    ];
    const untouched = await run(piiRestoreTransform({ session }), chunks);
    expect(untouched).toEqual(chunks);
    const restored = await run(piiRestoreTransform({ session, reasoning: true }), chunks);
    const texts = restored.filter((p) => p.type === 'reasoning-delta').map((p) => p.text);
    expect(texts.join('')).toBe('user is Jean Dupont');
    expect(restored.at(-1)!.type).toBe('reasoning-end');
  });

  it('restores tool-input deltas JSON-escaped and the tool-call input when `toolInput: true`', async () => {
    const session = await setup();
    const quoted = await session.remember('PERSON', 'Jean "JD" Dupont\\');
    const input = { to: '<<EMAIL:1>>', name: quoted };
    const json = JSON.stringify(input);
    const chunks: Part[] = [
      { type: 'tool-input-start', id: 'c1' },
      ...[json.slice(0, 10), json.slice(10, 17), json.slice(17)].map((delta) => ({
        type: 'tool-input-delta',
        id: 'c1',
        delta,
      })),
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', input },
    ];
    const off = await run(piiRestoreTransform({ session }), chunks);
    expect(off).toEqual(chunks);
    const on = await run(piiRestoreTransform({ session, toolInput: true }), chunks);
    const text = on
      .filter((p) => p.type === 'tool-input-delta')
      .map((p) => p.delta)
      .join('');
    expect(JSON.parse(text)).toEqual({ to: JEAN, name: 'Jean "JD" Dupont\\' });
    expect(on.findIndex((p) => p.type === 'tool-input-end')).toBe(on.length - 2);
    expect(on.at(-1)!.input).toEqual({ to: JEAN, name: 'Jean "JD" Dupont\\' });
  });
});

describe('piiRestoreTransform with streamText and piiMiddleware', () => {
  it('restores the streamed text, and the next step’s prompt holds no clear value', async () => {
    const session = testPii().session('multi-step');
    const model = new MockLanguageModelV3({
      doStream: [
        streamResult(
          [
            ...textParts('t1', ['Je contacte <<PER', 'SON:1>> à <<EMAIL', ':1>>.']),
            toolCallPart('c1', 'send', { to: '<<EMAIL:1>>' }),
          ],
          toolCalls,
        ),
        streamResult(textParts('t2', ['Envoyé à <<', 'EMAIL:1>>, copie <<EMAIL:2>>.'])),
      ],
    });
    const sent: unknown[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: maskTools(session, {
        send: tool({
          inputSchema: jsonSchema<{ to: string }>({ type: 'object' }),
          execute: async ({ to }) => {
            sent.push(to);
            return `sent to ${to}, cc marie.curie@exemple.fr`;
          },
        }),
      }),
      stopWhen: stepCountIs(3),
      experimental_transform: piiRestoreTransform({ session }),
      messages: [{ role: 'user', content: `Écrivez à Jean Dupont, ${JEAN}` }],
    });
    const streamed: string[] = [];
    for await (const text of result.textStream) streamed.push(text);
    expect(streamed.join('')).toBe(
      `Je contacte Jean Dupont à ${JEAN}.Envoyé à ${JEAN}, copie marie.curie@exemple.fr.`,
    );
    for (const s of streamed) expect(s).not.toMatch(/<<|>>/);
    expect(sent).toEqual([JEAN]);
    // The transformed (clear) text did become the assistant message of step 2...
    const steps = await result.steps;
    expect(steps[0]!.text).toBe(`Je contacte Jean Dupont à ${JEAN}.`);
    // ...and the middleware masked it again before the model saw it.
    expect(model.doStreamCalls).toHaveLength(2);
    const second = JSON.stringify(model.doStreamCalls[1]!.prompt);
    for (const clear of [JEAN, 'Jean Dupont', 'marie.curie@exemple.fr'])
      expect(second).not.toContain(clear);
    expect(second).toContain('Je contacte <<PERSON:1>> à <<EMAIL:1>>.');
  });

  it('with `toolInput: true`, the restored call input is masked again in the next prompt', async () => {
    const session = testPii().session('tool-input');
    const model = new MockLanguageModelV3({
      doStream: [
        streamResult(
          [
            { type: 'tool-input-start', id: 'c1', toolName: 'send' },
            { type: 'tool-input-delta', id: 'c1', delta: '{"to":"<<EMA' },
            { type: 'tool-input-delta', id: 'c1', delta: 'IL:1>>"}' },
            { type: 'tool-input-end', id: 'c1' },
            toolCallPart('c1', 'send', { to: '<<EMAIL:1>>' }),
          ],
          toolCalls,
        ),
        streamResult(textParts('t', ['ok'])),
      ],
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: maskTools(session, {
        send: tool({
          inputSchema: jsonSchema<{ to: string }>({ type: 'object' }),
          execute: async () => 'sent',
        }),
      }),
      stopWhen: stepCountIs(3),
      experimental_transform: piiRestoreTransform({ session, toolInput: true }),
      messages: [{ role: 'user', content: `Écrivez à ${JEAN}` }],
    });
    const inputDeltas: string[] = [];
    for await (const part of result.fullStream)
      if (part.type === 'tool-input-delta') inputDeltas.push(part.delta);
    expect(inputDeltas.join('')).toBe(`{"to":"${JEAN}"}`);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).not.toContain(JEAN);
  });
});
