import { stepCountIs, streamText, tool, type UIMessageChunk, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { createPiiUIMessageStream } from '../../../src/ai/pii-ui-message-stream';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import type { RevealPolicy } from '../../../src/ai/session-state';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { PiiConfigError } from '../../../src/core/errors';
import type { PiiRevealEntry } from '../../../src/core/session';
import { testPii } from '../../core/helpers';
import { findLeaks } from '../../support/leak-readings';
import { streamResult, textParts, toolCallPart } from '../../support/mock-model';

const ME = 'jean.dupont@exemple.fr';
const COLLEAGUE = 'marie.curie@exemple.fr';

/**
 * One turn: the user asks, the model calls `lookupMe` and `lookupColleague` (each returns one
 * address, masked by withPiiTools), then writes every token it has seen, as a user who asks
 * "list the addresses you found" would have it do.
 */
async function turn(options: {
  reveal?: RevealPolicy;
  hide?: boolean;
  restore?: boolean;
}): Promise<{ chunks: UIMessageChunk[]; seen: PiiRevealEntry[] }> {
  const session = testPii().session(`origins-${Math.random()}`);
  const seen: PiiRevealEntry[] = [];
  const reveal =
    options.reveal &&
    ((entry: PiiRevealEntry) => {
      seen.push(entry);
      return options.reveal!(entry);
    });
  const model = new MockLanguageModelV3({
    doStream: [
      streamResult([
        toolCallPart('c1', 'lookupMe', {}),
        toolCallPart('c2', 'lookupColleague', { name: 'Marie' }),
      ]),
      streamResult(textParts('t1', ['Vous: <<EMAIL:1>>; collègue: <<EMA', 'IL:2>>.'])),
    ],
  });
  const tools = withPiiTools(
    {
      lookupMe: tool({ inputSchema: z.object({}), execute: async () => ({ email: ME }) }),
      lookupColleague: tool({
        inputSchema: z.object({ name: z.string() }),
        execute: async () => ({ email: COLLEAGUE }),
      }),
    },
    { session, ...(options.hide ? { reveal: { lookupColleague: false } } : {}) },
  );
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    tools,
    stopWhen: stepCountIs(2),
    prompt: 'Quelles adresses avez-vous ?',
    ...(options.restore
      ? { experimental_transform: piiRestoreTransform({ session, reveal: options.reveal }) }
      : {}),
  });
  const chunks: UIMessageChunk[] = [];
  const stream = createPiiUIMessageStream({
    session,
    stream: result.toUIMessageStream(),
    reveal: options.restore ? options.reveal : reveal,
  });
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  return { chunks, seen };
}

const sentValues = (chunks: UIMessageChunk[]) =>
  chunks
    .filter((c) => c.type === 'data-pii')
    .flatMap((c) => (c as unknown as { data: { value: string }[] }).data.map((e) => e.value));

describe('reveal knows where a value came from', () => {
  it('gives reveal the tool each value came from, and the browser only token, label and value', async () => {
    const { chunks, seen } = await turn({ reveal: () => true });
    expect(seen.map((e) => [e.token, e.origin])).toEqual([
      ['<<EMAIL:1>>', { kind: 'tool', tool: 'lookupMe' }],
      ['<<EMAIL:2>>', { kind: 'tool', tool: 'lookupColleague' }],
    ]);
    const parts = chunks.filter((c) => c.type === 'data-pii');
    for (const part of parts) {
      for (const entry of (part as unknown as { data: object[] }).data) {
        expect(Object.keys(entry).sort()).toEqual(['label', 'token', 'value']);
      }
    }
  });

  it('an origin policy keeps the colleague off the screen, whatever the model writes', async () => {
    const { chunks } = await turn({
      reveal: (e) => e.origin.kind === 'user' || e.origin.tool === 'lookupMe',
    });
    expect(sentValues(chunks)).toEqual([ME]);
    expect(findLeaks([JSON.stringify(chunks)], [COLLEAGUE])).toEqual([]);
  });

  it('withPiiTools({ reveal: { tool: false } }) sends none of that tool’s values, with no policy', async () => {
    const { chunks } = await turn({ hide: true });
    expect(sentValues(chunks)).toEqual([ME]);
    expect(findLeaks([JSON.stringify(chunks)], [COLLEAGUE])).toEqual([]);
  });

  it('a hidden tool’s values are not restored by piiRestoreTransform either', async () => {
    const { chunks } = await turn({ hide: true, restore: true });
    const bytes = JSON.stringify(chunks);
    expect(bytes).toContain(ME);
    expect(bytes).toContain('<<EMAIL:2>>');
    expect(findLeaks([bytes], [COLLEAGUE])).toEqual([]);
  });

  it('refuses a reveal map that names no tool of the set, or that is not true or false', () => {
    const session = testPii().session('reveal-map');
    const tools = { lookupMe: tool({ inputSchema: z.object({}), execute: async () => ME }) };
    expect(() => withPiiTools(tools, { session, reveal: { lookupMee: false } as never })).toThrow(
      PiiConfigError,
    );
    expect(() => withPiiTools(tools, { session, reveal: { lookupMe: 'no' } as never })).toThrow(
      /true or false/,
    );
  });
});
