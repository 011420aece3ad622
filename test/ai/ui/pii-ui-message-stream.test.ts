import type { UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPiiUIMessageStream,
  createPiiUIMessageStreamResponse,
} from '../../../src/ai/pii-ui-message-stream';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import { PiiConfigError } from '../../../src/core/errors';
import { testPii } from '../../core/helpers';

const streamOf = (chunks: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });

async function collect(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  for await (const c of stream as unknown as AsyncIterable<UIMessageChunk>) out.push(c);
  return out;
}

const isPii = (c: UIMessageChunk) => c.type === 'data-pii';
const entriesIn = (chunks: UIMessageChunk[]) =>
  chunks.filter(isPii).flatMap((c) => (c as { data: { token: string; value: string }[] }).data);

async function sessionWithVault() {
  const session = testPii().session('chat-ui-stream');
  // Vault: PERSON:1, EMAIL:1, PERSON:2, EMAIL:2.
  const masked = await session.anonymize(
    'Jean Dupont jean.dupont@exemple.fr Marie Curie marie.curie@exemple.fr',
  );
  expect(masked).toBe('<<PERSON:1>> <<EMAIL:1>> <<PERSON:2>> <<EMAIL:2>>');
  return session;
}

const text = (id: string, ...deltas: string[]): UIMessageChunk[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
  { type: 'text-end', id },
];

describe('createPiiUIMessageStream', () => {
  it('forwards every chunk unchanged and inserts the entries before the delta that completes a split token', async () => {
    const session = await sessionWithVault();
    const input: UIMessageChunk[] = [
      { type: 'start' },
      ...text('t1', 'Écrit à <<PER', 'SON:1>>, ', 'au <<EMAIL:1', '>>.'),
      { type: 'finish' },
    ];
    const out = await collect(
      createPiiUIMessageStream({ session, stream: streamOf(structuredClone(input)) }),
    );
    expect(out.filter((c) => !isPii(c))).toEqual(input);
    expect(out.map((c) => (c.type === 'text-delta' ? c.delta : c.type))).toEqual([
      'start',
      'text-start',
      'Écrit à <<PER',
      'data-pii',
      'SON:1>>, ',
      'au <<EMAIL:1',
      'data-pii',
      '>>.',
      'text-end',
      'finish',
    ]);
    expect(out.filter(isPii)).toEqual([
      {
        type: 'data-pii',
        transient: true,
        data: [{ token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' }],
      },
      {
        type: 'data-pii',
        transient: true,
        data: [{ token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' }],
      },
    ]);
  });

  it('sends each entry once per response, only for shown tokens, never the whole vault, nothing for invented tokens', async () => {
    const session = await sessionWithVault();
    const out = await collect(
      createPiiUIMessageStream({
        session,
        stream: streamOf([
          ...text('a', '<<EMAIL:2>> et <<EMAIL:2>>'),
          ...text('b', 'encore <<EMAIL:2>>, et <<EMAIL:9>> inventé'),
        ]),
      }),
    );
    expect(entriesIn(out)).toEqual([
      { token: '<<EMAIL:2>>', label: 'EMAIL', value: 'marie.curie@exemple.fr' },
    ]);
  });

  it('keeps a separate tail per text id (interleaved parts)', async () => {
    const session = await sessionWithVault();
    const out = await collect(
      createPiiUIMessageStream({
        session,
        stream: streamOf([
          { type: 'text-start', id: 'a' },
          { type: 'text-start', id: 'b' },
          { type: 'text-delta', id: 'a', delta: 'x <<PERS' },
          { type: 'text-delta', id: 'b', delta: 'ON:2>> y' }, // not a token: 'b' has no open part
          { type: 'text-delta', id: 'a', delta: 'ON:1>>' },
          { type: 'text-end', id: 'a' },
          { type: 'text-end', id: 'b' },
        ]),
      }),
    );
    expect(entriesIn(out).map((e) => e.token)).toEqual(['<<PERSON:1>>']);
    const at = out.findIndex(isPii);
    expect(out[at + 1]).toEqual({ type: 'text-delta', id: 'a', delta: 'ON:1>>' });
  });

  it('covers reasoning and tool inputs by default, tool outputs only when asked', async () => {
    const session = await sessionWithVault();
    const chunks = (): UIMessageChunk[] => [
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Il faut écrire à <<PERSON:1' },
      { type: 'reasoning-delta', id: 'r', delta: '>>.' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'tool-input-start', toolCallId: 'c1', toolName: 'sendEmail' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"to":"<<EMA' },
      { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'IL:1>>"}' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'sendEmail',
        input: { to: '<<EMAIL:1>>' },
      },
      {
        type: 'tool-output-available',
        toolCallId: 'c1',
        output: { cc: ['<<EMAIL:2>>', { who: '<<PERSON:2>>' }] },
      },
    ];
    const byDefault = await collect(
      createPiiUIMessageStream({ session, stream: streamOf(chunks()) }),
    );
    expect(entriesIn(byDefault).map((e) => e.token)).toEqual(['<<PERSON:1>>', '<<EMAIL:1>>']);
    // The entry of the streamed input arrives with the delta that completes it.
    const emailAt = byDefault.findIndex((c) => isPii(c) && JSON.stringify(c).includes('EMAIL:1'));
    expect(byDefault[emailAt + 1]).toMatchObject({
      type: 'tool-input-delta',
      inputTextDelta: 'IL:1>>"}',
    });
    expect(JSON.stringify(entriesIn(byDefault))).not.toContain('marie.curie');

    const withOutputs = await collect(
      createPiiUIMessageStream({
        session,
        stream: streamOf(chunks()),
        parts: ['text', 'reasoning', 'tool-input', 'tool-output'],
      }),
    );
    expect(entriesIn(withOutputs).map((e) => e.token)).toEqual([
      '<<PERSON:1>>',
      '<<EMAIL:1>>',
      '<<EMAIL:2>>',
      '<<PERSON:2>>',
    ]);

    const textOnly = await collect(
      createPiiUIMessageStream({ session, stream: streamOf(chunks()), parts: ['text'] }),
    );
    expect(entriesIn(textOnly)).toEqual([]);
  });

  it('any split of a text into deltas: each token gets its entry before its completing delta, once, and the text is unchanged', async () => {
    const session = await sessionWithVault();
    const full =
      'Bonjour <<PERSON:1>>, écrivez à <<EMAIL:2>> ou <<EMAIL:1>>; <<PERSON:1>> <<X:7>> <<EMAIL:2>>>';
    const expected = ['<<PERSON:1>>', '<<EMAIL:2>>', '<<EMAIL:1>>'];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: full.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const bounds = [0, ...cuts.sort((a, b) => a - b), full.length];
          const deltas = bounds.slice(1).map((end, i) => full.slice(bounds[i], end));
          const out = await collect(
            createPiiUIMessageStream({ session, stream: streamOf(text('t', ...deltas)) }),
          );
          const seen = new Set<string>();
          let shown = '';
          for (const c of out) {
            if (c.type === 'data-pii')
              for (const e of (c as { data: { token: string }[] }).data) seen.add(e.token);
            if (c.type === 'text-delta') {
              shown += c.delta;
              for (const t of expected) if (shown.includes(t)) expect(seen.has(t)).toBe(true);
            }
          }
          expect(shown).toBe(full);
          expect(entriesIn(out).map((e) => e.token)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('createPiiUIMessageStreamResponse streams SSE with the transient entries', async () => {
    const session = await sessionWithVault();
    const response = createPiiUIMessageStreamResponse({
      session,
      stream: streamOf(text('t', 'à <<EMAIL:1>>')),
      headers: { 'x-test': '1' },
    });
    expect(response.headers.get('x-test')).toBe('1');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    expect(body).toContain(
      'data: {"type":"data-pii","data":[{"token":"<<EMAIL:1>>","label":"EMAIL","value":"jean.dupont@exemple.fr"}],"transient":true}',
    );
    expect(body).not.toContain('marie.curie');
  });

  it('reveal: an entry it refuses never reaches the browser, whatever the model writes', async () => {
    const session = await sessionWithVault();
    const asked: string[] = [];
    const out = await collect(
      createPiiUIMessageStream({
        session,
        stream: streamOf(
          text('t', 'Mail <<EMAIL:1>> to <<PERSON:1>>, again <<EMAIL:1>> and <<EMAIL:2>>'),
        ),
        reveal: (entry) => {
          asked.push(entry.token);
          return entry.label !== 'EMAIL';
        },
      }),
    );
    expect(entriesIn(out)).toEqual([
      { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' },
    ]);
    // Asked once per token; the refused values appear nowhere in what is sent.
    expect(asked).toEqual(['<<EMAIL:1>>', '<<PERSON:1>>', '<<EMAIL:2>>']);
    const sentText = JSON.stringify(out);
    expect(sentText).not.toContain('jean.dupont@exemple.fr');
    expect(sentText).not.toContain('marie.curie@exemple.fr');
  });

  it('reveal applies to the response too, and must be a function', async () => {
    const session = await sessionWithVault();
    const response = createPiiUIMessageStreamResponse({
      session,
      stream: streamOf(text('t', '<<PERSON:2>> <<EMAIL:2>>')),
      reveal: (entry) => entry.label === 'PERSON',
    });
    const body = await response.text();
    expect(body).toContain('"value":"Marie Curie"');
    expect(body).not.toContain('marie.curie@exemple.fr');
    expect(() =>
      createPiiUIMessageStream({
        session,
        stream: streamOf([]),
        reveal: ['PERSON'] as never,
      }),
    ).toThrow(PiiConfigError);
  });

  it('reveal and a restore transform made later on the same session: the stream fails before the next chunk', async () => {
    const session = await sessionWithVault();
    let pull!: ReadableStreamDefaultController<UIMessageChunk>;
    const source = new ReadableStream<UIMessageChunk>({
      start(controller) {
        pull = controller;
      },
    });
    const reader = createPiiUIMessageStream({
      session,
      stream: source,
      reveal: (entry) => entry.label !== 'EMAIL',
    }).getReader();
    pull.enqueue({ type: 'start' });
    expect((await reader.read()).value).toEqual({ type: 'start' });
    // Another stream of the route restores everything (no reveal): its text would be in clear.
    piiRestoreTransform({ session });
    pull.enqueue({ type: 'text-delta', id: 't', delta: 'jean.dupont@exemple.fr' });
    await expect(reader.read()).rejects.toThrow(PiiConfigError);
  });

  it("a stream without reveal takes the policies of the session's transforms (every one must allow)", async () => {
    const session = await sessionWithVault();
    piiRestoreTransform({ session, reveal: (e) => e.label !== 'EMAIL' });
    piiRestoreTransform({ session, reveal: (e) => e.token !== '<<PERSON:2>>' });
    const out = await collect(
      createPiiUIMessageStream({
        session,
        stream: streamOf(text('t', '<<PERSON:1>> <<EMAIL:1>> <<PERSON:2>>')),
      }),
    );
    expect(entriesIn(out).map((e) => e.token)).toEqual(['<<PERSON:1>>']);
  });
});
