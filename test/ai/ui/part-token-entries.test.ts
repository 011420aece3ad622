import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createPiiUIMessageStream } from '../../../src/ai/pii-ui-message-stream';
import { createPiiEntryStore } from '../../../src/core/client/pii-entry-store';
import { createPii } from '../../../src/core/create-pii';

async function collect(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  for await (const c of stream as unknown as AsyncIterable<UIMessageChunk>) out.push(c);
  return out;
}

describe('a part token in a streamed answer', () => {
  it('sends the browser the part only, which it displays (G6)', async () => {
    const session = createPii({ detectors: [] }).session('ui-parts');
    await session.remember('PERSON', 'Jean Dupont');
    const input: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: '<<PERSON:1.2>> a rap' },
      { type: 'text-delta', id: 't', delta: 'pelé (<<PERSON:1.' },
      { type: 'text-delta', id: 't', delta: '1>>).' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ];
    const out = await collect(
      createPiiUIMessageStream({
        session,
        stream: new ReadableStream({
          start(controller) {
            for (const c of input) controller.enqueue(c);
            controller.close();
          },
        }),
      }),
    );
    const entries = out.flatMap((c) =>
      c.type === 'data-pii' ? (c as { data: { token: string; value: string }[] }).data : [],
    );
    expect(entries.map((e) => [e.token, e.value])).toEqual([
      ['<<PERSON:1.2>>', 'Dupont'],
      ['<<PERSON:1.1>>', 'Jean'],
    ]);
    // The whole name never reaches the browser: only the parts the answer shows.
    expect(JSON.stringify(out)).not.toContain('Jean Dupont');
    const store = createPiiEntryStore();
    for (const c of out) store.receive(c);
    expect(store.restoreText('<<PERSON:1.2>> a rappelé (<<PERSON:1.1>>).')).toBe(
      'Dupont a rappelé (Jean).',
    );
  });
});
