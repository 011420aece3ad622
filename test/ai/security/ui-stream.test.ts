/**
 * G6 / G5 through createPiiUIMessageStream and the browser store: the browser gets entries
 * only for tokens the response displays, never for neutralised, invented, undisplayed or
 * never-completed ones, and never sees a token fragment.
 */
import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createPiiUIMessageStream } from '../../../src/ai/pii-ui-message-stream';
import { tokensInMessages } from '../../../src/ai/ui/tokens-in-ui-messages';
import { readPiiDataPart } from '../../../src/core/client/pii-data-part';
import { createPiiEntryStore } from '../../../src/core/client/pii-entry-store';
import { testPii } from '../../core/helpers';
import { JEAN, MARIE } from './helpers';

const streamOf = (chunks: readonly UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });

async function entriesSent(
  chunks: readonly UIMessageChunk[],
  parts?: Parameters<typeof createPiiUIMessageStream>[0]['parts'],
) {
  const session = testPii().session('ui');
  // PERSON:1 Jean Dupont, EMAIL:1, PERSON:2 Marie Curie, EMAIL:2.
  await session.anonymize(`Jean Dupont ${JEAN} Marie Curie ${MARIE}`);
  const out: UIMessageChunk[] = [];
  const stream = createPiiUIMessageStream({ session, stream: streamOf(chunks), parts });
  for await (const c of stream as unknown as AsyncIterable<UIMessageChunk>) out.push(c);
  return out
    .filter((c) => c.type === 'data-pii')
    .flatMap((c) => (c as { data: { token: string }[] }).data.map((e) => e.token));
}

const text = (id: string, ...deltas: string[]): UIMessageChunk[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
  { type: 'text-end', id },
];

describe('G6: entries only for displayed tokens', () => {
  it('no entry for neutralised, look-alike, invented or incomplete tokens', async () => {
    const sent = await entriesSent(
      text('t', '‹‹EMAIL:1›› ＜＜EMAIL:2＞＞ <<email:1>> <<EMAIL:9>> <<PERSON:1', ' end'),
    );
    expect(sent).toEqual([]);
  });

  it('no entry for a token whose halves are in two different text parts', async () => {
    const sent = await entriesSent([...text('a', 'x <<EMAIL'), ...text('b', ':1>> y')]);
    expect(sent).toEqual([]);
  });

  it('no entry for a token split across a text-end and a new part with the same id', async () => {
    const sent = await entriesSent([...text('a', 'x <<EMAIL'), ...text('a', ':1>> y')]);
    expect(sent).toEqual([]);
  });

  it('no entry for tool outputs or tool errors by default, one entry for a shown tool input', async () => {
    const sent = await entriesSent([
      { type: 'tool-input-start', toolCallId: 'c', toolName: 'lookup' },
      { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"q":"<<PERSON:1>>"}' },
      {
        type: 'tool-input-available',
        toolCallId: 'c',
        toolName: 'lookup',
        input: { q: '<<PERSON:1>>' },
      },
      {
        type: 'tool-output-available',
        toolCallId: 'c',
        output: { found: ['<<PERSON:2>>', '<<EMAIL:2>>'] },
      },
      { type: 'tool-output-error', toolCallId: 'd', errorText: 'failed for <<EMAIL:1>>' },
    ]);
    expect(sent).toEqual(['<<PERSON:1>>']);
  });

  it("with parts: ['text'], reasoning and tool inputs get no entry", async () => {
    const sent = await entriesSent(
      [
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'think <<EMAIL:2>>' },
        { type: 'reasoning-end', id: 'r' },
        {
          type: 'tool-input-available',
          toolCallId: 'c',
          toolName: 'x',
          input: { q: '<<PERSON:2>>' },
        },
        ...text('t', 'hello <<PERSON:1>>'),
      ],
      ['text'],
    );
    expect(sent).toEqual(['<<PERSON:1>>']);
  });

  it('metadata, data parts, sources and errors never trigger entries', async () => {
    const sent = await entriesSent([
      { type: 'start', messageMetadata: { note: '<<EMAIL:1>>' } },
      { type: 'data-note', data: { t: '<<EMAIL:1>>' } } as UIMessageChunk,
      { type: 'source-url', sourceId: 's', url: 'https://x/?<<EMAIL:1>>', title: '<<EMAIL:1>>' },
      { type: 'error', errorText: '<<EMAIL:1>>' },
      { type: 'finish', messageMetadata: { note: '<<PERSON:1>>' } },
    ]);
    expect(sent).toEqual([]);
  });

  it('each entry is sent once per response, whatever the number of occurrences', async () => {
    const sent = await entriesSent([
      ...text('a', '<<EMAIL:1>> <<EMAIL:1>>'),
      ...text('b', '<<EMA', 'IL:1>> <<PERSON:1>>'),
    ]);
    expect(sent).toEqual(['<<EMAIL:1>>', '<<PERSON:1>>']);
  });

  it('at every split of a text, exactly the displayed tokens get entries', async () => {
    const full = 'À <<EMAIL:1>>, <<<PERSON:2>>> et ‹‹EMAIL:2›› <<EMAIL:9>>';
    for (let i = 0; i <= full.length; i++) {
      const sent = await entriesSent(text('t', full.slice(0, i), full.slice(i)));
      expect(sent).toEqual(['<<EMAIL:1>>', '<<PERSON:2>>']);
    }
  });

  it('a reloaded chat’s initial entries cover only what its messages show', () => {
    const tokens = tokensInMessages([
      {
        id: 'm',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'hello <<PERSON:1>> ‹‹EMAIL:1››' },
          {
            type: 'tool-lookup',
            toolCallId: 'c',
            state: 'output-available',
            input: { q: '<<PERSON:2>>' },
            output: { email: '<<EMAIL:2>>' },
          },
          { type: 'data-x', data: '<<EMAIL:1>>' },
        ],
      } as never,
    ]);
    expect(tokens).toEqual(['<<PERSON:1>>', '<<PERSON:2>>']);
  });
});

describe('G6: the browser store', () => {
  it('ignores malformed data-pii entries from the network', () => {
    expect(
      readPiiDataPart({
        type: 'data-pii',
        data: [
          { token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN },
          { token: '<<EMAIL:2>>', label: 'EMAIL' },
          null,
          'x',
          { token: 1, label: 'EMAIL', value: 'v' },
        ],
      }),
    ).toEqual([{ token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN }]);
  });

  it('display copies restore values while the raw messages keep their tokens', () => {
    const store = createPiiEntryStore({
      entries: [{ token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN }],
    });
    const raw = {
      id: 'm',
      role: 'assistant' as const,
      parts: [
        { type: 'text' as const, text: 'À <<EMAIL:1>> et <<EMAIL:2>>', state: 'done' as const },
      ],
    };
    const shown = store.restoreMessage(raw);
    expect(shown.parts[0]!.text).toBe(`À ${JEAN} et <<EMAIL:2>>`);
    expect(raw.parts[0]!.text).toBe('À <<EMAIL:1>> et <<EMAIL:2>>');
  });

  it('a streaming text part never shows a token fragment at any cut', () => {
    const store = createPiiEntryStore({
      entries: [{ token: '<<EMAIL:1>>', label: 'EMAIL', value: JEAN }],
    });
    const full = 'À <<EMAIL:1>> et <<PERSON:1>>.';
    for (let i = 0; i <= full.length; i++) {
      const shown = store.restoreText(full.slice(0, i), { streaming: true });
      expect(shown).not.toMatch(/<<?[A-Z]*:?\d*>?$/);
    }
  });
});
